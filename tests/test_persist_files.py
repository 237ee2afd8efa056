"""Where the game's files live, and JSON read and written safely (game/persist/files.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.persist.files import read_bounded
from tests.conftest import AppMaker

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
