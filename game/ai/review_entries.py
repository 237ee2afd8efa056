"""The `analyse` command's answer as typed records (docs/record.md): what analysis.py writes."""

from __future__ import annotations

from typing import TypedDict

from game.rules.modes import Mode
from game.rules.record.entries import MoveEntry


class SolitaireReviewEntry(TypedDict, total=False):
    """A solitaire's review: the last winnable position and a winning line from it, or
    why the review is undecided."""

    mode: Mode
    moves: int
    decided: bool
    reason: str
    last_winnable: int | None
    line: list[MoveEntry]


class MissedEntry(TypedDict):
    """The best opportunity play a move left."""

    move: MoveEntry
    points: int
    sides: int


class MoveReviewEntry(TypedDict):
    """One human move beside the strongest level's choice."""

    hand: int
    index: int
    player: int
    played: MoveEntry
    best: MoveEntry
    played_points: int
    best_points: int
    opportunity_missed: MissedEntry | None


class SeatReviewEntry(TypedDict):
    seat: int
    moves: int
    best_share: float
    points_missed: int


class HighlightEntry(TypedDict):
    """The game's best move."""

    hand: int
    index: int
    player: int
    move: MoveEntry
    points: int


class TableReviewEntry(TypedDict, total=False):
    mode: Mode
    reviews: list[MoveReviewEntry]
    seats: list[SeatReviewEntry]
    unreviewed_hands: int
    best_move: HighlightEntry
