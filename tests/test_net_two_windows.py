"""Two real game processes at one table (issue 28): one hosts from its setup screen, the
other joins by the invitation the first printed, each driven by its own posted input,
and both finish the game with the same record, which passes the rules' check. The test
waits on the windows' output, not on time."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.conftest import GUARD_S
from tests.net_helpers import checked

ROOT = Path(__file__).resolve().parents[1]


def window(role: str, home: Path, *extra: str) -> subprocess.Popen[str]:
    environment = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.Popen(
        [sys.executable, "-m", "tests.net_window", role, str(home), *extra],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=(home.parent / f"{role}.err").open("w"),
        text=True,
        env={**environment, "CONTACK_HOME": str(home)},
    )


def said(child: subprocess.Popen[str], word: str, errors: Path) -> str:
    """The rest of the first line of `child`'s output that starts with `word` (else its
    standard error's end, in the failure)."""
    assert child.stdout is not None
    for line in child.stdout:
        if line.startswith(word + " "):
            return line.removeprefix(word + " ").strip()
    child.wait(GUARD_S)
    raise AssertionError(f"the window never said {word!r}: {errors.read_text()[-2000:]}")


def test_a_hosting_window_and_a_joining_window_finish_a_game(tmp_path: Path) -> None:
    host = window("host", tmp_path / "host")
    friend: subprocess.Popen[str] | None = None
    try:
        invitation = said(host, "invitation", tmp_path / "host.err")
        assert invitation.startswith("contack://127.0.0.1:")
        friend = window("join", tmp_path / "friend", invitation)
        records: list[dict[str, Any]] = [
            json.loads(said(child, "record", tmp_path / f"{role}.err"))
            for child, role in ((host, "host"), (friend, "join"))
        ]
        assert records[0] == records[1]
        assert checked(records[0]).is_over()
        assert [p.get("name") for p in records[0]["players"]] == ["Ann", "You"]
        assert host.wait(GUARD_S) == 0 and friend.wait(GUARD_S) == 0
    finally:
        for left in (host, friend):
            if left is not None and left.poll() is None:
                left.kill()
                left.wait()
