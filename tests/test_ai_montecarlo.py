"""The master's perfect-information Monte Carlo: it never reads the true stock order,
counts its effort in playout steps, and leaves the state as it found it."""

from __future__ import annotations

import random

import pytest

from game.ai.montecarlo import MonteCarlo, play_out
from game.ai.players import ExpertPlayer, MasterPlayer, Player
from game.rules.table import TableState
from game.rules.table_rules import TableRules
from tests.test_ai_players import replayed

SMALL_WORK = 600
"""Playout steps enough for a few rounds of guesses: the tests stay fast."""


def with_stock_reshuffled(state: TableState, seed: int) -> TableState:
    """The same position with the unseen part of the stock in another order."""
    other = state.clone()
    unseen = other.stock[other.stock_pos :]
    random.Random(seed).shuffle(unseen)
    other.stock = other.stock[: other.stock_pos] + unseen
    return other


def choice_positions() -> list[TableState]:
    """Positions where the seat to move has a real choice, at 2 to 7 seats."""
    found = []
    for players, rules in (
        (2, TableRules()),
        (3, TableRules()),
        (4, TableRules(variant="club", free_draw=True)),
        (7, TableRules()),
    ):
        for moves in range(2, 12):
            state = replayed(players, rules, players, moves)
            if not state.hand_over and len(state.legal_moves()) > 2:
                found.append(state)
                break
    return found


def cheap(level: str, seed: int) -> Player:
    if level == "master":
        return MasterPlayer(random.Random(seed), positions=SMALL_WORK, samples=2, depth=3)
    return ExpertPlayer(random.Random(seed), positions=SMALL_WORK)


@pytest.mark.parametrize("level", ["expert", "master"])
def test_the_move_never_depends_on_the_true_stock_order(level: str) -> None:
    positions = choice_positions()
    assert len(positions) == 4
    for state in positions:
        move = cheap(level, 3).choose(state)
        for reshuffle in range(3):
            assert cheap(level, 3).choose(with_stock_reshuffled(state, reshuffle)) == move


def test_a_round_judges_every_candidate_on_the_same_guess_and_undoes_it() -> None:
    state = choice_positions()[1]
    before = (list(state.hands), state.stock_pos, state.figure.tiles(), state.moves)
    search = MonteCarlo(state, random.Random(0), SMALL_WORK)
    move = search.best_move()
    assert move in state.legal_moves()
    assert search.rounds >= 2
    assert search.steps_left <= 0 or search.rounds > 0
    assert (list(state.hands), state.stock_pos, state.figure.tiles(), state.moves) == before


def test_the_effort_is_work_so_a_seed_gives_one_move() -> None:
    state = choice_positions()[2]
    first = MonteCarlo(state, random.Random(11), SMALL_WORK)
    again = MonteCarlo(state.clone(), random.Random(11), SMALL_WORK)
    assert first.best_move() == again.best_move()
    assert (first.rounds, first.steps_left) == (again.rounds, again.steps_left)


def test_a_play_out_ends_the_hand_and_counts_its_moves() -> None:
    state = replayed(4, TableRules(), 5, 3).clone()
    played = len(state.moves)
    steps = play_out(state, random.Random(0))
    assert state.hand_over
    assert len(state.moves) == played + steps


def test_the_guesses_cap_the_rounds_whatever_work_is_left() -> None:
    state = choice_positions()[3]
    search = MonteCarlo(state, random.Random(5), 10**9, guesses=3)
    assert search.best_move() in state.legal_moves()
    assert search.rounds == 3 and search.steps_left > 0
