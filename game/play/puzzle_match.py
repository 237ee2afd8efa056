"""A puzzle at the table: its position as a `TableFlow` whose seat to play is the
player's, answered with one placement.

The player's answer is played through the rules like any move; it is then judged
against the puzzle's answer (`PuzzleVerdict`). A missed puzzle shows the best play: the
player's tile is taken back and the answer played in its place. A player may ask for the
answer instead (`reveal`): it is played, and the puzzle is not solved. Nothing is saved or
counted here (the screen keeps the player's progress), no computer ever moves, and
hints, undo and redo are off.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.ai.puzzles import Puzzle
from game.ai.worker import Adviser
from game.i18n import N_, _
from game.play.couch import couch_seats
from game.play.events import Event, TookBack
from game.play.table_flow import TableFlow
from game.rules.moves import Move
from game.rules.record.recorded_game import RecordedGame

YOU = N_("You")


@dataclass(frozen=True)
class PuzzleVerdict:
    """The player's answer beside the puzzle's."""

    played: Move
    points: int
    best: Move
    best_points: int
    revealed: bool = False
    """The player asked for the answer instead of answering."""

    @property
    def solved(self) -> bool:
        return self.played == self.best and not self.revealed


class PuzzleMatch:
    """The position of `puzzle` at the table (`flow`), its seat to play named "You" (in
    the player's language) and the other seats by number; nobody but the player moves."""

    def __init__(self, puzzle: Puzzle, adviser: Adviser) -> None:
        record = puzzle.record.copy()
        record.drop_seed()  # no deal number or share code: a position, not a deal
        for seat in range(len(record.players)):
            record.set_player(seat, name=_(YOU) if seat == puzzle.seat else "")
        record.set_player(puzzle.seat, kind="human")
        self.flow = TableFlow(
            RecordedGame.from_record(record),
            couch_seats(record, adviser),
            adviser,
            keeps_record=False,
            assists=False,
            spot_points=False,
        )
        self.puzzle = puzzle
        self.verdict: PuzzleVerdict | None = None

    @property
    def answered(self) -> bool:
        return self.verdict is not None

    def answer(self, move: Move, revealed: bool = False) -> list[Event]:
        """Play the player's answer (a legal placement) and judge it."""
        flow = self.flow
        points = flow.state.placement_score(move)
        events = flow.play(move)
        puzzle = self.puzzle
        self.verdict = PuzzleVerdict(move, points, puzzle.answer, puzzle.points, revealed)
        flow.shows_turn = False
        return events

    def reveal(self) -> list[Event]:
        """Play the puzzle's answer for a player who asks for it."""
        return self.answer(self.puzzle.answer, revealed=True)

    def show_best(self) -> list[Event]:
        """After a miss: the player's tile taken back, then the best play played."""
        verdict = self.verdict
        if verdict is None or verdict.solved or self.flow.state.moves[-1] == verdict.best:
            return []
        seat = self.flow.take_back()
        return [TookBack(seat, 1), *self.flow.play(verdict.best)]
