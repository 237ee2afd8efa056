"""The levels' strength ratings: the file the game reads, and how tools/ratings.py fits
them from saved tournament games."""

from __future__ import annotations

import json
import math
from pathlib import Path

from game.ai.players import LEVELS
from game.ai.ratings import RATINGS_PATH, LevelRating, level_ratings
from tools.ratings import Table, encounters, fit, rated


def test_the_shipped_ratings_rate_the_ladder_weakest_first() -> None:
    ratings = level_ratings()
    assert list(ratings) == [level for level in LEVELS if level in ratings]
    assert {"easy", "greedy", "expert", "master"} <= set(ratings)
    for rating in ratings.values():
        assert rating.low <= rating.rating <= rating.high
    assert level_ratings(players=2)
    assert level_ratings(players=99) == {}
    assert RATINGS_PATH.suffix == ".json"


def test_missing_or_damaged_ratings_are_no_ratings(tmp_path: Path) -> None:
    assert level_ratings(path=tmp_path / "none.json") == {}
    damaged = tmp_path / "damaged.json"
    damaged.write_text('{"levels": {"easy": {"rating": "strong"}}}', encoding="utf-8")
    assert level_ratings(path=damaged) == {}
    damaged.write_text("[1, 2", encoding="utf-8")
    assert level_ratings(path=damaged) == {}
    good = tmp_path / "good.json"
    row = {"rating": 1400, "low": 1350, "high": 1450, "encounters": 10}
    good.write_text(json.dumps({"levels": {"easy": row}, "by_players": {}}), encoding="utf-8")
    assert level_ratings(path=good) == {"easy": LevelRating(1400, 1350, 1450, 10)}


def test_ten_to_one_odds_are_four_hundred_points() -> None:
    won = {("greedy", "master"): 10.0, ("master", "greedy"): 100.0}
    ratings = fit(won)
    assert ratings["greedy"] == 1500
    assert math.isclose(ratings["master"], 1900, abs_tol=1)


def test_encounters_pair_every_seat_but_partners_and_equal_levels() -> None:
    game = [("easy", 10.0), ("master", 30.0), ("greedy", 20.0), ("master", 30.0)]
    alone = encounters(Table(4, False, [game]), [game])
    assert (alone["master", "easy"], alone["easy", "master"]) == (2, 0)
    assert alone["greedy", "easy"] == 1
    partners = encounters(Table(4, True, [game]), [game])
    assert ("greedy", "easy") not in partners  # seats 0 and 2 play together
    assert partners["master", "greedy"] == 2
    tie = [("easy", 5.0), ("greedy", 5.0)]
    assert encounters(Table(2, False, [tie]), [tie])["easy", "greedy"] == 0.5
    figures = rated([Table(2, False, [tie, [("easy", 9.0), ("greedy", 1.0)]])])
    assert figures["easy"]["rating"] > figures["greedy"]["rating"] == 1500
