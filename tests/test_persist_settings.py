"""The player's settings on disk (game/persist/settings.py): read, written, and set aside
with a notice when damaged."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from game.persist import settings
from game.persist.settings import SETTINGS_FILE, Settings, load_settings, save_settings
from game.persist.storage import Storage


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
                "winnable_light": "sometimes",
                "future_option": [1, 2],
            }
        )
    )
    chosen = storage.load_settings()
    assert (chosen.theme, chosen.volume, chosen.muted) == ("1962", 1.0, False)
    assert chosen.animation_speed == "normal" and chosen.extra == {"future_option": [1, 2]}
    assert chosen.winnable_light == "winnable"
    chosen.colour_blind = True
    chosen.winnable_light = "every"
    assert save_settings(storage, chosen)
    written = json.loads((tmp_path / SETTINGS_FILE).read_text())
    assert written["future_option"] == [1, 2] and written["colour_blind"] is True
    assert settings.load_settings(storage) == chosen


def test_settings_that_are_not_an_object_are_set_aside(tmp_path: Path) -> None:
    (tmp_path / SETTINGS_FILE).write_text("[1, 2]")
    storage = Storage(tmp_path)
    assert storage.load_settings() == Settings()
    assert list(tmp_path.glob(f"{SETTINGS_FILE}.bad-*")) and storage.notices


# --- issue 16: malformed input refused in one line, damaged files set aside ------------


@pytest.mark.parametrize("text", ["[" * 5000, '{"a": NaN}', "null", "[]", "\x00\x01"])
def test_damaged_settings_are_set_aside_with_a_notice(tmp_path: Path, text: str) -> None:
    storage = Storage(tmp_path)
    storage.settings_path.parent.mkdir(parents=True, exist_ok=True)
    storage.settings_path.write_text(text, encoding="utf-8")
    settings = storage.load_settings()
    assert settings == type(settings)()
    assert len(storage.take_notices()) == 1
    assert not storage.settings_path.exists()
    assert any(
        p.name.startswith(storage.settings_path.name + ".bad-")
        for p in storage.settings_path.parent.iterdir()
    )


def test_a_pipe_in_place_of_the_settings_is_set_aside(tmp_path: Path) -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes here")
    storage = Storage(tmp_path)
    storage.settings_path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(storage.settings_path)
    storage.load_settings()  # returns at once: it does not wait on the pipe
    assert "not a regular file" in " ".join(map(str, storage.take_notices()))
