"""The table and both solitaires keep the game in progress as a named record."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame

from game.app import App
from game.persist.records import read_record
from game.persist.records_listing import list_records
from game.rules.record.recorded_game import RecordedGame
from game.scenes.base import Scene
from game.scenes.draw_solitaire import DrawSolitaireScene
from game.scenes.records import SaveRecordScene
from game.scenes.stacked_solitaire import StackedSolitaireScene
from game.scenes.table import TableScene
from tests.drive import Input
from tests.test_scene_table import FRAMES, open_table
from tools.samples import table_config


def save_through_the_dialog(app: App, scene: Scene) -> Path:
    assert isinstance(app.scene, SaveRecordScene)
    dialog = app.scene
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=dialog.save.rect.center, button=1)
    )
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=dialog.save.rect.center, button=1)
    )
    app.tick()
    assert app.scene is scene
    records = list_records(app.storage)
    assert len(records) == 1
    return records[0].path


def test_s_at_the_table_saves_the_game_in_progress(
    make_app: Callable[..., App], tmp_path: Path
) -> None:
    app = make_app(tmp_path, banner=False)
    scene = open_table(app, table_config([("Ann", "human"), ("Bot", "ai:greedy")], seed=4))
    assert isinstance(scene, TableScene)
    Input(app, FRAMES).press(pygame.K_s)
    path = save_through_the_dialog(app, scene)
    saved = RecordedGame.from_record(read_record(path))
    assert saved.state.figure.tiles() == scene.state.figure.tiles()


def test_the_solitaires_save_button_keeps_a_record(
    make_app: Callable[..., App], tmp_path: Path
) -> None:
    for scene_class in (DrawSolitaireScene, StackedSolitaireScene):
        app = make_app(tmp_path / scene_class.__name__)
        scene = scene_class(app, seed=5)
        app.push(scene)
        app.tick()
        button = scene.bars.save_button.rect.center
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=button, button=1))
        app.tick()
        path = save_through_the_dialog(app, scene)
        assert read_record(path).mode == scene.session.mode
