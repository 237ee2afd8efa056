"""The app itself (game/app.py): the first window's size, resizes, the keyboard's text
input around a screen a key opens."""

from __future__ import annotations

import pygame
import pytest

from game.scenes.requests import TableRequest
from tests.conftest import AppMaker
from tests.drive import Input


def test_the_first_window_is_sized_from_the_desktop() -> None:
    from game.app import DEFAULT_SIZE, window_size_for

    assert window_size_for([]) == DEFAULT_SIZE
    assert window_size_for([(3840, 2160)]) == (2938, 1836)  # a 4K screen in real pixels
    assert window_size_for([(1920, 1080)]) == (1469, 918)
    assert window_size_for([(1366, 768)]) == (1229, 768)  # all the height there is


# --- issue 16: malformed input refused in one line, damaged files set aside ------------


def test_a_resize_storm_lays_out_once_a_frame(make_app: AppMaker) -> None:
    app = make_app(speed="instant", frames=1)
    layouts: list[tuple[int, int]] = []
    scene = app.scene
    resize = scene.resize

    def counted_resize(size: tuple[int, int]) -> None:
        layouts.append(size)
        resize(size)

    scene.resize = counted_resize  # type: ignore[method-assign]
    for step in range(200):
        size = (800 + step, 600 + step // 2)
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    app.run_frames(1)
    assert layouts == [(999, 699)]


# --- issue 25: what a hostile first hour still found -----------------------------------


def test_the_key_that_opens_the_save_dialog_types_nothing_and_typing_lives_on(
    make_app: AppMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    """S opens the save dialog without typing an "s" into its name, and closing the
    dialog leaves the keyboard's text input on (deal numbers, codes and names)."""
    from tools.samples import table_config

    text_input = {"on": True}
    monkeypatch.setattr(pygame.key, "stop_text_input", lambda: text_input.update(on=False))
    monkeypatch.setattr(pygame.key, "start_text_input", lambda: text_input.update(on=True))
    app = make_app(speed="instant")
    app.open(TableRequest(table_config([("Ann", "human"), ("Ben", "ai:greedy")], 3)))
    app.run_frames(30)
    drive = Input(app)
    drive.post(pygame.KEYDOWN, key=pygame.K_s, mod=0, unicode="s")
    drive.post(pygame.TEXTINPUT, text="s")
    drive.post(pygame.KEYUP, key=pygame.K_s, mod=0)
    drive.frames(2)
    dialog = app.scene
    assert type(dialog).__name__ == "SaveRecordScene"
    name = dialog.field.text  # type: ignore[attr-defined]
    assert not name.endswith("s"), name
    drive.text("!")
    assert dialog.field.text == name + "!"  # type: ignore[attr-defined]
    drive.press(pygame.K_RETURN)
    assert type(app.scene).__name__ == "TableScene" and text_input["on"]
