"""The history screen: the last games, each opened in the viewer or kept as a record."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.persist.storage import Storage
from game.rules.record.document import GameRecord
from game.scenes.requests import Screen
from tests.conftest import AppMaker
from tests.drive import Input

# --- issue 25: what a hostile first hour still found -----------------------------------


@pytest.mark.parametrize(
    "file", ["records/finished/a\x00.contack.json", "../x.contack.json", "/etc/passwd"]
)
def test_history_watch_and_keep_refuse_a_file_outside_with_a_notice(
    make_app: AppMaker, tmp_path: Path, file: str
) -> None:
    from game.persist.history import add_finished_game
    from tests.persistence_helpers import finished_record

    storage = Storage(tmp_path)
    for seed in range(1, 4):
        add_finished_game(storage, GameRecord(finished_record("draw-solitaire", 1, seed)))
    history = json.loads((tmp_path / "history.json").read_text("utf-8"))
    history["games"][1]["file"] = file
    (tmp_path / "history.json").write_text(json.dumps(history), "utf-8")
    app = make_app(speed="instant")
    app.open(Screen.HISTORY)
    app.run_frames(3)
    scene = app.scene
    scene.list.select(1)  # type: ignore[attr-defined]
    for button in (scene.watch, scene.keep):  # type: ignore[attr-defined]
        Input(app).click(button)
        assert app.scene is scene
