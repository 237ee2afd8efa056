"""The figure: the tiles on the table, where the next tile may go (beside the last tile,
or anywhere for an opportunity play: an opening two or three tiles touch) and what it
scores.

Sections 3 and 4 of RULES.md. The figure keeps its open cells (open_cells.py: what
every empty cell touching a tile needs from its neighbours) as tiles come and go, so
asking for the legal placements never rescans the figure, and taking a tile back puts
back exactly what placing it changed. Why a placement is refused is in
figure_refusals.py.
"""

from __future__ import annotations

from typing import NamedTuple

from game.rules.contacts import LADDERS, POINTS, SIDE_EDGE, Contact
from game.rules.errors import IllegalMoveError
from game.rules.figure_refusals import Refusal, placement_refusal, refusal_in_english
from game.rules.lattice import KEY_CELLS, NEIGHBOUR_STEPS, ORIGIN_KEY, Cell, cell_key
from game.rules.open_cells import CONFLICT, OpenCell, OpenCells
from game.rules.tiles import ALL_TILES_MASK, TILE_VALUES, TileId, contact_points, tiles_in


class Placement(NamedTuple):
    """A legal spot for a tile: where, which way round, and the points it scores."""

    tile: TileId
    cell: Cell
    rot: int
    score: int


Spot = tuple[TileId, int, int]
"""A legal placement as (tile, cell key, rot): `Placement` without the score, for the hot
paths."""


class Figure:
    """The tiles on the table and their open cells: placing a tile, taking the last one
    back, and where the next tile may go."""

    __slots__ = ("_cells", "_order", "_placed", "_reachable")

    def __init__(self) -> None:
        self._placed: dict[int, int] = {}
        """cell key -> tile * 3 + rot"""
        self._order: list[int] = []
        """cell keys in the order the tiles were placed"""
        self._cells = OpenCells()
        self._reachable: list[tuple[int, OpenCell]] | None = None
        """`_reach()` until the figure changes"""

    # --- reading ---------------------------------------------------------------------

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

    def tiles_mask(self) -> int:
        """Bit mask of the tiles on the table."""
        mask = 0
        for code in self._placed.values():
            mask |= 1 << code // 3
        return mask

    @property
    def last_cell(self) -> Cell | None:
        """Cell of the last tile placed, or None on an empty table."""
        return KEY_CELLS[self._order[-1]] if self._order else None

    def opportunity_openings(self) -> list[Cell]:
        """Empty cells touching two or more tiles, sorted."""
        return sorted(KEY_CELLS[k] for k in self._cells.openings)

    def open_cells(self) -> list[Cell]:
        """Empty cells touching at least one tile, sorted."""
        return sorted(KEY_CELLS[k] for k in self._cells.entries)

    def is_open(self, cell: Cell) -> bool:
        """True when `cell` is empty and touches a tile."""
        return cell_key(cell) in self._cells.entries

    def forced_rotation(self, cell: Cell) -> int | None:
        """The rotation the colours force on an open cell (None: free or impossible)."""
        entry = self._cells.entries.get(cell_key(cell))
        if entry is None or entry[0] == CONFLICT:
            return None
        return entry[0]

    def open_fit_masks(self) -> list[int]:
        """For every open cell, the mask of the tiles that fit its neighbours (whether or
        not the last-tile rule allows a placement there now)."""
        return [fits for _rot, fits, _contacts in self._cells.entries.values()]

    def fitting_anywhere(self) -> int:
        """Mask of the tiles that fit some open cell (the union of `open_fit_masks`)."""
        mask = 0
        for _rot, fits, _contacts in self._cells.entries.values():
            mask |= fits
        return mask

    @property
    def opening_count(self) -> int:
        """How many empty cells touch two or more tiles."""
        return len(self._cells.openings)

    def free_sides_of_last(self) -> int:
        """How many sides of the last tile are still free (0 on an empty table)."""
        if not self._order:
            return 0
        last = self._order[-1]
        return sum(last + step not in self._placed for step in NEIGHBOUR_STEPS[last])

    def is_dead_end(self) -> bool:
        """True when no tile can ever be placed again (RULES.md section 4, dead end)."""
        return bool(self._order) and not (self._reachable or self._reach())

    def in_reach(self, cell: Cell) -> bool:
        """True when the last-tile rule lets a tile go on `cell` now: the origin of an
        empty table, a cell around the last tile, or an opening."""
        key = cell_key(cell)
        if not self._order:
            return key == ORIGIN_KEY
        return any(key == open_key for open_key, _entry in self._reach())

    def _reach(self) -> list[tuple[int, OpenCell]]:
        """The open cells where the last-tile rule lets a tile go now, with their entries:
        around the last tile, then every opening (the figure must have a tile). Worked
        out once after each change; the hot paths read `_reachable` first."""
        reach = self._reachable
        if reach is None:
            entries = self._cells.entries
            openings = self._cells.openings
            placed = self._placed
            last = self._order[-1]
            reach = []
            for step in NEIGHBOUR_STEPS[last]:
                key = last + step
                if key not in placed and key not in openings:
                    reach.append((key, entries[key]))
            for key in openings:
                reach.append((key, entries[key]))
            self._reachable = reach
        return reach

    def spots(self, tiles_mask: int) -> list[Spot]:
        """Every legal placement of the tiles in `tiles_mask` as (tile, cell key, rot):
        `placements` without the scores, for the hot paths."""
        if not self._order:
            return [(tile, ORIGIN_KEY, rot) for tile in tiles_in(tiles_mask) for rot in range(3)]
        result = []
        for key, (rot, fits, _contacts) in self._reach():
            fits &= tiles_mask
            while fits:
                low = fits & -fits
                fits ^= low
                result.append((low.bit_length() - 1, key, rot))
        return result

    def placements(self, tiles_mask: int) -> list[Placement]:
        """Every legal placement of the tiles in `tiles_mask` (a bit mask of tile ids),
        with the points each would score."""
        open_cells = self._cells.entries
        result = []
        for tile, key, rot in self.spots(tiles_mask):
            entry = open_cells.get(key)
            score = 0 if entry is None else _points(tile, entry[2])
            result.append(Placement(tile, KEY_CELLS[key], rot, score))
        return result

    def best_spots(self, tiles_mask: int) -> tuple[int, list[Spot]]:
        """The highest score a tile of `tiles_mask` can make now, and every spot that
        makes it, in the order of `spots` (-1 and none when no tile can be placed).
        A cell touching one tile finds its best tiles by the score masks, unscored."""
        if not self._order:
            return (0 if tiles_mask else -1), self.spots(tiles_mask)
        best = -1
        ties: list[tuple[int, int, int]] = []
        for key, (rot, fits, contacts) in self._reachable or self._reach():
            fits &= tiles_mask
            if not fits:
                continue
            if len(contacts) == 1:
                score = 0
                _side, colour, value = contacts[0]
                for points, scoring in LADDERS[colour][value]:
                    if fits & scoring:
                        score, fits = points, fits & scoring
                        break
            else:
                score, fits = _best_tiles(fits, contacts)
            if score > best:
                best, ties = score, [(key, rot, fits)]
            elif score == best:
                ties.append((key, rot, fits))
        spots = []
        for key, rot, fits in ties:
            while fits:
                low = fits & -fits
                fits ^= low
                spots.append((low.bit_length() - 1, key, rot))
        return best, spots

    def has_placement(self, tiles_mask: int) -> bool:
        """True when some tile of `tiles_mask` has a legal placement."""
        if not self._order:
            return tiles_mask != 0
        return any(entry[1] & tiles_mask for _key, entry in self._reach())

    def playable_tiles(self) -> int:
        """Mask of the tiles that have a legal placement now."""
        if not self._order:
            return ALL_TILES_MASK
        mask = 0
        for _key, entry in self._reach():
            mask |= entry[1]
        return mask

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
            neighbour = KEY_CELLS[key + step]
            points = -1 if points is None else points
            result.append(Contact(cell, side, neighbour, colour, value, other_value, points))
        return result

    def refusal(self, tile: TileId, cell: Cell, rot: int) -> Refusal | None:
        """Why placing `tile` on `cell` with `rot` breaks the rules, as data (the screens
        word it in the player's language and colours), or None if it is legal."""
        return placement_refusal(self, tile, cell, rot)

    def why_illegal(self, tile: TileId, cell: Cell, rot: int) -> str | None:
        """Why placing `tile` on `cell` with `rot` breaks the rules, or None if it is legal."""
        refusal = placement_refusal(self, tile, cell, rot)
        return None if refusal is None else refusal_in_english(refusal, tile, cell)

    # --- changing --------------------------------------------------------------------

    def place(self, tile: TileId, cell: Cell, rot: int) -> list[Contact]:
        """Place a tile after checking it is legal; returns its contacts."""
        reason = self.why_illegal(tile, cell, rot)
        if reason is not None:
            raise IllegalMoveError(reason)
        contacts = self.contacts(tile, cell, rot)
        self.place_unchecked(tile, cell_key(cell), rot)
        return contacts

    def place_unchecked(self, tile: TileId, key: int, rot: int) -> int:
        """Place a tile known to be legal (it came from `placements` or `spots`) on the
        cell with engine key `key`; returns the points it scores (what it touches is
        `contacts`, asked before)."""
        code = tile * 3 + rot
        self._reachable = None
        self._placed[key] = code
        self._order.append(key)
        entry = self._cells.cover(key, code, self._placed)
        return 0 if entry is None else _points(tile, entry[2])

    def remove_last(self) -> tuple[TileId, Cell, int]:
        """Take back the last tile placed; returns (tile, cell, rot)."""
        key = self._order.pop()
        self._reachable = None
        tile, rot = divmod(self._placed.pop(key), 3)
        self._cells.uncover(key)
        return tile, KEY_CELLS[key], rot

    def clone(self) -> Figure:
        other = Figure.__new__(Figure)
        other._placed = self._placed.copy()
        other._order = self._order.copy()
        other._cells = self._cells.copy()
        other._reachable = None  # the copy's openings may be visited in another order
        return other


def _points(tile: TileId, contacts: tuple[tuple[int, int, int], ...]) -> int:
    """Points `tile` scores on an open cell with these contacts (it is legal there)."""
    points = 0
    for _side, colour, value in contacts:
        points += POINTS[colour][value][tile]
    return points


def _best_tiles(fits: int, contacts: tuple[tuple[int, int, int], ...]) -> tuple[int, int]:
    """The highest score of a tile of `fits` on an open cell with these contacts, and the
    mask of the tiles that make it."""
    best, tiles = -1, 0
    while fits:
        low = fits & -fits
        fits ^= low
        score = _points(low.bit_length() - 1, contacts)
        if score > best:
            best, tiles = score, low
        elif score == best:
            tiles |= low
    return best, tiles
