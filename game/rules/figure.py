"""The figure: the tiles on the table, where the next tile may go and what it scores.

Sections 3 and 4 of RULES.md. `FigureQueries` (figure_queries.py) answers what the
figure is (its tiles, open cells, legal placements, contacts); `Figure` adds placing a
tile and taking the last one back. Placing or removing a tile refreshes only that cell
and its three neighbours, so asking for the legal placements never rescans the figure.
Why a placement is refused is in figure_refusals.py.
"""

from __future__ import annotations

from functools import partial
from typing import Final

from game.rules.errors import IllegalMoveError
from game.rules.figure_queries import CONFLICT, POINTS, SIDE_EDGE, FigureQueries
from game.rules.figure_queries import Contact as Contact  # re-exported with the figure
from game.rules.figure_queries import Placement as Placement
from game.rules.figure_queries import contact_score as contact_score
from game.rules.figure_refusals import AWAY_FROM_LAST as AWAY_FROM_LAST
from game.rules.figure_refusals import COLOUR_CLASH as COLOUR_CLASH
from game.rules.figure_refusals import FIRST_ELSEWHERE as FIRST_ELSEWHERE
from game.rules.figure_refusals import TAKEN as TAKEN
from game.rules.figure_refusals import TOO_FAR as TOO_FAR
from game.rules.figure_refusals import TOUCHES_NOTHING as TOUCHES_NOTHING
from game.rules.figure_refusals import VALUE_CLASH as VALUE_CLASH
from game.rules.figure_refusals import Refusal as Refusal
from game.rules.figure_refusals import placement_refusal, refusal_in_english
from game.rules.lattice import KEY_CELLS, NEIGHBOUR_STEPS, Cell, cell_key
from game.rules.tiles import ALL_TILES_MASK, COMPATIBLE, TILE_VALUES, TileId

_new_contact: Final = partial(tuple.__new__, Contact)


class Figure(FigureQueries):
    """The tiles on the table: placing a tile and taking the last one back, with the
    incremental bookkeeping of the open cells."""

    __slots__ = ()

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
        return self.place_unchecked(tile, cell_key(cell), rot)

    def place_unchecked(self, tile: TileId, key: int, rot: int) -> list[Contact]:
        """Place a tile known to be legal (it came from `placements` or `spots`) on the
        cell with engine key `key`; returns its contacts."""
        placed = self._placed
        open_cells = self._open
        code = tile * 3 + rot
        contacts = []
        entry = open_cells.pop(key, None)
        if entry is not None:
            self._openings.discard(key)
            cell = KEY_CELLS[key]
            values = TILE_VALUES[tile]
            steps = NEIGHBOUR_STEPS[key]
            for side, colour, value in entry[2]:
                contacts.append(
                    _new_contact(
                        (
                            cell,
                            side,
                            KEY_CELLS[key + steps[side]],
                            colour,
                            values[colour],
                            value,
                            POINTS[colour][value][tile],
                        )
                    )
                )
        placed[key] = code
        self._order.append(key)
        # Each empty neighbour gains one contact: update its entry rather than rebuild it.
        edges = SIDE_EDGE[code]
        for side, step in enumerate(NEIGHBOUR_STEPS[key]):
            other = key + step
            if other in placed:
                continue
            colour, value = edges[side]
            wanted = (side - colour) % 3
            old = open_cells.get(other)
            if old is None:
                open_cells[other] = (wanted, COMPATIBLE[colour][value], ((side, colour, value),))
                continue
            old_rot, fits, old_contacts = old
            if old_rot == wanted:
                fits &= COMPATIBLE[colour][value]
            else:
                old_rot, fits = CONFLICT, 0
            open_cells[other] = (old_rot, fits, (*old_contacts, (side, colour, value)))
            self._openings.add(other)
        return contacts

    def remove_last(self) -> tuple[TileId, Cell, int]:
        """Take back the last tile placed; returns (tile, cell, rot)."""
        key = self._order.pop()
        tile, rot = divmod(self._placed.pop(key), 3)
        self._refresh(key)
        for step in NEIGHBOUR_STEPS[key]:
            self._refresh(key + step)
        return tile, KEY_CELLS[key], rot

    def clone(self) -> Figure:
        other = Figure.__new__(Figure)
        other._placed = self._placed.copy()
        other._open = self._open.copy()
        other._openings = self._openings.copy()
        other._order = self._order.copy()
        return other

    def _refresh(self, key: int) -> None:
        """Recompute what the empty cell `key` needs from its neighbours."""
        placed = self._placed
        if key in placed:
            self._open.pop(key, None)
            self._openings.discard(key)
            return
        rot = None
        fits = ALL_TILES_MASK
        contacts = []
        for side, step in enumerate(NEIGHBOUR_STEPS[key]):
            code = placed.get(key + step)
            if code is None:
                continue
            colour, value = SIDE_EDGE[code][side]
            wanted = (side - colour) % 3
            if rot is None:
                rot = wanted
            elif rot != wanted:
                rot = CONFLICT
            fits &= COMPATIBLE[colour][value]
            contacts.append((side, colour, value))
        if rot is None:
            self._open.pop(key, None)
            self._openings.discard(key)
            return
        if rot == CONFLICT:
            fits = 0
        self._open[key] = (rot, fits, tuple(contacts))
        if len(contacts) >= 2:
            self._openings.add(key)
        else:
            self._openings.discard(key)
