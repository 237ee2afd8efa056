"""The lobby (docs/protocol.md "The lobby"): the public tables a player can join, the
fullest and newest first, filtered (seats free, size, rated, pace) and in pages, and the
connections that follow it.

A follower is sent the page it asks for, then a fresh one whenever that page has
changed, at most one a second: `Lobby.tell` compares each follower's page with what it
was last sent, and the server calls it every second (a test steps the registry's
clock and calls it)."""

from __future__ import annotations

import functools
import math
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Final, Protocol, TypeVar

from game.net.club_messages import LIVE, WAITS, ListPage, LobbyFilter, LobbyRequest
from game.net.club_replies import lobby_frame
from game.net.messages import REMOTE
from game.net.tables.limits import Clock
from game.net.tables.table import Follower, NetTable

EVERY_S: Final = 1.0
"""The least time between two lobbies sent to one follower."""
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
        "takebacks": table.club.options.takebacks_allowed,
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
    """Where a listable table comes in the lobby (`ranked`), and what the lobby's
    filters read of it (a summary carries it for the tables of other servers)."""

    free: int
    since: float
    """When it opened or a seat was last taken."""
    code: str
    opener: str
    """The network that opened it."""
    players: int
    rated: bool
    pace: str
    """`LIVE` or `WAITS`."""

    def admitted(self, shown: LobbyFilter) -> bool:
        """Whether the table passes the lobby's filter `shown`."""
        return (
            self.free >= shown.free
            and shown.players in (None, self.players)
            and shown.rated in (None, self.rated)
            and shown.pace in (None, self.pace)
        )


def rank_of(table: NetTable) -> Rank:
    """`table`'s rank (its seats free counted once a listing: counting them for each page
    and its filter took more than half the time of a lobby)."""
    club = table.club
    opener = club.networks[0] if club.networks else table.code
    pace = LIVE if club.options.days is None else WAITS
    return Rank(
        free_seats(table),
        club.turn_since,
        table.code,
        opener,
        len(table.tokens),
        club.options.rated,
        pace,
    )


def ranked(listable: Iterable[tuple[Rank, T]]) -> list[tuple[Rank, T]]:
    """The lobby's tables of `listable` (each with its rank): the fullest (fewest seats
    free) first, then the newest, and `SHOWN_PER_NETWORK` of one network's. (It listed
    the oldest first: 300 tables opened before hid every new one.)"""
    in_order = sorted(listable, key=lambda item: (item[0].free, -item[0].since, item[0].code))
    shown: list[tuple[Rank, T]] = []
    per_network: Counter[str] = Counter()
    for rank, item in in_order:
        if per_network[rank.opener] < SHOWN_PER_NETWORK:
            per_network[rank.opener] += 1
            shown.append((rank, item))
    return shown


def _seated(table: NetTable) -> tuple[object, ...]:
    """What a table's entry changes with: the seats taken, and which a computer plays."""
    return (*table.tokens, *map(table.is_computer, range(len(table.tokens))))


@dataclass(frozen=True)
class Listed:
    """A table of the lobby: its rank, and its entry (made only for the pages sent)."""

    rank: Rank
    entry: Callable[[], Mapping[str, object]]


class Listing(Protocol):
    """Where the lobby's tables come from."""

    def listed(self) -> list[Listed]:
        """The lobby's tables, in order."""


class HeldTables:
    """The lobby's tables among those a server holds (all of the club's, unless each
    table is held by one server: `summaries.py`)."""

    def __init__(self, tables: Mapping[bytes, NetTable]) -> None:
        self.tables = tables
        self._entries: dict[bytes, tuple[tuple[object, ...], Mapping[str, object]]] = {}
        """Each listed table's entry, and the seats it was made for (making one costs
        far more than seeing that it is still right)."""

    def listed(self) -> list[Listed]:
        shown = ranked((rank_of(table), table) for table in self.tables.values() if listable(table))
        keys = {table.key for _, table in shown}
        self._entries = {key: kept for key, kept in self._entries.items() if key in keys}
        return [Listed(rank, functools.partial(self._entry, table)) for rank, table in shown]

    def _entry(self, table: NetTable) -> Mapping[str, object]:
        """`table`'s entry, made again only when its seats changed."""
        seated = _seated(table)
        kept = self._entries.get(table.key)
        if kept is None or kept[0] != seated:
            kept = self._entries[table.key] = (seated, entry(table))
        return kept[1]


@dataclass
class _Sent:
    """What a follower follows (its filter and page), and what it was last sent, when."""

    asked: LobbyRequest
    at: float
    frame: str


class Lobby:
    """The connections that follow the lobby, and what each was last sent. The lobby is
    listed at most once a second (a page answered in that second is the same), so that
    asking for it often costs the server little."""

    def __init__(self, clock: Clock, listing: Listing) -> None:
        self.clock = clock
        self.listing = listing
        self._sent: dict[Follower, _Sent] = {}
        self._listed: list[Listed] = []
        self._listed_at = -math.inf
        self._passing: dict[LobbyFilter, list[Listed]] = {}
        """The tables that pass each filter asked for since the lobby was last listed
        (at most 378 filters: the pages of one filter cost one pass over the tables)."""
        self._pages: dict[tuple[LobbyFilter, ListPage], str] = {}
        """Each page made since the lobby was last listed, by its filter and page (past
        the last: the last)."""

    def frame(self, asked: LobbyRequest) -> str:
        """The `lobby` frame (docs/protocol.md "The lobby") of the page `asked` for (past
        the last: the last), as the lobby was listed now or within the last second."""
        now = self.clock()
        if now - self._listed_at >= EVERY_S:
            self._listed, self._listed_at = self.listing.listed(), now
            self._passing, self._pages = {}, {}
        shown = asked.filter
        passing = self._passing.get(shown)
        if passing is None:
            passing = self._passing[shown] = [t for t in self._listed if t.rank.admitted(shown)]
        size = asked.page.size
        page = ListPage(min(asked.page.number, max(1, -(-len(passing) // size))), size)
        frame = self._pages.get((shown, page))
        if frame is None:
            start = (page.number - 1) * size
            entries = [each.entry() for each in passing[start : start + size]]
            frame = self._pages[shown, page] = lobby_frame(entries, page, len(passing))
        return frame

    def show(self, follower: Follower, asked: LobbyRequest) -> None:
        """Send `follower` the page `asked` for, and have it follow that page
        (`asked.follow`) or no longer."""
        frame = self.frame(asked)
        follower.send(frame)
        if asked.follow:
            self._sent[follower] = _Sent(asked, self.clock(), frame)
        else:
            self._sent.pop(follower, None)

    def leave(self, follower: Follower) -> None:
        """`follower` is gone."""
        self._sent.pop(follower, None)

    def tell(self) -> None:
        """Send each follower its page if it has changed since its last, and that was a
        second ago or more (the server calls it every second)."""
        now = self.clock()
        for follower, sent in self._sent.items():
            frame = self.frame(sent.asked)
            if now - sent.at >= EVERY_S and sent.frame != frame:
                follower.send(frame)
                sent.at, sent.frame = now, frame
