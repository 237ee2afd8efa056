"""The player's puzzles: the solving rating, the streak of puzzles solved in a row, the
trainers' places, the puzzles of the day answered and the history of answers (each
puzzle's key and move, its themes and rating, solved or missed, the time taken, the date
and the rating's change), kept in `puzzles.json` of the data folder.

An answer is written the moment it is given (atomically, and waiting for the disk: a
game killed a moment later has it), after the achievements it earns. Only the first
answer to a puzzle counts: the puzzle of the day once per date, each trainer puzzle once
(the trainer then goes on past it); a retry from the history counts nothing. A file of
version 1 (before the history) is read as it was, with an empty history and the themes'
trainer at its start. A file that cannot be read is set aside with a notice and a fresh
one is started.
"""

from __future__ import annotations

import datetime
import math
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Final, TypedDict, TypeGuard

from game.ai.player_ratings import START, updated
from game.i18n import N_
from game.persist.achievement_list import Moment
from game.persist.achievements import count_moment
from game.persist.files import GameFiles
from game.persist.stats import DailyStats

PUZZLES_FILE: Final = "puzzles.json"
PUZZLES_VERSION: Final = 2
OLDER_VERSIONS: Final = (1,)
"""Versions read as they are: 1 had no history and one trainer."""
NOT_PUZZLES: Final = N_("not a Contack puzzles file")
RATING_LIMIT: Final = 4000.0
"""The highest solving rating a file is believed to hold."""
HISTORY_LIMIT: Final = 10_000
"""Answers the history keeps, the latest (about 2 MB; older ones still count in the
attempts and the solved)."""


class PuzzleAnswerEntry(TypedDict):
    """One answer in the puzzles file."""

    key: str
    move: int
    rating: int
    solved: bool
    date: str
    themes: list[str]
    seconds: float
    change: float


class PuzzleProgressEntry(TypedDict):
    """The puzzles file as the game writes it."""

    version: int
    rating: float
    attempts: int
    solved: int
    streak: int
    best_streak: int
    trainer: int
    theme_trainer: int
    daily: dict[str, list[str]]
    history: list[PuzzleAnswerEntry]


@dataclass(frozen=True)
class PuzzleAnswer:
    """One answer to a puzzle: the puzzle (`key` and `move` find it again, with
    game.ai.puzzles.find_puzzle), how it went, and the rating's change it made."""

    key: str
    move: int
    rating: int
    """The puzzle's rating."""
    solved: bool
    date: str
    """The day it was answered (YYYY-MM-DD)."""
    themes: tuple[str, ...] = ()
    seconds: float = 0.0
    """The time taken to answer."""
    change: float = 0.0
    """What it did to the solving rating."""

    def to_dict(self) -> PuzzleAnswerEntry:
        return {
            "key": self.key,
            "move": self.move,
            "rating": self.rating,
            "solved": self.solved,
            "date": self.date,
            "themes": list(self.themes),
            "seconds": round(self.seconds, 1),
            "change": round(self.change, 1),
        }

    @classmethod
    def from_dict(cls, data: object) -> PuzzleAnswer | None:
        """A parsed answer; None when a value is missing or of the wrong kind."""
        if not isinstance(data, dict):
            return None
        fields: dict[str, Any] = {"key": str, "move": int, "rating": int, "date": str}
        if any(type(data.get(name)) is not kind for name, kind in fields.items()):
            return None
        themes, seconds, change = data.get("themes"), data.get("seconds"), data.get("change")
        if not isinstance(themes, list) or not all(type(theme) is str for theme in themes):
            return None
        if type(data.get("solved")) is not bool or not _is_number(seconds):
            return None
        if not _is_number(change) or not _is_date(data["date"]):
            return None
        return cls(
            data["key"],
            data["move"],
            data["rating"],
            data["solved"],
            data["date"],
            tuple(themes),
            max(0.0, float(seconds)),
            float(change),
        )


def _is_date(text: str) -> bool:
    try:
        datetime.date.fromisoformat(text)
    except ValueError:
        return False
    return True


def _is_number(value: object) -> TypeGuard[int | float]:
    """A finite number (not a bool)."""
    return isinstance(value, int | float) and type(value) is not bool and math.isfinite(value)


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
    theme_trainer: int = 0
    """The same for the trainer of a theme (its puzzles are numbered apart)."""
    daily: DailyStats = field(default_factory=DailyStats)
    """The puzzles of the day answered ("played") and solved ("won"), by date."""
    history: list[PuzzleAnswer] = field(default_factory=list)
    """The answers counted, oldest first."""

    def answer(self, answer: PuzzleAnswer) -> float:
        """Count a first answer, into the history too; the rating's change."""
        before = self.rating
        score = 1.0 if answer.solved else 0.0
        self.rating = updated(before, self.attempts, [(answer.rating, score)])
        self.attempts += 1
        self.solved += answer.solved
        self.streak = self.streak + 1 if answer.solved else 0
        self.best_streak = max(self.best_streak, self.streak)
        self.history.append(replace(answer, change=self.rating - before))
        del self.history[:-HISTORY_LIMIT]
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
            "theme_trainer": self.theme_trainer,
            "daily": self.daily.to_dict(),
            "history": [answer.to_dict() for answer in self.history],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> PuzzleProgress:
        """Read a parsed file (of any version read); a value of the wrong type takes its
        default, an answer of the history with one is left out."""
        progress = cls()
        rating = data.get("rating")
        if _is_number(rating):
            progress.rating = min(max(float(rating), 0.0), RATING_LIMIT)
        for key in ("attempts", "solved", "streak", "best_streak", "trainer", "theme_trainer"):
            value = data.get(key)
            if type(value) is int and value >= 0:
                setattr(progress, key, value)
        progress.daily = DailyStats.from_dict(data.get("daily"))
        history = data.get("history")
        answers = map(PuzzleAnswer.from_dict, history if isinstance(history, list) else [])
        progress.history = [answer for answer in answers if answer is not None][-HISTORY_LIMIT:]
        return progress


def puzzles_path(files: GameFiles) -> Path:
    return files.data_dir / PUZZLES_FILE


def load_progress(files: GameFiles) -> PuzzleProgress:
    """The kept progress, or a fresh one (a bad file is set aside with a notice)."""
    data = files.read_versioned(puzzles_path(files), PUZZLES_VERSION, NOT_PUZZLES, OLDER_VERSIONS)
    return PuzzleProgress() if data is None else PuzzleProgress.from_dict(data)


def save_progress(files: GameFiles, progress: PuzzleProgress) -> bool:
    return files.write_json(puzzles_path(files), progress.to_dict())


def _keep_answer(files: GameFiles, progress: PuzzleProgress) -> None:
    """Write an answer counted into `progress`, the achievements it earns first."""
    count_moment(files, Moment(puzzles=progress))
    save_progress(files, progress)


def count_daily_answer(files: GameFiles, day: datetime.date, answer: PuzzleAnswer) -> float | None:
    """Keep the first answer to the puzzle of `day`; the rating's change (None when the
    day's puzzle was answered before, and nothing is counted)."""
    progress = load_progress(files)
    if day.isoformat() in progress.daily.played:
        return None
    change = progress.answer(answer)
    progress.daily.count(day, answer.solved)
    _keep_answer(files, progress)
    return change


def count_trainer_answer(
    files: GameFiles, number: int, answer: PuzzleAnswer, themed: bool = False
) -> float | None:
    """Keep the answer to the trainer's puzzle `number` (of the themes' trainer when
    `themed`), and go on past it; the rating's change (None when that trainer had gone
    past it already)."""
    progress = load_progress(files)
    place = "theme_trainer" if themed else "trainer"
    if number < getattr(progress, place):
        return None
    change = progress.answer(answer)
    setattr(progress, place, number + 1)
    _keep_answer(files, progress)
    return change
