"""Ending a process the tools started: asked first (SIGTERM), killed if it will not."""

from __future__ import annotations

import subprocess
from typing import Any


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
