"""The frame of the "your games" screens (records, history, statistics) and the rows
it lists."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.persist.storage import Storage
from game.rules.record.document import GameRecord
from game.scenes.requests import Screen
from tests.conftest import AppMaker
from tests.drive import sizes_in
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
    add_finished_game(storage, GameRecord.parse(data))
    history = json.loads((tmp_path / "history.json").read_text("utf-8"))
    history["games"][0]["players"] = ["\u200b", "\ufeff"]
    (tmp_path / "history.json").write_text(json.dumps(history), "utf-8")
    app = make_app(speed="instant")
    for screen in (Screen.RECORDS, Screen.HISTORY):
        app.open(screen)
        app.run_frames(3)
        assert app.scene.tab == screen  # type: ignore[attr-defined]


# --- issue 49: one font size per row and role ------------------------------------------

LOOKS = [(code, size) for code in ("en", "es") for size in ((800, 600), (1280, 800), (1920, 1080))]


@pytest.mark.parametrize(("code", "size"), LOOKS, ids=[f"{c}-{w}x{h}" for c, (w, h) in LOOKS])
def test_the_tabs_say_their_names_at_one_size(
    make_app: AppMaker, code: str, size: tuple[int, int]
) -> None:
    """Records, History, Statistics, Achievements: one size for the row ("Logros" was
    drawn smaller than "Registros", sized for "Achievements" in its own box)."""
    app = make_app(size=size)
    app.settings.language = code
    app.apply_settings()
    app.open(Screen.STATS)
    app.run_frames(3)
    tabs = list(app.scene.tabs.values())  # type: ignore[attr-defined]
    sizes = sizes_in(app, tabs)
    assert len(sizes) == len(tabs) and len(set(sizes.values())) == 1, sizes
