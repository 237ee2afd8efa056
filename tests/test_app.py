"""The app itself (game/app.py): the first window's size, resizes, the keyboard's text
input around a screen a key opens, closing the window from any screen,
a minimum size, corrupt settings set aside with a notice."""

from __future__ import annotations

import gc
import json
import weakref
from pathlib import Path

import pygame
import pytest

from game.app import COLLECTOR_GROWTH
from game.collector import Collector
from game.persist.records import write_record
from game.rules.record.document import GameRecord
from game.scenes.dialog import ConfirmScene
from game.scenes.menus.menu import MenuScene
from game.scenes.requests import Screen, TableRequest
from game.scenes.review.replay import ReplayScene
from game.ui.pacing import FIXED_DT
from tests.conftest import AppMaker
from tests.drive import Input, menu_button
from tests.persistence_helpers import finished_record, partial_record, resumed_game


def test_the_first_window_is_sized_from_the_desktop() -> None:
    from game.ui.window import DEFAULT_SIZE, window_size_for

    assert window_size_for([]) == DEFAULT_SIZE
    assert window_size_for([(3840, 2160)]) == (2938, 1836)  # a 4K screen in real pixels
    assert window_size_for([(1920, 1080)]) == (1469, 918)
    assert window_size_for([(1366, 768)]) == (1229, 768)  # all the height there is


def test_main_file_opens_finished_in_viewer_and_resumes_in_progress(
    make_app: AppMaker, tmp_path: Path
) -> None:
    finished = tmp_path / "done.contack.json"
    write_record(GameRecord.parse(finished_record()), finished)
    app = make_app(tmp_path / "a", record_path=str(finished))
    assert isinstance(app.scene, ReplayScene)

    running = tmp_path / "running.contack.json"
    data = partial_record(finished_record("stacked-solitaire", 1, 3), 5)
    write_record(GameRecord.parse(data), running)
    app = make_app(tmp_path / "b", record_path=str(running))
    assert resumed_game(app).record.to_json()["hands"] == data["hands"]


@pytest.mark.parametrize("content", ["not json at all", '{"format": "contack-record"}'])
def test_main_file_broken_gives_one_line_and_the_menu(
    make_app: AppMaker, tmp_path: Path, content: str
) -> None:
    broken = tmp_path / "broken.contack.json"
    broken.write_text(content)
    app = make_app(tmp_path / "home", record_path=str(broken))
    assert isinstance(app.scene, MenuScene)
    messages = [text for text in app.notices if "broken.contack.json" in text]
    assert len(messages) == 1 and "\n" not in messages[0]


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


def test_a_window_the_player_resizes_is_laid_out_again_and_its_size_kept(
    make_app: AppMaker, tmp_path: Path
) -> None:
    """pygame-ce resizes the display surface itself when the player drags a corner, before
    the events arrive (comparing their size with the surface's found no change): the
    screen is laid out as one started at that size, and the size is in the settings
    without closing the game (a kill loses nothing)."""
    from game.ui.window import SIZE_KEPT_AFTER_S

    app = make_app(tmp_path / "resized")
    pygame.display.set_mode((1000, 700), pygame.RESIZABLE)  # what the drag did
    pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1000, y=700))
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1000, h=700, size=(1000, 700)))
    app.run_frames(2)
    resized = [widget.rect.copy() for widget in app.scene.form.widgets]
    assert app.ui.scale == pytest.approx(1000 / 1280)
    app.run_frames(round(SIZE_KEPT_AFTER_S / FIXED_DT) + 1)
    settings = json.loads((tmp_path / "resized" / "settings.json").read_text("utf-8"))
    assert settings["window_size"] == [1000, 700]
    fresh = make_app(tmp_path / "fresh", size=(1000, 700))
    assert resized == [widget.rect for widget in fresh.scene.form.widgets]


def test_fullscreen_and_back_opens_the_window_at_its_size_laid_out_for_it(
    make_app: AppMaker,
) -> None:
    app = make_app(size=(1000, 700))
    drive = Input(app)
    drive.press(pygame.K_F11)
    assert app.settings.fullscreen and app.window.laid_out == app.size
    drive.press(pygame.K_F11)
    assert not app.settings.fullscreen
    assert app.size == app.window.laid_out == app.window.windowed_size == (1000, 700)
    assert app.ui.scale == pytest.approx(1000 / 1280)


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


def test_closing_the_window_quits_at_once_from_any_scene(
    make_app: AppMaker, tmp_path: Path
) -> None:
    app = make_app(tmp_path)
    Input(app).click(menu_button(app, "rules"))
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert app.tick() is False
    assert not app.running


def test_resize_lays_out_again_with_a_minimum(make_app: AppMaker, tmp_path: Path) -> None:
    app = make_app(tmp_path)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1000, h=700, size=(1000, 700)))
    app.run_frames(1)
    assert app.size == (1000, 700)
    quit_button = menu_button(app, "quit")
    assert pygame.Rect(0, 0, 1000, 700).contains(quit_button.rect)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=500, h=300, size=(500, 300)))
    app.run_frames(1)
    assert app.size == (800, 600)
    Input(app).click(menu_button(app, "quit"))
    assert isinstance(app.scene, ConfirmScene)


def test_corrupt_settings_give_a_notice_and_defaults(make_app: AppMaker, tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text("{not json", encoding="utf-8")
    app = make_app(tmp_path)
    assert app.settings.theme == "modern"
    assert any("could not be read" in notice for notice in app.notices)
    kept = list(tmp_path.glob("settings.json.bad-*"))
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == "{not json"
    assert not (tmp_path / "settings.json").exists()


def test_a_screen_that_opens_leaves_the_collector_only_what_it_makes(
    make_app: AppMaker, tmp_path: Path
) -> None:
    """A full pass of the cyclic collector over everything the game holds took two frames
    in the middle of an auto-play: the game as its loop starts is frozen, each screen that opens
    collects what was made since and freezes the rest, and frozen garbage is collected
    once the frozen objects have grown by a quarter; the game's close gives everything
    back to the collector."""
    app = make_app(tmp_path)
    gc.disable()  # only the opening screens may collect, not a pass the test happens upon
    app.collector = Collector(COLLECTOR_GROWTH)  # as the game's own loop starts it
    try:
        made_since = Cycle()
        gone = weakref.ref(made_since)
        del made_since
        Input(app).click(menu_button(app, "rules"))
        assert gone() is None
        frozen = gc.get_freeze_count()
        assert frozen > 10_000
        held = Cycle()
        held.ballast = [[] for _ in range(frozen // 10)]
        gone = weakref.ref(held)
        app.open(Screen.ABOUT)
        app.run_frames(1)  # frozen with the screen: the tenth more is not collected yet
        del held
        app.open(Screen.RULES)
        app.run_frames(1)
        assert gone() is not None
        # frozen with the next screen, a quarter more than at the start:
        kept: list[list[int]] = [[] for _ in range(frozen // 5)]
        app.open(Screen.ABOUT)
        app.run_frames(1)
        assert gone() is not None
        app.open(Screen.RULES)
        app.run_frames(1)
        assert gone() is None and kept
        app.close()
        assert gc.get_freeze_count() == 0
    finally:
        gc.enable()


class Cycle:
    """Garbage only the cyclic collector can take."""

    def __init__(self) -> None:
        self.itself = self
        self.ballast: list[list[int]] = []
