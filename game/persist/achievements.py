"""The player's achievements: how far they have come towards each and the day each was
earned, kept in `achievements.json` of the data folder.

`count_moment` measures a moment against every achievement (`achievement_list`), keeps
the best progress so far and the day of each newly earned one, and writes the file at
once (atomically, waiting for the disk). The history and puzzles.json are written only
after it: a game killed between the two writes counts its game or answer again at the
next start or answer, which earns nothing twice, and never holds a counted game whose
achievement is lost. Achievements newly earned and kept go into `files.achieved` for the
game to announce, once. A file that cannot be read is set aside with a notice and a
fresh one is started.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from pathlib import Path
from typing import Final, TypedDict

from game.i18n import N_
from game.persist.achievement_list import ACHIEVEMENTS, Achievement, Moment
from game.persist.files import GameFiles
from game.persist.stats import is_date

ACHIEVEMENTS_FILE: Final = "achievements.json"
ACHIEVEMENTS_VERSION: Final = 1
NOT_ACHIEVEMENTS: Final = N_("not a Contack achievements file")
MARKS_LIMIT: Final = 20
"""The most marks an entry is believed to hold (a collection's: the levels beaten)."""
ENTRIES_LIMIT: Final = 500
"""The most entries a file is believed to hold (those of later versions are kept)."""


class ProgressEntry(TypedDict, total=False):
    """One achievement's progress as the file keeps it."""

    count: int
    marks: list[str]
    earned: str


@dataclass(frozen=True)
class Progress:
    """How far the player has come towards one achievement."""

    count: int = 0
    """The best measure so far (a collection: how many marks it holds)."""
    marks: frozenset[str] = frozenset()
    earned: str | None = None
    """The day it was earned (YYYY-MM-DD), None until then."""

    @classmethod
    def read(cls, data: object) -> Progress | None:
        """An entry read from the file; None for one of the wrong shape (never trusted)."""
        if not isinstance(data, dict):
            return None
        count, marks, earned = data.get("count", 0), data.get("marks", []), data.get("earned")
        if type(count) is not int or count < 0 or not isinstance(marks, list):
            return None
        if len(marks) > MARKS_LIMIT or not all(isinstance(mark, str) for mark in marks):
            return None
        if earned is not None and not is_date(earned):
            return None
        return cls(count, frozenset(marks), earned)

    def to_dict(self) -> ProgressEntry:
        data: ProgressEntry = {"count": self.count}
        if self.marks:
            data["marks"] = sorted(self.marks)
        if self.earned is not None:
            data["earned"] = self.earned
        return data


def advanced(
    achievement: Achievement, progress: Progress, moment: Moment, today: datetime.date
) -> Progress:
    """`progress` towards `achievement` after `moment` (earned `today` if it reaches the
    goal now): the best measure so far, or every mark collected."""
    marks = progress.marks
    if achievement.marks is not None:
        marks = marks | frozenset(achievement.marks(moment))
        count = len(marks)
    else:
        count = max(progress.count, achievement.measure(moment))
    earned = progress.earned
    if earned is None and count >= achievement.goal:
        earned = today.isoformat()
    return Progress(count, marks, earned)


def achievements_path(files: GameFiles) -> Path:
    return files.data_dir / ACHIEVEMENTS_FILE


def load_achievements(files: GameFiles) -> dict[str, Progress]:
    """The kept progress by achievement key (a bad file is set aside with a notice);
    entries of keys this version does not know are kept, to be written back."""
    data = files.read_versioned(achievements_path(files), ACHIEVEMENTS_VERSION, NOT_ACHIEVEMENTS)
    entries = data.get("achievements") if data is not None else None
    if not isinstance(entries, dict):
        return {}
    kept = {}
    for key, value in list(entries.items())[:ENTRIES_LIMIT]:
        progress = Progress.read(value)
        if isinstance(key, str) and progress is not None:
            kept[key] = progress
    return kept


def save_achievements(files: GameFiles, kept: dict[str, Progress]) -> bool:
    entries = {key: progress.to_dict() for key, progress in kept.items()}
    return files.write_json(
        achievements_path(files), {"version": ACHIEVEMENTS_VERSION, "achievements": entries}
    )


def count_moment(files: GameFiles, moment: Moment, today: datetime.date | None = None) -> bool:
    """Measure `moment` against every achievement and keep what it changed; those it
    earned are queued in `files.achieved` once they are written. False when the file
    could not be written."""
    day = today or datetime.date.today()
    kept = load_achievements(files)
    changed, earned = False, []
    for achievement in ACHIEVEMENTS:
        before = kept.get(achievement.key, Progress())
        after = advanced(achievement, before, moment, day)
        if after == before:
            continue
        kept[achievement.key], changed = after, True
        if before.earned is None and after.earned is not None:
            earned.append(achievement.key)
    if not changed:
        return True
    if not save_achievements(files, kept):
        return False
    files.achieved.extend(earned)
    return True


def count_lesson_opportunity(files: GameFiles) -> None:
    """The guided hand's player made its opportunity play."""
    count_moment(files, Moment(lesson_opportunity=True))


def count_coached(files: GameFiles) -> None:
    """The coach reviewed a table game for the player."""
    count_moment(files, Moment(coached=True))
