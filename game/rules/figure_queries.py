"""What the figure answers without changing: its tiles, its open cells, the legal
placements and the contacts a tile would make (`Figure` adds placing and taking back).

Sections 3 and 4 of RULES.md. For every empty cell that touches a tile (an *open cell*)
the figure keeps the rotation the colours force there, the tiles that may legally touch
all its neighbours (a bit mask) and the contacts it would make, so these queries never
rescan the figure.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, NamedTuple

from game.rules.lattice import (
    KEY_CELLS,
    NEIGHBOUR_STEPS,
    ORIGIN_KEY,
    SIDES,
    Cell,
    cell_key,
)
from game.rules.tiles import (
    ALL_TILES_MASK,
    TILE_COUNT,
    TILE_VALUES,
    TileId,
    contact_points,
    tiles_in,
)


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


class Placement(NamedTuple):
    """A legal spot for a tile: where, which way round, and the points it scores."""

    tile: TileId
    cell: Cell
    rot: int
    score: int


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

CONFLICT: Final = -1
"""Rotation of an open cell whose neighbours ask for two different rotations."""


class FigureQueries:
    """The tiles on the table and their open cells, read but never changed here."""

    __slots__ = ("_open", "_openings", "_order", "_placed")

    def __init__(self) -> None:
        self._placed: dict[int, int] = {}
        """cell key -> tile * 3 + rot"""
        self._open: dict[int, tuple[int, int, tuple[tuple[int, int, int], ...]]] = {}
        """open cell key -> (forced rot or CONFLICT, fitting tiles mask, contacts);
        each contact is (side, colour, neighbour value)."""
        self._openings: set[int] = set()
        """open cells touching two or three tiles"""
        self._order: list[int] = []
        """cell keys in the order the tiles were placed"""

    def __len__(self) -> int:
        return len(self._order)

    def __contains__(self, cell: object) -> bool:
        return isinstance(cell, tuple) and cell_key(cell) in self._placed

    def tile_at(self, cell: Cell) -> tuple[TileId, int] | None:
        """(tile, rot) on `cell`, or None when it is empty."""
        code = self._placed.get(cell_key(cell))
        return None if code is None else divmod(code, 3)

    def tiles(self) -> list[tuple[Cell, TileId, int]]:
        """Every placed tile as (cell, tile, rot), in the order they were placed."""
        placed = self._placed
        return [(KEY_CELLS[k], *divmod(placed[k], 3)) for k in self._order]

    @property
    def last_cell(self) -> Cell | None:
        """Cell of the last tile placed, or None on an empty table."""
        return KEY_CELLS[self._order[-1]] if self._order else None

    @property
    def last_tile(self) -> TileId | None:
        return self._placed[self._order[-1]] // 3 if self._order else None

    def opportunity_openings(self) -> list[Cell]:
        """Empty cells touching two or more tiles, sorted."""
        return sorted(KEY_CELLS[k] for k in self._openings)

    def open_cells(self) -> list[Cell]:
        """Empty cells touching at least one tile, sorted."""
        return sorted(KEY_CELLS[k] for k in self._open)

    def is_dead_end(self) -> bool:
        """True when no tile can ever be placed again (RULES.md section 4, dead end)."""
        if not self._order or self._openings:
            return False
        last = self._order[-1]
        placed = self._placed
        return all(last + step in placed for step in NEIGHBOUR_STEPS[last])

    def _candidate_keys(self) -> list[int]:
        """Cells where a placement may go: around the last tile, and every opening."""
        if not self._order:
            return [ORIGIN_KEY]
        last = self._order[-1]
        keys = [last + step for step in NEIGHBOUR_STEPS[last]]
        keys = [k for k in keys if k not in self._placed and k not in self._openings]
        keys.extend(self._openings)
        return keys

    def placements(self, tiles_mask: int) -> list[Placement]:
        """Every legal placement of the tiles in `tiles_mask` (a bit mask of tile ids),
        with the points each would score."""
        return [
            Placement(tile, KEY_CELLS[key], rot, self._points(tile, key))
            for tile, key, rot in self.spots(tiles_mask)
        ]

    def _points(self, tile: TileId, key: int) -> int:
        """Points of a legal placement of `tile` on the open cell `key`."""
        entry = self._open.get(key)
        if entry is None:
            return 0
        return sum(POINTS[colour][value][tile] for _side, colour, value in entry[2])

    def spots(self, tiles_mask: int) -> list[tuple[TileId, int, int]]:
        """Every legal placement of the tiles in `tiles_mask` as (tile, cell key, rot):
        `placements` without the scores, for the hot paths."""
        if not self._order:
            return [(tile, ORIGIN_KEY, rot) for tile in tiles_in(tiles_mask) for rot in range(3)]
        result = []
        open_cells = self._open
        for key in self._candidate_keys():
            rot, fits, _ = open_cells[key]
            fits &= tiles_mask
            while fits:
                low = fits & -fits
                fits ^= low
                result.append((low.bit_length() - 1, key, rot))
        return result

    def has_placement(self, tiles_mask: int) -> bool:
        """True when some tile of `tiles_mask` has a legal placement."""
        if not self._order:
            return tiles_mask != 0
        open_cells = self._open
        return any(open_cells[key][1] & tiles_mask for key in self._candidate_keys())

    def playable_tiles(self) -> int:
        """Mask of the tiles that have a legal placement now."""
        if not self._order:
            return ALL_TILES_MASK
        open_cells = self._open
        mask = 0
        for key in self._candidate_keys():
            mask |= open_cells[key][1]
        return mask

    def open_fit_masks(self) -> list[int]:
        """For every open cell, the mask of the tiles that fit its neighbours (whether or
        not the last-tile rule allows a placement there now)."""
        return [fits for _rot, fits, _contacts in self._open.values()]

    def fitting_anywhere(self) -> int:
        """Mask of the tiles that fit some open cell (the union of `open_fit_masks`)."""
        mask = 0
        for _rot, fits, _contacts in self._open.values():
            mask |= fits
        return mask

    @property
    def opening_count(self) -> int:
        """How many empty cells touch two or more tiles."""
        return len(self._openings)

    def free_sides_of_last(self) -> int:
        """How many sides of the last tile are still free (0 on an empty table)."""
        if not self._order:
            return 0
        last = self._order[-1]
        return sum(last + step not in self._placed for step in NEIGHBOUR_STEPS[last])

    def is_open(self, cell: Cell) -> bool:
        """True when `cell` is empty and touches a tile."""
        return cell_key(cell) in self._open

    def in_reach(self, cell: Cell) -> bool:
        """True when the last-tile rule lets a tile go on `cell` now: the origin of an
        empty table, a cell around the last tile, or an opening."""
        return cell_key(cell) in self._candidate_keys()

    def fitting_tiles(self, cell: Cell) -> int:
        """Mask of the tiles that may legally be placed on `cell` now (0 if none)."""
        key = cell_key(cell)
        if key not in self._candidate_keys():
            return 0
        if not self._order:
            return ALL_TILES_MASK
        return self._open[key][1]

    def forced_rotation(self, cell: Cell) -> int | None:
        """The rotation the colours force on an open cell (None: free or impossible)."""
        entry = self._open.get(cell_key(cell))
        if entry is None or entry[0] == CONFLICT:
            return None
        return entry[0]

    def contacts(self, tile: TileId, cell: Cell, rot: int) -> list[Contact]:
        """The contacts `tile` would make on `cell` with rotation `rot`, legal or not."""
        key = cell_key(cell)
        placed = self._placed
        result = []
        values = TILE_VALUES[tile]
        for side, step in enumerate(NEIGHBOUR_STEPS[key]):
            code = placed.get(key + step)
            if code is None:
                continue
            other_colour, other_value = SIDE_EDGE[code][side]
            colour = (side - rot) % 3
            value = values[colour]
            points = contact_points(value, other_value) if colour == other_colour else None
            result.append(
                Contact(
                    cell,
                    side,
                    KEY_CELLS[key + step],
                    colour,
                    value,
                    other_value,
                    -1 if points is None else points,
                )
            )
        return result
