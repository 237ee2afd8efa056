"""A club's arenas and Swiss events on its server
(docs/protocol.md "Arenas and Swiss events"): the version 3 messages that create, list,
join, leave and follow them; each sweep seats the players the event's rules pair
(game.play.tournament) at ordinary club tables, rated as the event is, and tells them;
a table's end goes into the standings, told at once to the event's followers. Events
are kept in this server's memory only.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Final

from game.net.club_messages import ClubOptions
from game.net.event_messages import (
    EVENT_CLOSED,
    MOST_AHEAD_S,
    NO_EVENT,
    EventCreate,
    EventFollow,
    EventJoin,
    EventLeave,
    EventMessage,
    event_created_frame,
    event_frame,
    event_table_frame,
    events_frame,
)
from game.net.messages import BAD_MESSAGE, NOT_YOUR_SEAT, REMOTE, Create, Refused
from game.net.tables.limits import Clock
from game.net.tables.players import Card
from game.net.tables.ratings import ranks
from game.net.tables.table import Follower, NetTable
from game.play.tournament import Event, EventRules, Table
from game.rules.table_rules import TableRules

MOST_EVENTS: Final = 100
"""The most events a server holds that are not over."""

Open = Callable[[Create], NetTable]
"""Open a table of the club for an event (saved and held by the registry)."""
Totals = Callable[[NetTable], list[int]]
"""What ranks an ended table's seats (the club's `final_totals`)."""


@dataclass
class ClubEvent:
    """An event, who created it, whether it is rated, its tables by code, its followers
    and whether they were told it is over."""

    event: Event
    creator: str
    rated: bool
    tables: dict[str, Table] = field(default_factory=dict)
    followers: set[Follower] = field(default_factory=set)
    told_over: bool = False


class Events:
    """The server's events."""

    def __init__(
        self,
        clock: Clock,
        need_player: Callable[[Follower], Card],
        connections: Callable[[str], Iterable[Follower]],
        names: Callable[[str], str],
        open_table: Open,
        totals: Totals,
    ) -> None:
        self.clock = clock
        self.need_player = need_player
        self.connections = connections
        """The connections that said they are a player (PID)."""
        self.names = names
        self.open_table = open_table
        self.totals = totals
        self.events: dict[str, ClubEvent] = {}

    def receive(self, follower: Follower, message: EventMessage) -> None:
        """Answer an event message (`Refused` when it may not be)."""
        if isinstance(message, EventCreate):
            follower.send(event_created_frame(self._create(follower, message)))
        elif isinstance(message, EventJoin):
            club_event = self._find(message.event)
            try:
                club_event.event.join(self.need_player(follower).pid, self.clock())
            except ValueError as error:
                raise Refused(EVENT_CLOSED, str(error)) from None
            self._tell(message.event)
            follower.send(self._standings(message.event))
            if club_event.event.rules.kind == "arena":  # a Swiss round waits for the sweep
                self._pair(message.event)
        elif isinstance(message, EventLeave):
            self._find(message.event).event.leave(self.need_player(follower).pid)
            self._tell(message.event)
            follower.send(self._standings(message.event))
        elif isinstance(message, EventFollow):
            club_event = self._find(message.event)
            if message.follow:
                club_event.followers.add(follower)
            else:
                club_event.followers.discard(follower)
            follower.send(self._standings(message.event))
        else:
            follower.send(events_frame([self._entry(e) for e in sorted(self.events)]))

    def _create(self, follower: Follower, message: EventCreate) -> str:
        player = self.need_player(follower)
        if message.start > self.clock() + MOST_AHEAD_S:
            raise Refused(BAD_MESSAGE, "start must be at most 30 days ahead")
        if sum(not e.event.over(self.clock()) for e in self.events.values()) >= MOST_EVENTS:
            raise Refused(EVENT_CLOSED, "this server holds as many events as it may")
        start = message.start or self.clock()
        rules = EventRules(message.kind, start, message.minutes, message.rounds, message.seats)
        code = secrets.token_urlsafe(9)
        self.events[code] = ClubEvent(Event(rules), player.pid, message.rated)
        return code

    def _find(self, code: str) -> ClubEvent:
        club_event = self.events.get(code)
        if club_event is None:
            raise Refused(NO_EVENT, "there is no such event")
        return club_event

    def _entry(self, code: str) -> dict[str, object]:
        club_event = self.events[code]
        event, rules = club_event.event, club_event.event.rules
        return {
            "event": code,
            "kind": rules.kind,
            "start": rules.start,
            "minutes": rules.minutes,
            "rounds": rules.rounds,
            "round": event.round,
            "seats": rules.seats,
            "rated": club_event.rated,
            "players": len(event.players),
            "over": event.over(self.clock()),
            "by": self.names(club_event.creator),
        }

    def _standings(self, code: str) -> str:
        lines = self.events[code].event.standings()
        return event_frame(
            self._entry(code), lines, {s.player: self.names(s.player) for s in lines}
        )

    def _tell(self, code: str) -> None:
        club_event = self.events[code]
        frame = self._standings(code)
        club_event.told_over = club_event.event.over(self.clock())
        for follower in club_event.followers:
            follower.send(frame)

    def sweep(self) -> None:
        """Seat the players each event pairs now (an event that starts), and tell its
        followers when it is over."""
        for code in list(self.events):
            self._pair(code)

    def _pair(self, code: str) -> None:
        """Seat the players the event pairs now and tell them their tables; tell its
        followers once when it is over."""
        club_event = self.events[code]
        for players in club_event.event.pair(self.clock()):
            seats = (REMOTE,) * len(players)
            options = ClubOptions(rated=club_event.rated)
            table = self.open_table(Create(seats, TableRules(), club=options))
            club_event.tables[table.code] = players
            for player in players:
                for connection in self.connections(player):
                    connection.send(event_table_frame(code, table.code))
        if not club_event.told_over and club_event.event.over(self.clock()):
            self._tell(code)

    def check_seat(self, table: NetTable, player: str | None) -> None:
        """Refuse a seat of an event's table to anyone the pairing did not seat there."""
        for club_event in self.events.values():
            players = club_event.tables.get(table.code)
            if players is not None and player not in players:
                raise Refused(NOT_YOUR_SEAT, "this table seats the players its event paired")

    def ended(self, table: NetTable) -> None:
        """A table's game ended: into its event's standings (places by final totals),
        told to the followers."""
        by_seat = ranks(self.totals(table))
        self._result(table, lambda seat: by_seat[seat])

    def closed(self, table: NetTable) -> None:
        """A table closed unfinished (it waited too long): its players who never took
        their seat, and the one it waited for, lose to the others; nobody there at all,
        no result."""
        lost = table.club.left | ({table.state.current} if table.started else set())
        self._result(table, lambda seat: 2 if seat in lost else 1)

    def _result(self, table: NetTable, place: Callable[[int], int]) -> None:
        """The result of an event's table (`place` of each seat; a player who took no
        seat is last), told to the followers."""
        for code, club_event in self.events.items():
            players = club_event.tables.pop(table.code, None)
            if players is None:
                continue
            owners = [table.club.owner(seat) for seat in range(len(table.tokens))]
            if not any(p in owners for p in players):
                club_event.event.abandon(players)
            else:
                last = len(players) + 1
                places = [place(owners.index(p)) if p in owners else last for p in players]
                club_event.event.finish(players, places)
            self._tell(code)
            self._pair(code)

    def leave(self, follower: Follower) -> None:
        """`follower`'s connection is gone."""
        for club_event in self.events.values():
            club_event.followers.discard(follower)
