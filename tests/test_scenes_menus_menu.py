"""The menu, through posted events: each entry opens its screen, the keyboard moves
through it, Escape asks before quitting, its pixels. Progress kept: one autosave per mode,
each resumed from its own Continue button; a new game over an unfinished one of its mode
asks first; the menu's buttons never move."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.app import App
from game.cli import simulate
from game.rules.modes import Mode
from game.rules.table_rules import TableRules
from game.scenes.base import Scene
from game.scenes.dialog import ConfirmScene
from game.scenes.menus.menu import LOGO_GAP, MenuScene
from game.scenes.menus.rules import RulesScene
from game.scenes.menus.settings import SettingsScene
from game.scenes.puzzles.scene import PuzzlesScene
from game.scenes.requests import Screen
from game.scenes.setup.scene import SetupScene
from game.scenes.solitaire.draw import DrawSolitaireScene
from game.scenes.solitaire.stacked import StackedSolitaireScene
from game.scenes.table.scene import TableScene
from game.ui.theme import PALETTE
from tests.conftest import AppMaker
from tests.drive import Input, menu_button
from tests.persistence_helpers import write_save
from tools.text_audit import watching

SCREENS = {
    Mode.TABLE: TableScene,
    Mode.DRAW_SOLITAIRE: DrawSolitaireScene,
    Mode.STACKED_SOLITAIRE: StackedSolitaireScene,
}
BUTTONS = {Mode.TABLE: "table", Mode.DRAW_SOLITAIRE: "draw", Mode.STACKED_SOLITAIRE: "stacked"}


def unfinished(mode: Mode) -> dict[str, Any]:
    record: dict[str, Any] = json.loads(
        simulate(mode, 2 if mode == Mode.TABLE else 1, 4, ["greedy"], TableRules(hands=1)).dumps()
    )
    record["players"][0]["kind"] = "human"
    hand = record["hands"][0]
    hand.pop("result")
    hand["moves"] = hand["moves"][:3]
    return record


def menu(app: App) -> MenuScene:
    scene = app.scene
    assert isinstance(scene, MenuScene)
    return scene


def test_three_autosaves_coexist_and_each_resumes(make_app: AppMaker, tmp_path: Path) -> None:
    app = make_app(speed="instant")
    saves = {mode: unfinished(mode) for mode in tuple(Mode)}
    for data in saves.values():
        write_save(app.storage, data)
    for mode in tuple(Mode):
        app.clear_to_root()
        app.run_frames(2)
        button = menu(app).buttons[f"continue-{BUTTONS[mode]}"]
        assert button.visible
        Input(app).click(button)
        scene = app.scene
        assert isinstance(scene, SCREENS[mode])
        flow = getattr(scene, "match", None) or getattr(scene, "session", None)
        assert flow is not None
        assert flow.record.to_json()["hands"][0]["moves"][:3] == saves[mode]["hands"][0]["moves"]
    for mode in tuple(Mode):  # none replaced another
        saved = app.storage.load_game(mode)
        assert saved is not None and saved.mode == mode


@pytest.mark.parametrize("mode", [Mode.DRAW_SOLITAIRE, Mode.STACKED_SOLITAIRE])
def test_a_new_solitaire_over_an_unfinished_one_asks_first(make_app: AppMaker, mode: Mode) -> None:
    app = make_app(speed="instant")
    write_save(app.storage, unfinished(mode))
    menu(app).refresh_saves()
    drive = Input(app)
    drive.click(menu(app).buttons[BUTTONS[mode]])
    ask = app.scene
    assert isinstance(ask, ConfirmScene) and "lost" in ask.detail
    drive.press(pygame.K_ESCAPE)  # keep it
    assert isinstance(app.scene, MenuScene) and app.storage.has_saved_game(mode)
    drive.click(menu(app).buttons[BUTTONS[mode]])
    ask = app.scene
    assert isinstance(ask, ConfirmScene)
    drive.click(ask.yes)
    assert isinstance(app.scene, SCREENS[mode])
    assert not app.storage.has_saved_game(mode)  # lost, as the question said


def test_a_new_table_game_asks_about_the_unfinished_one_at_start(make_app: AppMaker) -> None:
    """The setup screen opens at once; Start asks, as only Start loses the saved game
    (the question came before the setup screen, which Back then left with nothing lost)."""
    app = make_app(speed="instant")
    saved = unfinished(Mode.TABLE)
    write_save(app.storage, saved)
    menu(app).refresh_saves()
    drive = Input(app)
    drive.click(menu(app).buttons["table"])
    setup = app.scene
    assert isinstance(setup, SetupScene)
    drive.click(setup.start)
    ask = app.scene
    assert isinstance(ask, ConfirmScene) and "lost" in ask.detail
    drive.press(pygame.K_ESCAPE)  # keep it
    assert app.scene is setup
    kept = app.storage.load_game(Mode.TABLE)
    assert kept is not None and kept.to_json()["hands"] == saved["hands"]
    drive.click(setup.start)
    ask = app.scene
    assert isinstance(ask, ConfirmScene)
    drive.click(ask.yes)
    assert isinstance(app.scene, TableScene)
    new = app.storage.load_game(Mode.TABLE)
    assert new is not None and new.to_json()["hands"] != saved["hands"]


def test_no_question_without_an_unfinished_game(make_app: AppMaker) -> None:
    app = make_app(speed="instant")
    Input(app).click(menu(app).buttons["draw"])
    assert isinstance(app.scene, DrawSolitaireScene)


def test_the_menu_buttons_stay_put_when_saves_come_and_go(make_app: AppMaker) -> None:
    app = make_app(speed="instant")
    before = {key: button.rect.copy() for key, button in menu(app).buttons.items()}
    assert not any(b.visible for k, b in menu(app).buttons.items() if k.startswith("continue"))
    for mode in tuple(Mode):
        write_save(app.storage, unfinished(mode))
    app.open(Screen.RULES)
    app.run_frames(3)
    app.pop()
    app.run_frames(3)
    saves = [key for key in menu(app).buttons if key.startswith("continue-")]
    assert all(menu(app).buttons[key].visible for key in saves if key != "continue-join")
    after = {key: button.rect for key, button in menu(app).buttons.items()}
    assert after == before


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
    make_app: AppMaker, tmp_path: Path, button: str, scene_type: type[Scene]
) -> None:
    app = make_app(tmp_path)
    Input(app).click(menu_button(app, button))
    assert isinstance(app.scene, scene_type)
    assert len(app.scenes) == 2
    Input(app).press(pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene) and len(app.scenes) == 1


def test_menu_keyboard_navigation_opens_rules(make_app: AppMaker, tmp_path: Path) -> None:
    app = make_app(tmp_path)
    for _ in range(6):
        Input(app).press(pygame.K_DOWN)
    Input(app).press(pygame.K_RETURN)
    assert isinstance(app.scene, RulesScene)
    Input(app).press(pygame.K_RIGHT)
    assert app.scene.page == 1


def test_escape_on_menu_asks_before_quitting(make_app: AppMaker, tmp_path: Path) -> None:
    app = make_app(tmp_path)
    Input(app).press(pygame.K_ESCAPE)
    assert isinstance(app.scene, ConfirmScene)
    Input(app).press(pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene) and app.running
    Input(app).press(pygame.K_ESCAPE)
    dialog = app.scene
    assert isinstance(dialog, ConfirmScene)
    Input(app).click(dialog.yes)
    assert not app.running


def test_continue_appears_with_a_saved_game_and_resumes_it(
    make_app: AppMaker, tmp_path: Path
) -> None:
    finished = simulate("table", 2, 5, ["random"], TableRules(hands=1))
    record = json.loads(finished.dumps())
    record["players"][0]["kind"] = "human"
    del record["hands"][0]["result"]
    record["hands"][0]["moves"] = record["hands"][0]["moves"][:3]
    # An earlier version's single save: moved to the table's slot on start.
    (tmp_path / "saved-game.contack.json").write_text(json.dumps(record), encoding="utf-8")
    app = make_app(tmp_path)
    assert not (tmp_path / "saved-game.contack.json").exists()
    button = menu_button(app, "continue-table")
    assert button.visible
    assert not menu_button(app, "continue-draw").visible
    Input(app).click(button)
    assert isinstance(app.scene, TableScene)


def test_menu_pixels_show_felt_and_a_gold_title(make_app: AppMaker, tmp_path: Path) -> None:
    app = make_app(tmp_path)
    corner = app.screen.get_at((5, 5))
    assert corner.g > corner.r and corner.g > corner.b
    button = menu_button(app, "table")
    assert button.focused
    assert app.screen.get_at((button.rect.x + 12, button.rect.centery))[:3] == PALETTE.gold


@pytest.mark.parametrize("text_size", ["normal", "large", "largest"])
@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)], ids=["800x600", "1920x1080"])
def test_the_logos_lines_keep_their_distance_from_the_buttons(
    make_app: AppMaker, tmp_path: Path, size: tuple[int, int], text_size: str
) -> None:
    """In Spanish at every text size, the first-published line under the logo stands
    `LOGO_GAP` clear of the first button (at the largest size it touched it: the logo's
    room was a fixed 190 design px, and its tagline and that line grow with the text)."""
    app = make_app(tmp_path, size=size)
    app.settings.language, app.settings.text_size = "es", text_size
    app.apply_settings()
    app.run_frames(1)
    with watching(app) as frame:
        app.draw(1.0)
    published = next(d.rect for d in frame.texts if d.text == "Publicado por primera vez en 1939")
    title = next(d.rect for d in frame.texts if d.text == "Contack")
    first = menu_button(app, "table").rect
    assert first.top - published.bottom >= app.ui.px(LOGO_GAP)
    assert title.top >= 0


@pytest.mark.parametrize(("code", "size"), [("es", (800, 600)), ("en", (1920, 1080))])
def test_the_guided_hands_offer_grows_its_buttons_with_the_text(
    make_app: AppMaker, tmp_path: Path, code: str, size: tuple[int, int]
) -> None:
    """At the largest text size the offer's buttons are as tall as the menu's words
    need: "Play a guided hand" reads at nearly the size of "No, thanks" beside it (in
    buttons of a fixed height it shrank onto two lines of 11 px)."""
    app = make_app(tmp_path, size=size)
    app.settings.language, app.settings.text_size = code, "largest"
    app.apply_settings()
    app.run_frames(1)
    menu = app.scene
    assert isinstance(menu, MenuScene)
    with watching(app) as frame:
        app.draw(1.0)

    def label_px(button: str) -> int:
        rect = menu.offer[button].rect
        return min(d.px for d in frame.texts if rect.contains(d.rect))

    assert label_px("learn") >= 0.8 * label_px("no-thanks")
