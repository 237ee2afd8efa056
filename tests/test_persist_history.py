"""The history of finished games (game/persist/history.py): games added once, their
records kept, a game the game died before counting counted at the next start."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.persist import autosave
from game.persist.history import (
    HISTORY_FILE,
    History,
    add_finished_game,
    load_history,
    reset_statistics,
)
from game.persist.records import finished_dir
from game.persist.storage import Storage
from game.rules.errors import RecordError
from game.rules.record.document import GameRecord
from tests.conftest import AppMaker
from tests.drive import undrawn
from tests.persistence_helpers import finished_record, in_progress, record, write_save


def test_a_refused_game_is_not_added_and_says_why(tmp_path: Path) -> None:
    storage = Storage(tmp_path)
    game = record()
    game["hands"][0]["moves"][0]["cell"] = [9, 9]  # it reads, and is not a legal move
    assert add_finished_game(storage, GameRecord.parse(game)) is None
    assert "not added to the history" in str(storage.take_notices()[0])
    assert not (tmp_path / HISTORY_FILE).exists()


def test_history_entry_and_reset_statistics_keeps_the_games(tmp_path: Path) -> None:
    storage = Storage(tmp_path)
    entry = add_finished_game(storage, GameRecord.parse(record()), now=1_700_000_000)
    assert entry is not None and entry.mode == "table" and " won (" in entry.summary
    assert (tmp_path / entry.file).parent == finished_dir(storage)
    assert (
        add_finished_game(storage, GameRecord.parse(record())) is None
    )  # the same game counts once
    reset_statistics(storage)
    history = load_history(storage)
    assert len(history.games) == 1 and not history.players
    assert json.loads((tmp_path / HISTORY_FILE).read_text())["version"] == 1


def test_history_of_another_version_is_set_aside(tmp_path: Path) -> None:
    (tmp_path / HISTORY_FILE).write_text(json.dumps({"version": 99, "games": []}))
    storage = Storage(tmp_path)
    assert load_history(storage) == History()
    assert "not a Contack history file" in str(storage.take_notices()[0])


# --- issue 16: malformed input refused in one line, damaged files set aside ------------


@pytest.mark.parametrize(
    "file",
    ["../../etc/passwd", "/dev/zero", "records/finished/../x", "records/other.contack.json", 5],
)
def test_a_history_entry_is_read_only_from_the_games_records(tmp_path: Path, file: object) -> None:
    from game.persist.history import entry_record_path

    with pytest.raises(RecordError, match="outside"):
        entry_record_path(Storage(tmp_path), str(file))


def test_a_lost_solitaire_is_counted_even_if_the_game_dies_first(
    make_app: AppMaker, tmp_path: Path
) -> None:
    from game.ai.autoplay import simple_fair_move
    from game.persist.history import load_history
    from game.scenes.solitaire.draw import DrawSolitaireScene

    app = make_app(tmp_path, speed="instant")
    for seed in range(1, 30):
        scene = DrawSolitaireScene(app, seed=seed)
        app.push(scene)
        app.run_frames(2)
        while not scene.finished:
            scene.play(simple_fair_move(scene.draw_state))
        if not scene.state.won:
            break
        app.pop()
        app.run_frames(2)
    assert scene.finished and not scene.state.won
    app.run_frames(2)
    assert app.storage.has_saved_game("draw-solitaire")  # kept until the loss is counted
    before = load_history(app.storage).solitaires["draw-solitaire"].played
    # The game dies here (no exit, no new deal); the next start counts the loss.
    again = make_app(tmp_path)
    assert load_history(again.storage).solitaires["draw-solitaire"].played == before + 1
    assert not again.storage.has_saved_game("draw-solitaire")


# --- issue 25: what a hostile first hour still found -----------------------------------


def test_a_read_only_data_folder_never_stops_the_game(make_app: AppMaker, tmp_path: Path) -> None:
    """A finished solitaire in the save, a folder that refuses every write: the game
    starts (again and again) with notices, and keeps the save for a later start."""
    from game.persist.history import load_history

    storage = Storage(tmp_path)
    write_save(storage, finished_record("draw-solitaire"))

    def refuse(*_args: Any, **_kwargs: Any) -> None:
        raise PermissionError(13, "Permission denied")

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Path, "unlink", refuse)
        patch.setattr("game.persist.atomic.os.replace", refuse)
        for _start in range(2):
            app = make_app(speed="instant")
            assert type(app.scene).__name__ == "MenuScene"
    assert autosave.load_game(storage, "draw-solitaire") is not None
    app = make_app(speed="instant")  # the disk works again: counted once, then cleared
    assert load_history(storage).solitaires["draw-solitaire"].played == 1
    assert autosave.load_game(storage, "draw-solitaire") is None


def test_a_nul_in_the_oldest_of_fifty_games_never_stops_a_start(
    make_app: AppMaker, tmp_path: Path
) -> None:
    """The 51st game pushes out an entry whose file holds a NUL: it is only dropped."""
    from game.persist.history import HISTORY_LIMIT, add_finished_game, load_history

    storage = Storage(tmp_path)
    add_finished_game(storage, GameRecord.parse(finished_record("draw-solitaire", 1, 1)))
    history = json.loads((tmp_path / "history.json").read_text("utf-8"))
    entry = history["games"][0]
    history["games"] = [
        {**entry, "key": f"k{n}", "file": "records/finished/\x00.contack.json"}
        for n in range(HISTORY_LIMIT)
    ]
    (tmp_path / "history.json").write_text(json.dumps(history), "utf-8")
    write_save(storage, finished_record("draw-solitaire", 1, 2))
    app = make_app(speed="instant")
    assert type(app.scene).__name__ == "MenuScene"
    assert len(load_history(storage).games) == HISTORY_LIMIT


def test_history_entries_read_back_as_written_and_wrong_shapes_are_dropped(
    tmp_path: Path,
) -> None:
    storage = Storage(tmp_path)
    table = add_finished_game(storage, GameRecord.parse(record()), now=1_700_000_000)
    solitaire = add_finished_game(
        storage, GameRecord.parse(finished_record("draw-solitaire", 1, 3)), undos=True
    )
    assert table is not None and table.scores is not None and table.won is None
    assert solitaire is not None and solitaire.placed is not None and solitaire.undos
    assert load_history(storage).games == [table, solitaire]
    written = json.loads((tmp_path / HISTORY_FILE).read_text())
    good = written["games"][0]
    written["games"] = [
        good,
        {**good, "players": "Ann"},
        {**good, "file": 5},
        "not an entry",
        {**good, "scores": [3, "x", 4], "won": "yes"},
    ]
    (tmp_path / HISTORY_FILE).write_text(json.dumps(written))
    games = load_history(storage).games
    assert [entry.scores for entry in games] == [table.scores, (3, 4)]
    assert games[1].won is None


# --- issue 38: a full disk mid-game --------------------------------------------------


def full_disk(patch: pytest.MonkeyPatch, *names: str) -> None:
    """Writes fail as on a full disk: those of the files `names`, or every one."""
    import errno

    import game.persist.files
    import game.persist.records

    write = game.persist.atomic.write_text_atomically

    def refuse(path: Any, text: str, durable: bool = True) -> None:
        if names and Path(path).name not in names:
            write(path, text, durable)
            return
        raise OSError(errno.ENOSPC, "No space left on device")

    patch.setattr(game.persist.files, "write_text_atomically", refuse)
    patch.setattr(game.persist.records, "write_text_atomically", refuse)


def win_stacked_solitaire(make_app: AppMaker, full_from: int, *names: str) -> None:
    """Win deal 3 of stacked solitaire on screen, the disk full from move `full_from`."""
    from game.ai.solver import solve
    from game.scenes.solitaire.stacked import StackedSolitaireScene

    app = make_app(speed="instant")
    scene = StackedSolitaireScene(app, seed=3)
    app.push(scene)
    app.run_frames(2)
    answer = solve(scene.stacked_state)
    with pytest.MonkeyPatch.context() as patch, undrawn(app):  # about saving, not the picture
        for number, move in enumerate(answer.moves):
            if number == full_from:
                full_disk(patch, *names)
            scene.play(move)
            app.run_frames(2)  # a move's save goes in the frame after the move's
        assert scene.state.won
        app.run_frames(2)
        assert any("No space left" in text for text in app.notices)


def test_a_game_won_when_the_history_cannot_be_written_is_counted_later(
    make_app: AppMaker, tmp_path: Path
) -> None:
    win_stacked_solitaire(make_app, 30, HISTORY_FILE)
    storage = Storage(tmp_path)
    assert storage.has_saved_game("stacked-solitaire")  # the finished game, kept
    assert load_history(storage).solitaires["stacked-solitaire"].won == 0
    again = make_app(speed="instant")  # the disk has room again
    assert load_history(again.storage).solitaires["stacked-solitaire"].won == 1
    assert not again.storage.has_saved_game("stacked-solitaire")


def test_a_game_won_on_a_full_disk_leaves_its_last_save_for_continue(
    make_app: AppMaker, tmp_path: Path
) -> None:
    win_stacked_solitaire(make_app, 20)
    again = make_app(speed="instant")  # the disk has room again
    saved = again.storage.load_game("stacked-solitaire")
    assert saved is not None and len(saved.hands[0].moves) == 20  # the last save written
    assert again.scene.buttons["continue-stacked"].visible  # type: ignore[attr-defined]


def test_a_game_the_history_cannot_take_yet_drops_no_older_games_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The oldest game's record goes only with the history that no longer lists it: a
    history the full disk refused kept listing a record already deleted."""
    import game.persist.history

    monkeypatch.setattr(game.persist.history, "HISTORY_LIMIT", 2)
    storage = Storage(tmp_path)
    for seed in (1, 2):
        add_finished_game(storage, GameRecord.parse(record("draw-solitaire", seed)))
    oldest = load_history(storage).games[0]
    with pytest.MonkeyPatch.context() as patch:
        full_disk(patch, HISTORY_FILE)
        add_finished_game(storage, GameRecord.parse(record("draw-solitaire", 4)))
    assert load_history(storage).games[0] == oldest
    assert (tmp_path / oldest.file).is_file()
    storage.pay_owed()  # the disk has room again
    assert oldest not in load_history(storage).games and len(load_history(storage).games) == 2
    assert not (tmp_path / oldest.file).exists()


def test_a_game_given_up_is_not_saved_again_when_the_disk_has_room(
    tmp_path: Path,
) -> None:
    """A save the full disk refused is kept to write later, unless the player starts
    another game over that one first: Continue would offer the game given up."""
    storage = Storage(tmp_path)
    given_up = GameRecord.parse(in_progress(record("draw-solitaire", 2)))
    with pytest.MonkeyPatch.context() as patch:
        full_disk(patch)
        storage.keep_game("draw-solitaire", given_up)
    assert storage.owed  # kept, to be written when there is room
    storage.clear_game("draw-solitaire")  # the player starts another game over it
    storage.pay_owed()
    assert not storage.has_saved_game("draw-solitaire")


def test_a_game_counted_late_leaves_the_save_of_a_game_begun_since(tmp_path: Path) -> None:
    """A finished game the history takes once the disk has room clears its own save (as
    saved before its end), never that of the next game of its mode."""
    storage = Storage(tmp_path)
    finished = GameRecord.parse(record("draw-solitaire", 1))
    write_save(storage, in_progress(finished.to_json(), moves=5))
    add_finished_game(storage, finished)
    assert not storage.has_saved_game("draw-solitaire")  # its own save goes
    begun_since = GameRecord.parse(in_progress(record("draw-solitaire", 2)))
    storage.save_game(begun_since)
    add_finished_game(storage, GameRecord.parse(record("draw-solitaire", 4)))
    assert storage.load_game("draw-solitaire") == begun_since
