"""The game's headless commands (game/cli.py) run in the test's own process: what a shell
would see of them (exit status, standard output, standard error) without a new Python
importing the game for each (0.2 s of CPU a start)."""

from __future__ import annotations

import io
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from unittest import mock

from game.cli import main


def command(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """`contack *args` with `stdin` on its standard input, as a finished process."""
    out, err = io.StringIO(), io.StringIO()
    given = io.TextIOWrapper(io.BytesIO(stdin.encode("utf-8")), encoding="utf-8")
    with redirect_stdout(out), redirect_stderr(err), mock.patch.object(sys, "stdin", given):
        try:
            main(list(args))
            status = 0
        except SystemExit as exit_:
            code = exit_.code
            status = code if isinstance(code, int) else int(code is not None)
    return subprocess.CompletedProcess(["contack", *args], status, out.getvalue(), err.getvalue())
