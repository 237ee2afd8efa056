"""Solitaire solvers: decide whether a deal can still be won, with a winning line.

Both solitaires are searched depth first over the rules engine's own states, with a
transposition table of positions already proven lost. Draw solitaire is solved knowing
the stock order (to tell a player afterwards whether the deal could have been won).
"""

from __future__ import annotations

import time
from typing import NamedTuple

from game.rules.moves import Move
from game.rules.solitaire import DrawSolitaireState, StackedSolitaireState

SolitaireState = DrawSolitaireState | StackedSolitaireState


class SolveResult(NamedTuple):
    winnable: bool | None
    """True with `moves` a winning line, False when proven lost, None when out of time."""
    moves: list[Move]
    nodes: int


class _OutOfTime(Exception):
    pass


def position_key(state: SolitaireState) -> tuple[object, ...]:
    """What decides the rest of the game: the figure's tiles and cells, the last tile, and
    the sources' positions."""
    figure = state.figure
    cells = frozenset(figure.tiles())
    if isinstance(state, DrawSolitaireState):
        return (cells, figure.last_cell, state.stock_pos, tuple(state.discard))
    return (cells, figure.last_cell, tuple(state.heights))


def solve(state: SolitaireState, budget_s: float = 10.0) -> SolveResult:
    """Search for a winning continuation of `state` (which is left unchanged)."""
    work = state.clone()
    deadline = time.perf_counter() + budget_s
    lost: set[tuple[object, ...]] = set()
    line: list[Move] = []
    nodes = 0

    def search() -> bool:
        nonlocal nodes
        if work.won:
            return True
        if work.is_terminal():
            return False
        key = position_key(work)
        if key in lost:
            return False
        nodes += 1
        if nodes & 1023 == 0 and time.perf_counter() > deadline:
            raise _OutOfTime
        for move in work.legal_moves():
            work.apply_unchecked(move)
            line.append(move)
            if search():
                return True
            line.pop()
            work.undo()
        lost.add(key)
        return False

    try:
        found = search()
    except _OutOfTime:
        return SolveResult(None, [], nodes)
    return SolveResult(found, line.copy() if found else [], nodes)
