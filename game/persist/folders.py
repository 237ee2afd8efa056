"""Opening one of the game's folders in the system's file manager, where the system has
a way to (Windows, macOS, a Linux desktop with xdg-open)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path


def folder_opener() -> Callable[[Path], bool] | None:
    """A function that shows a folder in the file manager (True once asked), or None on
    a system with no way to."""
    if sys.platform == "win32" and hasattr(os, "startfile"):
        return _start_file
    command = "open" if sys.platform == "darwin" else "xdg-open"
    program = shutil.which(command)
    if program is None:
        return None

    def open_with(folder: Path) -> bool:
        try:
            folder.mkdir(parents=True, exist_ok=True)
            subprocess.Popen([program, str(folder)], stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL, start_new_session=True)
        except OSError:
            return False
        return True

    return open_with


def _start_file(folder: Path) -> bool:
    try:
        folder.mkdir(parents=True, exist_ok=True)
        os.startfile(folder)  # type: ignore[attr-defined]  # Windows only
    except OSError:
        return False
    return True
