"""The guided first game through real posted events: offered once on the menu, opened
from the rules screen, played to its end by mouse and keys, skipped at any time; it
leaves no save, record or history behind."""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game.app import App
from game.persist.history import load_history
from game.play.table_flow import Turn
from game.rules.modes import Mode
from game.rules.moves import PLACE
from game.scenes.menus.menu import MenuScene
from game.scenes.menus.rules import RulesScene
from game.scenes.setup.scene import SetupScene
from game.scenes.table.coach_panel import COACH_TEXT_SMALLEST
from game.scenes.table.guided import LessonTable, lesson_scene
from game.scenes.table.scene import TableScene
from tests.drive import Input, at, is_table_of, run_until, watched

FRAMES = 1


pytestmark = pytest.mark.app(speed="instant", frames=1)


def lesson_ready(scene: TableScene[LessonTable]) -> bool:
    """Nothing moving, and the lesson waits for the player (to read, draw or place)."""
    lesson = scene.role.lesson
    if scene.tweens.busy or scene.animator.busy or scene.turns.hold_s > 0:
        return False
    if lesson.waiting:
        return scene.buttons["continue"].enabled
    expected = lesson.expected()
    return (
        expected is not None
        and lesson.flow.is_human(lesson.flow.state.current_player)
        and scene.human_can_act()
    )


def play_step(app: App, scene: TableScene[LessonTable]) -> None:
    """Do what the coach panel asks, as a player: Enter to go on, Draw, or move the shown
    tile to the glowing spot (dragged)."""
    run_until(app, lambda: lesson_ready(scene))
    lesson = scene.role.lesson
    if lesson.waiting:
        Input(app, FRAMES).press(pygame.K_RETURN)
        return
    expected = lesson.expected()
    assert expected is not None
    if expected.action != PLACE:
        Input(app, FRAMES).click(scene.buttons["draw"])
        return
    assert scene.help.hint == expected  # the glowing spot is where the lesson says
    tile = at(scene.hands.sprites[expected.tile].centre)
    Input(app, FRAMES).drag(tile, scene.board.view.cell_centre(expected.cell))


def test_the_menu_offers_the_guided_game_once(make_app: Callable[..., App], tmp_path: Path) -> None:
    app = make_app(tmp_path)
    menu = app.scene
    assert isinstance(menu, MenuScene) and menu.offer["learn"].visible
    Input(app, FRAMES).click(menu.offer["no-thanks"])
    assert not menu.offer["learn"].visible and app.settings.guided_game_offered
    again = make_app(tmp_path)
    assert isinstance(again.scene, MenuScene) and not again.scene.offer["learn"].visible


@pytest.mark.parametrize("size", [(1280, 800), (800, 600)])
def test_the_guided_game_steps_through_to_its_end(
    make_app: Callable[..., App], tmp_path: Path, size: tuple[int, int]
) -> None:
    app = make_app(tmp_path, size)
    menu = app.scene
    assert isinstance(menu, MenuScene)
    Input(app, FRAMES).click(menu.offer["learn"])
    scene = app.scene
    assert is_table_of(scene, LessonTable)
    titles = []
    while not scene.role.lesson.finished:
        titles.append(scene.role.coach.words()[0])
        play_step(app, scene)
    assert "A two-sided opportunity play" in titles and "A pass" in titles
    title, words = scene.role.coach.words()
    assert title == "The end of the hand" and "you +90, the computer -40" in words
    assert scene.state.hand_result() == [90, -40]
    run_until(app, lambda: scene.buttons["continue"].enabled)
    assert not app.storage.has_saved_game(Mode.TABLE)  # nothing saved, nothing counted
    assert load_history(app.storage).games == []
    Input(app, FRAMES).click(scene.buttons["continue"])  # "Play a game"
    assert isinstance(app.scene, SetupScene)


def test_the_contacts_are_explained_in_the_themes_colours(
    make_app: Callable[..., App], tmp_path: Path
) -> None:
    app = make_app(tmp_path)
    app.settings.theme = "1962"
    app.apply_settings()
    scene = lesson_scene(app)
    app.push(scene)
    app.run_frames(1)
    while scene.role.coach.words()[0] != "A matching contact" or not scene.role.lesson.explaining:
        play_step(app, scene)
    assert scene.role.coach.words()[1].startswith("Pink 2 meets pink 2: no points.")


def test_the_guided_game_is_skipped_from_the_rules_screen(
    make_app: Callable[..., App], tmp_path: Path
) -> None:
    app = make_app(tmp_path)
    rules = RulesScene(app)
    app.push(rules)
    app.run_frames(1)
    Input(app, FRAMES).click(rules.learn)
    scene = app.scene
    assert is_table_of(scene, LessonTable)
    for _ in range(5):
        play_step(app, scene)
    Input(app, FRAMES).click(scene.buttons["skip"])
    assert app.scene is rules and app.settings.guided_game_offered
    Input(app, FRAMES).click(rules.learn)
    again = app.scene
    assert is_table_of(again, LessonTable)
    Input(app, FRAMES).press(pygame.K_ESCAPE)  # Escape skips too
    assert app.scene is rules


def test_no_computer_thinks_while_the_lesson_asks_you_to_read(
    make_app: Callable[..., App], tmp_path: Path
) -> None:
    app = make_app(tmp_path)
    scene = lesson_scene(app)
    app.push(scene)
    app.run_frames(1)
    read_on_its_turn = 0
    while not scene.role.lesson.finished:
        run_until(app, lambda: lesson_ready(scene))
        lesson = scene.role.lesson
        if lesson.waiting and not lesson.flow.is_human(lesson.flow.state.current_player):
            read_on_its_turn += 1
            app.redraw()  # the lesson rests while it waits: look at its picture
            with watched(app) as frame:
                app.run_frames(1)
            said = [drawn.text for drawn in frame.texts]
            assert "thinking…" not in said and "to play" in said
        play_step(app, scene)
    assert read_on_its_turn


def test_the_table_stays_still_while_the_lesson_is_read_on_the_computers_turn(
    make_app: Callable[..., App], tmp_path: Path
) -> None:
    """While the lesson's words wait for Continue on the computer's turn, the computer
    does not play and the window has nothing to draw until the player goes on."""
    app = make_app(tmp_path)
    menu = app.scene
    assert isinstance(menu, MenuScene)
    Input(app, FRAMES).click(menu.offer["learn"])
    scene = app.scene
    assert is_table_of(scene, LessonTable)
    flow = scene.role.lesson.flow
    for _ in range(60):
        run_until(app, lambda: lesson_ready(scene))
        if scene.role.lesson.can_go_on() and flow.turn() is Turn.COMPUTER:
            break
        play_step(app, scene)
    else:
        pytest.fail("the lesson never waited on the computer's turn")
    moves = len(flow.state.moves)
    app.run_frames(240)
    assert scene.still_for() == math.inf and len(flow.state.moves) == moves
    play_step(app, scene)  # Continue: the computer plays
    run_until(app, lambda: len(flow.state.moves) > moves)


@pytest.mark.parametrize("text_size", ["large", "largest"])
def test_the_coach_keeps_its_words_in_its_panel_at_every_step(
    make_app: Callable[..., App], tmp_path: Path, text_size: str
) -> None:
    """Spanish in the smallest window with larger text: each step's words lie in the
    coach panel, and read at the size asked where the panel has room. (At Large they ran
    below it: its height was guessed from the font's line height, and a line with
    accents renders taller.)"""
    app = make_app(tmp_path, (800, 600))
    app.settings.language, app.settings.text_size = "es", text_size
    app.apply_settings()
    scene = lesson_scene(app)
    app.push(scene)
    app.run_frames(1)
    while not scene.role.lesson.finished:
        run_until(app, lambda: lesson_ready(scene))
        app.redraw()
        with watched(app) as frame:
            app.run_frames(1)
        words = scene.role.coach.words()[1]
        drawn = next(drawn for drawn in frame.texts if drawn.text == words)
        assert scene.role.coach.rect.contains(drawn.rect), (scene.role.lesson.step_index, words)
        assert drawn.px > app.ui.text_px(COACH_TEXT_SMALLEST)
        play_step(app, scene)
