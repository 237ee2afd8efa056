"""The rules and the headless commands never import pygame (DEVELOPERS.md)."""

import subprocess
import sys

CHECK = """
import sys
import game.cli, game.ai.players, game.ai.solver
import game.rules.figure, game.rules.record, game.rules.solitaire, game.rules.table
bad = sorted(m for m in sys.modules if m.split('.')[0] == 'pygame')
assert not bad, bad
rules = [m for m in sys.modules if m.startswith('game.rules')]
for name in rules:
    module = sys.modules[name]
    for other in vars(module).values():
        owner = getattr(other, '__module__', '') or ''
        assert not (owner.startswith('game.') and not owner.startswith('game.rules')), (name, owner)
print('clean')
"""


def test_rules_cli_and_ai_import_no_pygame() -> None:
    result = subprocess.run([sys.executable, "-c", CHECK], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "clean"


def test_the_rules_do_no_file_io() -> None:
    """game/rules reads and writes nothing: records come and go as text (game.persist)."""
    import ast
    from pathlib import Path

    rules = Path(__file__).resolve().parents[1] / "game" / "rules"
    io_modules = {"os", "io", "pathlib", "shutil", "tempfile", "sqlite3", "pickle"}
    for path in rules.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom):
                names = {(node.module or "").split(".")[0]}
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id != "open", f"{path.name}:{node.lineno} opens a file"
                continue
            else:
                continue
            assert not names & io_modules, f"{path.name}:{node.lineno} imports {names}"
