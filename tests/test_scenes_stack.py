"""The stack of screens: a change asked for while a screen handles an event waits until
the handler returns."""

from __future__ import annotations

from pathlib import Path

from game.scenes.menus.settings import SettingsScene
from tests.conftest import AppMaker


def test_stack_changes_wait_until_the_handler_returns(make_app: AppMaker, tmp_path: Path) -> None:
    app = make_app(tmp_path)
    menu = app.scene
    menu.services.push(SettingsScene(app))
    assert app.scene is menu
    app.run_frames(1)
    assert isinstance(app.scene, SettingsScene)


def test_menu_from_the_screens_over_a_home_screen_returns_to_it(make_app: AppMaker) -> None:
    """An event's standings are a `home`: Menu at its table comes back to them; once
    they are left, Menu goes to the menu again."""
    app = make_app()
    stack, menu = app.stack, app.scene
    home = SettingsScene(app)
    home.home = True
    for scene in (home, SettingsScene(app), SettingsScene(app)):
        stack.push(scene)
    stack.clear_to_root()
    stack.apply_pending()
    assert stack.scenes == [menu, home]
    stack.pop()
    stack.clear_to_root()
    stack.apply_pending()
    assert stack.scenes == [menu]
