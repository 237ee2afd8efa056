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
from game.rules.lattice import Cell, cell_key
from game.rules.moves import DRAW, DRAW_MOVE, PASS_MOVE, PLACE, Move
from game.rules.table import HAND_SIZE, PENALTY_PER_TILE, TableState
from game.rules.tiles import TILE_COUNT, TileId, mask_of

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


class Playout:
    """A hand played out to its end by greedy placements (ties by a cheap seeded
    sequence) and forced draws, on a copy of the figure and plain per-seat lists: the
    table rules of section 5 without the engine's history, for speed. `trace`, when
    given, receives every move made, so a test can replay them through the engine."""

    def __init__(
        self, start: TableState, stock: list[TileId], seed: int, trace: list[Move] | None = None
    ) -> None:
        self.figure = start.figure.clone()
        self.hands = start.hands.copy()
        self.points = start.hand_points.copy()
        self.stock = stock
        self.stock_pos = start.stock_pos
        self.seat = start.current
        self.passes = start.passes
        self.players = start.players
        self.tie = seed
        self.over = start.end_reason is not None
        self.trace = trace

    def place(self, tile: TileId, cell: Cell, rot: int, score: int) -> None:
        figure = self.figure
        figure.place_unchecked(tile, cell_key(cell), rot)
        seat = self.seat
        self.hands[seat] ^= 1 << tile
        self.points[seat] += score
        self.passes = 0
        if self.trace is not None:
            self.trace.append(Move(PLACE, tile, cell, rot))
        if not self.hands[seat] or figure.is_dead_end():
            self.over = True
        else:
            self.seat = (seat + 1) % self.players

    def draw_or_pass(self) -> None:
        seat = self.seat
        if self.stock_pos < TILE_COUNT and self.hands[seat].bit_count() < HAND_SIZE:
            self.hands[seat] |= 1 << self.stock[self.stock_pos]
            self.stock_pos += 1
            if self.trace is not None:
                self.trace.append(DRAW_MOVE)
            return
        if self.trace is not None:
            self.trace.append(PASS_MOVE)
        self.passes += 1
        if self.passes >= self.players:
            self.over = True
        else:
            self.seat = (seat + 1) % self.players

    def finish(self) -> None:
        """Play greedily until the hand ends."""
        figure = self.figure
        hands = self.hands
        while not self.over:
            placements = figure.placements(hands[self.seat])
            if not placements:
                self.draw_or_pass()
                continue
            best = max(p.score for p in placements)
            top = [p for p in placements if p.score == best]
            if len(top) > 1:
                self.tie = (self.tie * 1103515245 + 12345) & 0x7FFFFFFF
                choice = top[(self.tie >> 8) % len(top)]
            else:
                choice = top[0]
            self.place(choice.tile, choice.cell, choice.rot, choice.score)

    def value(self, weights: tuple[float, ...], club: bool) -> float:
        """The objective of `weights` for the hand as it ended."""
        penalty = 0 if club else PENALTY_PER_TILE
        return sum(
            w * (points - penalty * hand.bit_count())
            for w, points, hand in zip(weights, self.points, self.hands, strict=True)
        )


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
        self.club = root.game.rules.club
        self.guesses: list[tuple[list[int], int]] = []
        """Per sample: a stock order and a rollout seed."""

    def _guess(self, index: int) -> tuple[list[int], int]:
        while len(self.guesses) <= index:
            order = guessed_stock(self.root, self.rng)
            self.guesses.append((order, self.rng.getrandbits(32)))
        return self.guesses[index]

    def _playout(self, move: Move, index: int) -> float:
        stock, seed = self._guess(index)
        playout = Playout(self.root, stock, seed)
        if move.action == PLACE:
            playout.place(move.tile, move.cell, move.rot, self.root.placement_score(move))
        else:
            playout.draw_or_pass()
        playout.finish()
        return playout.value(self.weights, self.club)

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
