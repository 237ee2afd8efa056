"""Screenshot targets of the player's progress (registered into `screenshot_targets`):
the setup screen and the statistics with the rating of a player who has played alone
against computers, a puzzle asked, solved and missed (its best play landed), the
Achievements screen and achievements announced as a won game is counted."""

from __future__ import annotations

import datetime
from typing import Final

from game.app import App
from game.persist.achievements import Progress, save_achievements
from game.persist.history import add_finished_game
from game.persist.puzzles import count_daily_answer, count_trainer_answer
from game.rules.moves import PLACE
from game.rules.record.document import GameRecord
from game.scenes.games.achievements import AchievementsScene
from game.scenes.games.stats import StatsScene
from game.scenes.puzzles.scene import PuzzlesScene
from game.scenes.setup.scene import SetupScene
from game.scenes.table.score import ScoreScene
from game.ui.pacing import FIXED_DT
from tools.samples import sample_record
from tools.screenshot_targets import Record, Shot, final_scores, target

PUZZLE_DAY: Final = datetime.date(2026, 11, 22)
STEPS_LIMIT: Final = 2000


def _puzzles(app: App) -> PuzzlesScene:
    """The puzzles screen on a sample day, with a few answers behind the player."""
    for back, solved in ((1, True), (2, True), (4, False)):
        count_daily_answer(app.storage, PUZZLE_DAY - datetime.timedelta(days=back), 1500, solved)
    for number, solved in enumerate((True, False, True, True)):
        count_trainer_answer(app.storage, number, 1450, solved)
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


@target("puzzle-missed")
def _puzzle_missed(app: App, record: Record) -> Shot:
    """The puzzle of the day missed: the best play landed in the player's tile's place."""
    scene = _puzzles(app)

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

    return Shot(scene, miss, frames=12)


def _alone_against_computers(app: App) -> None:
    """Ann's games alone against the computers, in the history (her rating and streak)."""
    for seed in (3, 5, 8, 13, 21):
        data = sample_record(players=3, seed=seed).to_json()
        data["players"][0].update(name="Ann", kind="human")
        data["players"][1].update(name="Gus", kind="ai:expert")
        data["players"][2]["name"] = "Edna"
        add_finished_game(app.storage, GameRecord.parse(data))


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
