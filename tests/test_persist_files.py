"""Where the game's files live, and JSON read and written safely (game/persist/files.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.persist import files
from game.persist.files import read_bounded
from game.persist.records import finished_dir, records_dir
from game.persist.storage import Storage
from tests.conftest import AppMaker


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


# --- issue 16: malformed input refused in one line, damaged files set aside ------------


def test_a_record_too_large_is_refused_before_it_is_parsed(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_bytes(b" " * 2048)
    with pytest.raises(OSError, match="too large"):
        read_bounded(path, limit=1024)


def test_writes_cut_short_are_swept_at_start(make_app: AppMaker, tmp_path: Path) -> None:
    leftover = tmp_path / ".tmp-abc.part"
    leftover.write_text("{", encoding="utf-8")
    make_app(tmp_path)
    assert not leftover.exists()
