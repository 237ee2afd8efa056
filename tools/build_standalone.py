"""The standalone build: one folder holding `contack` (`contack.exe` on Windows) that
starts the game where no Python is installed, for the system it is built on. PyInstaller
makes it from contack.spec, after the language catalogues are compiled (git keeps only
the `.po`).

    pip install -e '.[build]'
    python tools/build_standalone.py          # the bundle's folder is the last line

The bundle goes to dist/contack/ (PyInstaller's own work to build/standalone/; both are
git-ignored). Check it with `dist/contack/contack --self-check`.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import time
from pathlib import Path
from typing import Final

ROOT: Final = Path(__file__).resolve().parents[1]
SPEC: Final = ROOT / "contack.spec"
DIST: Final = ROOT / "dist"
WORK: Final = ROOT / "build" / "standalone"
BUNDLE: Final = DIST / "contack"
NEEDED: Final = ("PyInstaller", "babel")
"""What the build runs (the extra `build`)."""


def bundle_size(folder: Path) -> int:
    """The bytes of every file under `folder` (a link counted once, as its file)."""
    files = (path for path in folder.rglob("*") if path.is_file() and not path.is_symlink())
    return sum(path.stat().st_size for path in files)


def main() -> int:
    missing = [name for name in NEEDED if importlib.util.find_spec(name) is None]
    if missing:
        lacking = " and ".join(missing)
        print(f"build_standalone: {lacking} missing: pip install -e '.[build]'", file=sys.stderr)
        return 1
    sys.path.insert(0, str(ROOT))
    from tools.catalogue import compile_all  # Babel's, once it is known to be there

    started = time.monotonic()
    compile_all()
    command = [sys.executable, "-m", "PyInstaller", str(SPEC), "--noconfirm"]
    command += ["--log-level", "WARN", "--distpath", str(DIST), "--workpath", str(WORK)]
    built = subprocess.run(command, cwd=ROOT, check=False)
    if built.returncode != 0:
        print(f"build_standalone: PyInstaller failed (exit {built.returncode})", file=sys.stderr)
        return 1
    seconds, megabytes = time.monotonic() - started, bundle_size(BUNDLE) / 1e6
    print(f"build_standalone: built in {seconds:.0f} s, {megabytes:.0f} MB")
    print(BUNDLE)
    return 0


if __name__ == "__main__":
    sys.exit(main())
