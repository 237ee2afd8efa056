"""`Storage` and the persist package as a whole (game/persist/storage.py): no pygame."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_package_imports_no_pygame() -> None:
    check = (
        "import sys, game.persist.storage, game.persist.history, game.persist.records;"
        "assert not [m for m in sys.modules if m.split('.')[0] == 'pygame']"
    )
    done = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
