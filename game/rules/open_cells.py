"""The open cells of a figure: every empty cell that touches a tile (RULES.md sections 3
and 4), with what it needs from its neighbours, kept up to date as tiles come and go.

For each open cell: the rotation the colours of its neighbours force there (or CONFLICT
when two ask for different ones), the tiles that may legally touch all its neighbours (a
bit mask) and the contacts a tile there would make. Placing a tile changes only its cell
and its three neighbours: `cover` changes them and notes what they were, so `uncover`
puts exactly that back and taking a tile back never rebuilds a cell.
"""

from __future__ import annotations

from typing import Final

from game.rules.contacts import SIDE_EDGE
from game.rules.lattice import NEIGHBOUR_STEPS
from game.rules.tiles import COMPATIBLE

OpenCell = tuple[int, int, tuple[tuple[int, int, int], ...]]
"""What an empty cell needs from its neighbours: (forced rot or CONFLICT, fitting tiles
mask, contacts); each contact is (side, colour, neighbour value)."""

Covered = tuple[OpenCell | None, list[tuple[int, OpenCell | None]]]
"""What placing a tile changed: its cell's entry (None for the first tile), and each
empty neighbour's key with its entry before (None: it touched no tile)."""

CONFLICT: Final = -1
"""Rotation of an open cell whose neighbours ask for two different rotations."""


FRESH: Final = tuple(
    tuple(
        ((side - colour) % 3, COMPATIBLE[colour][value], ((side, colour, value),))
        for side, (colour, value) in enumerate(SIDE_EDGE[code])
    )
    for code in range(len(SIDE_EDGE))
)
"""`FRESH[tile * 3 + rot][side]`: the entry of an empty cell across `side` of that tile
when it touches no other tile (a cell touching more ANDs the masks and adds contacts)."""


class OpenCells:
    """The open cells of one figure (`entries`) and its openings: the open cells
    touching two or three tiles."""

    __slots__ = ("_covered", "entries", "openings")

    def __init__(self) -> None:
        self.entries: dict[int, OpenCell] = {}
        """open cell key -> what it needs from its neighbours"""
        self.openings: set[int] = set()
        self._covered: list[Covered] = []
        """per tile placed, in order, what placing it changed"""

    def cover(self, key: int, code: int, placed: dict[int, int]) -> OpenCell | None:
        """The cell `key` takes the tile `code` (tile * 3 + rot; `placed`, the figure's
        tiles by cell, holds it already): the cell is no longer open and each empty
        neighbour gains one contact. Returns the cell's entry (None for the first tile)."""
        entries = self.entries
        openings = self.openings
        entry = entries.pop(key, None)
        if entry is not None:
            openings.discard(key)
        changed = []
        fresh = FRESH[code]
        for side, step in enumerate(NEIGHBOUR_STEPS[key]):
            other = key + step
            if other not in placed:
                old = entries.get(other)
                changed.append((other, old))
                if old is None:
                    entries[other] = fresh[side]
                else:
                    wanted, mask, contact = fresh[side]
                    old_rot, fits, old_contacts = old
                    if old_rot == wanted:
                        fits &= mask
                    else:
                        old_rot, fits = CONFLICT, 0
                    entries[other] = (old_rot, fits, old_contacts + contact)
                    openings.add(other)
        self._covered.append((entry, changed))
        return entry

    def uncover(self, key: int) -> None:
        """Put back what the last `cover` changed: the tile on `key` is taken back."""
        entries = self.entries
        openings = self.openings
        entry, changed = self._covered.pop()
        if entry is not None:
            entries[key] = entry
            if len(entry[2]) >= 2:
                openings.add(key)
        for other, old in changed:
            if old is None:
                del entries[other]
                continue
            entries[other] = old
            if len(old[2]) < 2:
                openings.discard(other)

    def copy(self) -> OpenCells:
        other = OpenCells.__new__(OpenCells)
        other.entries = self.entries.copy()
        other.openings = self.openings.copy()
        other._covered = self._covered.copy()
        return other
