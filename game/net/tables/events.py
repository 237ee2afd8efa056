"""A club's arenas and Swiss events on its servers
(docs/protocol.md "Arenas and Swiss events"): the version 3 messages that create, list,
join, leave and follow them; the pairing seats the players the event's rules pair
(game.play.tournament) at ordinary club tables, rated as the event is, and tells them;
a table's end goes into the standings, told at once to the event's followers.

Every change is written to the club's `EventBook` before it is told (`event_book.py`),
checked against the version it was read at: a change another server made first is read
and this one made again on it, so two servers never both record one table's result nor
seat one player twice. The other servers hear of each change (`EventNews`) and tell
their own connections: the followers, and the players the pairing seated.
"""

from __future__ import annotations

import copy
import secrets
import sys
from collections.abc import Callable, Iterable
from typing import Final, TypeVar

from game.net.club_messages import ClubOptions, pace_json
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
from game.net.messages import BAD_MESSAGE, NOT_SAVED, NOT_YOUR_SEAT, REMOTE, Create, Refused
from game.net.tables.event_book import (
    NO_OTHER_SERVERS,
    ClubEvent,
    EventBook,
    EventNews,
    EventsInMemory,
)
from game.net.tables.limits import Clock
from game.net.tables.players import Card
from game.net.tables.ratings import ranks
from game.net.tables.table import Follower, NetTable
from game.play.tournament import Event, EventRules, Table
from game.rules.table_rules import TableRules

MOST_EVENTS: Final = 100
"""The most events a club holds that are not over."""
MOST_OVER_LISTED: Final = 20
"""How many of the events over `events` lists (those over last)."""
KEPT_OVER_S: Final = 86_400.0
"""How long an event over is kept (then a sweep forgets it)."""
TRIES: Final = 5
"""How many times a change is made again on what another server wrote first."""

Open = Callable[[Create], NetTable]
"""Open a table of the club for an event (saved and held by the registry)."""
Totals = Callable[[NetTable], list[int]]
"""What ranks an ended table's seats (the club's `final_totals`)."""
Held = Callable[[str], NetTable | None]
"""The table of a code that this server holds (None: it holds no such table)."""
Change = Callable[[ClubEvent], bool]
"""A change to an event's copy; whether there is anything to write."""
T = TypeVar("T")


def _stored(action: Callable[[], T]) -> T:
    """Do `action`, a call to the store; its `OSError` as the refusal `not-saved`."""
    try:
        return action()
    except OSError as error:
        reason = error.strerror or str(error)
        raise Refused(NOT_SAVED, f"the server cannot save events now ({reason})") from None


class Events:
    """The club's events, as this server knows them, and their followers here."""

    def __init__(
        self,
        clock: Clock,
        need_player: Callable[[Follower], Card],
        connections: Callable[[str], Iterable[Follower]],
        names: Callable[[str], str],
        open_table: Open,
        totals: Totals,
        per_player: int,
        held: Held = lambda code: None,
    ) -> None:
        self.clock = clock
        self.need_player = need_player
        self.connections = connections
        """The connections that said they are a player (PID)."""
        self.names = names
        self.open_table = open_table
        self.totals = totals
        self.held = held
        self.per_player = per_player
        """The most events not over one member may have created."""
        self.book: EventBook = EventsInMemory()
        self.news: EventNews = NO_OTHER_SERVERS
        self.events: dict[str, ClubEvent] = {}
        """Each event as last read or written here."""
        self.followers: dict[str, set[Follower]] = {}

    def open(self, book: EventBook, news: EventNews = NO_OTHER_SERVERS) -> None:
        """Keep the events in `book` from now on (those it holds read now), the other
        servers told through `news`."""
        self.book, self.news = book, news
        self.events = book.load()

    def receive(self, follower: Follower, message: EventMessage) -> None:
        """Answer an event message (`Refused` when it may not be)."""
        if isinstance(message, EventCreate):
            follower.send(event_created_frame(self._create(follower, message)))
        elif isinstance(message, EventJoin):
            pid, now = self.need_player(follower).pid, self.clock()
            joined = self._change(message.event, lambda e: _join(e, pid, now))
            follower.send(self._standings(message.event))
            if joined.event.rules.kind == "arena":  # a Swiss round waits for the sweep
                self._pair(message.event)
        elif isinstance(message, EventLeave):
            pid = self.need_player(follower).pid
            self._change(message.event, lambda e: _leave(e, pid))
            follower.send(self._standings(message.event))
        elif isinstance(message, EventFollow):
            self._find(message.event)
            following = self.followers.setdefault(message.event, set())
            if message.follow:
                following.add(follower)
            else:
                following.discard(follower)
            follower.send(self._standings(message.event))
        else:
            _stored(self._refresh)
            follower.send(events_frame([self._entry(code) for code in self._listed()]))

    def _create(self, follower: Follower, message: EventCreate) -> str:
        player = self.need_player(follower)
        if message.start > self.clock() + MOST_AHEAD_S:
            raise Refused(BAD_MESSAGE, "start must be at most 30 days ahead")
        _stored(self._refresh)
        going = [e for e in self.events.values() if not e.event.over(self.clock())]
        if len(going) >= MOST_EVENTS:
            raise Refused(EVENT_CLOSED, "this club holds as many events as it may")
        if sum(e.creator == player.pid for e in going) >= self.per_player:
            raise Refused(
                EVENT_CLOSED, f"a member may have {self.per_player} events not over at once"
            )
        start = message.start or self.clock()
        rules = EventRules(message.kind, start, message.minutes, message.rounds, message.seats)
        code = secrets.token_urlsafe(9)
        club_event = ClubEvent(Event(rules), player.pid, message.rated, days=message.days)
        self._written(code, club_event)
        self.news.tell(code)
        return code

    def _find(self, code: str) -> ClubEvent:
        """Event `code` as known here, read from the store when it is not yet."""
        if code not in self.events:
            _stored(lambda: self._read(code))
        club_event = self.events.get(code)
        if club_event is None:
            raise Refused(NO_EVENT, "there is no such event")
        return club_event

    def _read(self, code: str) -> None:
        """Read event `code` again from the store (`OSError` when it cannot be)."""
        found = self.book.read(code)
        if found is not None:
            self._hold(code, found)

    def _refresh(self) -> None:
        """Read again the events other servers changed (and write back those the store
        lost)."""
        for code, club_event in self.book.sync(dict(self.events)).items():
            self._hold(code, club_event)

    def _hold(self, code: str, club_event: ClubEvent) -> None:
        """Know `club_event` as event `code`, unless a later version is known here."""
        known = self.events.get(code)
        if known is None or known.version < club_event.version:
            self.events[code] = club_event

    def _written(self, code: str, club_event: ClubEvent) -> bool:
        """Write `club_event` as event `code` if the store's is the version it was read
        at (then it is known here); whether it was (`Refused` when it cannot be)."""
        written = _stored(lambda: self.book.write(code, club_event))
        if written:
            self._hold(code, club_event)
        return written

    def _change(self, code: str, change: Change) -> ClubEvent:
        """Make `change` to event `code` and write it, then tell it; made again on what
        the event is now when another server changed it first. The event as changed."""
        for _ in range(TRIES):
            changed = copy.deepcopy(self._find(code))
            if not change(changed):
                return changed
            if self._written(code, changed):
                self._told(code)
                return changed
            _stored(lambda: self._read(code))
        raise Refused(NOT_SAVED, "the event changes too often now; nothing changed")

    def _listed(self) -> list[str]:
        """The events `events` lists: those not over, and the last ones over."""
        now = self.clock()
        over = [code for code, e in self.events.items() if e.event.over(now)]
        over.sort(key=lambda code: self.events[code].over_at or now, reverse=True)
        shown = set(over[:MOST_OVER_LISTED])
        return [code for code in sorted(self.events) if code in shown or code not in over]

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
            "pace": pace_json(club_event.days),
            "players": len(event.players),
            "over": event.over(self.clock()),
            "by": self.names(club_event.creator),
        }

    def _standings(self, code: str) -> str:
        event = self.events[code].event
        lines = event.standings()
        names = {s.player: self.names(s.player) for s in lines}
        return event_frame(self._entry(code), lines, names, set(event.players))

    def _told(self, code: str) -> None:
        """Event `code` changed: its followers here are told, and the other servers."""
        self._tell(code)
        self.news.tell(code)

    def _tell(self, code: str) -> None:
        following = self.followers.get(code, set())
        if following:
            frame = self._standings(code)
            for follower in following:
                follower.send(frame)

    def heard(self, code: str, table: str = "", players: Table = ()) -> None:
        """Another server changed event `code` (with `table`: seated `players` there):
        its followers here are told, or those players' connections here their table."""
        try:
            self._read(code)
        except OSError as error:  # its followers here hear of it at the next change
            print(f"table server: cannot read event {code}: {error}", file=sys.stderr)
            return
        if code not in self.events:
            return
        if table:
            self._seat_told(code, table, players)
        else:
            self._tell(code)

    def _seat_told(self, code: str, table: str, players: Table) -> None:
        for player in players:
            for connection in self.connections(player):
                connection.send(event_table_frame(code, table))

    def sweep(self) -> None:
        """Forget the events over for a day; read again what other servers changed;
        record the ends of the events' tables held here that ended unrecorded (their
        server stopped first); seat the players each event pairs now (an event that
        starts); tell the followers when one is over."""
        try:
            self._forget_old()
            self._refresh()
        except OSError as error:
            print(f"table server: cannot read or forget the events: {error}", file=sys.stderr)
            return
        for code in list(self.events):
            for table_code in list(self.events[code].tables):
                table = self.held(table_code)
                if table is not None and table.is_over():
                    self.ended(table)
            self._pair(code)

    def _forget_old(self) -> None:
        """Forget, here and in the store, the events whose end was told a day ago (each
        server forgets its own copy before it reads the store again, so that none writes
        one back; `OSError` when the store cannot forget now: a later sweep does)."""
        now = self.clock()
        for code, club_event in list(self.events.items()):
            if club_event.told_over and now - club_event.over_at >= KEPT_OVER_S:
                self.book.forget(code)
                del self.events[code]
                self.followers.pop(code, None)

    def _pair(self, code: str) -> None:
        """Seat the players the event pairs now and tell them their tables; tell its
        followers once when it is over. A pairing another server's change beat is made
        again on that change (the tables it opened are never told: nobody takes their
        seats, and they close as any table nobody joined); one that cannot be written is
        left to the next sweep."""
        try:
            for _ in range(TRIES):
                paired = self._paired(code)
                if paired is not None:
                    break
                _stored(lambda: self._read(code))
            else:
                return
        except Refused as refused:
            print(f"table server: cannot pair event {code}: {refused.message}", file=sys.stderr)
            return
        seated, ended = paired
        for table, players in seated:
            self._seat_told(code, table, players)
            self.news.tell(code, table, players)
        if ended:
            self._told(code)

    def _paired(self, code: str) -> tuple[list[tuple[str, Table]], bool] | None:
        """The tables opened for event `code` now and whether it ended, written (None:
        another server changed it first)."""
        club_event = copy.deepcopy(self.events[code])
        now = self.clock()
        seated = []
        for players in club_event.event.pair(now):
            seats = (REMOTE,) * len(players)
            options = ClubOptions(rated=club_event.rated, days=club_event.days)
            table = self.open_table(Create(seats, TableRules(), club=options))
            club_event.tables[table.code] = players
            seated.append((table.code, players))
        ended = club_event.ends(now)
        if not seated and not ended:
            return [], False
        return (seated, ended) if self._written(code, club_event) else None

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
        """A table closed (it waited too long): its players who never took their seat,
        and the one it waited for, lose to the others; nobody there at all, no result.
        One whose game had ended counts by its end (when that was not written yet)."""
        if table.is_over():
            self.ended(table)
            return
        lost = table.club.left | ({table.state.current} if table.started else set())
        self._result(table, lambda seat: 2 if seat in lost else 1)

    def _event_of(self, table: str) -> str | None:
        """The event whose table `table` is (None: none's)."""
        for code, club_event in self.events.items():
            if table in club_event.tables:
                return code
        return None

    def _result(self, table: NetTable, place: Callable[[int], int]) -> None:
        """The result of an event's table (`place` of each seat; a player who took no
        seat is last), written once whichever servers record it, and told; an ended
        table's result that cannot be written now is written by a sweep."""
        owners = [table.club.owner(seat) for seat in range(len(table.tokens))]

        def record(club_event: ClubEvent) -> bool:
            players = club_event.tables.pop(table.code, None)
            if players is None:
                return False  # another server recorded it first
            if not any(p in owners for p in players):
                club_event.event.abandon(players)
            else:
                last = len(players) + 1
                places = [place(owners.index(p)) if p in owners else last for p in players]
                club_event.event.finish(players, places)
            club_event.ends(self.clock())  # told as written
            return True

        code = self._event_of(table.code)
        if code is None:
            return
        try:
            self._change(code, record)
        except Refused as refused:
            print(
                f"table server: cannot record table {table.code}: {refused.message}",
                file=sys.stderr,
            )
            return
        self._pair(code)

    def leave(self, follower: Follower) -> None:
        """`follower`'s connection is gone."""
        for following in self.followers.values():
            following.discard(follower)


def _join(club_event: ClubEvent, player: str, now: float) -> bool:
    try:
        club_event.event.join(player, now)
    except ValueError as error:
        raise Refused(EVENT_CLOSED, str(error)) from None
    return True


def _leave(club_event: ClubEvent, player: str) -> bool:
    club_event.event.leave(player)
    return True
