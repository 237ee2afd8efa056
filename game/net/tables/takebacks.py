"""Take-backs by consent (protocol version 3, docs/protocol.md "Take-backs"): a player
asks to take back their last move, every other person at the table must accept, and the
table's flow then takes the move back for everyone.

A take-back is asked of the seats persons play (computers, and computers standing in,
accept); the table holds its play until they have answered, each within `ANSWER_S`
(`sweep`: one who has not refused). One take-back is asked at a time, and one refused is
never asked again. Each ask, acceptance and refusal is written to the table's journal
before anyone hears of it (`takeback_journal.py`), and the table taken back is saved
whole, as a move is: a server killed at any instant keeps what it told, and every server
of a store knows the take-back asked, so a player on any of them answers it.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping

from game.net.messages import NOT_YOUR_SEAT, Refused
from game.net.tables.keeping import Keeper
from game.net.tables.table import Follower, NetTable
from game.net.tables.takeback_asked import NOTHING_ASKED, Asked
from game.net.tables.takeback_journal import Note, asked_note, refused_note, take_in
from game.net.tables.turns import Unshared
from game.net.takeback_messages import (
    ANSWER_S,
    NO_TAKEBACK,
    TakebackAnswer,
    TakebackAsk,
    TakebackMessage,
    took_back_frame,
)

Kept = Callable[[NetTable, Callable[[], None], Follower | None], None]
"""Do a `Keeper` write of a change to a table (`Registry._kept`)."""


class Takebacks:
    """The take-backs of a registry's `tables`: `table` finds the table a message names,
    `tell` sends a frame to everyone at one, `kept` writes a change, `let_play` lets its
    computers play on."""

    def __init__(
        self,
        clock: Callable[[], float],
        turns: Unshared,
        tables: Mapping[bytes, NetTable],
        table: Callable[[str], NetTable],
        tell: Callable[[NetTable, str], None],
        kept: tuple[Keeper, Kept],
        let_play: Callable[[NetTable], None],
    ) -> None:
        self.clock = clock
        self.turns = turns
        self.tables = tables
        self.table = table
        self.tell = tell
        self.keeper, self.kept = kept
        self.let_play = let_play

    def receive(self, peer: Follower, message: TakebackMessage) -> None:
        """Ask a take-back, or answer one (`Refused`: nothing changed)."""
        table = self.table(message.table)
        if not 0 <= message.seat < len(table.tokens) or peer not in table.holders[message.seat]:
            raise Refused(NOT_YOUR_SEAT, f"seat {message.seat} is not held by this connection")
        asked = table.asked
        try:
            if isinstance(message, TakebackAsk):
                self._ask(table, peer, message.seat)
            else:
                self._answer(table, peer, message)
        except Refused:  # nothing changed (another server's first: done again once caught up)
            table.asked = asked
            raise

    def _ask(self, table: NetTable, peer: Follower, seat: int) -> None:
        if not table.club.options.takebacks_allowed:
            raise Refused(NO_TAKEBACK, "this table allows no take-backs")
        if table.asked.pending:
            raise Refused(NO_TAKEBACK, "a take-back is asked already at this table")
        index = table.takeback_target(seat) if table.started else None
        if index is None:
            raise Refused(NO_TAKEBACK, f"seat {seat} has no move to take back now")
        hand = table.record.hand_count - 1
        if (seat, hand, index) in table.refused:
            raise Refused(NO_TAKEBACK, "that take-back was refused already")
        others = (s for s in range(len(table.tokens)) if s != seat and table.is_person(s))
        until = self.clock() + ANSWER_S
        self._go_on(table, peer, Asked(seat, hand, index, frozenset(others), until))

    def _answer(self, table: NetTable, peer: Follower, answer: TakebackAnswer) -> None:
        if answer.seat not in table.asked.waiting:
            raise Refused(NO_TAKEBACK, f"seat {answer.seat} is asked no take-back")
        if answer.accept:
            self._go_on(table, peer, table.asked.accepted_by(answer.seat))
        else:
            self._refuse(table, answer.seat, peer)

    def _go_on(self, table: NetTable, peer: Follower, asked: Asked) -> None:
        """Ask `asked` (who is still waited for), or take the move back once nobody is."""
        if asked.waiting:
            self._note(table, asked_note(asked), peer)
        else:
            table.asked = asked
            self._take_back(table, peer)

    def _note(self, table: NetTable, note: Note, peer: Follower | None) -> None:
        """Write take-back `note`, then take it in as every server that reads it does,
        and tell what it says (`Refused`, and nothing changed, when it cannot be saved)."""
        self.kept(table, lambda: self.keeper.takeback(table, note), peer)
        for frame in take_in(table, note, self.clock()) or []:
            self.tell(table, frame)

    def _take_back(self, table: NetTable, peer: Follower) -> None:
        asked = table.asked
        if (table.record.hand_count - 1, table.takeback_target(asked.seat)) != asked.move[1:]:
            self._refuse(table, None, peer)  # a move came since from another server
            return
        table.asked = NOTHING_ASKED
        taken = table.take_back_to(asked.index, self.clock())
        try:
            self.kept(table, lambda: self.keeper.save(table), peer)
        except Refused:
            table.play_again(asked.index, taken)
            raise
        self.tell(table, took_back_frame(table.code, asked.seat, asked.hand, asked.index))
        self.let_play(table)

    def _refuse(self, table: NetTable, by: int | None, peer: Follower | None) -> None:
        table.pass_time(self.clock())  # told while still asked: that time does not count
        self._note(table, refused_note(table.asked, by, self.clock()), peer)
        self.let_play(table)

    def sweep(self) -> None:
        """Refuse every take-back whose time to answer has run out (one whose refusal
        cannot be saved now is refused at a later look)."""
        now = self.clock()
        for table in list(self.tables.values()):
            if table.asked.until <= now:
                with self.turns.apart(), contextlib.suppress(Refused):
                    self.turns.take(table.key)
                    if table.asked.until <= now:
                        self._refuse(table, None, None)
