"""Contacts: what a tile shows on each side of its cell and what touching sides score
(RULES.md sections 2 and 3), as a value (`Contact`) and as tables for the hot paths.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, NamedTuple

from game.rules.lattice import SIDES, Cell
from game.rules.tiles import TILE_COUNT, TILE_VALUES, contact_points


class Contact(NamedTuple):
    """One side of a placed tile touching a tile already on the table."""

    cell: Cell
    """Cell of the tile being placed."""
    side: int
    """Side of `cell` (and of `neighbour`) along which the two tiles touch."""
    neighbour: Cell
    colour: int
    value: int
    """Value of the placed tile on that side."""
    other_value: int
    """Value of the touched tile on that side."""
    points: int
    """The sum for a counting contact, 0 for a matching one."""

    @property
    def counting(self) -> bool:
        return self.points > 0


def contact_score(contacts: Iterable[Contact]) -> int:
    """Points a placement with these contacts scores: the sum of its counting contacts."""
    return sum(contact.points for contact in contacts if contact.points > 0)


# SIDE_EDGE[tile * 3 + rot][side] = (colour, value) the tile shows on that side.
SIDE_EDGE: Final = tuple(
    tuple(((side - rot) % 3, TILE_VALUES[tile][(side - rot) % 3]) for side in SIDES)
    for tile in range(TILE_COUNT)
    for rot in range(3)
)

# POINTS[colour][value][tile]: points of `tile` touching `value` on `colour` (0 if matching
# or not allowed; legality is decided by the COMPATIBLE masks).
POINTS: Final = tuple(
    tuple(
        tuple((contact_points(TILE_VALUES[t][colour], value) or 0) for t in range(TILE_COUNT))
        for value in range(11)
    )
    for colour in range(3)
)


def _ladder(colour: int, value: int) -> tuple[tuple[int, int], ...]:
    masks: dict[int, int] = {}
    for tile, points in enumerate(POINTS[colour][value]):
        if points:
            masks[points] = masks.get(points, 0) | 1 << tile
    return tuple(sorted(masks.items(), reverse=True))


LADDERS: Final = tuple(tuple(_ladder(colour, value) for value in range(11)) for colour in range(3))
"""`LADDERS[colour][value]`: (points, tiles mask) for each score a tile's `colour` edge
makes against `value`, highest first (counting contacts only), so the best tile of a
set touching one side is found without scoring each."""
