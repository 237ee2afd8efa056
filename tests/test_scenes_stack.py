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
