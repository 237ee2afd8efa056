"""The frame of the "your games" screens (records, history, statistics) and the rows
it lists."""

from __future__ import annotations

import json
from pathlib import Path

from game.persist.storage import Storage
from game.rules.record.document import GameRecord
from game.scenes.requests import Screen
from tests.conftest import AppMaker
from tests.persistence_helpers import table_record

# --- issue 25: what a hostile first hour still found -----------------------------------


def test_records_and_history_list_names_that_draw_nothing(
    make_app: AppMaker, tmp_path: Path
) -> None:
    from game.persist.history import add_finished_game
    from game.persist.records import records_dir

    data = table_record()
    data["players"][0]["name"] = "\u200b"
    storage = Storage(tmp_path)
    records_dir(storage).mkdir(parents=True)
    (records_dir(storage) / "zero.contack.json").write_text(json.dumps(data), "utf-8")
    add_finished_game(storage, GameRecord(data))
    history = json.loads((tmp_path / "history.json").read_text("utf-8"))
    history["games"][0]["players"] = ["\u200b", "\ufeff"]
    (tmp_path / "history.json").write_text(json.dumps(history), "utf-8")
    app = make_app(speed="instant")
    for screen in (Screen.RECORDS, Screen.HISTORY):
        app.open(screen)
        app.run_frames(3)
        assert app.scene.tab == screen  # type: ignore[attr-defined]
