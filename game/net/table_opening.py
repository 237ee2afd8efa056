"""Sitting down at a networked table, frame by frame: a table opened (by its host),
seats joined, taken back by token or the table watched, until the server's view has
come and a `RemoteMatch` can be made. `poll` never waits; a refusal or a server that
cannot be reached ends the opening with a one-line reason."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Final

from game.ai.worker import Adviser
from game.net.client import BAD_SERVER, ClientEvent, ClubIdentity, Disconnected, TableClient
from game.net.club_answers import Welcome
from game.net.hosting import HostedServer
from game.net.invitation import Invitation, lan_address
from game.net.messages import ClubTableOptions
from game.net.network_words import connection_words, error_words
from game.net.remote_match import RemoteMatch, TableLink
from game.net.replies import Created, ErrorReply, Joined, MoveMessage, TableView
from game.net.tables.registry import Registry
from game.net.tables.store import TableStore
from game.net.tables.thinking import AdvisedThinker


class TableOpening:
    """One table being sat down at. Make it with `join`, `rejoin`, `watch` or `host`."""

    def __init__(self, client: TableClient, table: str, seats_wanted: int) -> None:
        self.link = TableLink(client, table)
        self.seats_wanted = seats_wanted
        self.names: Sequence[str] = ()
        self.view: TableView | None = None
        self.backlog: list[ClientEvent] = []
        self.failure: str | None = None
        self.refused = False
        """Whether the server refused (rather than could not be reached)."""
        self.rejoining = False
        self.seen: tuple[int, int] | None = None
        """Where the player last left this table (hand, moves): what came since is shown
        as moves (a club's table that waits)."""

    @classmethod
    def calling(cls, invitation: Invitation, seats_wanted: int) -> TableOpening:
        """A connection to the table of `invitation`, to be asked for seats."""
        opening = cls(TableClient(invitation.address).start(), invitation.code, seats_wanted)
        opening.link.invitation = str(invitation)
        return opening

    @classmethod
    def join(cls, invitation: Invitation, names: Sequence[str]) -> TableOpening:
        """Take one seat per name (people sharing this computer)."""
        opening = cls.calling(invitation, len(names))
        for name in names:
            opening.link.client.join(invitation.code, name)
        return opening

    @classmethod
    def rejoin(cls, invitation: Invitation, tokens: Sequence[str]) -> TableOpening:
        """Take back the seats of `tokens` (a game that was closed or lost its way)."""
        opening = cls.calling(invitation, len(tokens))
        opening.rejoining = True
        for token in tokens:
            opening.link.client.rejoin(invitation.code, token)
        return opening

    @classmethod
    def rejoin_hosted(
        cls, server: HostedServer, code: str, tokens: Sequence[str], host_token: str
    ) -> TableOpening:
        """Take back the seats of `tokens` at a table this window hosts again on `server`
        (which reopened it from its save)."""
        opening = cls.rejoin(Invitation(server.address or "", code), tokens)
        opening.link.server, opening.link.host_token = server, host_token
        return opening

    @classmethod
    def at_club(
        cls, address: str, hello: ClubIdentity, code: str = "", seats_wanted: int = 1
    ) -> TableOpening:
        """A connection to the club at `address`, as `hello`'s player, for table `code`
        ("" for one being created)."""
        opening = cls(TableClient(address, hello=hello).start(), code, seats_wanted)
        opening.link.at_club, opening.link.invitation = True, code
        return opening

    @classmethod
    def club_join(cls, address: str, hello: ClubIdentity, code: str) -> TableOpening:
        """Take a free seat of the club's table `code` (from the lobby or by its code)."""
        opening = cls.at_club(address, hello, code)
        opening.link.client.join(code, hello.name)
        return opening

    @classmethod
    def club_rejoin(
        cls,
        address: str,
        hello: ClubIdentity,
        code: str,
        token: str,
        seen: tuple[int, int] | None = None,
        host_token: str = "",
    ) -> TableOpening:
        """Sit again at one of the player's tables (Your tables); the moves of its hand
        since `seen` (where the player left it) are played as they arrive would be.
        `host_token`: the table's, when the player opened it."""
        opening = cls.at_club(address, hello, code)
        opening.seen = seen
        opening.link.host_token = host_token
        opening.link.client.rejoin(code, token)
        return opening

    @classmethod
    def club_create(
        cls,
        address: str,
        hello: ClubIdentity,
        seats: list[str],
        rules: Mapping[str, object],
        club: ClubTableOptions,
    ) -> TableOpening:
        """Open a club table whose first seat is the player's (`seats`: "remote" or
        "ai:LEVEL"); one by invitation shows its code until every seat is taken."""
        opening = cls.at_club(address, hello)
        opening.names = [hello.name]
        opening.link.private = not club.public
        opening.link.client.create(seats, rules, club=club)
        return opening

    @classmethod
    def watch(cls, invitation: Invitation) -> TableOpening:
        opening = cls.calling(invitation, 0)
        opening.link.client.watch(invitation.code)
        return opening

    @classmethod
    def host(
        cls,
        server: HostedServer,
        public: str,
        seats: list[str],
        rules: Mapping[str, object],
        names: Sequence[str],
        computer_names: Sequence[str | None] | None = None,
    ) -> TableOpening:
        """Open a table on `server` (listening; `public`, ws://HOST:PORT, is the address
        friends use) with `seats` ("remote" or "ai:LEVEL"), the people here taking the
        first remote seats; `computer_names` names the computer seats (None elsewhere)."""
        opening = cls(TableClient(server.address or "").start(), "", len(names))
        opening.link.server = server
        opening.link.invitation = public
        opening.names = names
        opening.link.client.create(seats, rules, computer_names)
        return opening

    def poll(self, adviser: Adviser) -> RemoteMatch | None:
        """Take in what arrived; the match once the table is sat at (None until then, and
        after a failure: see `failure`)."""
        for event in self.link.client.poll():
            self.receive(event)
        return self.ready(adviser)

    def ready(self, adviser: Adviser) -> RemoteMatch | None:
        """The match, once the seats and the view have come."""
        if self.failure is not None or self.view is None:
            return None
        if len(self.link.tokens) < self.seats_wanted:
            return None
        players = len(self.view.record.players)
        wrong = [seat for seat in self.link.tokens if seat >= players]
        if wrong:
            self.receive(
                Disconnected(f"seat {wrong[0]} at a table of {players}", False, BAD_SERVER)
            )
            return None
        if self.seen is None:
            return RemoteMatch(self.link, self.view, adviser, self.backlog)
        view, since = rewound(self.view, self.seen)
        return RemoteMatch(self.link, view, adviser, [*since, *self.backlog])

    def receive(self, event: ClientEvent) -> None:
        """Take in one event of the connection; a refusal closes it."""
        if self.failure is not None:
            return
        link = self.link
        if isinstance(event, Created):
            link.table, link.host_token = event.table, event.host
            invitation = Invitation(link.invitation, event.table)
            link.invitation = event.table if link.at_club else str(invitation)
            for name in self.names:
                link.client.join(event.table, name)
            if not self.names:
                link.client.watch(event.table)
        elif isinstance(event, Welcome):
            link.player = event.player
        elif isinstance(event, Joined) and event.table == link.table:
            link.tokens[event.seat] = event.token
        elif isinstance(event, TableView) and event.table == link.table:
            self.view, self.backlog = event, []
        elif isinstance(event, ErrorReply):
            self.failure, self.refused = error_words(event), True
        elif isinstance(event, Disconnected):
            self.failure = connection_words(event)
        elif self.view is not None:
            self.backlog.append(event)
        if self.failure is not None:
            self.close()

    def close(self) -> None:
        """Give up: close the connection (and the server this window hosts)."""
        self.link.close()


def rewound(view: TableView, seen: tuple[int, int]) -> tuple[TableView, list[MoveMessage]]:
    """`view` as it was at `seen` (where the player left the table: the flow's position,
    hands dealt and moves of the last), and the moves since, to be shown as they come; the
    hand under way from its first move when the player left an earlier hand, and `view`
    as it is when nothing can be shown so."""
    record, (hands, moves) = view.record, seen
    current = record.hand_count
    if record.last_hand_ended or hands > current:
        return view, []
    played = record.last_hand_moves()
    start = moves if hands == current else 0
    if not 0 <= start < len(played):
        return view, []
    then = TableView(view.table, record.only_hand(current - 1, played[:start]), view.chat)
    since = [
        MoveMessage(view.table, current - 1, index, move)
        for index, move in enumerate(played[start:], start)
    ]
    return then, since


HOST_PORT: Final = 8765
"""The port a hosted table listens on (the same as `python -m game.server`'s), so that a
firewall rule made once holds; a free one when it is taken."""


def start_hosting(
    adviser: Adviser, home: Path, address: str, port: int = HOST_PORT
) -> HostedServer:
    """The table server of this window, listening on `address` at `port` or, when it is
    taken, a free one (`OSError` when it cannot listen there); its tables are kept in
    `home`."""
    store = TableStore(home)
    for tried in dict.fromkeys((port, 0)):
        registry = Registry(time.time, AdvisedThinker(adviser), store)
        registry.open(store.load())
        server = HostedServer(registry, address, tried)
        try:
            server.start()
        except OSError:
            if tried == 0:
                raise
            continue
        return server
    raise OSError("no port")  # not reached: the last try raises


def start_hosting_as_set(adviser: Adviser, home: Path, extra: Mapping[str, Any]) -> HostedServer:
    """`start_hosting` where the settings file says (`host_address`, `host_port`), by
    default on this computer's local-network address and `HOST_PORT`."""
    address = str(extra.get("host_address", "")) or lan_address()
    port = extra.get("host_port", HOST_PORT)
    return start_hosting(adviser, home, address, port if type(port) is int else HOST_PORT)


def host_seats(kinds: Sequence[str]) -> list[str]:
    """The seats a table is opened with, from the setup's kinds: a computer's as it is,
    a person's here or a friend's joining "remote" (the people here take the first)."""
    return [kind if kind.startswith("ai:") else "remote" for kind in kinds]
