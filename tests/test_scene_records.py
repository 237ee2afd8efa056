"""The records screen and the dialog that saves a game under a name."""

from __future__ import annotations

from pathlib import Path

from game.rules.record import GameRecord
from game.scenes.records import SaveRecordScene
from tests.conftest import AppMaker
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
