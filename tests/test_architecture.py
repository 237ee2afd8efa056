"""The layers and the import contracts of pyproject.toml hold (import-linter): rules <- ai
<- play <- persist <- ui <- scenes <- router <- app and cli; no pygame below ui; screens
never import one another; no import cycle anywhere, TYPE_CHECKING and function-local
imports included. One name for one thing (no re-exports, no class or screen function
named twice) and each test fixture defined once. No test here counts lines or files: a
seam is judged by whether the next person finds and changes things easily."""

import ast
import subprocess
import sys
from pathlib import Path

from tools.sources import outline, syntax_tree

ROOT = Path(__file__).resolve().parent.parent


def test_import_contracts_are_kept() -> None:
    lint = Path(sys.executable).with_name("lint-imports")
    command = [str(lint)] if lint.exists() else ["lint-imports"]
    result = subprocess.run([*command, "--no-cache"], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


def test_every_scene_that_changes_itself_says_how_long_it_stays_still() -> None:
    """The window draws only when the picture changed (game/ui/pacing.py): every scene
    with an `update` says in `still_for` when it changes by itself (itself or a scene it
    extends; the base `Scene`'s "only input and news" does not count)."""
    import importlib
    import pkgutil

    import game.scenes
    from game.scenes.base import Scene

    for module in pkgutil.walk_packages(game.scenes.__path__, "game.scenes."):
        importlib.import_module(module.name)
    silent = []
    pending: list[type[Scene]] = [Scene]
    while pending:
        scene = pending.pop()
        pending.extend(scene.__subclasses__())
        updated = next(c for c in scene.__mro__ if "update" in vars(c))
        told = next(c for c in scene.__mro__ if "still_for" in vars(c))
        if updated is not Scene and told is Scene:
            silent.append(scene.__name__)
    assert silent == [], "scenes whose update changes them without a still_for"


def test_every_fixture_is_defined_once() -> None:
    """A fixture has one definition and one signature: a module that wants its apps made
    otherwise says so with `pytest.mark.app(...)`, never by defining `app` or `make_app`
    again."""
    defined: dict[str, list[str]] = {}
    for path in sorted((ROOT / "tests").glob("*.py")):
        source = path.read_text(encoding="utf-8")
        if "fixture" not in source:
            continue  # none of its decorators can name a fixture: not worth parsing
        for node in ast.walk(syntax_tree(source)):
            if isinstance(node, ast.FunctionDef) and any(
                "fixture" in ast.unparse(d) for d in node.decorator_list
            ):
                defined.setdefault(node.name, []).append(path.name)
    assert {name: where for name, where in defined.items() if len(where) > 1} == {}


def test_no_screen_module_re_exports_a_name() -> None:
    """A name is imported from the module it lives in: no `import X as X` in game/ui or
    game/scenes (one name, one module)."""
    re_exports = [
        f"{path.relative_to(ROOT).as_posix()}:{name}"
        for folder in ("ui", "scenes")
        for path in sorted((ROOT / "game" / folder).rglob("*.py"))
        for name in outline(path).re_exports
    ]
    assert re_exports == []


def test_no_two_classes_above_the_rules_share_a_name() -> None:
    """One name, one thing: a class of ai, play, persist, net, ui or scenes is named once
    (the network's `move` message is not the table's `MovePlayed` event)."""
    where: dict[str, list[str]] = {}
    for layer in ("ai", "play", "persist", "net", "ui", "scenes"):
        for path in sorted((ROOT / "game" / layer).rglob("*.py")):
            for name in outline(path).classes:
                where.setdefault(name, []).append(path.relative_to(ROOT).as_posix())
    assert {name: paths for name, paths in where.items() if len(paths) > 1} == {}


def test_no_two_public_functions_of_the_screens_share_a_name() -> None:
    """One name, one thing on the screens too: a public function of game/ui or game/scenes
    is named once (the announcement's card words are not the Achievements screen's)."""
    where: dict[str, list[str]] = {}
    for folder in ("ui", "scenes"):
        for path in sorted((ROOT / "game" / folder).rglob("*.py")):
            for name in outline(path).functions:
                if not name.startswith("_"):
                    where.setdefault(name, []).append(path.relative_to(ROOT).as_posix())
    assert {name: paths for name, paths in where.items() if len(paths) > 1} == {}
