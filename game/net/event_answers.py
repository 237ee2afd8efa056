"""What a version 3 server answers of a club's events (docs/protocol.md
"Arenas and Swiss events"): the events listed, one event's standings, the event
created, and the table the pairing seated this player at, read by the client as strictly
as every other frame (`BadReply` for a frame of the wrong shape). (The server writes
these frames with game.net.event_messages.)"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final, Literal

from game.net.club_answers import NAME_LIMIT, PLAYER_LIMIT, read_pace
from game.net.event_messages import MOST_MINUTES, MOST_ROUNDS
from game.net.messages import TablePace
from game.net.reply_fields import (
    BadReply,
    read_code,
    read_count,
    read_flag,
    read_list,
    read_number,
    read_text,
)
from game.rules.table_rules import MAX_PLAYERS, MIN_PLAYERS

EVENT_ANSWERS: Final = frozenset({"event-created", "events", "event", "event-table"})
"""The types of message a server sends of events."""
ROWS_LIMIT: Final = 10_000
"""The most events, or lines of standings, an answer is read with (its frame's size
bounds it anyway)."""


@dataclass(frozen=True)
class EventEntry:
    """An event as the club lists it: its id, kind, start (seconds since the epoch),
    length (an arena's minutes, a Swiss event's rounds, and the rounds seated so far),
    table size, rated or not, how many players joined (and did not leave), whether it is
    over, its creator's name ("": not said) and its tables' pace (live when not said)."""

    event: str
    kind: Literal["arena", "swiss"]
    start: float
    minutes: int
    rounds: int
    round: int
    seats: int
    rated: bool
    players: int
    over: bool
    by: str
    pace: TablePace = field(default_factory=TablePace)

    @property
    def end(self) -> float:
        """When an arena seats nobody more (a Swiss event ends with its rounds)."""
        return self.start + 60.0 * self.minutes


@dataclass(frozen=True)
class StandingRow:
    """One line of an event's standings (place 1 the best; equal places share), and
    whether its player is in the event (False: they left)."""

    place: int
    player: str
    name: str
    points: int
    games: int
    joined: bool = True


@dataclass(frozen=True)
class EventList:
    """The club's events."""

    events: tuple[EventEntry, ...]


@dataclass(frozen=True)
class EventStandings:
    """An event and its standings, best first."""

    entry: EventEntry
    rows: tuple[StandingRow, ...]


@dataclass(frozen=True)
class EventCreated:
    event: str


@dataclass(frozen=True)
class EventTable:
    """The pairing of `event` seated this player at `table`: join it."""

    event: str
    table: str


EventAnswer = EventList | EventStandings | EventCreated | EventTable


def _name(data: Mapping[str, object], key: str, most: int) -> str:
    """A name the server may not know ("")."""
    return "" if data.get(key) == "" else read_text(data, key, most)


def _entry(data: Mapping[str, object]) -> EventEntry:
    kind = data.get("kind")
    if kind not in ("arena", "swiss"):
        raise BadReply("kind is not 'arena' or 'swiss'")
    minutes = read_count(data, "minutes", MOST_MINUTES + 1)
    rounds = read_count(data, "rounds", MOST_ROUNDS + 1)
    if (minutes if kind == "arena" else rounds) < 1:
        raise BadReply(f"an {kind} of no length")
    seats = read_count(data, "seats", MAX_PLAYERS + 1)
    if seats < MIN_PLAYERS:
        raise BadReply(f"an event's tables of {seats} seats")
    return EventEntry(
        read_code(data, "event"),
        "arena" if kind == "arena" else "swiss",
        read_number(data, "start"),
        minutes,
        rounds,
        read_count(data, "round", MOST_ROUNDS + 1),
        seats,
        read_flag(data, "rated"),
        read_count(data, "players"),
        read_flag(data, "over"),
        _name(data, "by", NAME_LIMIT),
        TablePace() if "pace" not in data else read_pace(data["pace"]),  # an older server's
    )


def _row(data: Mapping[str, object]) -> StandingRow:
    place = read_count(data, "place")
    if not place:
        raise BadReply("place is a place from 1")
    return StandingRow(
        place,
        read_text(data, "player", PLAYER_LIMIT),
        _name(data, "name", NAME_LIMIT),
        read_count(data, "points"),
        read_count(data, "games"),
        "joined" not in data or read_flag(data, "joined"),  # an older server's: all are in
    )


def read_event_answer(kind: str, data: Mapping[str, object]) -> EventAnswer:
    """The answer of type `kind`, one of `EVENT_ANSWERS`."""
    if kind == "events":
        return EventList(tuple(_entry(e) for e in read_list(data, "events", ROWS_LIMIT)))
    if kind == "event":
        rows = tuple(_row(row) for row in read_list(data, "standings", ROWS_LIMIT))
        return EventStandings(_entry(data), rows)
    if kind == "event-created":
        return EventCreated(read_code(data, "event"))
    return EventTable(read_code(data, "event"), read_code(data, "table"))
