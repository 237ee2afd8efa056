"""Whose moves an undo at the table takes back, worked out from the hand's moves, and
the redo that plays them again.

A human takes back their own placements, one per undo, as far back as the hand goes,
but never another human's move: the computers' moves after it go with it. The moves
taken back are kept in the record for redo until a new line of play is played.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from game.play.events import Event, Redone, TookBack
from game.rules.errors import RulesError
from game.rules.moves import PLACE, Move
from game.rules.record.document import GameRecord
from game.rules.record.recorded_game import RecordedGame
from game.rules.record.values import RecordMove
from game.rules.table import TableState


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


def take_back(recorded: RecordedGame, target: int) -> TookBack:
    """Take back move `target` of the hand and every move after it, kept in the record
    for redo."""
    record = recorded.record
    taken = record.last_hand_moves()[target:]
    while len(recorded.state.moves) > target:
        recorded.undo()
    record.push_redo(taken)
    return TookBack(taken[0].player, len(taken))


def redo_moves(record: GameRecord, to_act: int) -> list[Move] | None:
    """The moves the next redo plays, when they are the moves of seat `to_act`, which
    is to act again as it was when they were taken back."""
    try:
        groups = record.redo_groups()
    except RulesError:
        return None
    if not groups or not groups[-1] or groups[-1][0].player != to_act:
        return None
    return [entry.move for entry in groups[-1]]


def play_again(recorded: RecordedGame, moves: list[Move]) -> Redone:
    """Play `moves` again, the last redo group of the record (a redo list written by hand
    into a record that the rules refuse is dropped where it fails)."""
    seat = recorded.state.current_player
    recorded.record.pop_redo()
    played = 0
    try:
        for move in moves:
            recorded.play(move)
            played += 1
    except RulesError:
        recorded.record.clear_redo()
    return Redone(seat, played)


class Undoable(Protocol):
    """The table game undo and redo act on (a `TableFlow`)."""

    recorded: RecordedGame
    assists: bool

    @property
    def state(self) -> TableState: ...

    @property
    def record(self) -> GameRecord: ...

    def is_human(self, seat: int) -> bool: ...

    def moved(self) -> None: ...


class TakeBacks:
    """Undo and redo at the table of `flow`, when its assists allow them; `used` counts
    the undos of the game (kept in its record)."""

    def __init__(self, flow: Undoable) -> None:
        self.flow = flow
        self.used = flow.record.undos

    def target(self, seat: int | None = None) -> int | None:
        """Index in this hand's moves of the placement an undo by human `seat` would take
        back, if any (see `undoer`)."""
        flow = self.flow
        if flow.state.hand_over or not flow.assists:
            return None
        moves = flow.record.last_hand_moves()
        return undo_target(moves, flow.is_human, flow.state.current, seat)

    def undo(self, seat: int | None = None) -> list[Event]:
        """Take back human `seat`'s last placement and every move after it (kept, with the
        record, for redo). Timed games: the clock goes back to that move."""
        target = self.target(seat)
        if target is None:
            return []
        took = take_back(self.flow.recorded, target)
        self.flow.moved()
        self.used += 1
        self.flow.record.undos = self.used
        return [took]

    def redo_moves(self) -> list[Move] | None:
        """The moves the next redo plays, when it may be played now."""
        flow = self.flow
        if flow.state.hand_over or not flow.assists:
            return None
        return redo_moves(flow.record, flow.state.current)

    def redo(self) -> list[Event]:
        """Play again the moves the last undo took back."""
        moves = self.redo_moves()
        if moves is None:
            return []
        redone = play_again(self.flow.recorded, moves)
        self.flow.moved()
        return [redone] if redone.count else []
