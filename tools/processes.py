"""Ending a process the tools started: asked first (SIGTERM), killed if it will not; and
tying one to the life of the process that started it."""

from __future__ import annotations

import ctypes
import ctypes.util
import signal
import subprocess
from typing import Any, Final

PR_SET_PDEATHSIG: Final = 1


def end(process: subprocess.Popen[Any], within_s: float = 30.0) -> None:
    """Ask `process` to end (SIGTERM: a server saves and stops, an SDL program takes it
    as its window's close), and kill it if it has not within `within_s`."""
    if process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(within_s)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def with_parent() -> None:
    """In a child process (`preexec_fn`): end when the process that started it ends (a
    test run killed leaves no X server or game behind; Linux's PR_SET_PDEATHSIG)."""
    libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
    libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
