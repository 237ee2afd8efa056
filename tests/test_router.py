"""Navigation by name: every screen a scene asks its services for (`open`, `switch_to`)
is one the router makes, and with options its scene takes; an unknown name says which
screens there are."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

from game.router import SCENES, make_scene
from game.scenes.games_frame import TABS

SCENES_DIR = Path(__file__).resolve().parent.parent / "game" / "scenes"
NAVIGATION = ("open", "switch_to")


def navigation_calls() -> list[tuple[str, str, list[str]]]:
    """(where, screen name, keyword option names) of each call naming a screen literally."""
    calls = []
    for path in sorted(SCENES_DIR.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in NAVIGATION
            ):
                continue
            if not (
                isinstance(node.func.value, ast.Attribute) and node.func.value.attr == "services"
            ):
                continue
            first = node.args[0] if node.args else None
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                options = [keyword.arg for keyword in node.keywords if keyword.arg]
                calls.append((f"{path.name}:{node.lineno}", first.value, options))
    return calls


CALLS = navigation_calls()


def test_the_scenes_navigate_by_name() -> None:
    assert len(CALLS) >= 10
    assert {name for _, name, _ in CALLS} >= {"setup", "records", "replay", "score", "table"}


@pytest.mark.parametrize(("where", "name", "options"), CALLS, ids=[c[0] for c in CALLS])
def test_each_screen_asked_for_is_routed_with_options_it_takes(
    where: str, name: str, options: list[str]
) -> None:
    assert name in SCENES, f"{where} asks for {name!r}, which the router does not know"
    signature = inspect.signature(SCENES[name])
    try:
        signature.bind(object(), **dict.fromkeys(options))
    except TypeError as error:
        pytest.fail(f"{where}: {name!r} with options {options}: {error}")


def test_the_your_games_tabs_are_routed() -> None:
    for key, _label in TABS:
        assert key in SCENES


def test_an_unknown_screen_name_lists_the_screens() -> None:
    with pytest.raises(KeyError, match=r"no screen named 'nowhere'.*records"):
        make_scene(object(), "nowhere")  # type: ignore[arg-type]
