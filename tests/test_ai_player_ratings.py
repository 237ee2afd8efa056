"""A person's ratings (game/ai/player_ratings.py): the levels' model, Bradley-Terry on an
Elo scale, updated after each game against the computers' published ratings."""

from __future__ import annotations

import pytest

from game.ai.player_ratings import (
    K_GAME,
    START,
    expected_score,
    nearest_level,
    table_encounters,
    updated,
)
from game.ai.ratings import LevelRating

RATINGS = {
    "easy": LevelRating(1450, 1420, 1480, 100),
    "greedy": LevelRating(1500, 1500, 1500, 100),
    "master": LevelRating(1600, 1570, 1630, 100),
}


def test_400_points_are_ten_to_one_odds_as_in_the_levels_fit() -> None:
    assert expected_score(1500, 1500) == 0.5
    assert expected_score(1900, 1500) == pytest.approx(10 / 11)
    assert expected_score(1500, 1900) == pytest.approx(1 / 11)


def test_a_game_moves_the_rating_by_its_share_of_k_over_the_encounters() -> None:
    settled = 20
    beat_two = updated(START, settled, [(1500, 1.0), (1500, 1.0)])
    assert beat_two == pytest.approx(START + K_GAME / 2)  # each encounter's half of k
    assert updated(START, settled, [(1600, 1.0)]) > updated(START, settled, [(1450, 1.0)])
    assert updated(START, settled, [(1600, 0.0)]) > updated(START, settled, [(1450, 0.0)])
    assert updated(START, 0, [(1500, 1.0)]) - START == pytest.approx(K_GAME)  # settling in
    assert updated(1532, settled, []) == 1532


def test_the_encounters_are_the_rated_computers_on_the_other_side() -> None:
    levels = ["master", None, "random", "easy"]
    standings = [40, 40, 90, 10]
    assert table_encounters(1, levels, standings, False, RATINGS) == [
        (1600.0, 0.5),  # level with the master
        (1450.0, 1.0),  # ahead of easy; random has no rating
    ]
    # partners: seat 3 (easy) is seat 1's partner, not an encounter
    assert table_encounters(1, levels, standings, True, RATINGS) == [(1600.0, 0.5)]


def test_the_nearest_level_says_who_one_plays_like() -> None:
    assert nearest_level(1540, RATINGS) == "greedy"
    assert nearest_level(1560, RATINGS) == "master"
    assert nearest_level(1200, RATINGS) == "easy"
    assert nearest_level(1500, {}) is None
