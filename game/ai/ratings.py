"""How strong each computer level is, on one Elo-like scale, with its 95% interval.

The figures come from seeded tournaments between the levels (tools/tournament.py
--save), fitted by tools/ratings.py into `ratings.json` beside this module: 400 points
mean ten to one odds of finishing ahead of the other level, `greedy` stands at 1500.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Final, NamedTuple

RATINGS_PATH: Final = Path(__file__).with_name("ratings.json")


class LevelRating(NamedTuple):
    rating: int
    low: int
    high: int
    """The 95% interval of the rating."""
    encounters: int
    """Pairs of seats it was rated from."""


def level_ratings(players: int | None = None, path: Path = RATINGS_PATH) -> dict[str, LevelRating]:
    """Each rated level's rating, weakest first: over every table size, or at tables of
    `players` seats; empty when the figures are missing or unreadable (the game can do
    without them)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        table = data["levels"] if players is None else data["by_players"].get(str(players), {})
        return {
            str(level): LevelRating(
                int(row["rating"]), int(row["low"]), int(row["high"]), int(row["encounters"])
            )
            for level, row in table.items()
        }
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return {}
