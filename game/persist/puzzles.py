"""The player's puzzles: the solving rating, the streak of puzzles solved in a row, the
trainer's place and the puzzles of the day answered, kept in `puzzles.json` of the data
folder.

An answer is written the moment it is given (atomically, and waiting for the disk: a
game killed a moment later has it), after the achievements it earns. Only the first
answer to a puzzle counts: the puzzle of the day once per date, each trainer puzzle once
(the trainer then goes on past it). A file that cannot be read is set aside with a notice
and a fresh one is started.
"""

from __future__ import annotations

import datetime
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final, TypedDict

from game.ai.player_ratings import START, updated
from game.i18n import N_
from game.persist.achievement_list import Moment
from game.persist.achievements import count_moment
from game.persist.files import GameFiles
from game.persist.stats import DailyStats

PUZZLES_FILE: Final = "puzzles.json"
PUZZLES_VERSION: Final = 1
NOT_PUZZLES: Final = N_("not a Contack puzzles file")
RATING_LIMIT: Final = 4000.0
"""The highest solving rating a file is believed to hold."""


class PuzzleProgressEntry(TypedDict):
    """The puzzles file as the game writes it."""

    version: int
    rating: float
    attempts: int
    solved: int
    streak: int
    best_streak: int
    trainer: int
    daily: dict[str, list[str]]


@dataclass
class PuzzleProgress:
    """Everything the puzzles screen keeps of the player."""

    rating: float = START
    attempts: int = 0
    solved: int = 0
    streak: int = 0
    """Puzzles solved in a row (first answers only)."""
    best_streak: int = 0
    trainer: int = 0
    """The number the trainer's next puzzle is looked for from."""
    daily: DailyStats = field(default_factory=DailyStats)
    """The puzzles of the day answered ("played") and solved ("won"), by date."""

    def answer(self, puzzle_rating: int, solved: bool) -> float:
        """Count a first answer to a puzzle rated `puzzle_rating`; the rating's change."""
        before = self.rating
        self.rating = updated(before, self.attempts, [(puzzle_rating, 1.0 if solved else 0.0)])
        self.attempts += 1
        self.solved += solved
        self.streak = self.streak + 1 if solved else 0
        self.best_streak = max(self.best_streak, self.streak)
        return self.rating - before

    def to_dict(self) -> PuzzleProgressEntry:
        return {
            "version": PUZZLES_VERSION,
            "rating": round(self.rating, 1),
            "attempts": self.attempts,
            "solved": self.solved,
            "streak": self.streak,
            "best_streak": self.best_streak,
            "trainer": self.trainer,
            "daily": self.daily.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> PuzzleProgress:
        """Read a parsed file; a value of the wrong type takes its default."""
        progress = cls()
        rating = data.get("rating")
        if isinstance(rating, int | float) and type(rating) is not bool and math.isfinite(rating):
            progress.rating = min(max(float(rating), 0.0), RATING_LIMIT)
        for key in ("attempts", "solved", "streak", "best_streak", "trainer"):
            value = data.get(key)
            if type(value) is int and value >= 0:
                setattr(progress, key, value)
        progress.daily = DailyStats.from_dict(data.get("daily"))
        return progress


def puzzles_path(files: GameFiles) -> Path:
    return files.data_dir / PUZZLES_FILE


def load_progress(files: GameFiles) -> PuzzleProgress:
    """The kept progress, or a fresh one (a bad file is set aside with a notice)."""
    data = files.read_versioned(puzzles_path(files), PUZZLES_VERSION, NOT_PUZZLES)
    return PuzzleProgress() if data is None else PuzzleProgress.from_dict(data)


def save_progress(files: GameFiles, progress: PuzzleProgress) -> bool:
    return files.write_json(puzzles_path(files), progress.to_dict())


def _keep_answer(files: GameFiles, progress: PuzzleProgress) -> None:
    """Write an answer counted into `progress`, the achievements it earns first."""
    count_moment(files, Moment(puzzles=progress))
    save_progress(files, progress)


def count_daily_answer(
    files: GameFiles, day: datetime.date, puzzle_rating: int, solved: bool
) -> float | None:
    """Keep the first answer to the puzzle of `day`; the rating's change (None when the
    day's puzzle was answered before, and nothing is counted)."""
    progress = load_progress(files)
    if day.isoformat() in progress.daily.played:
        return None
    change = progress.answer(puzzle_rating, solved)
    progress.daily.count(day, solved)
    _keep_answer(files, progress)
    return change


def count_trainer_answer(
    files: GameFiles, number: int, puzzle_rating: int, solved: bool
) -> float | None:
    """Keep the answer to the trainer's puzzle `number`, and go on past it; the rating's
    change (None when the trainer had gone past it already)."""
    progress = load_progress(files)
    if number < progress.trainer:
        return None
    change = progress.answer(puzzle_rating, solved)
    progress.trainer = number + 1
    _keep_answer(files, progress)
    return change
