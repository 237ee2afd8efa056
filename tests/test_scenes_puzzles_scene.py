"""The puzzles screen in the real app, headless, driven by posted mouse and keyboard
events: the puzzle of the day from the menu, a right answer counted and cheered, a miss
that shows the best play, no points on the lit spots, the trainer's next puzzle."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any, TypeVar

import pygame

from game.ai.worker import DoneJob, InProcessAdviser, Job
from game.app import App
from game.persist.puzzles import load_progress
from game.rules.moves import PLACE, Move
from game.scenes.menus.menu import MenuScene
from game.scenes.puzzles.scene import PuzzlesScene
from game.ui.tween import FloatingText, ease_out_cubic
from tests.conftest import AppMaker
from tests.drive import Input, at, run_until, undrawn
from tests.test_languages import drawn_words

DAY = datetime.date(2026, 11, 22)
R = TypeVar("R")


def open_puzzles(app: App, today: datetime.date = DAY) -> PuzzlesScene:
    scene = PuzzlesScene(app, today=today)
    app.push(scene)
    app.run_frames(2)
    assert scene.table is not None
    return scene


def point_by_keys(app: App, scene: PuzzlesScene, move: Move) -> None:
    """Tab to the move's tile and arrows to its spot."""
    assert scene.table is not None
    controls, drive = scene.table.controls, Input(app, 1)
    while controls.selected != move.tile:
        drive.press(pygame.K_TAB)
    while controls.hover_cell != move.cell:
        drive.press(pygame.K_RIGHT)


def place_by_keys(app: App, scene: PuzzlesScene, move: Move) -> None:
    """Tab to the move's tile, arrows to its spot, Enter."""
    point_by_keys(app, scene, move)
    Input(app, 1).press(pygame.K_RETURN)


def test_the_menu_opens_the_days_puzzle_and_a_right_answer_is_counted_at_once(
    make_app: AppMaker,
) -> None:
    app = make_app(speed="instant")
    menu = app.scene
    assert isinstance(menu, MenuScene)
    Input(app).click(menu.buttons["puzzles"])
    scene = app.scene
    assert isinstance(scene, PuzzlesScene) and scene.number is None
    assert scene.table is not None
    answer = scene.table.match.puzzle.answer
    stage = scene.table.stage
    Input(app, 1).drag(
        at(stage.hands.sprites[answer.tile].centre), at(stage.board.view.cell_centre(answer.cell))
    )
    progress = load_progress(app.storage)  # kept before any animation
    assert progress.daily.won == {scene.today.isoformat()} and progress.rating > 1500
    assert scene.status()[0].startswith("Solved!")
    run_until(app, lambda: scene.table is not None and scene.table.done)
    assert scene.buttons["next"].enabled and scene.buttons["next"].primary


def test_a_miss_shows_the_best_play_in_its_place_and_spots_never_say_points(
    make_app: AppMaker,
) -> None:
    app = make_app(size=(800, 600), speed="fast")
    scene = open_puzzles(app)
    assert scene.table is not None
    match = scene.table.match
    answer = match.puzzle.answer
    wrong = next(m for m in match.flow.legal_moves() if m.action == PLACE and m.tile != answer.tile)
    point_by_keys(app, scene, wrong)
    assert not any(word.startswith("+") for word in drawn_words(app))  # no hints
    Input(app, 1).press(pygame.K_RETURN)
    progress = load_progress(app.storage)
    assert progress.daily.played == {DAY.isoformat()} and not progress.daily.won
    assert progress.streak == 0 and progress.rating < 1500
    assert "one scores" in scene.status()[0]
    with undrawn(app):
        run_until(app, lambda: scene.table is not None and scene.table.done)
    figure = match.flow.state.figure
    assert figure.tile_at(answer.cell) == (answer.tile, answer.rot)
    assert answer.tile not in match.flow.state.hand_tiles(match.puzzle.seat)
    assert scene.status()[0].startswith("Missed: the best play scores")


def test_the_trainer_comes_next_and_a_second_answer_to_the_day_is_not_counted(
    make_app: AppMaker,
) -> None:
    app = make_app(speed="instant")
    scene = open_puzzles(app)
    assert scene.table is not None
    place_by_keys(app, scene, scene.table.match.puzzle.answer)
    run_until(app, lambda: scene.table is not None and scene.table.done)
    Input(app).press(pygame.K_n)
    number = scene.number
    assert number is not None and scene.table is not None
    trainer = scene.table.match.puzzle
    assert abs(trainer.rating - load_progress(app.storage).rating) <= 100
    place_by_keys(app, scene, trainer.answer)
    assert load_progress(app.storage).trainer == number + 1
    Input(app).click(scene.buttons["daily"])
    assert scene.number is None and scene.table is not None
    place_by_keys(app, scene, scene.table.match.puzzle.answer)
    assert load_progress(app.storage).attempts == 2
    assert "not counted" in scene.panel_lines()[1]
    again = open_puzzles(app)  # the day's puzzle answered: the trainer opens
    assert again.number is not None and again.number > number


class FailingOnce(InProcessAdviser):
    """Thinks in-process, but its first job fails, as a dying worker's does."""

    def submit(self, work: Callable[..., R], *args: Any) -> Job[R]:
        self.submitted += 1
        if self.submitted == 1:
            return DoneJob(None, failed=True)
        return super().submit(work, *args)


def test_a_puzzle_the_worker_could_not_find_is_said_and_asked_again(
    make_app: AppMaker,
) -> None:
    app = make_app(adviser=FailingOnce())
    scene = PuzzlesScene(app, today=DAY)
    app.push(scene)
    app.run_frames(2)
    assert scene.table is None and not scene.finding
    assert "No puzzle could be found; try again." in drawn_words(app)
    Input(app).click(scene.buttons["next"])
    assert scene.table is not None and scene.number is not None


def labels_drawn(texts: list[FloatingText]) -> list[pygame.Rect]:
    """Where each rising label is drawn in this frame (as `FloatingText.draw` puts it)."""
    boxes = []
    for text in texts:
        t = (text.elapsed - text.delay) / text.duration
        if 0 <= t < 1:
            y = text.start[1] - text.rise * ease_out_cubic(t)
            boxes.append(text.surface.get_rect(center=(round(text.start[0]), round(y))))
    return boxes


def test_after_a_miss_the_best_plays_words_are_drawn_over_no_other(make_app: AppMaker) -> None:
    """ "The best play" and "Opportunity play! +25" were drawn on top of each other, and
    the opportunity's words over a contact's sum."""
    app = make_app(size=(1280, 800), speed="normal")
    scene = open_puzzles(app)
    table = scene.table
    assert table is not None
    match = table.match
    answer = match.puzzle.answer
    wrong = next(m for m in match.flow.legal_moves() if m.action == PLACE and m.tile != answer.tile)
    place_by_keys(app, scene, wrong)
    most = 0
    with undrawn(app):  # where each label goes is worked out from the animation's state
        while not table.done:
            app.run_frames(1)
            floats = table.stage.animator.floats.items
            boxes = labels_drawn(floats)
            assert not any(a.colliderect(b) for i, a in enumerate(boxes) for b in boxes[i + 1 :])
            most = max(most, len(boxes))
    assert most >= 3  # the best play's words, its sums and its opportunity's at once
