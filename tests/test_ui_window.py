"""The window: the size the player chose is kept for the next start."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from game.app import App, ManualClock
from game.persist.storage import Storage


def test_the_window_keeps_the_size_the_player_chose(tmp_path: Path) -> None:
    """A window resized by the player opens at that size next time (fitted to the
    screen there is then); a damaged size in the settings is dropped."""
    from game.ai.worker import InProcessAdviser
    from game.ui.window import remembered_size

    app = App(
        (1280, 800), clock=ManualClock(), storage=Storage(tmp_path), adviser=InProcessAdviser()
    )
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=900, h=650, size=(900, 650)))
    app.run_frames(2)
    app.close()
    again = App(clock=ManualClock(), storage=Storage(tmp_path), adviser=InProcessAdviser())
    desktops = pygame.display.get_desktop_sizes()
    assert again.window.windowed_size == remembered_size([900, 650], desktops)
    again.close()
    assert remembered_size([3000, 2000], [(1920, 1080)]) == (1920, 1080)
    assert remembered_size(None, [(1920, 1080)]) is None
    settings = tmp_path / "settings.json"
    data = json.loads(settings.read_text("utf-8"))
    assert data["window_size"] == [900, 650]
    for damaged in ([1, 2], "big", [900], [900, "650"], [10**9, 600]):
        data["window_size"] = damaged
        settings.write_text(json.dumps(data), "utf-8")
        assert Storage(tmp_path).load_settings().window_size is None


def test_the_window_opens_with_the_games_icon(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    given: list[pygame.Surface] = []
    monkeypatch.setattr(pygame.display, "set_icon", given.append)
    App((800, 600), storage=Storage(tmp_path), clock=ManualClock()).close()
    (icon,) = given
    assert icon.get_size() == (256, 256)
    assert icon.get_at((128, 200))[:3] != icon.get_at((4, 128))[:3]  # a tile on the felt


def test_the_icon_is_read_once_a_process(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every window shows the icon, and the tests open thousands: it is read once."""
    App((800, 600), storage=Storage(tmp_path), clock=ManualClock()).close()
    monkeypatch.setattr(pygame.image, "load", None)  # reading it again would fail
    given: list[pygame.Surface] = []
    monkeypatch.setattr(pygame.display, "set_icon", given.append)
    App((800, 600), storage=Storage(tmp_path), clock=ManualClock()).close()
    assert [icon.get_size() for icon in given] == [(256, 256)]
