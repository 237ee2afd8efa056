"""Take-backs by consent at a networked table, as the window sees them (docs/protocol.md
"Take-backs"): whether this window's player may ask to take back their last move, the
take-back the table is asked now and which of this window's seats have to answer it,
and the words for what happened. The server decides; this keeps what it told."""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Final

from game.i18n import _
from game.net.client import TableClient
from game.net.takeback_answers import TakebackAsked, TakebackRefused
from game.play.table_undo import undo_target
from game.rules.record.values import RecordMove

NOTHING_ASKED: Final = TakebackAsked("", -1, -1, -1, (), 1.0)
"""What the table is asked while nobody asks a take-back."""


class RemoteTakebacks:
    """The take-backs of table `table` over `client`, for this window's `held` seats."""

    def __init__(self, client: TableClient, table: str, held: Collection[int]) -> None:
        self.client = client
        self.table = table
        self.held = held
        self.asked = NOTHING_ASKED
        """The take-back the table is asked now, as last told."""
        self.answered: set[int] = set()
        """This window's seats that have answered `asked`."""
        self.refused: set[tuple[int, int, int]] = set()
        """The take-backs refused at this table, (seat, hand, move): never asked again."""

    @property
    def pending(self) -> bool:
        """Whether the table is asked a take-back (it holds until it is answered)."""
        return self.asked.seat >= 0

    def target(
        self, moves: list[RecordMove], hand: int, is_person: Callable[[int], bool]
    ) -> tuple[int, int] | None:
        """(seat, move) this window's player may ask to take back in hand `hand`, whose
        `moves` are these: their last placement, no other person's move since, not
        refused before; None when there is none, or a take-back is asked already."""
        if self.pending:
            return None
        for seat in sorted(self.held):
            index = undo_target(moves, is_person, seat, seat)
            if index is not None and (seat, hand, index) not in self.refused:
                return seat, index
        return None

    def ask(self, seat: int) -> None:
        self.client.takeback(self.table, seat)

    def to_answer(self) -> list[int]:
        """This window's seats the take-back asked now waits for."""
        return [s for s in self.asked.waiting if s in self.held and s not in self.answered]

    def answer(self, accept: bool) -> None:
        """Every seat of this window that is asked accepts (`accept`) or refuses."""
        for seat in self.to_answer():
            self.client.answer_takeback(self.table, seat, accept)
            self.answered.add(seat)

    def heard_asked(self, asked: TakebackAsked, names: list[str]) -> str | None:
        """The table is asked `asked`; the words for it when it is newly asked."""
        new = not self.pending
        self.asked = asked
        if not new:
            return None
        self.answered = set()
        if asked.seat in self.held:
            return _("You asked to take back your last move: waiting for the others' answers.")
        return _("{name} asks to take back their last move.").format(name=names[asked.seat])

    def heard_refused(self, refused: TakebackRefused, names: list[str]) -> str:
        """The take-back asked was refused; the words for it."""
        asked, self.asked = self.asked, NOTHING_ASKED
        self.refused.add((refused.seat, asked.hand, asked.index))
        name = names[refused.seat]
        if refused.by is None:
            return _("No answer in time: {name}'s move stands.").format(name=name)
        return _("{by} refused: {name}'s move stands.").format(by=names[refused.by], name=name)

    def took_back(self) -> None:
        """The take-back asked was accepted (and is shown)."""
        self.asked = NOTHING_ASKED

    def waiting_words(self, names: list[str]) -> str:
        """Whom the table waits for while a take-back is asked."""
        waiting = ", ".join(names[seat] for seat in self.asked.waiting)
        return _("Take-back asked: waiting for {names}…").format(names=waiting)
