"""Small figures of real tiles, used as illustrations (rules screen, menu)."""

from __future__ import annotations

from typing import Final

from game.rules.lattice import Cell
from game.rules.tiles import TileId, parse_tile

Placement = tuple[TileId, Cell, int]
"""A tile on the table: (tile, cell, rotation)."""

THREE_SIDED: Final[tuple[Placement, ...]] = (
    (parse_tile("07-08-02"), (0, 1), 0),
    (parse_tile("05-06-07"), (1, 0), 0),
    (parse_tile("02-09-10"), (-1, 0), 0),
    (parse_tile("08-09-10"), (0, 0), 0),
)
"""RULES.md section 8: 08-09-10 placed last on (0, 0) scores 15 + 15 + 20 = 50."""
