"""Atomic writes (game/persist/atomic.py): a failed write leaves the old file whole."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.persist import atomic


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
