"""Record files on disk (game/persist/records.py): read, checked, written, named, listed
and deleted."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from game.persist.records import (
    RECORD_SUFFIX,
    RecordSaveError,
    check_record_dict,
    clean_name,
    dated_name,
    delete_record,
    read_record,
    read_recorded_game,
    records_dir,
    save_named_record,
    write_record,
)
from game.persist.storage import Storage
from game.rules.errors import RecordError
from game.rules.record.document import GameRecord
from game.scenes.games.records import RecordsScene
from game.scenes.menus.menu import MenuScene
from game.scenes.review.replay import ReplayScene
from tests.conftest import AppMaker
from tests.drive import Input
from tests.persistence_helpers import (
    TABLE,
    finished_record,
    in_progress,
    list_records,
    record,
    table_record,
)


def test_record_files_read_write_and_replay(tmp_path: Path) -> None:
    path = tmp_path / f"game{RECORD_SUFFIX}"
    game = GameRecord.parse(record())
    write_record(game, path)
    assert read_record(path).to_json() == game.to_json()
    assert read_recorded_game(path).record.to_json() == game.to_json()
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
        save_named_record(storage, GameRecord.parse(record()), " ./ ")
    first = save_named_record(storage, GameRecord.parse(record()), "Ann")
    second = save_named_record(storage, GameRecord.parse(record()), "Ann")
    assert (first.name, second.name) == ("Ann.contack.json", "Ann 2.contack.json")


def test_records_listed_newest_first_and_deleted(tmp_path: Path) -> None:
    storage = Storage(tmp_path)
    old = save_named_record(storage, GameRecord.parse(record()), "old")
    new = save_named_record(storage, GameRecord.parse(in_progress(record())), "new")
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


def test_named_records_saved_listed_and_opened(make_app: AppMaker, tmp_path: Path) -> None:
    app = make_app(tmp_path)
    record = finished_record()
    first = save_named_record(app.storage, GameRecord.parse(record), "Sunday: the big game")
    second = save_named_record(app.storage, GameRecord.parse(record), "Sunday: the big game")
    assert first != second
    assert first.name == "Sunday the big game.contack.json"
    assert second.name == "Sunday the big game 2.contack.json"
    assert read_record(first).to_json() == record
    (first.parent / "torn.contack.json").write_text('{"format": "con')
    names = {entry.name: entry for entry in list_records(app.storage)}
    assert names["torn"].error and not names["Sunday the big game"].error

    menu = app.scene
    assert isinstance(menu, MenuScene)
    Input(app).click(menu.buttons["games"])
    scene = app.scene
    assert isinstance(scene, RecordsScene)
    while scene.chosen is not None and scene.chosen.error:
        Input(app).press(__import__("pygame").K_DOWN)
    Input(app).click(scene.watch)
    assert isinstance(app.scene, ReplayScene)


def test_a_record_is_written_atomically_and_read_back(tmp_path: Path) -> None:
    path = tmp_path / "game.contack.json"
    record = GameRecord.parse(finished_record())
    write_record(record, path)
    assert read_record(path).to_json() == record.to_json()
    assert [p.name for p in tmp_path.iterdir()] == ["game.contack.json"]


# --- issue 16: malformed input refused in one line, damaged files set aside ------------


@pytest.mark.parametrize("name", ["con", "NUL", "com1", "lpt1", "aux.txt", "Con.backup"])
def test_names_the_system_keeps_are_refused(tmp_path: Path, name: str) -> None:
    from game.persist.records import RecordSaveError, save_named_record
    from game.rules.record.document import GameRecord

    with pytest.raises(RecordSaveError, match="keeps for itself"):
        save_named_record(Storage(tmp_path), GameRecord.parse(table_record()), name)
    assert not list(tmp_path.rglob("*.contack.json"))


# --- issue 25: what a hostile first hour still found -----------------------------------


def test_the_records_folder_is_read_once_however_often_it_is_listed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Thousands of records list at once: a file is read again only when it changed."""
    from game.persist import records, records_listing

    storage = Storage(tmp_path)
    folder = records.records_dir(storage)
    folder.mkdir(parents=True)
    for index in range(30):
        (folder / f"game {index}.contack.json").write_text(TABLE.read_text("utf-8"), "utf-8")
    (folder / "broken.contack.json").write_text("{", "utf-8")
    first = list_records(storage)
    reads: list[Path] = []
    real_read = records.read_record

    def read_record(path: str | Path) -> GameRecord:
        reads.append(Path(path))
        return real_read(path)

    monkeypatch.setattr(records_listing, "read_record", read_record)
    again = list_records(storage)
    assert again == first and reads == []
    (folder / "game 3.contack.json").write_text("[]", "utf-8")
    changed = {file.name: file for file in list_records(storage)}
    assert reads == [folder / "game 3.contack.json"] and changed["game 3"].error
    assert changed["broken"].error and changed["game 4"].players


def test_a_damaged_listing_is_read_again_from_the_files(tmp_path: Path) -> None:
    from game.persist import records, records_listing

    storage = Storage(tmp_path)
    folder = records.records_dir(storage)
    folder.mkdir(parents=True)
    (folder / "one.contack.json").write_text(TABLE.read_text("utf-8"), "utf-8")
    (folder / records_listing.LISTING_FILE).write_text('{"one.contack.json": 7, "x": [', "utf-8")
    assert [file.name for file in list_records(storage)] == ["one"]
    (folder / records_listing.LISTING_FILE).write_text(
        '{"one.contack.json": {"stamp": 1}}', "utf-8"
    )
    assert list_records(storage)[0].players
