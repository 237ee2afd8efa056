"""The statistics of finished games (game/persist/stats.py): read only with the right
types, solitaire wins with help counted apart, the rating and streak of a person alone
against the computers, the daily deals' streak."""

from __future__ import annotations

import datetime

import pytest

from game.ai.player_ratings import START, shipped_ratings, table_encounters, updated
from game.cli import simulate
from game.persist.history import History
from game.persist.stats import (
    DailyStats,
    PlayerStats,
    SolitaireStats,
    count_solitaire,
    count_table_game,
    read_stats,
)
from game.rules.modes import Mode
from game.rules.record.recorded_game import RecordedGame
from game.rules.table import TableState
from game.rules.table_rules import TableRules

DAY = datetime.date(2026, 11, 22)


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


# --- issue 41: a rating and a streak alone against the computers ------------------------


def table_game(seed: int, kinds: list[str]) -> RecordedGame:
    """A finished one-hand game between greedy players, its seats of `kinds`, Ann first."""
    record = simulate(Mode.TABLE, len(kinds), seed, ["greedy"], TableRules(hands=1))
    for seat, kind in enumerate(kinds):
        record.set_player(seat, name=("Ann", "Bo", "Cy", "Di")[seat], kind=kind)
    return RecordedGame.from_record(record)


def test_a_game_alone_against_computers_rates_the_person_and_counts_the_streak() -> None:
    players: dict[str, PlayerStats] = {}
    rating, won, runs = float(START), [], 0
    for seed in range(1, 9):
        game = table_game(seed, ["human", "ai:expert", "ai:master"])
        count_table_game(players, game)
        assert isinstance(game.state, TableState)
        tally = game.state.tally()
        encounters = table_encounters(
            0, [None, "expert", "master"], tally.standings, False, shipped_ratings(3)
        )
        rating = round(updated(rating, seed - 1, encounters))
        won.append(0 in tally.leaders)
        runs = runs + 1 if won[-1] else 0
    ann = players["Ann"]
    assert (ann.rating, ann.rated_games, ann.streak) == (rating, 8, runs)
    assert 0 < sum(won) < 8 and ann.best_streak >= ann.streak
    assert players["Bo"].rating is None and players["Bo"].streak == 0
    again = History.from_dict(History(players=players).to_dict()).players["Ann"]
    assert again == ann


def test_a_game_with_two_people_or_none_rates_nobody() -> None:
    players: dict[str, PlayerStats] = {}
    count_table_game(players, table_game(3, ["human", "human", "ai:greedy"]))
    count_table_game(players, table_game(4, ["ai:easy", "ai:greedy"]))
    assert all(stats.rating is None and stats.best_streak == 0 for stats in players.values())
    assert read_stats(PlayerStats, {"rating": "1500"}) is None


def test_the_streak_counts_days_won_in_a_row_up_to_today_or_yesterday() -> None:
    stats = DailyStats()
    for back in (1, 2, 3, 5):
        stats.count(DAY - datetime.timedelta(days=back), won=True)
    stats.count(DAY - datetime.timedelta(days=4), won=False)
    assert stats.streak(DAY) == 3  # today is still to play
    stats.count(DAY, won=True)
    assert stats.streak(DAY) == 4 and stats.best_streak() == 4
    assert stats.streak(DAY + datetime.timedelta(days=2)) == 0
    assert len(stats.played) == 6 and len(stats.won) == 5
    again = DailyStats.from_dict({**stats.to_dict(), "won": [*stats.to_dict()["won"], "x"]})
    assert again == stats
