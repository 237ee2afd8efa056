"""The club's events as a player's connection sees them, no pygame (docs/protocol.md
"Arenas and Swiss events"): `ClubEvents` asks for the events, creates one, joins and
leaves, follows one event's standings, and keeps what the club last said; the table the
pairing seated the player at waits in `seated` until a screen takes it to open it."""

from __future__ import annotations

from typing import Final, Protocol

from game.net.client import ClientEvent, Connected
from game.net.club_answers import Welcome
from game.net.event_answers import (
    EventCreated,
    EventEntry,
    EventList,
    EventStandings,
    EventTable,
)
from game.net.event_messages import (
    EventCreate,
    EventFollow,
    EventJoin,
    EventLeave,
    EventMessage,
    EventsRequest,
)
from game.net.replies import ErrorReply

NOT_ASKED: Final = EventsRequest()
"""What `asked` is while nothing waits for the club's answer (this very value: a list
asked for is another `EventsRequest`)."""


class Sender(Protocol):
    def event(self, message: EventMessage) -> None: ...


class ClubEvents:
    """The events on one club connection (`client`)."""

    def __init__(self, client: Sender) -> None:
        self.client = client
        self.listed: tuple[EventEntry, ...] | None = None
        """The club's events (None until the club said)."""
        self.followed = ""
        """The event whose standings are followed ("": none)."""
        self.standings: EventStandings | None = None
        """The followed event's standings (None until the club said)."""
        self.joined: set[str] = set()
        """The events this player is in: as their last standings said (each row says
        whether its player is in), or as asked here since."""
        self.me = ""
        """This player's id at the club ("": until it welcomed them)."""
        self.seated: EventTable | None = None
        """The table the pairing seated the player at last, until a screen takes it."""
        self.created = ""
        """The event this connection created last ("": none yet)."""
        self.refusal = ""
        """The code of the club's refusal of the last request ("": none)."""
        self.asked: EventMessage = NOT_ASKED
        """The request waiting for the club's answer (a refusal is its)."""

    def ask(self) -> None:
        """Ask for the club's events (`listed`)."""
        self._send(EventsRequest())

    def create(self, event: EventCreate) -> None:
        self._send(event)

    def join(self, event: str) -> None:
        self.joined.add(event)
        self._send(EventJoin(event))

    def leave(self, event: str) -> None:
        self.joined.discard(event)
        self._send(EventLeave(event))

    def _send(self, message: EventMessage) -> None:
        self.asked, self.refusal = message, ""
        self.client.event(message)

    def follow(self, event: str) -> None:
        """Follow `event`'s standings (and no other's)."""
        self.unfollow()
        self.followed, self.standings = event, None
        self.client.event(EventFollow(event))

    def unfollow(self) -> None:
        if self.followed:
            self.client.event(EventFollow(self.followed, follow=False))
            self.followed, self.standings = "", None

    def entry(self, event: str) -> EventEntry | None:
        """The event as the club said it last (its standings' entry first)."""
        if self.standings is not None and self.standings.entry.event == event:
            return self.standings.entry
        return next((entry for entry in self.listed or () if entry.event == event), None)

    def take_seat(self, event: str) -> str:
        """The table `event`'s pairing seated the player at, taken once ("": none)."""
        seated = self.seated
        if seated is None or seated.event != event:
            return ""
        self.seated = None
        return seated.table

    def receive(self, event: ClientEvent) -> bool:
        """Take in what the club said of events; False: not of events."""
        if isinstance(event, EventList):
            self.listed = event.events
            self._answered()
        elif isinstance(event, EventStandings):
            if event.entry.event == self.followed:
                self.standings = event
            self._take_joined(event)
            self._answered()
        elif isinstance(event, EventCreated):
            self.created = event.event
            self._answered()
            self.ask()
        elif isinstance(event, EventTable):
            self.seated = event
        elif isinstance(event, Welcome):
            self.me = event.player
            return False
        elif isinstance(event, Connected) and self.followed:
            self.client.event(EventFollow(self.followed))  # a new connection follows nothing
            return False
        elif isinstance(event, ErrorReply) and self.asked is not NOT_ASKED:
            if isinstance(self.asked, EventJoin):
                self.joined.discard(self.asked.event)
            self.refusal = event.code
            self._answered()
        else:
            return False
        return True

    def _take_joined(self, standings: EventStandings) -> None:
        """Whether this player is in the event, as its standings say."""
        event = standings.entry.event
        if any(row.player == self.me and row.joined for row in standings.rows):
            self.joined.add(event)
        else:
            self.joined.discard(event)

    def _answered(self) -> None:
        self.asked = NOT_ASKED
