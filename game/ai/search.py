"""Searches behind the stronger table levels.

`Lookahead` (expert) plays each of its moves, the replies of the seats that follow, and
judges the position a fixed number of placements ahead; a seat that must draw is a chance
node over every tile the stock may still hold. `MonteCarlo` (master) guesses the stock
order many times and plays every candidate out to the end of the hand with a fast greedy
policy, spending its rollouts by sequential halving. Neither ever reads the true stock
order, and both leave the state they are given untouched.
"""

from __future__ import annotations

import math
import random
from typing import Final

from game.ai.evaluation import (
    Deadline,
    OutOfTime,
    forced_table_move,
    guessed_stock,
    sample_stock_order,
    seat_weights,
    utility,
)
from game.rules.figure import Placement
from game.rules.moves import DRAW, DRAW_MOVE, PLACE, Move
from game.rules.table import PENALTY_PER_TILE, TableState
from game.rules.tiles import TILE_COUNT, mask_of

CHECK_EVERY: Final = 64
"""Search nodes between two looks at the clock."""


def placement_move(placement: Placement) -> Move:
    return Move(PLACE, placement.tile, placement.cell, placement.rot)


def ordered_by_points(state: TableState, moves: list[Move]) -> list[Move]:
    """`moves` with the highest scoring first (stable, so equal moves keep their order)."""
    return sorted(moves, key=lambda move: -placement_points(state, move))


def placement_points(state: TableState, move: Move) -> int:
    return state.placement_score(move) if move.action == PLACE else 0


class Lookahead:
    """Expectimax a few placements deep with a static judgement of the position.

    The searching seat and its partner take their best move; with two sides (two players
    or partners) an opponent takes the move worst for the searcher, and with more sides
    an opponent is modelled as taking its highest score. Draws average over the tiles the
    stock may hold, `draws` of them deep along any line.
    """

    def __init__(self, root: TableState, depth: int, draws: int, deadline: Deadline) -> None:
        self.seat = root.current
        self.weights = seat_weights(root, self.seat)
        self.team = root.game.team_of(self.seat)
        self.two_sides = root.players == 2 or root.game.rules.partners
        self.tempo = 0 if root.game.rules.club else PENALTY_PER_TILE
        self.depth = depth
        self.draws = draws
        self.deadline = deadline
        self.nodes = 0
        self.state = sample_stock_order(root, None)

    def move_values(self, moves: list[Move]) -> list[float]:
        """The value of each move for the searching seat, in order; shorter than `moves`
        when the time budget ran out first."""
        values: list[float] = []
        try:
            for move in moves:
                values.append(self._after(move, self.depth, self.draws))
        except OutOfTime:
            pass
        return values

    def _after(self, move: Move, depth: int, draws: int) -> float:
        """Value of playing `move` now (a draw is a chance node)."""
        state = self.state
        if move.action == DRAW:
            return self._chance(depth, draws)
        state.apply_unchecked(move)
        try:
            return self._value(depth - 1 if move.action == PLACE else depth, draws)
        finally:
            state.undo()

    def _value(self, depth: int, draws: int) -> float:
        state = self.state
        self.nodes += 1
        if self.nodes % CHECK_EVERY == 0:
            self.deadline.check()
        if state.end_reason is not None:
            return utility(state, self.weights)
        if depth == 0:
            return self._judge()
        seat = state.current
        placements = state.figure.placements(state.hands[seat])
        if not placements:
            return self._after(forced_table_move(state), depth, draws)
        mine = state.game.team_of(seat) == self.team
        if not mine and not self.two_sides:
            best = max(p.score for p in placements)
            placements = [p for p in placements if p.score == best]
        values = [self._after(placement_move(p), depth, draws) for p in placements]
        if state.game.rules.free_draw and state.can_draw(seat) and draws:
            values.append(self._chance(depth, draws))
        return max(values) if mine else min(values)

    def _chance(self, depth: int, draws: int) -> float:
        """Average over the tile a draw may bring (the private stock holds exactly the
        unknown tiles, in a neutral order, so each is swapped to the front in turn)."""
        state = self.state
        if not draws:
            return self._judge()
        stock = state.stock
        front = state.stock_pos
        total = 0.0
        for index in range(front, TILE_COUNT):
            stock[front], stock[index] = stock[index], stock[front]
            state.apply_unchecked(DRAW_MOVE)
            try:
                total += self._value(depth, draws - 1)
            finally:
                state.undo()
                stock[front], stock[index] = stock[index], stock[front]
        return total / (TILE_COUNT - front)

    def _judge(self) -> float:
        """Static value: every seat's hand value, plus what the seat to move can expect
        from its turn: its best score and one tile fewer, or the odds of its draw."""
        state = self.state
        value = utility(state, self.weights)
        seat = state.current
        figure = state.figure
        placements = figure.placements(state.hands[seat])
        turn: float
        if placements:
            turn = max(p.score for p in placements) + self.tempo
        elif state.can_draw(seat):
            unknown = mask_of(state.stock[state.stock_pos :])
            best_by_tile: dict[int, int] = {}
            for p in figure.placements(unknown):
                best_by_tile[p.tile] = max(p.score, best_by_tile.get(p.tile, 0))
            fit = len(best_by_tile) / unknown.bit_count()
            mean_score = sum(best_by_tile.values()) / max(len(best_by_tile), 1)
            turn = fit * mean_score - (1 - fit) * self.tempo
        else:
            turn = 0.0
        return value + self.weights[seat] * turn


def rollout(state: TableState, rng: random.Random) -> None:
    """Play the hand out with greedy placements (ties at random) and forced draws."""
    figure = state.figure
    while state.end_reason is None:
        if not figure:
            moves = state.legal_moves()
            state.apply_unchecked(moves[rng.randrange(len(moves))])
            continue
        placements = figure.placements(state.hands[state.current])
        if not placements:
            state.apply_unchecked(forced_table_move(state))
            continue
        best = max(p.score for p in placements)
        top = [p for p in placements if p.score == best]
        choice = top[rng.randrange(len(top))] if len(top) > 1 else top[0]
        state.apply_unchecked(placement_move(choice))


class MonteCarlo:
    """Perfect-information Monte Carlo over guessed stock orders, by sequential halving.

    Every candidate is played out on the same guessed orders with the same rollout seeds,
    so their means differ by the moves and not by the luck of the draw.
    """

    def __init__(self, root: TableState, rng: random.Random, deadline: Deadline) -> None:
        self.root = root
        self.rng = rng
        self.deadline = deadline
        self.weights = seat_weights(root, root.current)
        self.guesses: list[tuple[list[int], int]] = []
        """Per sample: a stock order and a rollout seed."""

    def _guess(self, index: int) -> tuple[list[int], int]:
        while len(self.guesses) <= index:
            order = guessed_stock(self.root, self.rng)
            self.guesses.append((order, self.rng.getrandbits(32)))
        return self.guesses[index]

    def _playout(self, move: Move, index: int) -> float:
        stock, seed = self._guess(index)
        state = self.root.clone()
        state.stock = stock
        state.apply_unchecked(move)
        rollout(state, random.Random(seed))
        return utility(state, self.weights)

    def best_move(self, moves: list[Move], rollouts: int) -> Move:
        """The candidate with the best mean outcome; `moves` ordered best guess first."""
        totals = [0.0] * len(moves)
        counts = [0] * len(moves)
        alive = list(range(len(moves)))
        rounds = max(1, math.ceil(math.log2(len(moves))))
        try:
            while len(alive) > 1:
                per_move = max(1, rollouts // (rounds * len(alive)))
                for i in alive:
                    for _ in range(per_move):
                        self.deadline.check()
                        totals[i] += self._playout(moves[i], counts[i])
                        counts[i] += 1
                alive.sort(key=lambda i: -totals[i] / counts[i])
                alive = alive[: math.ceil(len(alive) / 2)]
        except OutOfTime:
            tried = [i for i in alive if counts[i]] or alive
            alive = [max(tried, key=lambda i: totals[i] / counts[i] if counts[i] else -math.inf)]
        return moves[alive[0]]

