"""What a computer player wants, and what it may know, in a table game.

Objective: a hand is judged by a weighted sum of every seat's hand value, positive for the
player (and its partner), negative for the others. In a standard game a seat's value is
its counting points minus 10 per tile held; in Club Contack the chips a seat wins in a hand
are (players - 1) times its points / 5 minus the others' points / 5, so the chip
difference between seats is the point difference with no tile penalty, and that is what
the objective counts there.

Knowledge: hands are face up, so the only hidden thing is the order of the stock. The
set of tiles in it is every tile in no hand and not on the table; `guessed_stock`
makes a stock whose unseen part is a guess, so no search reads the true order.
"""

from __future__ import annotations

import random

from game.rules.moves import DRAW_MOVE, PASS_MOVE, Move
from game.rules.table import TableState
from game.rules.table_rules import HAND_SIZE, PENALTY_PER_TILE
from game.rules.tiles import ALL_TILES_MASK, TILE_COUNT, TileId, tiles_in


class OutOfWork(Exception):
    """Raised inside a search when its work budget is spent."""


class WorkLimit:
    """A hard limit on a search's work, counted in positions, never in seconds: the same
    position and seed give the same move on any machine, busy or idle."""

    def __init__(self, positions: int) -> None:
        self.left = positions

    def spend(self, positions: int) -> None:
        """Count `positions` searched; raise `OutOfWork` once the budget is spent."""
        self.left -= positions
        if self.left < 0:
            raise OutOfWork


def two_sides(state: TableState) -> bool:
    """True when the table is one side against another: two players, or partners."""
    return state.players == 2 or state.game.rules.partners


def seat_weights(state: TableState, seat: int) -> tuple[float, ...]:
    """How much each seat's hand value counts for `seat`: +1 for itself and its partner;
    -1 for each opponent with partners, else -1 / (players - 1): minus their mean."""
    game = state.game
    me = game.team_of(seat)
    opponents = sum(1 for s in range(game.players) if game.team_of(s) != me)
    against = -1.0 if game.rules.partners else -1.0 / opponents
    return tuple(1.0 if game.team_of(s) == me else against for s in range(game.players))


def seat_values(state: TableState) -> list[float]:
    """Each seat's hand value now: points, minus 10 per tile held (no penalty in club)."""
    if state.game.rules.club:
        return [float(points) for points in state.sheet.hand_points]
    return [
        points - PENALTY_PER_TILE * hand.bit_count()
        for points, hand in zip(state.sheet.hand_points, state.hands, strict=True)
    ]


def utility(state: TableState, weights: tuple[float, ...]) -> float:
    """The objective of the seat owning `weights`, for the hand as it stands."""
    return sum(w * v for w, v in zip(weights, seat_values(state), strict=True))


def unknown_tiles(state: TableState) -> int:
    """Bit mask of the tiles still in the stock, known from public facts alone."""
    held = 0
    for hand in state.hands:
        held |= hand
    return ALL_TILES_MASK & ~held & ~state.figure.tiles_mask()


def guessed_stock(state: TableState, rng: random.Random | None) -> list[TileId]:
    """A stock list for `state` whose unseen part holds the unknown tiles in a guessed
    order: shuffled by `rng`, or sorted (a neutral order for searches that swap draws in)."""
    rest = tiles_in(unknown_tiles(state))
    if rng is not None:
        rng.shuffle(rest)
    return state.stock[: state.stock_pos] + rest


def forced_table_move(state: TableState) -> Move:
    """Draw or pass, for a seat with no placement (never a free draw)."""
    hand = state.hands[state.current]
    if state.stock_pos < TILE_COUNT and hand.bit_count() < HAND_SIZE:
        return DRAW_MOVE
    return PASS_MOVE
