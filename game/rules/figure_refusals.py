"""Why the figure refuses a placement: as data (a `Refusal`, which the screens word in
the player's language and colours) and in English for an `IllegalMoveError`."""

from __future__ import annotations

from typing import Final, NamedTuple, Protocol

from game.rules.contacts import SIDE_EDGE, Contact
from game.rules.lattice import ORIGIN_KEY, Cell, cell_key
from game.rules.tiles import COLOUR_NAMES, TileId, tile_name

# Why a placement is refused (`Figure.refusal`).
TOO_FAR: Final = "too far"
TAKEN: Final = "is taken"
FIRST_ELSEWHERE: Final = "first elsewhere"
TOUCHES_NOTHING: Final = "touches no tile"
COLOUR_CLASH: Final = "colour clash"
VALUE_CLASH: Final = "value clash"
AWAY_FROM_LAST: Final = "away from the last tile"


class Refusal(NamedTuple):
    """Why a placement breaks the rules: a `kind` above, and for a clash the colour
    indices and values of the two touching sides."""

    kind: str
    colour: int = 0
    other_colour: int = 0
    value: int = 0
    other_value: int = 0


class Figure(Protocol):
    """What a refusal reads of the figure (`game.rules.figure.Figure`)."""

    def __len__(self) -> int: ...

    def __contains__(self, cell: object) -> bool: ...

    def tile_at(self, cell: Cell) -> tuple[TileId, int] | None: ...

    def is_open(self, cell: Cell) -> bool: ...

    def in_reach(self, cell: Cell) -> bool: ...

    def contacts(self, tile: TileId, cell: Cell, rot: int) -> list[Contact]: ...


def placement_refusal(figure: Figure, tile: TileId, cell: Cell, rot: int) -> Refusal | None:
    """Why placing `tile` on `cell` with `rot` breaks the rules, as data, or None if it
    is legal."""
    try:
        key = cell_key(cell)
    except ValueError:
        return Refusal(TOO_FAR)
    if cell in figure:
        return Refusal(TAKEN)
    if not figure:
        return None if key == ORIGIN_KEY else Refusal(FIRST_ELSEWHERE)
    if not figure.is_open(cell):
        return Refusal(TOUCHES_NOTHING)
    for contact in figure.contacts(tile, cell, rot):
        neighbour = figure.tile_at(contact.neighbour)
        assert neighbour is not None
        other_colour = SIDE_EDGE[neighbour[0] * 3 + neighbour[1]][contact.side][0]
        if contact.colour != other_colour:
            return Refusal(COLOUR_CLASH, contact.colour, other_colour)
        if contact.points < 0:
            return Refusal(
                VALUE_CLASH, contact.colour, contact.colour, contact.value, contact.other_value
            )
    if not figure.in_reach(cell):
        return Refusal(AWAY_FROM_LAST)
    return None


def refusal_in_english(refusal: Refusal, tile: TileId, cell: Cell) -> str:
    """A placement's `refusal` in English, for an error message."""
    kind = refusal.kind
    if kind == TOO_FAR:
        return f"cell {cell} is too far from the origin"
    if kind in (TAKEN, TOUCHES_NOTHING):
        return f"cell {cell} {kind}"
    if kind == FIRST_ELSEWHERE:
        return "the first tile goes on cell (0, 0)"
    if kind == AWAY_FROM_LAST:
        return f"{tile_name(tile)} must touch the last tile or two tiles at once"
    name, other = COLOUR_NAMES[refusal.colour], COLOUR_NAMES[refusal.other_colour]
    if kind == COLOUR_CLASH:
        return f"{name} cannot touch {other}"
    return f"{name} {refusal.value} cannot touch {other} {refusal.other_value}"
