"""Small figures of real tiles, used as illustrations (rules screen, menu, achievements)."""

from __future__ import annotations

from functools import cache
from typing import Final

from game.rules.lattice import Cell, neighbour
from game.rules.tiles import ALL_TILES, TILE_VALUES, TileId, contact_points, parse_tile

Placement = tuple[TileId, Cell, int]
"""A tile on the table: (tile, cell, rotation)."""

THREE_SIDED: Final[tuple[Placement, ...]] = (
    (parse_tile("07-08-02"), (0, 1), 0),
    (parse_tile("05-06-07"), (1, 0), 0),
    (parse_tile("02-09-10"), (-1, 0), 0),
    (parse_tile("08-09-10"), (0, 0), 0),
)
"""RULES.md section 8: 08-09-10 placed last on (0, 0) scores 15 + 15 + 20 = 50."""


def _legal(a: TileId, b: TileId, side: int) -> int | None:
    """Points of tiles `a` and `b` (both rotation 0) touching along `side`, or None."""
    return contact_points(TILE_VALUES[a][side], TILE_VALUES[b][side])


@cache
def contact_pair(counting: bool) -> tuple[Placement, Placement]:
    """Two tiles side by side on (0, 0) and (1, 0): a matching or a counting contact."""
    first = parse_tile("03-04-05")
    for other in ALL_TILES:
        points = _legal(first, other, 1) if other != first else None
        if points is not None and (points > 0) == counting:
            return ((first, (0, 0), 0), (other, (1, 0), 0))
    raise LookupError("no such pair")


TWO_SIDED_CELLS: Final = ((0, 0), (1, 0), (2, 0), (2, 1), (1, 1), (1, 2), (0, 1))
"""A chain of six round one corner and on; the last cell touches the first and the fifth."""
HEXAGON_CELLS: Final = ((0, 0), (1, 0), (2, 0), (2, 1), (1, 1), (0, 1))
"""Six cells round one corner; the last touches the first and the fifth."""


@cache
def figure_on(cells: tuple[Cell, ...], counting_last: bool = False) -> tuple[Placement, ...]:
    """Distinct tiles on `cells` (all turned alike, so touching edges share a colour),
    each fitting the tiles before it; with `counting_last`, the last counts on every
    side it touches (an opportunity play when it touches two)."""
    chosen: list[TileId] = []

    def fits(tile: TileId, index: int) -> bool:
        cell = cells[index]
        for side in range(3):
            other = neighbour(cell, side)
            if other in cells[:index]:
                points = _legal(tile, chosen[cells.index(other)], side)
                last = counting_last and index == len(cells) - 1
                if points is None or (last and points == 0):
                    return False
        return True

    def search(index: int) -> bool:
        if index == len(cells):
            return True
        for tile in ALL_TILES:
            if tile not in chosen and fits(tile, index):
                chosen.append(tile)
                if search(index + 1):
                    return True
                chosen.pop()
        return False

    if not search(0):
        raise LookupError("no such figure")
    return tuple((tile, cell, 0) for tile, cell in zip(chosen, cells, strict=True))


def two_sided() -> tuple[Placement, ...]:
    """Six tiles in a chain, then one away from the last that counts on two sides."""
    return figure_on(TWO_SIDED_CELLS, counting_last=True)
