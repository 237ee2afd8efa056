"""The real app, headless, driven by posted mouse and keyboard events."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import TypeVar

import pygame
import pytest

from game.app import App, ManualClock
from game.cli import simulate
from game.persist.storage import Storage
from game.rules.table_rules import TableRules
from game.scenes.base import Scene
from game.scenes.dialog import ConfirmScene
from game.scenes.draw_solitaire import DrawSolitaireScene
from game.scenes.menu import MenuScene
from game.scenes.puzzles import PuzzlesScene
from game.scenes.rules_screen import RulesScene
from game.scenes.settings import SettingsScene
from game.scenes.setup import SetupScene
from game.scenes.stacked_solitaire import StackedSolitaireScene
from game.scenes.table import TableScene
from game.ui.pacing import FIXED_DT, MAX_STEPS
from game.ui.theme import PALETTE
from game.ui.widgets import Widget
from tests.conftest import AppMaker
from tests.drive import Input

ROOT = Path(__file__).resolve().parents[1]


S = TypeVar("S", bound=Scene)


@pytest.fixture
def home(tmp_path: Path) -> Path:
    return tmp_path


def click_next(app: App, choice: Widget) -> None:
    """Click a choice's right arrow (its next value)."""
    Input(app).click((choice.rect.right - 24, choice.rect.centery))


def menu_button(app: App, name: str) -> Widget:
    scene = app.scene
    assert isinstance(scene, MenuScene)
    return scene.buttons[name]


def open_from_menu(app: App, name: str, kind: type[S]) -> S:
    """Click the menu entry `name`; the scene it opens, which must be a `kind`."""
    Input(app).click(menu_button(app, name))
    scene = app.scene
    assert isinstance(scene, kind)
    return scene


@pytest.mark.parametrize(
    ("button", "scene_type"),
    [
        ("table", SetupScene),
        ("draw", DrawSolitaireScene),
        ("stacked", StackedSolitaireScene),
        ("puzzles", PuzzlesScene),
        ("rules", RulesScene),
        ("settings", SettingsScene),
    ],
)
def test_each_menu_entry_opens_its_scene_and_escape_comes_back(
    make_app: AppMaker, home: Path, button: str, scene_type: type[Scene]
) -> None:
    app = make_app(home)
    Input(app).click(menu_button(app, button))
    assert isinstance(app.scene, scene_type)
    assert len(app.scenes) == 2
    Input(app).press(pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene) and len(app.scenes) == 1


def test_menu_keyboard_navigation_opens_rules(make_app: AppMaker, home: Path) -> None:
    app = make_app(home)
    for _ in range(6):
        Input(app).press(pygame.K_DOWN)
    Input(app).press(pygame.K_RETURN)
    assert isinstance(app.scene, RulesScene)
    Input(app).press(pygame.K_RIGHT)
    assert app.scene.page == 1


def test_escape_on_menu_asks_before_quitting(make_app: AppMaker, home: Path) -> None:
    app = make_app(home)
    Input(app).press(pygame.K_ESCAPE)
    assert isinstance(app.scene, ConfirmScene)
    Input(app).press(pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene) and app.running
    Input(app).press(pygame.K_ESCAPE)
    dialog = app.scene
    assert isinstance(dialog, ConfirmScene)
    Input(app).click(dialog.yes)
    assert not app.running


def test_closing_the_window_quits_at_once_from_any_scene(make_app: AppMaker, home: Path) -> None:
    app = make_app(home)
    Input(app).click(menu_button(app, "rules"))
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert app.tick() is False
    assert not app.running


def test_setup_builds_the_table_config(make_app: AppMaker, home: Path) -> None:
    app = make_app(home)
    setup = open_from_menu(app, "table", SetupScene)
    click_next(app, setup.count)
    click_next(app, setup.count)
    assert setup.count.value == 4 and setup.rules.partners.enabled
    Input(app).click(setup.rules.partners)
    Input(app).click(setup.names[0])
    setup.names[0].text = ""
    Input(app).text("Ann", frames=1)
    Input(app).click(setup.kinds[2])  # greedy -> expert
    click_next(app, setup.rules.variant)
    click_next(app, setup.rules.length)
    Input(app).click(setup.start)
    table = app.scene
    assert isinstance(table, TableScene) and len(app.scenes) == 2
    assert table.match.record.to_json()["rules"] == {
        "hands": 3,
        "partners": True,
        "free_draw": False,
        "variant": "club",
        "chips": 40,
        "time_limit_s": 600,
    }
    players = table.match.record.to_json()["players"]
    assert [p["kind"] for p in players] == ["human", "ai:greedy", "ai:expert", "ai:greedy"]
    assert players[0]["name"] == "Ann"
    assert set(table.match.record.to_json()) >= {"rules", "players", "seed", "hands"}
    Input(app).press(pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)


def test_every_setting_changes_and_survives_a_restart(make_app: AppMaker, home: Path) -> None:
    app = make_app(home)
    settings = open_from_menu(app, "settings", SettingsScene)
    click_next(app, settings.theme)
    Input(app).click(settings.colour_blind)
    Input(app).click(settings.volume)
    Input(app).press(pygame.K_LEFT)
    Input(app).click(settings.muted)
    click_next(app, settings.speed)
    Input(app).click(settings.handoff)
    Input(app).press(pygame.K_F11)
    assert settings.fullscreen.value
    expected = {
        "theme": "1939",
        "colour_blind": True,
        "muted": True,
        "animation_speed": "fast",
        "handoff_banner": False,
        "fullscreen": True,
    }
    for name, value in expected.items():
        assert getattr(app.settings, name) == value, name
    volume = app.settings.volume
    assert volume != pytest.approx(0.7)
    assert app.art.theme.key == "1939" and app.art.colour_blind
    again = make_app(home)
    for name, value in expected.items():
        assert getattr(again.settings, name) == value, name
    assert again.settings.volume == pytest.approx(volume)
    assert again.sound.muted


def test_choice_and_slider_hit_testing_does_not_wait_for_a_draw(
    make_app: AppMaker, home: Path
) -> None:
    """Their arrows and track come from the layout, so a click lands right even when the
    scene has not been drawn since it was laid out (drawing changes nothing)."""
    app = make_app(home)
    settings = open_from_menu(app, "settings", SettingsScene)
    settings.resize((1000, 700))
    speed = settings.speed
    before = app.settings.animation_speed
    left_arrow = (speed.rect.right - speed.rect.width // 2 + 4, speed.rect.centery)
    for event_type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        settings.handle_event(pygame.event.Event(event_type, pos=left_arrow, button=1))
    assert app.settings.animation_speed != before
    speed.step(1)
    assert app.settings.animation_speed == before
    volume = settings.volume
    far_left = (volume.rect.right - volume.rect.width // 2, volume.rect.centery)
    for event_type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        settings.handle_event(pygame.event.Event(event_type, pos=far_left, button=1))
    assert app.settings.volume == 0.0


def test_resize_lays_out_again_with_a_minimum(make_app: AppMaker, home: Path) -> None:
    app = make_app(home)
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


def test_corrupt_settings_give_a_notice_and_defaults(make_app: AppMaker, home: Path) -> None:
    (home / "settings.json").write_text("{not json", encoding="utf-8")
    app = make_app(home)
    assert app.settings.theme == "modern"
    assert any("could not be read" in notice for notice in app.notices)
    kept = list(home.glob("settings.json.bad-*"))
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == "{not json"
    assert not (home / "settings.json").exists()


def test_continue_appears_with_a_saved_game_and_resumes_it(make_app: AppMaker, home: Path) -> None:
    finished = simulate("table", 2, 5, ["random"], TableRules(hands=1))
    record = json.loads(finished.dumps())
    record["players"][0]["kind"] = "human"
    del record["hands"][0]["result"]
    record["hands"][0]["moves"] = record["hands"][0]["moves"][:3]
    # An earlier version's single save: moved to the table's slot on start.
    (home / "saved-game.contack.json").write_text(json.dumps(record), encoding="utf-8")
    app = make_app(home)
    assert not (home / "saved-game.contack.json").exists()
    button = menu_button(app, "continue-table")
    assert button.visible
    assert not menu_button(app, "continue-draw").visible
    Input(app).click(button)
    assert isinstance(app.scene, TableScene)


@pytest.mark.parametrize(("reported", "paced"), [(0, 60), (75, 75), (10, 30), (500, 240)])
def test_frames_are_paced_to_the_display_refresh_rate(
    make_app: AppMaker, home: Path, monkeypatch: pytest.MonkeyPatch, reported: int, paced: int
) -> None:
    from game.ui.pacing import display_rate

    make_app(home)
    monkeypatch.setattr(pygame.display, "get_current_refresh_rate", lambda: reported)
    assert display_rate() == paced


def test_the_loop_runs_fixed_steps_with_a_cap() -> None:
    class Counter(Scene):
        def __init__(self, app: App) -> None:
            super().__init__(app)
            self.steps: list[float] = []
            self.alphas: list[float] = []

        def update(self, dt: float) -> None:
            self.steps.append(dt)

        def still_for(self) -> float:
            return 0.0  # it moves: drawn every frame, with the leftover fraction

        def draw(self, surface: pygame.Surface, alpha: float) -> None:
            self.alphas.append(alpha)

    clock = ManualClock(step=0.0)
    app = App(clock=clock, storage=Storage(os.environ.get("TMPDIR", "/tmp") + "/contack-loop"))
    counter = Counter(app)
    pygame.event.clear()  # no window events left from opening the window or other tests
    app.push(counter)
    clock.advance(FIXED_DT)
    app.tick()  # the menu's step, then the push
    assert app.scene is counter and not counter.steps
    clock.advance(FIXED_DT * 2.5)
    app.tick()
    assert counter.steps == [FIXED_DT, FIXED_DT] and counter.alphas[-1] == pytest.approx(0.5)
    clock.advance(5.0)  # a long stall: clamped, then capped
    app.tick()
    assert len(counter.steps) == 2 + MAX_STEPS


def test_stack_changes_wait_until_the_handler_returns(make_app: AppMaker, home: Path) -> None:
    app = make_app(home)
    menu = app.scene
    menu.services.push(SettingsScene(app))
    assert app.scene is menu
    app.run_frames(1)
    assert isinstance(app.scene, SettingsScene)


def test_menu_pixels_show_felt_and_a_gold_title(make_app: AppMaker, home: Path) -> None:
    app = make_app(home)
    corner = app.screen.get_at((5, 5))
    assert corner.g > corner.r and corner.g > corner.b
    button = menu_button(app, "table")
    assert button.focused
    assert app.screen.get_at((button.rect.x + 12, button.rect.centery))[:3] == PALETTE.gold


def test_no_audio_device_runs_silent(tmp_path: Path) -> None:
    script = (
        "from game.app import App, ManualClock\n"
        "app = App(clock=ManualClock())\n"
        "app.sound.play('place'); app.run_frames(3)\n"
        "print(app.sound.available)\n"
    )
    env = {
        **os.environ,
        "SDL_AUDIODRIVER": "no-such-driver",
        "SDL_VIDEODRIVER": "dummy",
        "CONTACK_HOME": str(tmp_path),
    }
    result = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == "False"


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
