"""Chat at a table (docs/protocol.md "Chat"): who may say a line, under which seat, name
and player, and how often. A player says at most one line a second across every
connection and every server of the club (the players' book keeps when each last spoke);
a seat whose connection said no `hello` counts as its network."""

from __future__ import annotations

from typing import Final

from game.net.messages import NO_PLAYER, NOT_YOUR_SEAT, TOO_FAST, Refused
from game.net.tables.club_table import ChatLine
from game.net.tables.keeping import not_saved
from game.net.tables.limits import Clock, network_of
from game.net.tables.players import Card, PlayerBook
from game.net.tables.table import Follower, NetTable
from game.rules.seeds_names import player_name

EVERY_S: Final = 1.0
"""The least time between two lines of one player."""


def speaker(follower: Follower, player: Card | None) -> str:
    """Who a line counts against: the player, or the network of a connection that said
    no `hello`."""
    return (
        "player:" + player.pid if player is not None else "network:" + network_of(follower.address)
    )


class Chat:
    """Who may say what, and when, through the players' book."""

    def __init__(self, clock: Clock, book: PlayerBook) -> None:
        self.clock = clock
        self.book = book

    def line(self, follower: Follower, table: NetTable, player: Card | None, text: str) -> ChatLine:
        """The line `follower` says at `table`: under its seat's name, or as a watcher
        under `player`'s name (a watcher must have said `hello`); `Refused` when it may
        not say it."""
        seat = next((s for s, held in enumerate(table.holders) if follower in held), None)
        if seat is None and follower not in table.watchers:
            raise Refused(NOT_YOUR_SEAT, "only a seat's or a watcher's connection may chat here")
        pid = None if player is None else player.pid
        if seat is None:
            if player is None:
                raise Refused(NO_PLAYER, "say hello before chatting as a watcher")
            return {"seat": None, "name": player.name, "player": pid, "text": text}
        name = player_name(table.record.players[seat].name, seat, fallback="")
        return {"seat": seat, "name": name, "player": pid, "text": text}

    def take_turn(self, who: str) -> float:
        """`who` says a line now: when they said the one before (to give the turn back
        with `give_back`); `Refused(TOO_FAST)` within a second of it."""
        try:
            before = self.book.speak(who, self.clock(), EVERY_S)
        except OSError as error:
            raise not_saved(error) from None
        if before is None:
            raise Refused(TOO_FAST, "one line a second; wait a moment")
        return before

    def give_back(self, who: str, before: float) -> None:
        """`who`'s line was not kept (a line written over another server's change is
        tried again at once): their turn is as it was."""
        try:
            self.book.unsay(who, before)
        except OSError as error:
            raise not_saved(error) from None
