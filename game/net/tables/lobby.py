"""The lobby (docs/protocol.md "The lobby"): the public tables a player can join, the
fullest and newest first, and the connections that follow it.

A follower is sent the list when it asks, then a fresh one whenever the list has
changed, at most one a second: `Lobby.tell` compares the list with what each follower
was last sent, and the server calls it every second (a test steps the registry's
clock and calls it)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Final, Protocol, TypeVar

from game.net.club_replies import lobby_frame
from game.net.messages import REMOTE
from game.net.tables.limits import Clock
from game.net.tables.table import Follower, NetTable

EVERY_S: Final = 1.0
"""The least time between two lobbies sent to one follower."""
SHOWN: Final = 300
"""The most tables a lobby lists: an entry of seven seats with names of 24 characters
each written as an escaped pair of surrogates is under 3 KB, so a lobby stays within the
1 MiB of a server's frame (docs/protocol.md "Transport")."""
SHOWN_PER_NETWORK: Final = 5
"""The most tables opened from one network (`limits.network_of`) a lobby lists, so that
a few networks' tables cannot hide everyone else's."""

T = TypeVar("T")


def seats_of(table: NetTable) -> list[Mapping[str, object]]:
    """Each seat of `table`: its kind ("remote" or "ai:LEVEL") and who took it (None:
    free), as the lobby's ENTRY and `my-tables` list them."""
    return [
        {"kind": REMOTE if player.is_human else player.kind, "name": player.name or None}
        for player in table.record.players
    ]


def entry(table: NetTable) -> Mapping[str, object]:
    """How the lobby shows `table` (an entry of docs/protocol.md "The lobby")."""
    seats = seats_of(table)
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


def listable(table: NetTable) -> bool:
    """Whether the lobby may list `table`: public, a free seat, the game not over."""
    return table.club.options.public and bool(free_seats(table)) and not table.is_over()


@dataclass(frozen=True)
class Rank:
    """Where a listable table comes in the lobby (`ranked`)."""

    free: int
    since: float
    """When it opened or a seat was last taken."""
    code: str
    opener: str
    """The network that opened it."""


def rank_of(table: NetTable) -> Rank:
    opener = table.club.networks[0] if table.club.networks else table.code
    return Rank(free_seats(table), table.club.turn_since, table.code, opener)


def ranked(listable: Iterable[tuple[Rank, T]]) -> list[T]:
    """The lobby's tables of `listable` (each with its rank): the fullest (fewest seats
    free) first, then the newest, up to `SHOWN`, and `SHOWN_PER_NETWORK` of one
    network's. (It listed the oldest first: 300 tables opened before hid every new one.)"""
    in_order = sorted(listable, key=lambda item: (item[0].free, -item[0].since, item[0].code))
    shown: list[T] = []
    per_network: Counter[str] = Counter()
    for rank, item in in_order:
        if per_network[rank.opener] < SHOWN_PER_NETWORK and len(shown) < SHOWN:
            per_network[rank.opener] += 1
            shown.append(item)
    return shown


def _listed(tables: Iterable[NetTable]) -> list[NetTable]:
    """The tables of the lobby among `tables`."""
    return ranked((rank_of(table), table) for table in tables if listable(table))


def _seated(table: NetTable) -> tuple[object, ...]:
    """What a table's entry changes with: the seats taken, and which a computer plays."""
    return (*table.tokens, *map(table.is_computer, range(len(table.tokens))))


class Listing(Protocol):
    """Where the lobby's entries come from."""

    def entries(self) -> list[Mapping[str, object]]:
        """The lobby's entries, in order."""


class HeldTables:
    """The lobby's entries of the tables a server holds (all of the club's, unless each
    table is held by one server: `summaries.py`)."""

    def __init__(self, tables: Mapping[bytes, NetTable]) -> None:
        self.tables = tables
        self._entries: dict[bytes, tuple[tuple[object, ...], Mapping[str, object]]] = {}
        """Each listed table's entry, and the seats it was made for (making one costs
        far more than seeing that it is still right)."""

    def entries(self) -> list[Mapping[str, object]]:
        made = {}
        for table in _listed(self.tables.values()):
            seated = _seated(table)
            kept = self._entries.get(table.key)
            made[table.key] = (
                kept if kept is not None and kept[0] == seated else (seated, entry(table))
            )
        self._entries = made
        return [entry for _, entry in made.values()]


@dataclass
class _Sent:
    at: float
    frame: str


class Lobby:
    """The connections that follow the lobby, and what each was last sent. The lobby is
    made at most once a second (a `lobby` answered in that second is the same), so that
    asking for it often costs the server little."""

    def __init__(self, clock: Clock, listing: Listing) -> None:
        self.clock = clock
        self.listing = listing
        self._sent: dict[Follower, _Sent] = {}
        self._latest: _Sent | None = None
        """The last lobby made, and when."""

    def frame(self) -> _Sent:
        """The `lobby` frame (docs/protocol.md "The lobby"), made now or within the last
        second, and when it was made."""
        now = self.clock()
        latest = self._latest
        if latest is not None and now - latest.at < EVERY_S:
            return latest
        self._latest = _Sent(now, lobby_frame(self.listing.entries()))
        return self._latest

    def show(self, follower: Follower, follow: bool) -> None:
        """Send `follower` the lobby, and have it follow (`follow`) or no longer."""
        latest = self.frame()
        follower.send(latest.frame)
        if follow:
            self._sent[follower] = _Sent(self.clock(), latest.frame)
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
        frame = self.frame().frame
        for follower, sent in self._sent.items():
            if now - sent.at >= EVERY_S and sent.frame != frame:
                follower.send(frame)
                sent.at, sent.frame = now, frame
