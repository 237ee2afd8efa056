"""The core of every screen over a game in play (a `Session`, game.play.session): the
table and both solitaires. A screen holds a `SessionContext` (the services, the session,
the one autosave) and composes its parts around it.

How a move travels: a part (the controls, auto-play, the turns) plays a move through the
context (`SessionContext.play`); the session plays it and answers with what happened,
as data (game.play.events); the context hands those events to each of the screen's
parts in turn (`Part.show`), which animate, sound and say them and never recompute the
rules; the autosave writes the record in the frame after the move's own, so that the
move's frame only starts its animation.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Generic, Protocol, TypeVar

from game.persist.history import count_finished
from game.play.session import Session

if TYPE_CHECKING:
    from game.play.events import Event, Report
    from game.rules.moves import Move
    from game.scenes.base import Services

S = TypeVar("S", bound=Session)


class Part(Protocol):
    """A part of a session screen that shows what the session says happened."""

    def show(self, events: list[Event]) -> None:
        """Animate, sound or say these events (a move's, an undo's, the thinking's)."""


class Autosave:
    """The game's autosave, written in the frame after a move's own (the move's frame
    only starts its animation: with the save too it was a game's slowest), a finished
    game put in the history before its save is cleared. `keeps`: whether this game is
    saved at all (not a lesson's, a puzzle's or a network table's)."""

    def __init__(self, services: Services, keeps: bool = True) -> None:
        self.services, self.keeps = services, keeps
        self._shown_at = -1
        """The frame that showed the last move (its save waits for the next)."""
        self._finished: Report | None = None
        """A finished game the history takes just before the next save."""

    def shown(self) -> None:
        """This frame shows a move: its save waits for the next frame."""
        self._shown_at = self.services.frames

    def count_when_saved(self, report: Report) -> None:
        """Put this finished game in the history just before the next save."""
        self._finished = report

    def save(self, session: Session) -> None:
        """Write the session's autosave now (cleared once the game is over)."""
        self.count_pending()
        if self.keeps:
            _due, data = session.take_save()
            self.services.storage.keep_game(session.mode, data)

    def save_if_due(self, session: Session, at_once: bool = False) -> bool:
        """Write the autosave a change asked for, unless this frame shows the move
        (`at_once`: the screen leaves or is covered, nothing waits); True when one was
        due (the screen then asks for the art the next moves may show)."""
        if not at_once and self._shown_at == self.services.frames:
            return False
        self.count_pending()
        if not session.save_due:
            return False
        self.save(session)
        return True

    def count_pending(self) -> None:
        """Put the finished game waiting for the next save in the history now."""
        if self._finished is not None:
            finished, self._finished = self._finished, None
            count_finished(self.services.storage, finished)


class SessionContext(Generic[S]):
    """What the parts of a session screen work with: the services, the session on
    screen (a solitaire's next deal replaces it), the autosave, and `play`, which plays
    a move and hands its events to every part."""

    def __init__(self, services: Services, session: S, autosave: Autosave) -> None:
        self.services = services
        self.session = session
        self.autosave = autosave
        self.parts: list[Part] = []
        """The screen's parts, in the order they take each move's events."""

    def play(self, move: Move) -> None:
        """Play a person's (or an advised) move and show what it did."""
        self.show(self.session.play(move))

    def show(self, events: list[Event]) -> None:
        """Hand what happened to every part; its save waits for the next frame."""
        for part in self.parts:
            part.show(events)
        self.autosave.shown()

    def save_if_due(self, at_once: bool = False) -> bool:
        """The session's autosave, when one is due (see `Autosave.save_if_due`)."""
        return self.autosave.save_if_due(self.session, at_once)
