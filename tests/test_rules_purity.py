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


def test_rules_cli_and_ai_import_no_pygame():
    result = subprocess.run([sys.executable, "-c", CHECK], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "clean"
