"""What the turn flow of either mode reports back to the screens: each event is data to
animate. A table match and a solitaire session answer play, undo, redo and their polls
with lists of these."""

from __future__ import annotations

from dataclasses import dataclass

from game.ai.analysis import MoveReview
from game.rules.moves import Move
from game.rules.record.document import GameRecord
from game.rules.results import MoveResult


@dataclass(frozen=True)
class MovePlayed:
    """A move was played; `result` says what it did (contacts, points, drawn tile, end)."""

    result: MoveResult
    by_computer: bool
    forced: bool

    @property
    def seat(self) -> int:
        return self.result.player


@dataclass(frozen=True)
class TookBack:
    """An undo took back `count` moves, the last placement of human `seat` first of all."""

    seat: int
    count: int


@dataclass(frozen=True)
class Redone:
    """A redo played again the `count` moves the last undo of human `seat` took back."""

    seat: int
    count: int


@dataclass(frozen=True)
class Resynced:
    """The position was taken whole from elsewhere (a network table's new view): shown
    as it stands, with no animation."""


@dataclass(frozen=True)
class TipFound:
    """The coach's look at a human's move just played (live tips for learners)."""

    review: MoveReview


@dataclass(frozen=True)
class HintFound:
    """The adviser's move for the human to act."""

    move: Move


@dataclass(frozen=True)
class Report:
    """A finished game for the history and statistics: its record and the help taken."""

    record: GameRecord
    hints: bool
    undos: bool
    autoplay: bool = False


@dataclass(frozen=True)
class GameEnded:
    """The game just ended: a solitaire deal won or lost, the last hand of a table game
    played out (`won`: by a person here). `report` is the game as it ended."""

    won: bool
    report: Report


@dataclass(frozen=True)
class VerdictFound:
    """The solver's word on a lost deal: "could", "could not" (be won) or "unknown"."""

    verdict: str


@dataclass(frozen=True)
class StockTurned:
    """Draw solitaire's stock top was turned face up (face down again if `back`, an undo).
    `then` is the move it makes by itself: its discard, or its only spot when asked."""

    then: Move | None
    back: bool = False


Event = (
    MovePlayed
    | TookBack
    | Redone
    | HintFound
    | TipFound
    | GameEnded
    | VerdictFound
    | StockTurned
    | Resynced
)
