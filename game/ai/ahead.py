"""The master's search at two sides: alpha-beta over guessed stock orders.

One side against another is a game of perfect information but for the stock's order.
`GuessedAlphaBeta` guesses that order several times with the player's own rng (never
reading the true one) and, on each guess, where both sides draw the same tiles, searches
every candidate move with alpha-beta, one placement deeper at a time while the work
lasts. Where it stops, the hand is played out to its end on the guess by the fast policy
of `game.ai.montecarlo` (every seat places its highest scoring tile) and judged by its
result. A move's value is its total over the guesses at the deepest depth searched on
every guess, each candidate judged on the same guesses so that luck cancels out between
them. The effort is counted in positions and playout steps, never in seconds: a state
and a seed give one move.
"""

from __future__ import annotations

import random
from typing import Final

from game.ai.evaluation import (
    OutOfWork,
    WorkLimit,
    forced_table_move,
    guessed_stock,
    seat_weights,
    utility,
)
from game.ai.montecarlo import play_out
from game.ai.search import ordered_by_points, placement_move
from game.rules.moves import PLACE, Move
from game.rules.table import TableState

CHECK_EVERY: Final = 64
"""Positions between two counts against the work limit."""


class GuessedAlphaBeta:
    """Values the moves of the seat to play in `root` over `guesses` guessed stock
    orders, within `limit`."""

    def __init__(
        self, root: TableState, rng: random.Random, guesses: int, limit: WorkLimit
    ) -> None:
        self.weights = seat_weights(root, root.current)
        self.team = root.game.team_of(root.current)
        self.limit = limit
        self.nodes = 0
        self.depth = 0
        """The deepest pass finished on every guess."""
        self.states = []
        for _ in range(guesses):
            state = root.clone()
            state.stock = guessed_stock(root, rng)
            self.states.append(state)
        self.ties = rng.getrandbits(32)
        """Seeds the play-outs' choice between equal tiles, the same at every leaf."""

    def best_move(self, moves: list[Move], deepest: int) -> Move:
        """The candidate of best total over the guesses at the deepest depth finished
        (at most `deepest` placements); the highest scoring when not even one placement
        deep fits in the work."""
        candidates = ordered_by_points(self.states[0], moves)
        totals: list[float] | None = None
        try:
            for depth in range(1, deepest + 1):
                totals = self.move_totals(candidates, depth)
                self.depth = depth
        except OutOfWork:
            pass
        if totals is None:
            return candidates[0]
        return candidates[max(range(len(candidates)), key=lambda i: (totals[i], -i))]

    def move_totals(self, moves: list[Move], depth: int) -> list[float]:
        """Each move's total over the guesses, `depth` placements deep."""
        totals = [0.0] * len(moves)
        for state in self.states:
            for index, move in enumerate(moves):
                state.apply_unchecked(move)
                try:
                    placed = move.action == PLACE
                    totals[index] += self.value(state, depth - placed, -1e9, 1e9)
                finally:
                    state.undo()
        return totals

    def value(self, state: TableState, depth: int, alpha: float, beta: float) -> float:
        """Alpha-beta value for the searching side, `depth` placements on."""
        self.nodes += 1
        if self.nodes % CHECK_EVERY == 0:
            self.limit.spend(CHECK_EVERY)
        if state.end_reason is not None:
            return utility(state, self.weights)
        if depth <= 0:
            return self.played_out(state)
        seat = state.current
        placements = state.figure.placements(state.hands[seat])
        if not placements:
            state.apply_unchecked(forced_table_move(state))
            try:
                return self.value(state, depth, alpha, beta)
            finally:
                state.undo()
        placements.sort(key=lambda p: -p.score)
        mine = state.game.team_of(seat) == self.team
        for placement in placements:
            state.apply_unchecked(placement_move(placement))
            try:
                value = self.value(state, depth - 1, alpha, beta)
            finally:
                state.undo()
            if mine:
                alpha = max(alpha, value)
            else:
                beta = min(beta, value)
            if alpha >= beta:
                break
        return alpha if mine else beta

    def played_out(self, state: TableState) -> float:
        """The result of the hand played out from `state` on its guess (work counted)."""
        steps = play_out(state, random.Random(self.ties))
        value = utility(state, self.weights)
        for _ in range(steps):
            state.undo()
        self.limit.spend(steps)
        return value
