"""The code stays ruff-clean and ruff-formatted, and the game and its tests `mypy --strict`
clean (strict and the files are set in pyproject.toml, so a bare `mypy` checks as CI
does)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run_tool(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True)


def test_ruff_is_clean() -> None:
    result = run_tool("ruff", "check", "game", "tests", "tools", "main.py")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_format_leaves_everything_as_it_is() -> None:
    result = run_tool("ruff", "format", "--check", "game", "tests", "tools", "main.py")
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_whole_game_is_mypy_strict_clean() -> None:
    result = run_tool("mypy")
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_whole_game_and_tools_type_check() -> None:
    result = run_tool("mypy", "game", "tools", "main.py")
    assert result.returncode == 0, result.stdout + result.stderr
