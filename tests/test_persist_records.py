"""Record files on disk (game/persist/records.py): read, checked, written, named, listed
and deleted."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.persist.storage import Storage
from game.rules.record import GameRecord
from tests.persistence_helpers import TABLE, table_record

# --- issue 16: malformed input refused in one line, damaged files set aside ------------


@pytest.mark.parametrize("name", ["con", "NUL", "com1", "lpt1", "aux.txt", "Con.backup"])
def test_names_the_system_keeps_are_refused(tmp_path: Path, name: str) -> None:
    from game.persist.records import RecordSaveError, save_named_record
    from game.rules.record import GameRecord

    with pytest.raises(RecordSaveError, match="keeps for itself"):
        save_named_record(Storage(tmp_path), GameRecord(table_record()), name)
    assert not list(tmp_path.rglob("*.contack.json"))


# --- issue 25: what a hostile first hour still found -----------------------------------


def test_the_records_folder_is_read_once_however_often_it_is_listed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Thousands of records list at once: a file is read again only when it changed."""
    from game.persist import records

    storage = Storage(tmp_path)
    folder = records.records_dir(storage)
    folder.mkdir(parents=True)
    for index in range(30):
        (folder / f"game {index}.contack.json").write_text(TABLE.read_text("utf-8"), "utf-8")
    (folder / "broken.contack.json").write_text("{", "utf-8")
    first = records.list_records(storage)
    reads: list[Path] = []
    real_read = records.read_record

    def read_record(path: str | Path) -> GameRecord:
        reads.append(Path(path))
        return real_read(path)

    monkeypatch.setattr(records, "read_record", read_record)
    again = records.list_records(storage)
    assert again == first and reads == []
    (folder / "game 3.contack.json").write_text("[]", "utf-8")
    changed = {file.name: file for file in records.list_records(storage)}
    assert reads == [folder / "game 3.contack.json"] and changed["game 3"].error
    assert changed["broken"].error and changed["game 4"].players


def test_a_damaged_listing_is_read_again_from_the_files(tmp_path: Path) -> None:
    from game.persist import records

    storage = Storage(tmp_path)
    folder = records.records_dir(storage)
    folder.mkdir(parents=True)
    (folder / "one.contack.json").write_text(TABLE.read_text("utf-8"), "utf-8")
    (folder / records.LISTING_FILE).write_text('{"one.contack.json": 7, "x": [', "utf-8")
    assert [file.name for file in records.list_records(storage)] == ["one"]
    (folder / records.LISTING_FILE).write_text('{"one.contack.json": {"stamp": 1}}', "utf-8")
    assert records.list_records(storage)[0].players
