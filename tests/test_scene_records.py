"""The records screen and the dialog that saves a game under a name."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from game.persist.storage import Storage
from game.rules.record.document import GameRecord
from game.scenes.records import SaveRecordScene
from tests.conftest import AppMaker, HeldAdviser
from tests.drive import Input
from tests.persistence_helpers import finished_record


def test_save_dialog_types_a_name_and_saves(make_app: AppMaker, tmp_path: Path) -> None:
    import pygame

    app = make_app(tmp_path)
    dialog = SaveRecordScene(app, GameRecord(finished_record()), "")
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
    from game.scenes.menu import MenuScene
    from game.scenes.records import RecordsScene

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
