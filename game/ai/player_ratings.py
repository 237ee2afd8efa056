"""A person's ratings: at the table, on the scale of the computer levels' published
ratings (`game.ai.ratings`), and for solving puzzles.

Both use the model the levels' ratings are fitted with (tools/ratings.py): Bradley-Terry
on the one scale players see (`game.ai.rating_scale`), where a rating `400` points above
another expects to finish ahead ten times out of eleven. After each game or puzzle the
rating moves Elo-style towards what the results say: by `k` times (score - expected
score). At the table every computer seat on the other side is one encounter, won by
finishing ahead of it (half on equal standings), against its level's rating at that
table size, held fixed; the game's `k` is shared out among them, so one game moves the
rating as much at any table size.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Sequence
from typing import Final

from game.ai.rating_scale import ANCHOR, SCALE
from game.ai.ratings import LevelRating, level_ratings

START: Final = ANCHOR
"""Where a new player starts: the greedy level, the scale's anchor."""
SETTLING_GAMES: Final = 10
"""Games (or puzzles) in which a new rating moves twice as fast, to find its level."""
K_GAME: Final = 32.0


def expected_score(rating: float, other: float) -> float:
    """The share of encounters `rating` expects to win against `other`."""
    return 1.0 / (1.0 + math.pow(10.0, (other - rating) / SCALE))


def step(rated: int) -> float:
    """How far one game moves a rating that has `rated` games behind it."""
    return 2 * K_GAME if rated < SETTLING_GAMES else K_GAME


def updated(rating: float, rated: int, encounters: Sequence[tuple[float, float]]) -> float:
    """`rating` after one game of `encounters` (opponent's rating, score 0, 0.5 or 1)."""
    if not encounters:
        return rating
    share = step(rated) / len(encounters)
    return rating + share * sum(
        score - expected_score(rating, other) for other, score in encounters
    )


@functools.cache
def shipped_ratings(players: int) -> dict[str, LevelRating]:
    """The levels' published ratings at tables of `players` seats (over every table size
    where that size was not measured; none when they cannot be read), read from disk
    once, not at every frame a screen shows them."""
    return level_ratings(players) or level_ratings()


def table_encounters(
    seat: int,
    levels: Sequence[str | None],
    standings: Sequence[int],
    partners: bool,
    ratings: dict[str, LevelRating],
) -> list[tuple[float, float]]:
    """`seat`'s encounters with the rated computer seats on the other side: (the level's
    rating, 1 ahead of it, 0.5 level, 0 behind). `levels` has None for a person."""
    found = []
    for other, level in enumerate(levels):
        if other == seat or level is None or level not in ratings:
            continue
        if partners and other % 2 == seat % 2:
            continue
        mine, theirs = standings[seat], standings[other]
        score = 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
        found.append((float(ratings[level].rating), score))
    return found


def nearest_level(rating: float, ratings: dict[str, LevelRating]) -> str | None:
    """The level whose rating is nearest `rating` (None without ratings)."""
    levels: Iterable[str] = ratings
    return min(levels, key=lambda level: abs(ratings[level].rating - rating), default=None)
