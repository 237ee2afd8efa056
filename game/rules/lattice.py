"""The triangular lattice of the table surface (RULES.md section 2).

A cell is `(q, r)`: `r` is the row, growing downwards, `q` the position in the row.
Cell `(q, r)` points up when `q + r` is even. Sides are numbered anticlockwise from the
horizontal one, and two neighbouring cells share the side with the same number.

The engine works on integer cell *keys* (one list index per cell) so that looking up a
cell costs no tuple hashing; `cell_key` and `KEY_CELLS` convert.
"""

from __future__ import annotations

from typing import Final

Cell = tuple[int, int]

ORIGIN: Final[Cell] = (0, 0)
SIDES: Final = (0, 1, 2)

# A figure has at most 36 tiles, so no cell is further than 36 steps from the origin;
# the key space leaves room for that in every direction.
_SPAN: Final = 128
_OFFSET: Final = 64
KEY_COUNT: Final = _SPAN * _SPAN

# Key steps to the neighbour across each side, for up and for down cells.
_UP_STEPS: Final = (1, _SPAN, -_SPAN)
_DOWN_STEPS: Final = (-1, -_SPAN, _SPAN)


def points_up(cell: Cell) -> bool:
    """True when the cell's triangle points up (its horizontal side at the bottom)."""
    return (cell[0] + cell[1]) % 2 == 0


def neighbour(cell: Cell, side: int) -> Cell:
    """The cell across `side` of `cell`."""
    q, r = cell
    if points_up(cell):
        return ((q, r + 1), (q + 1, r), (q - 1, r))[side]
    return ((q, r - 1), (q - 1, r), (q + 1, r))[side]


def neighbours(cell: Cell) -> tuple[Cell, Cell, Cell]:
    """The three cells across sides 0, 1 and 2."""
    return (neighbour(cell, 0), neighbour(cell, 1), neighbour(cell, 2))


def side_colour(side: int, rot: int) -> int:
    """The colour (tile edge) that a tile with rotation `rot` shows on `side`."""
    return (side - rot) % 3


def cell_key(cell: Cell) -> int:
    """The engine's integer key of a cell."""
    q, r = cell
    if not (-_OFFSET <= q < _OFFSET and -_OFFSET <= r < _OFFSET):
        raise ValueError(f"cell {cell} is too far from the origin")
    return (q + _OFFSET) * _SPAN + (r + _OFFSET)


KEY_CELLS: Final[tuple[Cell, ...]] = tuple(
    (key // _SPAN - _OFFSET, key % _SPAN - _OFFSET) for key in range(KEY_COUNT)
)
"""`KEY_CELLS[key]` is the cell of that key."""

NEIGHBOUR_STEPS: Final[tuple[tuple[int, int, int], ...]] = tuple(
    _UP_STEPS if (c[0] + c[1]) % 2 == 0 else _DOWN_STEPS for c in KEY_CELLS
)
"""`NEIGHBOUR_STEPS[key][side]`: add it to `key` to reach the neighbour across `side`."""

CELL_KEYS: Final[dict[Cell, int]] = {cell: key for key, cell in enumerate(KEY_CELLS)}
"""`CELL_KEYS[cell]` is the key of a cell in reach: `cell_key` for the hot paths."""

ORIGIN_KEY: Final = cell_key(ORIGIN)
