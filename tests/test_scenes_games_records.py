"""The records screen and the dialog that saves a game under a name; the table
and both solitaires keep the game in progress as a named record."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game.app import App
from game.persist.records import read_record
from game.persist.storage import Storage
from game.rules.record.document import GameRecord
from game.rules.record.recorded_game import RecordedGame
from game.scenes.base import Scene
from game.scenes.games.records import SaveRecordScene
from game.scenes.solitaire.draw import DrawSolitaireScene
from game.scenes.solitaire.stacked import StackedSolitaireScene
from game.scenes.table.scene import TableScene
from tests.conftest import AppMaker, HeldAdviser
from tests.drive import Input
from tests.persistence_helpers import finished_record, list_records
from tests.test_scenes_table_scene import FRAMES, open_table
from tools.samples import table_config


def test_save_dialog_types_a_name_and_saves(make_app: AppMaker, tmp_path: Path) -> None:
    import pygame

    app = make_app(tmp_path)
    dialog = SaveRecordScene(app, GameRecord.parse(finished_record()), "")
    app.push(dialog)
    app.run_frames(2)
    Input(app).press(pygame.K_BACKSPACE, times=60)
    Input(app).text("Ann wins")
    Input(app).click(dialog.save)
    assert dialog.saved_path is not None and dialog.saved_path.name == "Ann wins.contack.json"
    assert app.scene is not dialog


# --- issue 38: a big records folder is listed off the frame -----------------------------


def test_the_records_screen_draws_before_its_folder_is_read(
    make_app: AppMaker, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, held_adviser: HeldAdviser
) -> None:
    from game.persist import records_listing
    from game.persist.records import records_dir
    from game.scenes.games.records import RecordsScene
    from game.scenes.menus.menu import MenuScene

    monkeypatch.setattr(records_listing, "BATCH", 2)
    folder = records_dir(Storage(tmp_path))
    folder.mkdir(parents=True)
    for age in range(5):
        path = folder / f"Game {age}.contack.json"
        path.write_text(json.dumps(finished_record()), "utf-8")
        os.utime(path, (1_700_000_000 - age * 60, 1_700_000_000 - age * 60))
    adviser = held_adviser
    app = make_app(adviser=adviser)
    menu = app.scene
    assert isinstance(menu, MenuScene)
    Input(app).click(menu.buttons["games"])
    scene = app.scene
    assert isinstance(scene, RecordsScene)
    drawn = app.frames
    app.run_frames(1)  # drawn, the folder not looked at yet
    assert app.frames > drawn and len(scene.list.rows) == 0 and not scene.listing.done
    adviser.step()  # looked over: every row, none read yet
    app.run_frames(1)
    assert [row[0] for row in scene.list.rows] == [f"Game {age}" for age in range(5)]
    assert {row[1] for row in scene.list.rows} == {"…"} and not scene.watch.enabled
    adviser.step()  # the first two read
    app.run_frames(1)
    assert [row[1] for row in scene.list.rows] == ["Table game"] * 2 + ["…"] * 3
    assert scene.watch.enabled and not scene.listing.done
    adviser.release()
    app.run_frames(1)
    assert scene.listing.done and [row[1] for row in scene.list.rows] == ["Table game"] * 5
    assert (folder / records_listing.LISTING_FILE).is_file()


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
