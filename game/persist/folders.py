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
    """A function that shows a folder in the file manager (True once asked, the folder
    made first if it is not there yet), or None on a system with no way to."""
    launch: Callable[[Path], object]
    if sys.platform == "win32" and hasattr(os, "startfile"):
        launch = os.startfile
    else:
        program = shutil.which("open" if sys.platform == "darwin" else "xdg-open")
        if program is None:
            return None

        def launch(folder: Path) -> object:
            return subprocess.Popen(
                [program, str(folder)],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                start_new_session=True,
            )

    def open_folder(folder: Path) -> bool:
        try:
            folder.mkdir(parents=True, exist_ok=True)
            launch(folder)
        except OSError:
            return False
        return True

    return open_folder
