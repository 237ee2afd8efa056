"""One protocol for a game in play, table or solitaire, as OpenSpiel's `State` serves
every game: a screen plays, undoes, redoes and polls it, animates the events it returns
and counts the game from the `GameEnded` event's report. What kind of game it is, the
screen asks (`mode`, the game's own), never the session's class.

`TableFlow` (game.play.table_flow) and `SolitaireSession` (game.play.solitaire_session)
satisfy it.
"""

from __future__ import annotations

from typing import Protocol

from game.play.events import Event, Report
from game.rules.moves import Move
from game.rules.record.document import GameRecord


class Session(Protocol):
    """A game in play."""

    @property
    def record(self) -> GameRecord:
        """The game's record, kept in step with every move."""

    @property
    def mode(self) -> str:
        """The game's mode (the record's): table, draw or stacked solitaire."""

    def play(self, move: Move) -> list[Event]:
        """Play a person's move (`IllegalMoveError` if it is not legal): what it did, and
        `GameEnded` when it ended the game."""

    def can_undo(self) -> bool: ...

    def undo(self) -> list[Event]:
        """Take back what the person played last (as far as the game allows)."""

    def can_redo(self) -> bool: ...

    def redo(self) -> list[Event]:
        """Play again what the last undo took back."""

    def poll(self) -> list[Event]:
        """What the thinking under way has found since the last call."""

    def report(self) -> Report:
        """The game for the history and statistics, with the help the player took."""

    save_due: bool
    """Whether a change waits for the autosave."""

    def take_save(self) -> tuple[bool, GameRecord | None]:
        """(whether an autosave was due, the record to keep or None to clear the save);
        the save is then done."""

    def close(self) -> None:
        """Forget the thinking under way."""
