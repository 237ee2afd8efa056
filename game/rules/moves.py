"""Moves: small immutable values whose text form round-trips through `parse_move`.

Text forms (a cell is `q,r`, the rotation follows `r`):

    01-02-03@0,0r0              table: place a tile from the hand
    draw                        table: draw one tile from the stock
    pass                        table: pass
    stock:05-06-03@1,0r2        draw solitaire: turn the stock tile and place it
    stock:05-06-03>discard      draw solitaire: turn the stock tile; it cannot be placed
    discard:05-06-03@1,0r2      draw solitaire: place the top of the discard pile
    pile3:05-06-03@1,0r2        stacked solitaire: place the top of pile 3
"""

from __future__ import annotations

import re
from functools import partial
from typing import Final, NamedTuple

from game.rules.errors import InvalidMoveError
from game.rules.lattice import Cell
from game.rules.tiles import TileId, parse_tile, tile_name

PLACE: Final = "place"
DRAW: Final = "draw"
PASS: Final = "pass"
DISCARD: Final = "discard"
"""Draw solitaire: the turned stock tile goes to the discard pile."""

HAND: Final = "hand"
STOCK: Final = "stock"
DISCARD_PILE: Final = "discard"
PILE: Final = "pile"

NO_TILE: Final = -1


class Move(NamedTuple):
    """One action of the player to move.

    `action` is one of PLACE, DRAW, PASS, DISCARD; `source` says where a placed tile
    comes from (HAND, STOCK, DISCARD_PILE or PILE with `pile` its index).
    """

    action: str
    tile: TileId = NO_TILE
    cell: Cell = (0, 0)
    rot: int = 0
    source: str = HAND
    pile: int = -1

    def __str__(self) -> str:
        if self.action == DRAW:
            return "draw"
        if self.action == PASS:
            return "pass"
        name = tile_name(self.tile)
        if self.action == DISCARD:
            return f"stock:{name}>discard"
        place = f"{name}@{self.cell[0]},{self.cell[1]}r{self.rot}"
        if self.source == HAND:
            return place
        if self.source == PILE:
            return f"pile{self.pile}:{place}"
        return f"{self.source}:{place}"

    @property
    def is_place(self) -> bool:
        return self.action == PLACE


new_move: Final = partial(tuple.__new__, Move)
"""`new_move((action, tile, cell, rot, source, pile))`: a `Move` of all six fields, made
without the keyword defaults (the engine's hot paths)."""


DRAW_MOVE: Final = Move(DRAW)
PASS_MOVE: Final = Move(PASS)

_PLACE_TEXT: Final = re.compile(
    r"(?:(?P<source>stock|discard|pile(?P<pile>[0-6])):)?"
    r"(?P<tile>\d\d-\d\d-\d\d)@(?P<q>-?\d+),(?P<r>-?\d+)r(?P<rot>[012])"
)
_DISCARD_TEXT: Final = re.compile(r"stock:(?P<tile>\d\d-\d\d-\d\d)>discard")


def parse_move(text: str) -> Move:
    """The move written as `text` (see the module docstring); `InvalidMoveError` if none."""
    text = text.strip()
    if text == "draw":
        return DRAW_MOVE
    if text == "pass":
        return PASS_MOVE
    match = _DISCARD_TEXT.fullmatch(text)
    if match:
        return Move(DISCARD, parse_tile(match["tile"]), source=STOCK)
    match = _PLACE_TEXT.fullmatch(text)
    if not match:
        raise InvalidMoveError(f"cannot read move {text!r}")
    source = match["source"] or HAND
    pile = -1
    if match["pile"] is not None:
        source, pile = PILE, int(match["pile"])
    cell = (int(match["q"]), int(match["r"]))
    return Move(PLACE, parse_tile(match["tile"]), cell, int(match["rot"]), source, pile)
