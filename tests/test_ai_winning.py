"""The master's judgement at two seats: the chance of winning the game, from the ended
hands' totals and this hand's value, against the fitted spread of what is still to come."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.ai.evaluation import WorkLimit, guessed_stock, seat_weights
from game.ai.players import GreedyPlayer
from game.ai.search import Lookahead
from game.ai.winning import TIE_BREAK, GameOdds, game_odds, shipped_spread
from game.rules.table import TableState
from game.rules.table_rules import HAND_SIZE, TableRules
from tests.test_ai_players import replayed

SEAT_0 = (1.0, -1.0)


def in_hand(hands: int, ended: list[list[int]], moves: int = 6) -> TableState:
    """A 2-seat position a few greedy moves into a hand, after `ended` hands' results."""
    state = replayed(2, TableRules(hands=hands), 3, moves)
    assert not state.hand_over
    state.sheet.results = [list(result) for result in ended]
    return state


def odds_of(state: TableState) -> GameOdds:
    odds = game_odds(state, SEAT_0)
    assert odds is not None
    return odds


def mean_chance(odds: GameOdds, state: TableState, values: list[float]) -> float:
    return sum(odds.chance(state, value) for value in values) / len(values)


@pytest.mark.parametrize("lead", [60, -60])
def test_late_in_the_game_the_lead_decides_between_safe_and_risky(lead: int) -> None:
    """In the last hand, ahead by 60, a line sure to lose 20 points of it beats one that
    wins or loses 100 or more with a higher mean (-10); behind by 60, the reverse. The
    hand's value alone would take the risky line both times."""
    state = in_hand(3, [[lead, 0], [0, 0]])
    odds = odds_of(state)
    safe = [-20.0, -20.0]
    risky = [100.0, -120.0]
    assert sum(risky) / 2 > sum(safe) / 2
    safer = mean_chance(odds, state, safe) > mean_chance(odds, state, risky)
    assert safer is (lead > 0)


def test_early_in_the_game_the_chance_follows_the_hands_value() -> None:
    """With two hands still to come, the spread is wide: the chance rises with the value
    about as the margin does, and a level game is an even chance."""
    state = in_hand(3, [])
    odds = odds_of(state)
    assert odds.chance(state, 0.0) == 0.5
    gains = [odds.chance(state, value + 10) - odds.chance(state, value) for value in (0, 20)]
    assert 0 < gains[1] < gains[0] < 1.1 * gains[1]


def test_a_one_hand_game_is_won_by_winning_the_hand() -> None:
    """In a game of one hand, an ended hand is won, lost or level for sure; while it is
    played, ahead is better than even."""
    state = in_hand(1, [])
    odds = odds_of(state)
    assert odds.chance(state, 0.0) == 0.5
    assert 0.5 < odds.chance(state, 15.0) < 1.0
    greedy = GreedyPlayer(random.Random(0))
    while not state.hand_over:
        state.apply(greedy.choose(state))
    for value, chance in ((5.0, 1.0), (0.0, 0.5), (-5.0, 0.0)):
        assert odds.chance(state, value) == chance + TIE_BREAK * value


def test_the_ended_hands_count_with_the_sides_signs() -> None:
    """Seat 1's lead over the ended hands is seat 0's deficit."""
    state = in_hand(3, [[30, 50], [40, 0]])
    assert odds_of(state).lead == 20
    weights = seat_weights(state, 1)
    assert weights == (-1.0, 1.0)
    other = game_odds(state, weights)
    assert other is not None and other.lead == -20


@pytest.mark.parametrize(
    ("players", "rules"),
    [(3, TableRules()), (4, TableRules(partners=True)), (2, TableRules(variant="club"))],
)
def test_elsewhere_the_hands_value_is_judged(players: int, rules: TableRules) -> None:
    """Three seats, partners and club games keep the hand's value (no fitted spread)."""
    state = replayed(players, rules, 3, 6)
    assert game_odds(state, seat_weights(state, state.current)) is None


def test_the_searchs_leaves_are_chances_when_it_plays_for_the_game() -> None:
    """The master's search over a guess values each move as a chance (0 to 1, give or
    take the tie-break), where the expert's counts points."""
    state = in_hand(3, [[25, 0], [0, 10]])
    moves = state.legal_moves()
    stock = guessed_stock(state, random.Random(1))
    for_the_game = Lookahead(state, 4, HAND_SIZE, WorkLimit(50_000), stock, True)
    chances = for_the_game.move_values(moves)
    assert len(chances) == len(moves)
    assert all(-0.05 < chance < 1.05 for chance in chances)
    points = Lookahead(state, 4, HAND_SIZE, WorkLimit(50_000), stock).move_values(moves)
    assert any(abs(value) > 1.5 for value in points)


def test_a_missing_or_damaged_spread_is_none(tmp_path: Path) -> None:
    """Without the fitted spread the master judges the hand's value, as before."""
    damaged = tmp_path / "spread.json"
    damaged.write_text('{"hand": 40, "rest_by_tiles_held": [30]}', encoding="utf-8")
    assert shipped_spread(tmp_path / "missing.json") is None
    assert shipped_spread(damaged) is None
    shipped = shipped_spread()
    assert shipped is not None and len(shipped.rest) == 2 * HAND_SIZE + 1
