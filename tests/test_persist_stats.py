"""The statistics of finished games (game/persist/stats.py): read only with the right
types, solitaire wins with help counted apart."""

from __future__ import annotations

import pytest

from game.persist.history import History
from game.persist.stats import PlayerStats, SolitaireStats, count_solitaire, read_stats


def test_stats_read_only_with_the_right_types() -> None:
    assert read_stats(PlayerStats, {"games": 2, "wins": 1, "best_score": None}) == PlayerStats(
        games=2, wins=1
    )
    assert read_stats(PlayerStats, {"games": "2"}) is None
    assert read_stats(PlayerStats, {"computer": 1}) is None
    assert read_stats(SolitaireStats, [1]) is None
    history = History.from_dict(
        {"players": {"Ann": {"games": 1.5}, "Bo": {"games": 1}}, "games": [{"date": "x"}]}
    )
    assert list(history.players) == ["Bo"] and history.games == []


def test_solitaire_wins_with_help_are_counted_apart() -> None:
    stats = SolitaireStats()
    count_solitaire(stats, True, hints=False, undos=False, autoplay=False)
    count_solitaire(stats, True, hints=False, undos=True, autoplay=True)
    assert (stats.won, stats.clean_wins, stats.undo_wins, stats.autoplay_wins) == (2, 1, 1, 1)
    count_solitaire(stats, False, hints=False, undos=False, autoplay=False)
    assert (stats.played, stats.streak, stats.best_streak) == (3, 0, 2)
    assert stats.win_rate == pytest.approx(2 / 3)
