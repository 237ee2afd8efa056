"""The player's settings on disk (game/persist/settings.py): read, written, and set aside
with a notice when damaged."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from game.persist import settings
from game.persist.settings import (
    SETTINGS_FILE,
    Settings,
    club_address_problem,
    club_keys,
    keep_club_key,
    load_settings,
    new_club_key,
    save_settings,
)
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


def test_each_club_gets_its_own_key_made_from_one_secret_kept_and_never_in_the_repr(
    tmp_path: Path,
) -> None:
    storage = Storage(tmp_path)
    made = Settings()
    key, was = club_keys(made, "ws://club.example:8765")
    assert settings.CLUB_KEY.fullmatch(key) and was == "" and made.club_secret
    assert club_keys(made, "WS://Club.Example:8765/")[0] == key  # the same club
    assert club_keys(made, "ws://club.example:80")[0] == club_keys(made, "ws://club.example")[0]
    other = club_keys(made, "wss://other.example")[0]
    assert other != key and made.club_secret not in (key, other)
    assert made.club_secret not in repr(made) and key not in repr(made)
    save_settings(storage, made)
    assert club_keys(load_settings(storage), "ws://club.example:8765")[0] == key
    damaged = Settings.from_dict({"club_secret": "short", "club_server": "http://x"})
    assert damaged.club_secret == "" and damaged.club_server == ""
    assert club_keys(damaged, "ws://club.example:8765")[0] != key


def test_the_key_of_before_is_told_only_to_the_club_that_knew_it(tmp_path: Path) -> None:
    old_key = "the-key-every-club-was-told-" + "k" * 20
    old = Settings.from_dict({"club_key": old_key, "club_server": "wss://home.example"})
    key, was = club_keys(old, "wss://home.example:443/")
    assert was == old_key and key != old_key
    assert club_keys(old, "wss://other.example") == (club_keys(old, "wss://other.example")[0], "")
    old.club_server = "wss://other.example"  # the player moves to another club
    storage = Storage(tmp_path)
    save_settings(storage, old)
    again = load_settings(storage)
    assert club_keys(again, "wss://home.example")[1] == old_key
    assert club_keys(again, "wss://other.example")[1] == ""
    assert club_keys(Settings(), "wss://home.example")[1] == ""  # a new player had none


def test_a_club_address_is_ws_or_wss_to_a_computer() -> None:
    for address in ("ws://127.0.0.1:8765", "wss://club.example.org", "ws://[::1]:80/club"):
        assert club_address_problem(address) is None, address
    for address in ("http://x", "ws://", "ws://x:99999", "ws://x:0", "ws://a b", "ws://x/?q=1"):
        assert club_address_problem(address), address


def test_a_clubs_own_key_is_told_there_kept_and_never_in_the_repr(tmp_path: Path) -> None:
    made = Settings()
    derived = club_keys(made, "ws://club.example:8765")[0]
    own = new_club_key()
    keep_club_key(made, "WS://Club.Example:8765/", own)  # linked, or replaced, there
    assert club_keys(made, "ws://club.example:8765") == (own, "")
    assert club_keys(made, "wss://other.example")[0] not in (own, derived)
    assert own not in repr(made)
    storage = Storage(tmp_path)
    save_settings(storage, made)
    assert club_keys(load_settings(storage), "ws://club.example:8765")[0] == own
    for bad in ({"ws://club.example:8765": "short"}, {"ws://x": 5}, ["ws://x"]):
        assert Settings.from_dict({"club_own_keys": bad}).club_own_keys == {}
