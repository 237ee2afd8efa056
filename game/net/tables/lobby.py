"""The lobby (PROTOCOL.md version 2): every public table with a free seat, and the
connections that follow it.

A follower is sent the list when it asks, then a fresh one whenever the list has
changed, at most one a second: `Lobby.tell` compares the list with what each follower
was last sent, and the server calls it every second (a test steps the registry's
clock and calls it)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Final

from game.net.club_replies import lobby_frame
from game.net.messages import REMOTE
from game.net.tables.limits import Clock
from game.net.tables.table import Follower, NetTable

EVERY_S: Final = 1.0
"""The least time between two lobbies sent to one follower."""


def entry(table: NetTable) -> Mapping[str, object]:
    """How the lobby shows `table` (PROTOCOL.md's ENTRY)."""
    seats = [
        {"kind": REMOTE if player.is_human else player.kind, "name": player.name or None}
        for player in table.record.players
    ]
    return {
        "table": table.code,
        "players": len(seats),
        "free": free_seats(table),
        "seats": seats,
        "rules": table.record.rules.to_dict(),
        "pace": table.club.pace,
        "rated": table.club.options.rated,
    }


def free_seats(table: NetTable) -> int:
    """The remote seats of `table` nobody took."""
    return sum(
        token is None and not table.is_computer(seat) for seat, token in enumerate(table.tokens)
    )


def listed(tables: Iterable[NetTable]) -> list[Mapping[str, object]]:
    """The lobby: every public table with a free seat, the one waiting longest (since
    it opened or a seat was last taken) first."""
    shown = [t for t in tables if t.club.options.public and free_seats(t) and not t.is_over()]
    return [entry(table) for table in sorted(shown, key=lambda t: (t.club.turn_since, t.code))]


@dataclass
class _Sent:
    at: float
    entries: list[Mapping[str, object]]


class Lobby:
    """The connections that follow the lobby, and what each was last sent."""

    def __init__(self, clock: Clock, tables: Mapping[bytes, NetTable]) -> None:
        self.clock = clock
        self.tables = tables
        self._sent: dict[Follower, _Sent] = {}

    def show(self, follower: Follower, follow: bool) -> None:
        """Send `follower` the lobby, and have it follow (`follow`) or no longer."""
        entries = listed(self.tables.values())
        follower.send(lobby_frame(entries))
        if follow:
            self._sent[follower] = _Sent(self.clock(), entries)
        else:
            self._sent.pop(follower, None)

    def leave(self, follower: Follower) -> None:
        """`follower` is gone."""
        self._sent.pop(follower, None)

    def tell(self) -> None:
        """Send each follower the lobby if it has changed since its last, and that was a
        second ago or more (the server calls it every second)."""
        if not self._sent:
            return
        now = self.clock()
        entries = listed(self.tables.values())
        frame = None
        for follower, sent in self._sent.items():
            if now - sent.at >= EVERY_S and sent.entries != entries:
                frame = frame or lobby_frame(entries)
                follower.send(frame)
                sent.at, sent.entries = now, entries
