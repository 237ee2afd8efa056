"""The puzzle history and the puzzles of a theme in the real app, headless, driven by
posted mouse and keyboard events: answers listed latest first with their marks, time
and themes; a missed puzzle clicked, tried again and solved with the rating unchanged,
missed, its answer asked for; the list paged and filtered to the missed; a theme trained
and its button's words changed in place."""

from __future__ import annotations

import pygame

from game.ai.puzzles import HOLE, OPPORTUNITY, THEME_KEY, series_of
from game.app import App
from game.persist.puzzles import (
    PuzzleAnswer,
    PuzzleProgress,
    load_progress,
    save_progress,
)
from game.rules.moves import PLACE
from game.scenes.puzzles.history import PuzzleHistoryScene
from game.scenes.puzzles.scene import PuzzlesScene
from game.scenes.puzzles.words import THEME_CHOICES, themes_words
from game.ui.pacing import FIXED_DT
from tests.conftest import AppMaker
from tests.drive import Input, run_until
from tests.test_languages import drawn_words
from tests.test_scenes_puzzles_scene import DAY, open_puzzles, place_by_keys
from tools.text_audit import watching


def wrong_move(app: App, scene: PuzzlesScene) -> None:
    """Answer the puzzle shown with a placement that is not its answer, by keys."""
    assert scene.table is not None
    match = scene.table.match
    answer = match.puzzle.answer
    wrong = next(m for m in match.flow.legal_moves() if m.action == PLACE and m.tile != answer.tile)
    place_by_keys(app, scene, wrong)


def answered_day_missed_trainer_solved(app: App) -> PuzzlesScene:
    """The puzzle of the day missed after some thought (60 frames), then the trainer's
    solved."""
    scene = open_puzzles(app)
    app.run_frames(60)
    wrong_move(app, scene)
    run_until(app, lambda: scene.table is not None and scene.table.done)
    Input(app).press(pygame.K_n)
    assert scene.table is not None
    place_by_keys(app, scene, scene.table.match.puzzle.answer)
    run_until(app, lambda: scene.table is not None and scene.table.done)
    return scene


def row_of(history: PuzzleHistoryScene, index: int) -> tuple[int, int]:
    """The middle of the history list's row `index` (as shown from its top)."""
    rows = history.list
    y = rows.rect.y + rows.row_height * (index - rows.top + 1) + rows.row_height // 2
    return rows.rect.x + rows.rect.width // 3, y


def test_the_history_lists_answers_latest_first_and_a_missed_one_is_tried_again(
    make_app: AppMaker,
) -> None:
    app = make_app(size=(800, 600), speed="instant")
    puzzles = answered_day_missed_trainer_solved(app)
    progress = load_progress(app.storage)
    day, trainer = progress.history
    assert not day.solved and trainer.solved and series_of(day.key) == "day"
    assert 60 * FIXED_DT <= day.seconds < 2 and day.date == DAY.isoformat() and day.change < 0
    Input(app).press(pygame.K_h)
    history = app.scene
    assert isinstance(history, PuzzleHistoryScene)
    assert history.shown == [trainer, day]  # the latest first
    assert "Puzzle history" in drawn_words(app)
    (_, _, _, _, solved), (_, _, themes, time, missed) = history.list.rows  # worded once
    assert solved[0].startswith("✓ Solved, +") and missed[0].startswith("✗ Missed, -")
    assert time == f"0:0{round(day.seconds)}" and themes[0] == (themes_words(day.themes) or "—")
    drive = Input(app)
    drive.click(row_of(history, 1))  # the missed one chosen
    drive.click(row_of(history, 1))  # and opened
    retry = app.scene
    assert isinstance(retry, PuzzlesScene) and retry is not puzzles
    assert retry.retry == day and retry.table is not None
    assert "your rating does not change" in retry.panel_lines()[1]
    place_by_keys(app, retry, retry.table.match.puzzle.answer)
    assert retry.status()[0].startswith("Solved!")
    assert load_progress(app.storage) == progress  # nothing counted, nothing kept
    assert "not counted" in retry.panel_lines()[1]
    run_until(app, lambda: retry.table is not None and retry.table.done)
    drive.press(pygame.K_a)  # again: set out afresh, unanswered
    assert retry.table is not None and retry.table.match.verdict is None
    wrong_move(app, retry)
    run_until(app, lambda: retry.table is not None and retry.table.done)
    answer = retry.table.match.puzzle.answer  # after a miss the answer is shown
    assert retry.table.match.flow.state.figure.tile_at(answer.cell) == (answer.tile, answer.rot)
    drive.press(pygame.K_a)
    drive.click(retry.buttons["reveal"])  # the answer asked for: shown, not solved
    assert retry.status()[0].startswith("The answer:") and not retry.buttons["reveal"].enabled
    run_until(app, lambda: retry.table is not None and retry.table.done)
    assert retry.table.match.flow.state.figure.tile_at(answer.cell) == (answer.tile, answer.rot)
    assert load_progress(app.storage) == progress
    drive.press(pygame.K_ESCAPE)
    assert app.scene is history


def test_a_long_history_pages_and_shows_the_missed_only(make_app: AppMaker) -> None:
    app = make_app(size=(800, 600))
    answers = [
        PuzzleAnswer(f"trainer {number}", 9, 1400, number % 5 != 0, DAY.isoformat())
        for number in range(40)
    ]
    save_progress(app.storage, PuzzleProgress(attempts=40, history=answers))
    history = PuzzleHistoryScene(app)
    app.push(history)
    app.run_frames(2)
    rows, drive = history.list, Input(app, 1)
    assert rows.top == 0 and rows.visible_rows < 40 and rows.scrollbar.needed
    drive.press(pygame.K_PAGEDOWN)
    assert rows.top > 0 and rows.selected == rows.visible_rows
    drive.post(pygame.MOUSEWHEEL, x=0, y=-30, flipped=False, precise_x=0.0, precise_y=-30.0)
    drive.frames(1)
    assert rows.top == 40 - rows.visible_rows
    assert history.shown[0].key == "trainer 39"
    drive.click(history.filter)
    assert [a.key for a in history.shown] == [f"trainer {n}" for n in range(35, -1, -5)]
    assert rows.top == 0 and "All puzzles" in drawn_words(app)
    drive.press(pygame.K_m)
    assert len(history.shown) == 40


def test_a_theme_trained_asks_its_puzzles_and_counts_them_apart(make_app: AppMaker) -> None:
    """From the themes' trainer's place at a game with a hole (its search takes a moment
    from the start)."""
    app = make_app(size=(800, 600), speed="instant")
    save_progress(app.storage, PuzzleProgress(theme_trainer=129))
    scene = open_puzzles(app)
    drive = Input(app, 1)
    while scene.theme != HOLE:
        drive.press(pygame.K_t)
    assert scene.table is not None and scene.number is not None
    puzzle = scene.table.match.puzzle
    assert HOLE in puzzle.themes and series_of(puzzle.key) == THEME_KEY
    assert puzzle.key == f"{THEME_KEY} {scene.number}" and scene.number >= 129
    assert "Theme: holes" in " ".join(drawn_words(app))  # on one line or two
    assert scene.panel_lines()[0].endswith("· Opportunity play, hole on three sides")
    place_by_keys(app, scene, puzzle.answer)
    progress = load_progress(app.storage)
    assert (progress.theme_trainer, progress.trainer, progress.attempts) == (scene.number + 1, 0, 1)
    assert progress.history[-1].themes == puzzle.themes


def test_the_theme_button_changes_its_words_and_nothing_moves_or_shrinks(
    make_app: AppMaker,
) -> None:
    """In Spanish at 800x600, "Tema: todos" became "Tema: Jugadas de Oportunidad": laid
    out for the first, the button drew the second over its edges, or, laid out anew, the
    row moved and its words shrank."""
    app = make_app(size=(800, 600), speed="instant")
    app.settings.language = "es"
    app.apply_settings()
    scene = open_puzzles(app)

    def looks() -> tuple[list[pygame.Rect], set[int]]:
        with watching(app) as frame:
            app.draw(1.0)
        button = scene.buttons["theme"].rect
        words = [drawn for drawn in frame.texts if button.colliderect(drawn.rect)]
        assert words and all(button.contains(drawn.rect) for drawn in words)
        return [b.rect.copy() for b in scene.buttons.values()], {drawn.px for drawn in words}

    before = looks()
    Input(app, 1).press(pygame.K_t)
    assert scene.buttons["theme"].label == THEME_CHOICES[OPPORTUNITY]
    assert scene.table is not None and looks() == before
