"""The one interface of a game's position, whatever the mode (as OpenSpiel's `State`).

`TableState` (table.py), `DrawSolitaireState` and `StackedSolitaireState`
(solitaire.py) all are a `GameState`: code that only plays, takes back, asks whose turn
it is or whether the hand or game is over needs no check of the mode. A solitaire is a
game of one hand for one player: its hand is over when the game is, and it has no clock.
"""

from __future__ import annotations

from typing import Final, Protocol, Self

from game.rules.contacts import Contact
from game.rules.errors import IllegalMoveError
from game.rules.figure import Figure
from game.rules.modes import Mode
from game.rules.moves import PLACE, Move
from game.rules.results import MoveResult, Outcome
from game.rules.tiles import TileId

PLAYING: Final = "playing"
"""A state's `status` while its hand goes on (once it is over: why it ended)."""


class GameState(Protocol):
    """A position of any mode: the figure, the moves, the turn and the end."""

    figure: Figure
    stock: list[TileId]
    """The deal's tiles in their shuffled order (the current hand's, at the table)."""

    @property
    def mode(self) -> Mode:
        """The game this is a position of (each class's own: a union of states narrows
        on it)."""
        ...

    @property
    def current_player(self) -> int:
        """The seat to act (0 in the solitaires)."""
        ...

    @property
    def hand_over(self) -> bool:
        """True once the hand being played has ended (a solitaire: the game)."""
        ...

    @property
    def status(self) -> str:
        """PLAYING while the hand goes on, else why it ended (`end_reason`)."""
        ...

    @property
    def end_reason(self) -> str | None:
        """Why the hand ended (WENT_OUT, ALL_PASSED, DEAD_END; WON or LOST), or None."""
        ...

    @property
    def moves(self) -> list[Move]:
        """The moves of this hand so far."""
        ...

    def legal_moves(self) -> list[Move]:
        """Every move the player to act may make; empty once the hand is over."""
        ...

    def why_illegal(self, move: Move) -> str | None:
        """Why `move` may not be played now, in English; None if it may."""
        ...

    def source_problem(self, move: Move) -> str | None:
        """Why the tile of `move` is not where the move takes it from (the hand, the
        stock, the discard pile, a pile); None if it is."""
        ...

    def apply(self, move: Move) -> MoveResult:
        """Play `move` after checking it (`IllegalMoveError`); returns what it did."""
        ...

    def apply_unchecked(self, move: Move) -> int:
        """Play a move known to be legal (from `legal_moves`); returns the points it
        scored (what it touched is `figure.contacts`, asked before)."""
        ...

    def undo(self) -> Move:
        """Take back the last move of this hand; returns it."""
        ...

    def next_hand(self, stock: list[TileId] | None = None) -> None:
        """Deal the next hand once this one has ended (`RulesError` when the game is over,
        as a solitaire always is then)."""
        ...

    def advance_clock(self, dt: float) -> None:
        """Let `dt` seconds of play pass (counted only in timed table games)."""
        ...

    def is_terminal(self) -> bool:
        """True when the whole game is over."""
        ...

    def outcome(self) -> Outcome | None:
        """How the game came out once it is over; None while it goes on."""
        ...

    def clone(self) -> Self:
        """A copy to play on."""
        ...


def apply_checked(state: GameState, move: Move, drawn: TileId | None) -> MoveResult:
    """Play `move` on `state` after checking it (`IllegalMoveError`, a `ValueError`, when
    `why_illegal` has a reason); `drawn` is the face-down tile it turns over, if any.
    Every mode's `apply`."""
    reason = state.why_illegal(move)
    if reason is not None:
        raise IllegalMoveError(f"{move}: {reason}")
    seat = state.current_player
    contacts: tuple[Contact, ...] = ()
    if move.action == PLACE:
        contacts = tuple(state.figure.contacts(move.tile, move.cell, move.rot))
    points = state.apply_unchecked(move)
    return MoveResult(move, seat, contacts, points, drawn, state.hand_over, state.end_reason)
