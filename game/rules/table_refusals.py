"""Why the table refuses a move: a placement's reason as data (a `Refusal`, which the
screens word in the player's language and colours), and any move's reason in English
for an `IllegalMoveError`."""

from __future__ import annotations

from typing import Final, Protocol

from game.rules.figure import Figure
from game.rules.figure_refusals import Refusal
from game.rules.moves import DRAW, HAND, PASS, PLACE, Move
from game.rules.table_rules import HAND_SIZE, TableRules
from game.rules.tiles import TILE_COUNT, TILE_SIZES, tile_name, tiles_in


class _Game(Protocol):
    @property
    def rules(self) -> TableRules: ...


class TableState(Protocol):
    """What a refusal reads of a table position (`game.rules.table.TableState`)."""

    figure: Figure
    hands: list[int]
    current: int
    stock_pos: int
    end_reason: str | None

    @property
    def game(self) -> _Game: ...


# Why the table refuses a placement (`TableState.refusal`), besides the figure's reasons.
HAND_OVER: Final = "hand over"
NOT_IN_HAND: Final = "not in hand"
NOT_SMALLEST: Final = "not the smallest"
FITS_NOWHERE: Final = "fits nowhere"


# Why a seat that cannot place passes rather than draws.
STOCK_EMPTY: Final = "stock empty"
HAND_FULL: Final = "hand full"


def pass_reason(state: TableState, seat: int) -> str:
    """Why `seat` may not draw: its hand holds the most tiles a hand may (`HAND_FULL`),
    or the stock is empty (`STOCK_EMPTY`)."""
    return HAND_FULL if state.hands[seat].bit_count() >= HAND_SIZE else STOCK_EMPTY


def placement_refusal(state: TableState, move: Move) -> Refusal | None:
    """Why the placement `move` may not be played now, as data the screens word (a
    tile that fits nowhere says so before what is wrong with the spot), or None."""
    if state.end_reason is not None:
        return Refusal(HAND_OVER)
    hand = state.hands[state.current]
    if move.source != HAND or not hand >> move.tile & 1:
        return Refusal(NOT_IN_HAND)
    if not state.figure:
        if TILE_SIZES[move.tile] != min(TILE_SIZES[t] for t in tiles_in(hand)):
            return Refusal(NOT_SMALLEST)
    elif not state.figure.has_placement(1 << move.tile):
        return Refusal(FITS_NOWHERE)
    return state.figure.refusal(move.tile, move.cell, move.rot)


def why_illegal(state: TableState, move: Move) -> str | None:
    """Why `move` may not be played now, in English for an error message; None if it
    may (`refusal` gives a placement's reason as data, for the screens)."""
    if state.end_reason is not None:
        return "the hand is over"
    seat = state.current
    hand = state.hands[seat]
    can_draw = state.stock_pos < TILE_COUNT and hand.bit_count() < HAND_SIZE
    if move.action == PLACE:
        kind = (placement_refusal(state, move) or Refusal("")).kind
        if kind == NOT_IN_HAND:
            return f"{tile_name(move.tile)} is not in the hand of seat {seat}"
        if kind == NOT_SMALLEST:
            return "the first tile must be the smallest in the hand"
        if kind == FITS_NOWHERE:
            return f"{tile_name(move.tile)} fits nowhere on the figure"
        return state.figure.why_illegal(move.tile, move.cell, move.rot)
    can_place = state.figure.has_placement(hand) if state.figure else True
    if move.action == DRAW:
        if not can_draw:
            return "the stock is empty" if state.stock_pos >= TILE_COUNT else "the hand is full"
        if can_place and not state.game.rules.free_draw:
            return "a tile can be placed, so the player must place"
        return None
    if move.action == PASS:
        if can_place:
            return "a tile can be placed, so the player must place"
        if can_draw:
            return "the player must draw before passing"
        return None
    return f"{move.action} is not a table move"
