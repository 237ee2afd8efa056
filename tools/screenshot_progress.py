"""Screenshot targets of the player's progress (registered into `screenshot_targets`):
the setup screen and the statistics with the rating of a player who has played alone
against computers, a puzzle asked, solved and missed (its best play landed), a theme
trained, the puzzle history and a missed puzzle tried again, the Achievements screen and
achievements announced as a won game is counted."""

from __future__ import annotations

import datetime
import itertools
from collections.abc import Callable
from typing import Final

from game.ai.puzzles import HOLE, THEME_KEY, Puzzle, daily_puzzle, find_puzzle, puzzles_in_game
from game.app import App
from game.persist.achievements import Progress, save_achievements
from game.persist.history import add_finished_game
from game.persist.puzzles import (
    PuzzleAnswer,
    count_daily_answer,
    count_trainer_answer,
    load_progress,
)
from game.rules.moves import PLACE
from game.scenes.games.achievements import AchievementsScene
from game.scenes.games.stats import StatsScene
from game.scenes.puzzles.history import PuzzleHistoryScene
from game.scenes.puzzles.scene import PuzzlesScene
from game.scenes.setup.scene import SetupScene
from game.scenes.table.score import ScoreScene
from game.ui.pacing import FIXED_DT
from tools.samples import sample_record
from tools.screenshot_targets import Record, Shot, final_scores, target

PUZZLE_DAY: Final = datetime.date(2026, 11, 22)
STEPS_LIMIT: Final = 2000


def _answer(puzzle: Puzzle, solved: bool, day: datetime.date, seconds: float) -> PuzzleAnswer:
    return PuzzleAnswer(
        puzzle.key, puzzle.move, puzzle.rating, solved, day.isoformat(), puzzle.themes, seconds
    )


def _answered(app: App, trainer: int = 4) -> None:
    """Puzzles of the day and `trainer` trainer puzzles (the first of each game that has
    one) answered in the days before the sample day, a miss now and then."""
    for back, solved in ((1, True), (2, True), (4, False)):
        day = PUZZLE_DAY - datetime.timedelta(days=back)
        answer = _answer(daily_puzzle(day), solved, day, 20.0 + 9 * back)
        count_daily_answer(app.storage, day, answer)
    games = (number for number in itertools.count() if puzzles_in_game(f"trainer {number}"))
    for index, number in enumerate(itertools.islice(games, trainer)):
        day = PUZZLE_DAY - datetime.timedelta(days=3 - index * 3 // trainer)
        puzzle = puzzles_in_game(f"trainer {number}")[0]
        answer = _answer(puzzle, index % 4 != 1, day, 6.0 + 37 * index % 95)
        count_trainer_answer(app.storage, number, answer)


def _puzzles(app: App) -> PuzzlesScene:
    """The puzzles screen on a sample day, with a few answers behind the player."""
    _answered(app)
    return PuzzlesScene(app, today=PUZZLE_DAY)


@target("puzzle")
def _puzzle(app: App, record: Record) -> Shot:
    """The puzzle of the day, asked, one of the player's tiles held over a spot."""
    scene = _puzzles(app)

    def hold_a_tile() -> None:
        table = scene.table
        assert table is not None
        controls = table.controls
        controls.select(table.match.puzzle.answer.tile)
        cells = controls.spot_cells()
        if cells:
            controls.hover_cell = cells[-1]

    return Shot(scene, hold_a_tile)


@target("puzzle-solved")
def _puzzle_solved(app: App, record: Record) -> Shot:
    """The puzzle of the day solved: the answer landed, its contacts lit."""
    scene = _puzzles(app)

    def solve() -> None:
        assert scene.table is not None
        scene.table.play(scene.table.match.puzzle.answer)

    return Shot(scene, solve, frames=50)


def _missed(scene: PuzzlesScene) -> Callable[[], None]:
    """A step that misses the puzzle asked (with its best other placement) and goes on to
    the best play's landing, with no frame drawn."""

    def miss() -> None:
        table = scene.table
        assert table is not None
        match = table.match
        wrong = [
            move
            for move in match.flow.legal_moves()
            if move.action == PLACE and move != match.puzzle.answer
        ]
        table.play(max(wrong, key=match.flow.state.placement_score))
        for _ in range(STEPS_LIMIT):  # on to the best play's landing, with no frame drawn
            if table.best_shown and not table.stage.tweens.busy:
                break
            scene.update(FIXED_DT)

    return miss


@target("puzzle-missed")
def _puzzle_missed(app: App, record: Record) -> Shot:
    """The puzzle of the day missed: the best play landed in the player's tile's place."""
    return Shot(scene := _puzzles(app), _missed(scene), frames=12)


@target("puzzle-theme")
def _puzzle_theme(app: App, record: Record) -> Shot:
    """The trainer of a theme, holes on three sides: its puzzle asked, the theme named."""
    scene = _puzzles(app)

    def train_holes() -> None:
        while scene.theme != HOLE:
            scene.next_theme()
        scene.update(0.0)

    return Shot(scene, train_holes)


@target("puzzle-history")
def _puzzle_history(app: App, record: Record) -> Shot:
    """The puzzle history of a player some thirty puzzles in (the latest two of themes: a
    hole missed, going out solved): more than a page."""
    _answered(app, trainer=30)
    for (key, move), solved in (
        ((f"{THEME_KEY} 129", 18), False),
        ((f"{THEME_KEY} 481", 26), True),
    ):
        puzzle = find_puzzle(key, move)
        assert puzzle is not None
        answer = _answer(puzzle, solved, PUZZLE_DAY - datetime.timedelta(days=1), 41.0)
        count_trainer_answer(app.storage, int(key.split()[1]), answer, themed=True)
    return Shot(PuzzleHistoryScene(app))


@target("puzzle-retry")
def _puzzle_retry(app: App, record: Record) -> Shot:
    """A missed trainer puzzle tried again from the history, and missed again: the best
    play landed, the rating unchanged."""
    _answered(app)
    missed = next(a for a in load_progress(app.storage).history if not a.solved)
    scene = PuzzlesScene(app, today=PUZZLE_DAY, retry=missed)
    return Shot(scene, _missed(scene), frames=12)


def _alone_against_computers(app: App) -> None:
    """Ann's games alone against the computers, in the history (her rating and streak)."""
    for seed in (3, 5, 8, 13, 21):
        record = sample_record(players=3, seed=seed)
        record.set_player(0, name="Ann", kind="human")
        record.set_player(1, name="Gus", kind="ai:expert")
        record.set_player(2, name="Edna")
        add_finished_game(app.storage, record)


@target("setup-rating")
def _setup_rating(app: App, record: Record) -> Shot:
    """The setup screen for Ann alone against two computers: her rating among the
    levels'."""
    _alone_against_computers(app)
    scene = SetupScene(app)
    scene.names[0].text = "Ann"
    scene.kinds[0].set_value("human")
    scene.count.set_value(3)
    for seat in (1, 2):
        scene.kinds[seat].set_value("ai:expert")
    return Shot(scene, lambda: scene.resize(app.size))


@target("stats-rating")
def _stats_rating(app: App, record: Record) -> Shot:
    """The statistics with Ann's rating and streak against the computers."""
    _alone_against_computers(app)
    return Shot(StatsScene(app))


SAMPLE_PROGRESS: Final = {
    "first-win": Progress(1, earned="2026-10-03"),
    "every-level": Progress(2, frozenset({"easy", "greedy"})),
    "fifty": Progress(35),
    "three-sides": Progress(3, earned="2026-10-11"),
    "went-out": Progress(1, earned="2026-10-03"),
    "by-hundred": Progress(55),
    "table-streak": Progress(4),
    "table-rating": Progress(1532),
    "table-games": Progress(12),
    "draw-win": Progress(1, earned="2026-11-02"),
    "draw-five": Progress(2),
    "stacked-win": Progress(1, earned="2026-10-20"),
    "stacked-clean": Progress(1, earned="2026-10-21"),
    "stacked-ten": Progress(6),
    "daily-stacked": Progress(1, earned="2026-11-14"),
    "daily-week": Progress(5),
    "puzzle-first": Progress(1, earned="2026-11-20"),
    "puzzle-rating": Progress(1540),
    "lesson": Progress(1, earned="2026-10-01"),
}
"""A player some weeks in: ten achievements earned, others on the way."""


@target("achievements")
def _achievements(app: App, record: Record) -> Shot:
    """The Achievements screen: some earned, with their days, the others greyed with how
    close the player has come."""
    save_achievements(app.storage, dict(SAMPLE_PROGRESS))
    return Shot(AchievementsScene(app))


@target("achievement-earned")
def _achievement_earned(app: App, record: Record) -> Shot:
    """A table game Ann won against the computers, on its final scores, as it is counted:
    the achievements it earned slide in."""
    players = [("Ann", "human"), ("Ben", "ai:greedy"), ("Cleo", "ai:expert")]
    shot = final_scores(app, players, 7, 7)
    score = shot.scene
    assert isinstance(score, ScoreScene)

    def count() -> None:
        add_finished_game(app.storage, score.match.record)

    return Shot(score, count, frames=60)
