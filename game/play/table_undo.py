"""Whose moves an undo at the table takes back, worked out from the hand's moves.

A human takes back their own placements, one per undo, as far back as the hand goes,
but never another human's move: the computers' moves after it go with it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.rules.moves import PLACE
from game.rules.record.values import RecordMove


def undoer(
    moves: Sequence[RecordMove], is_human: Callable[[int], bool], to_act: int, seat: int | None
) -> int | None:
    """The human seat whose moves an undo takes back: `seat` (the human with the mouse)
    when given, else the seat `to_act` when it is a human's, else the last human who
    moved in the hand."""
    if seat is not None:
        return seat if is_human(seat) else None
    if is_human(to_act):
        return to_act
    return next((m.player for m in reversed(moves) if is_human(m.player)), None)


def undo_target(
    moves: Sequence[RecordMove], is_human: Callable[[int], bool], to_act: int, seat: int | None
) -> int | None:
    """Index in the hand's `moves` of the placement an undo by `seat` (None: see
    `undoer`) would take back, if any."""
    by = undoer(moves, is_human, to_act, seat)
    if by is None:
        return None
    for index in range(len(moves) - 1, -1, -1):
        player = moves[index].player
        if player != by and is_human(player):
            return None
        if player == by and moves[index].move.action == PLACE:
            return index
    return None
