"""The layers and the import contracts of pyproject.toml hold (import-linter): rules <- ai
<- play <- persist <- ui <- scenes <- router <- app and cli; no pygame below ui; screens
never import one another; no import cycle anywhere, TYPE_CHECKING and function-local
imports included."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_import_contracts_are_kept() -> None:
    lint = Path(sys.executable).with_name("lint-imports")
    command = [str(lint)] if lint.exists() else ["lint-imports"]
    result = subprocess.run([*command, "--no-cache"], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout
