"""Chat at a table (docs/protocol.md "Chat"): who may say a line, under which seat
and name, and how often. A connection says at most one line a second (`too-fast`)."""

from __future__ import annotations

from typing import Final

from game.net.messages import NO_PLAYER, NOT_YOUR_SEAT, TOO_FAST, Refused
from game.net.tables.club_table import ChatLine
from game.net.tables.limits import Clock
from game.net.tables.table import Follower, NetTable
from game.rules.seeds_names import player_name

EVERY_S: Final = 1.0
"""The least time between two lines of one connection."""


class Chat:
    """When each connection last said a line."""

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self._said_at: dict[Follower, float] = {}

    def line(self, follower: Follower, table: NetTable, player: str | None, text: str) -> ChatLine:
        """The line `follower` says at `table`: under its seat's name, or as a watcher
        under `player`'s name (a watcher must have said `hello`). `Refused` when it may
        not say it now."""
        seat = next((s for s, held in enumerate(table.holders) if follower in held), None)
        if seat is None and follower not in table.watchers:
            raise Refused(NOT_YOUR_SEAT, "only a seat's or a watcher's connection may chat here")
        if seat is None and player is None:
            raise Refused(NO_PLAYER, "say hello before chatting as a watcher")
        if self.clock() - self._said_at.get(follower, -EVERY_S) < EVERY_S:
            raise Refused(TOO_FAST, "one line a second; wait a moment")
        if seat is None:
            return {"seat": None, "name": player or "", "text": text}
        name = player_name(table.record.players[seat].name, seat, fallback="")
        return {"seat": seat, "name": name, "text": text}

    def said(self, follower: Follower) -> None:
        """`follower`'s line is kept: its next waits a second. Counted only once kept, as
        a line written over another server's change is taken again at once."""
        self._said_at[follower] = self.clock()

    def leave(self, follower: Follower) -> None:
        """`follower` is gone."""
        self._said_at.pop(follower, None)
