"""The master's search at two sides: alpha-beta over guessed stock orders, the hand
played out where it stops."""

from __future__ import annotations

import random

from game.ai.ahead import GuessedAlphaBeta
from game.ai.evaluation import WorkLimit, forced_table_move, utility
from game.ai.search import ordered_by_points, placement_move
from game.rules.moves import PLACE
from game.rules.table import TableState
from game.rules.table_rules import TableRules
from tests.test_ai_players import replayed

PLENTY = 10**9


def choice_position(players: int = 2, rules: TableRules | None = None) -> TableState:
    """A position a few moves into a hand where the seat to move has several moves."""
    for moves in range(3, 12):
        state = replayed(players, rules or TableRules(), 5, moves)
        if not state.hand_over and len(state.legal_moves()) > 3:
            return state
    raise AssertionError("no position with a choice")


def minimax(state: TableState, search: GuessedAlphaBeta, depth: int) -> float:
    """The plain minimax value the alpha-beta search must find (no pruning)."""
    if state.end_reason is not None:
        return utility(state, search.weights)
    if depth <= 0:
        return search.played_out(state)
    placements = state.figure.placements(state.hands[state.current])
    if not placements:
        state.apply_unchecked(forced_table_move(state))
        value = minimax(state, search, depth)
        state.undo()
        return value
    mine = state.game.team_of(state.current) == search.team
    values = []
    for placement in placements:
        state.apply_unchecked(placement_move(placement))
        values.append(minimax(state, search, depth - 1))
        state.undo()
    return max(values) if mine else min(values)


def test_alpha_beta_finds_the_plain_minimax_values() -> None:
    for rules in (TableRules(), TableRules(partners=True)):
        root = choice_position(4 if rules.partners else 2, rules)
        search = GuessedAlphaBeta(root, random.Random(3), 1, WorkLimit(PLENTY))
        moves = ordered_by_points(root, root.legal_moves())
        guess = search.states[0]
        expected = []
        for move in moves:
            guess.apply_unchecked(move)
            depth = 3 - (move.action == PLACE)
            expected.append(minimax(guess, search, depth))
            guess.undo()
        assert search.move_totals(moves, 3) == expected


def test_it_deepens_while_the_work_lasts_and_falls_back_on_points() -> None:
    root = choice_position()
    moves = root.legal_moves()
    depths = []
    for work in (2_000, 20_000):
        search = GuessedAlphaBeta(root, random.Random(1), 4, WorkLimit(work))
        search.best_move(moves, 12)
        depths.append(search.depth)
    assert 1 <= depths[0] < depths[1]
    starved = GuessedAlphaBeta(root, random.Random(1), 40, WorkLimit(0))
    assert starved.best_move(moves, 12) == ordered_by_points(root, moves)[0]
    assert starved.depth == 0
