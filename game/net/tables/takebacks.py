"""Take-backs by consent (protocol version 3, docs/protocol.md "Take-backs"): a player
asks to take back their last move, every other person at the table must accept, and the
table's flow then takes the move back for everyone.

A take-back is asked of the seats persons play (computers, and computers standing in,
accept); the table holds its play until they have answered, each within `ANSWER_S`
(`sweep`: one who has not refused). One take-back is asked at a time, and one refused is
never asked again. The table taken back is saved whole before anyone hears of it, as a
move is, so a server killed at any instant keeps what it told.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from game.net.messages import NOT_YOUR_SEAT, Refused
from game.net.tables.keeping import Keeper, Stale
from game.net.tables.table import Follower, NetTable
from game.net.tables.takeback_asked import NOTHING_ASKED, Asked
from game.net.tables.turns import Unshared
from game.net.takeback_messages import (
    ANSWER_S,
    NO_TAKEBACK,
    TakebackAnswer,
    TakebackAsk,
    TakebackMessage,
    asked_frame,
    refused_frame,
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
        except Stale:  # another server's change came first: asked again once caught up
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
        table.asked = Asked(seat, hand, index, frozenset(others), self.clock() + ANSWER_S)
        self._go_on(table, peer)

    def _answer(self, table: NetTable, peer: Follower, answer: TakebackAnswer) -> None:
        if answer.seat not in table.asked.waiting:
            raise Refused(NO_TAKEBACK, f"seat {answer.seat} is asked no take-back")
        if answer.accept:
            table.asked = table.asked.accepted_by(answer.seat)
            self._go_on(table, peer)
        else:
            self._refuse(table, answer.seat)

    def _go_on(self, table: NetTable, peer: Follower) -> None:
        """Tell who is still asked, or take the move back once nobody is."""
        asked = table.asked
        if asked.waiting:
            waiting = sorted(asked.waiting)
            self.tell(table, asked_frame(table.code, asked.seat, asked.hand, asked.index, waiting))
        else:
            self._take_back(table, peer)

    def _take_back(self, table: NetTable, peer: Follower) -> None:
        asked = table.asked
        if (table.record.hand_count - 1, table.takeback_target(asked.seat)) != asked.move[1:]:
            self._refuse(table, None)  # a move came since from another server of the store
            return
        table.asked = NOTHING_ASKED
        taken = table.take_back_to(asked.index, self.clock())
        try:
            self.kept(table, lambda: self.keeper.save(table), peer)
        except Refused as refused:
            table.play_again(asked.index, taken)
            if not isinstance(refused, Stale):
                self.tell(table, refused_frame(table.code, asked.seat, None))
            raise
        self.tell(table, took_back_frame(table.code, asked.seat, asked.hand, asked.index))
        self.let_play(table)

    def _refuse(self, table: NetTable, by: int | None) -> None:
        table.pass_time(self.clock())  # told while still asked: that time does not count
        asked, table.asked = table.asked, NOTHING_ASKED
        table.refused.add(asked.move)
        table.club.turn_since = self.clock()
        self.tell(table, refused_frame(table.code, asked.seat, by))
        self.let_play(table)

    def sweep(self) -> None:
        """Refuse every take-back whose time to answer has run out."""
        now = self.clock()
        for table in list(self.tables.values()):
            if table.asked.until <= now:
                with self.turns.apart():
                    self.turns.take(table.key)
                    if table.asked.until <= now:
                        self._refuse(table, None)
