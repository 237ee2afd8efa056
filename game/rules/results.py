"""What moves and games come to: `MoveResult` (one move) and `Outcome` (a whole game).

Both are immutable values, as in python-chess: `state.apply(move)` returns a
`MoveResult`; `state.outcome()` returns an `Outcome` once the game is over and None
while it goes on. The termination reasons are plain strings, so they read well in
messages and records.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from game.rules.contacts import Contact
from game.rules.moves import Move
from game.rules.tiles import TileId

# Why a table hand ended (the last hand's reason is the game's termination).
WENT_OUT: Final = "went out"
ALL_PASSED: Final = "all passed"
DEAD_END: Final = "dead end"
# How a solitaire ended.
WON: Final = "won"
LOST: Final = "lost"


class MoveResult(NamedTuple):
    """What one move did, as `apply` (and `RecordedGame.play`) report it."""

    move: Move
    player: int
    """The seat that made the move (0 in the solitaires)."""
    contacts: tuple[Contact, ...]
    """The contacts a placement made (empty for other moves)."""
    points: int
    """What the move scored: the sum of its counting contacts."""
    drawn: TileId | None
    """The tile the move took face down from the stock: a table draw, or the stock tile
    a draw-solitaire move turned (placed or discarded); None otherwise."""
    hand_ended: bool
    """True when this move ended the hand (the solitaire: the game)."""
    end_reason: str | None
    """Why it ended (WENT_OUT, ALL_PASSED, DEAD_END; WON or LOST), None if it goes on."""


class Outcome(NamedTuple):
    """How a finished game came out, for every mode.

    Table games: `termination` is the last hand's end reason; `totals` and `standings`
    are per seat. Solitaires: `termination` is WON or LOST, `winners` is (0,) or (), and
    `totals` and `standings` hold the number of tiles placed.
    """

    termination: str
    winners: tuple[int, ...]
    """Winning seats (with partners, both seats of the winning team); ties share."""
    totals: tuple[int, ...]
    """Per seat: the sum of the hand results (points; club: chips won minus lost)."""
    standings: tuple[int, ...]
    """Per seat: what decides the winner (points; club: chips held minus chips owed)."""
    team_totals: tuple[int, ...] | None = None
    """With partners: team 0 (seats 0, 2) and team 1 (seats 1, 3)."""

    @property
    def won(self) -> bool:
        """Solitaires: True when all 36 tiles were placed."""
        return self.termination == WON
