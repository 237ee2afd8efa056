"""The oracle: a yardstick for the tools that reads the true stock order."""

from __future__ import annotations

import random

import pytest

from game.ai.evaluation import WorkLimit
from game.ai.players import GreedyPlayer
from game.ai.search import Lookahead
from game.rules.moves import DRAW_MOVE
from game.rules.table import TableGame, TableState
from game.rules.table_rules import TableRules
from tools.levels import make_any_player
from tools.levels.oracle import Oracle


def a_forced_draw() -> TableState:
    """A 2-seat position whose seat to move can only draw, with several tiles unseen."""
    for seed in range(50):
        state = TableGame(2).new_state(f"oracle:{seed}")
        greedy = GreedyPlayer(random.Random(seed))
        while not state.is_terminal() and not state.hand_over:
            if state.legal_moves() == [DRAW_MOVE]:
                return state
            state.apply(greedy.choose(state))
    raise AssertionError("no forced draw found")


def draw_values(state: TableState, average_first_draw: bool) -> list[float]:
    """The value of the draw to the seat drawing, for each tile the stock may bring next
    (one draw followed along a line, so a fair search's order does not matter)."""
    values = []
    for index in range(state.stock_pos, len(state.stock)):
        stock = list(state.stock)
        stock[state.stock_pos], stock[index] = stock[index], stock[state.stock_pos]
        search = Lookahead(
            state, 2, 1, WorkLimit(10**6), stock, average_first_draw=average_first_draw
        )
        values.extend(search.move_values([DRAW_MOVE]))
    return values


def test_a_search_that_follows_every_draw_reads_the_order_a_fair_one_does_not() -> None:
    state = a_forced_draw()
    read = draw_values(state, average_first_draw=False)
    fair = draw_values(state, average_first_draw=True)
    assert len(set(read)) > 1
    assert fair == pytest.approx([fair[0]] * len(fair))


def test_the_oracle_is_a_tool_level_that_plays_legal_moves() -> None:
    oracle = make_any_player("oracle", random.Random(3), 4_000)
    assert isinstance(oracle, Oracle)
    state = TableGame(2, TableRules(hands=1)).new_state("oracle:play")
    while not state.is_terminal():
        if state.hand_over:
            state.next_hand()
            continue
        move = oracle.choose(state)
        assert move in state.legal_moves()
        state.apply(move)
