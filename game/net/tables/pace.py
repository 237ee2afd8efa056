"""Tables that wait (docs/protocol.md "Tables that wait", `pace: {"days": D}`): once every seat is
taken they never close for idleness, and each seat has D days for each move. When a
seat's days run out (the registry's `sweep` looks), the server plays that one move for
it with the table's stand-in level, thought through the registry's `Thinker`; the seat
stays its player's."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping

from game.ai.players import bot_rng, make_player
from game.net.messages import Refused
from game.net.tables.club_table import DAY_S
from game.net.tables.limits import Clock
from game.net.tables.table import Follower, NetTable
from game.net.tables.thinking import Answer, Thinker
from game.rules.moves import Move

Play = Callable[[NetTable, Follower | None, int, Move], None]
"""Play a move for a seat of a table (None: as the server's own; `Refused` when it may
not be)."""


def waits(table: NetTable, now: float) -> bool:
    """Whether `table` waits for its players however long they are away: a table of days
    per move that has not ended. One still waiting for players to take its seats waits
    for them as long as for a move, D days since it opened or a seat was last taken, once
    someone but its opener took one (until then it expires as a live one does)."""
    days = table.club.options.days
    if days is None or table.is_over():
        return False
    return table.started or (table.met and now - table.club.turn_since < days * DAY_S)


def overdue(table: NetTable, now: float) -> bool:
    """Whether the seat to act at `table` has run out of its days (a person's seat: a
    computer plays its moves itself)."""
    days, seat = table.club.options.days, table.flow.to_act()
    if days is None or seat is None or table.is_computer(seat):
        return False
    return now - table.club.turn_since >= days * DAY_S


class Deadlines:
    """Plays the moves whose days ran out, one thinking at a time per table."""

    def __init__(
        self, clock: Clock, thinker: Thinker, tables: Mapping[bytes, NetTable], play: Play
    ) -> None:
        self.clock = clock
        self.thinker = thinker
        self.tables = tables
        self.play = play
        self._thinking: set[tuple[bytes, int, int]] = set()
        """The tables and positions whose stand-in move is being thought."""

    def sweep(self) -> None:
        """Start a stand-in thinking for each seat whose days have run out (the table's
        code shares the thinking: these moves are few)."""
        now = self.clock()
        for table in self.tables.values():
            where = (table.key, *table.position)
            if where in self._thinking or not overdue(table, now):
                continue
            self._thinking.add(where)
            seat = table.state.current
            player = make_player(table.club.options.stand_in, bot_rng(table.record.seed or 0, seat))

            def answer(
                answer: Answer, table: NetTable = table, where: tuple[bytes, int, int] = where
            ) -> None:
                self._thinking.discard(where)
                if (table.key, *table.position) == where:
                    self._play(table, answer)

            self.thinker.think(player, table.state.clone(), answer, table.code)

    def _play(self, table: NetTable, answer: Answer) -> None:
        """Play the stand-in's move, if the table is still open (not saved: the table was
        told, and the next `sweep` tries again)."""
        if self.tables.get(table.key) is not table:
            return
        state = table.state
        move = None if answer is None else answer[0]
        if move is None or state.why_illegal(move) is not None:
            move = state.legal_moves()[0]
        with contextlib.suppress(Refused):
            self.play(table, None, state.current, move)
