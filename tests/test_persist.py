"""game.persist on its own, without a window: settings, the autosave, record files, the
history and statistics, atomic writes, and bad files set aside with a notice."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from game.cli import simulate
from game.persist import atomic, autosave, files, settings
from game.persist.history import (
    HISTORY_FILE,
    History,
    add_finished_game,
    load_history,
    reset_statistics,
)
from game.persist.records import (
    RECORD_SUFFIX,
    RecordSaveError,
    check_record_dict,
    clean_name,
    dated_name,
    delete_record,
    finished_dir,
    list_records,
    read_record,
    read_recorded_game,
    records_dir,
    save_named_record,
    write_record,
)
from game.persist.settings import SETTINGS_FILE, Settings, load_settings, save_settings
from game.persist.stats import PlayerStats, SolitaireStats, count_solitaire, read_stats
from game.persist.storage import Storage
from game.rules.errors import RecordError
from game.rules.record import MODES, GameRecord
from game.rules.table import TableRules

ROOT = Path(__file__).resolve().parents[1]


def record(mode: str = "table", seed: int = 3) -> dict[str, Any]:
    return simulate(mode, 3 if mode == "table" else 1, seed, ["greedy"], TableRules()).data


def in_progress(data: dict[str, Any], moves: int = 3) -> dict[str, Any]:
    hand = {**data["hands"][0], "moves": data["hands"][0]["moves"][:moves]}
    hand.pop("result", None)
    return {**data, "hands": [hand]}


# --- files and atomic writes -----------------------------------------------------------


def test_the_package_imports_no_pygame() -> None:
    check = (
        "import sys, game.persist.storage, game.persist.history, game.persist.records;"
        "assert not [m for m in sys.modules if m.split('.')[0] == 'pygame']"
    )
    done = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr


def test_home_variable_puts_both_folders_under_one_base(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(files.HOME_VARIABLE, str(tmp_path))
    storage = Storage()
    assert storage.config_dir == storage.data_dir == tmp_path
    assert storage.settings_path == tmp_path / "settings.json"
    assert storage.saved_game_path("table") == tmp_path / "saved-table.contack.json"
    assert records_dir(storage) == tmp_path / "records"
    assert finished_dir(storage) == tmp_path / "records" / "finished"


def test_without_home_the_platform_folders_are_used(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(files.HOME_VARIABLE, raising=False)
    storage = Storage()
    assert storage.config_dir.name == storage.data_dir.name == "contack"


def test_a_failed_atomic_write_keeps_the_old_file_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "file.json"
    atomic.write_text_atomically(path, "old")

    def refuse(_src: str, _dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("game.persist.atomic.os.replace", refuse)
    with pytest.raises(OSError):
        atomic.write_text_atomically(path, "new", durable=False)
    assert path.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["file.json"]


def test_write_json_refused_by_the_disk_gives_a_notice(tmp_path: Path) -> None:
    storage = Storage(tmp_path)
    (tmp_path / "blocked").write_text("a file where a folder should be")
    assert not storage.write_json(tmp_path / "blocked" / "x.json", {"a": 1})
    notices = [str(n) for n in storage.take_notices()]
    assert len(notices) == 1 and notices[0].startswith("Could not save x.json")
    assert storage.notices == [] and storage.take_notices() == []


def test_unreadable_json_is_set_aside_once_per_name(tmp_path: Path) -> None:
    storage = Storage(tmp_path)
    path = tmp_path / "thing.json"
    for _ in range(2):
        path.write_text("{torn")
        assert storage.read_json(path) is None
    assert not path.exists()
    assert len(list(tmp_path.glob("thing.json.bad-*"))) == 2
    assert all("could not be read" in text for text in map(str, storage.take_notices()))
    assert storage.read_json(tmp_path / "missing.json") is None and not storage.notices


# --- settings ----------------------------------------------------------------------------


def test_settings_round_trip_and_keep_unknown_keys(tmp_path: Path) -> None:
    storage = Storage(tmp_path)
    assert load_settings(storage) == Settings()
    (tmp_path / SETTINGS_FILE).write_text(
        json.dumps(
            {
                "theme": "1962",
                "volume": 1,
                "muted": "yes",
                "animation_speed": "warp",
                "future_option": [1, 2],
            }
        )
    )
    chosen = storage.load_settings()
    assert (chosen.theme, chosen.volume, chosen.muted) == ("1962", 1.0, False)
    assert chosen.animation_speed == "normal" and chosen.extra == {"future_option": [1, 2]}
    chosen.colour_blind = True
    assert save_settings(storage, chosen)
    written = json.loads((tmp_path / SETTINGS_FILE).read_text())
    assert written["future_option"] == [1, 2] and written["colour_blind"] is True
    assert settings.load_settings(storage) == chosen


def test_settings_that_are_not_an_object_are_set_aside(tmp_path: Path) -> None:
    (tmp_path / SETTINGS_FILE).write_text("[1, 2]")
    storage = Storage(tmp_path)
    assert storage.load_settings() == Settings()
    assert list(tmp_path.glob(f"{SETTINGS_FILE}.bad-*")) and storage.notices


# --- the autosave ------------------------------------------------------------------------


def test_autosave_saved_checked_and_cleared(tmp_path: Path) -> None:
    storage = Storage(tmp_path)
    mode = "draw-solitaire"
    assert not autosave.has_saved_game(storage)
    assert autosave.check_saved_game(storage, mode) is None
    data = in_progress(record(mode))
    assert autosave.save_game(storage, data)
    assert autosave.check_saved_game(storage, mode) == data and not storage.notices
    undealt = {**data, "hands": []}
    storage.save_game(undealt)
    assert autosave.check_saved_game(storage, mode) == undealt
    autosave.clear_game(storage, mode)
    assert not storage.has_saved_game()
    autosave.clear_game(storage, mode)  # nothing to clear is fine


def test_each_mode_keeps_its_own_autosave(tmp_path: Path) -> None:
    storage = Storage(tmp_path)
    saves = {mode: in_progress(record(mode)) for mode in MODES}
    for data in saves.values():
        storage.save_game(data)
    assert autosave.check_saved_games(storage) == saves
    storage.clear_game("table")
    assert not storage.has_saved_game("table") and storage.has_saved_game("draw-solitaire")


def test_the_old_single_autosave_moves_to_its_mode(tmp_path: Path) -> None:
    storage = Storage(tmp_path)
    data = in_progress(record("stacked-solitaire"))
    (tmp_path / autosave.LEGACY_FILE).write_text(json.dumps(data), encoding="utf-8")
    assert autosave.check_saved_games(storage) == {"stacked-solitaire": data}
    newer = in_progress(record("table"))
    storage.save_game(newer)
    (tmp_path / autosave.LEGACY_FILE).write_text(
        json.dumps(in_progress(record("table"), 2)), encoding="utf-8"
    )
    assert autosave.check_saved_games(storage)["table"] == newer  # the newer one stays
    assert list(tmp_path.glob(f"{autosave.LEGACY_FILE}.bad-*"))  # the old one kept aside


def test_autosave_the_rules_refuse_is_set_aside_with_the_reason(tmp_path: Path) -> None:
    storage = Storage(tmp_path)
    data = in_progress(record(), 4)
    data["hands"][0]["moves"][2]["tile"] = "99-99-99"
    storage.save_game(data)
    assert autosave.check_saved_game(storage, "table") is None
    assert not storage.has_saved_game()
    assert list(tmp_path.glob("saved-table.contack.json.bad-*"))
    notices = [str(n) for n in storage.take_notices()]
    assert len(notices) == 1 and "hand 0 move 2" in notices[0]


# --- record files ------------------------------------------------------------------------


def test_record_files_read_write_and_replay(tmp_path: Path) -> None:
    path = tmp_path / f"game{RECORD_SUFFIX}"
    game = GameRecord(record())
    write_record(game, path)
    assert read_record(path).data == game.data
    assert read_recorded_game(path).record.data == game.data
    with pytest.raises(RecordError, match="cannot read") as missing:
        read_record(tmp_path / "missing.contack.json")
    assert "\n" not in str(missing.value)
    with pytest.raises(RecordError):
        check_record_dict(["not", "a", "record"])
    original = record()
    check_record_dict(original)
    assert original == record()  # checked on a copy


def test_record_names_are_safe_dated_and_never_overwrite(tmp_path: Path) -> None:
    storage = Storage(tmp_path)
    assert clean_name("  a/b\\c:*?<>|  d  ") == "abc d"
    assert len(clean_name("x" * 100)) == 40
    stamp = time.mktime((2024, 5, 6, 7, 8, 0, 0, 0, -1))
    assert dated_name("Table: game", stamp) == "Table game 2024-05-06 0708"
    with pytest.raises(RecordSaveError):
        save_named_record(storage, GameRecord(record()), " ./ ")
    first = save_named_record(storage, GameRecord(record()), "Ann")
    second = save_named_record(storage, GameRecord(record()), "Ann")
    assert (first.name, second.name) == ("Ann.contack.json", "Ann 2.contack.json")


def test_records_listed_newest_first_and_deleted(tmp_path: Path) -> None:
    storage = Storage(tmp_path)
    old = save_named_record(storage, GameRecord(record()), "old")
    new = save_named_record(storage, GameRecord(in_progress(record())), "new")
    torn = records_dir(storage) / f"torn{RECORD_SUFFIX}"
    torn.write_text("{")
    for age, path in enumerate((torn, new, old)):
        os.utime(path, (1_700_000_000 - age * 60, 1_700_000_000 - age * 60))
    listed = list_records(storage)
    assert [f.name for f in listed] == ["torn", "new", "old"]
    assert listed[0].error and listed[1].in_progress and not listed[2].in_progress
    assert listed[2].mode == "table" and listed[2].players
    assert delete_record(old) is None and not old.exists()
    notice = delete_record(old)
    assert notice is not None and str(notice).startswith("Could not delete old.contack.json")


# --- history and statistics --------------------------------------------------------------


def test_a_refused_game_is_not_added_and_says_why(tmp_path: Path) -> None:
    storage = Storage(tmp_path)
    assert add_finished_game(storage, {"format": "nonsense"}) is None
    assert "not added to the history" in str(storage.take_notices()[0])
    assert not (tmp_path / HISTORY_FILE).exists()


def test_history_entry_and_reset_statistics_keeps_the_games(tmp_path: Path) -> None:
    storage = Storage(tmp_path)
    entry = add_finished_game(storage, record(), now=1_700_000_000)
    assert entry is not None and entry["mode"] == "table" and " won (" in entry["summary"]
    assert (tmp_path / entry["file"]).parent == finished_dir(storage)
    assert add_finished_game(storage, record()) is None  # the same game counts once
    reset_statistics(storage)
    history = load_history(storage)
    assert len(history.games) == 1 and not history.players
    assert json.loads((tmp_path / HISTORY_FILE).read_text())["version"] == 1


def test_history_of_another_version_is_set_aside(tmp_path: Path) -> None:
    (tmp_path / HISTORY_FILE).write_text(json.dumps({"version": 99, "games": []}))
    storage = Storage(tmp_path)
    assert load_history(storage) == History()
    assert "not a Contack history file" in str(storage.take_notices()[0])


def test_stats_read_only_with_the_right_types() -> None:
    assert read_stats(PlayerStats, {"games": 2, "wins": 1, "best_score": None}) == PlayerStats(
        games=2, wins=1
    )
    assert read_stats(PlayerStats, {"games": "2"}) is None
    assert read_stats(PlayerStats, {"computer": 1}) is None
    assert read_stats(SolitaireStats, [1]) is None
    history = History.from_dict(
        {"players": {"Ann": {"games": 1.5}, "Bo": {"games": 1}}, "games": [{"date": "x"}]}
    )
    assert list(history.players) == ["Bo"] and history.games == []


def test_solitaire_wins_with_help_are_counted_apart() -> None:
    stats = SolitaireStats()
    count_solitaire(stats, True, hints=False, undos=False, autoplay=False)
    count_solitaire(stats, True, hints=False, undos=True, autoplay=True)
    assert (stats.won, stats.clean_wins, stats.undo_wins, stats.autoplay_wins) == (2, 1, 1, 1)
    count_solitaire(stats, False, hints=False, undos=False, autoplay=False)
    assert (stats.played, stats.streak, stats.best_streak) == (3, 0, 2)
    assert stats.win_rate == pytest.approx(2 / 3)
