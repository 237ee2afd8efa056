"""The history screen: the last games, each opened in the viewer or kept as a record."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.i18n import _, format_number, ngettext
from game.persist.history import HistoryEntry, load_history, save_history
from game.persist.storage import Storage
from game.rules.record.document import GameRecord
from game.scenes.requests import Screen
from tests.conftest import AppMaker
from tests.drive import Input
from tests.test_languages import drawn_words
from tools.text_audit import audit

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
        add_finished_game(storage, GameRecord.parse(finished_record("draw-solitaire", 1, seed)))
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


# --- issue 49: a result is shown whole ------------------------------------------------

SIZES = [(800, 600), (1280, 800), (1920, 1080)]


@pytest.mark.parametrize("code", ["en", "es"])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_result_too_long_for_its_column_is_said_in_fewer_words(
    make_app: AppMaker, size: tuple[int, int], code: str
) -> None:
    """A seven-seat tie's result, every score in it, is wider than the Result column:
    the list says who won in words that read whole, never cut mid-sentence (it once
    showed "Greedy 3 and Greedy 5 won (75, 75 and 5 more")."""
    app = make_app(size=size)
    app.settings.language = code
    app.apply_settings()
    history = load_history(app.storage)
    history.games.append(
        HistoryEntry(
            key="tie",
            date="2026-11-28 11:09",
            mode="table",
            players=tuple(f"Greedy {seat}" for seat in range(1, 8)),
            file="tie.contack.json",
            summary="",
            scores=(75, 75, 150, 70, 150, 125, 110),
            winners=(2, 4),
        )
    )
    save_history(app.storage, history)
    app.open(Screen.HISTORY)
    app.run_frames(3)
    result = _("{winners} won ({scores})").format(
        winners=_("{names} and {last}").format(names="Greedy 3", last="Greedy 5"),
        scores=", ".join(format_number(s) for s in (75, 75, 150, 70, 150, 125, 110)),
    )
    short = ngettext("{winners} won", "{winners} won", 2).format(
        winners=_("{names} and {last}").format(names="Greedy 3", last="Greedy 5")
    )
    app.relayout()  # the rows' words are rendered anew, where `drawn_words` sees them
    words = drawn_words(app)
    assert result in words or short in words, words
    assert audit(app) == []
