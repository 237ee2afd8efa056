"""Where a club keeps its events (docs/server.md "Arenas and Swiss events"): each event
one record of JSON (its rules, creator, players, tables playing, results, byes and
round), written whole at every change before the change is told, each write checked
against the version it was read at (`EventBook.write`: a change made meanwhile by
another server wins, and this one is made again on what the event is now). An
`EventBook` in memory (a registry without a store), in files (one server:
`HOME/events/CODE.json`, written atomically) or in Redis (`redis_events.py`, several
servers). A stored record that cannot be read is named in one line and left as it is.
"""

from __future__ import annotations

import contextlib
import json
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, Protocol

from game.net.club_messages import MAX_DAYS, Pace
from game.net.event_messages import EVENT_ID
from game.persist.atomic import write_text_atomically
from game.persist.files import read_bounded
from game.play.tournament import Event, EventRules, Result, Table

EVENTS_DIR: Final = "events"
EVENT_SUFFIX: Final = ".json"


@dataclass
class ClubEvent:
    """An event, who created it, whether it is rated, its tables by code, whether its
    end was told, the version of the store's record this copy is, its tables' pace
    (None: live; else days a move) and when its end was told."""

    event: Event
    creator: str
    rated: bool
    tables: dict[str, Table] = field(default_factory=dict)
    told_over: bool = False
    version: int = 0
    days: Pace = None
    over_at: float = 0.0

    def ends(self, now: float) -> bool:
        """Whether the event is over at `now` and its end not yet told (from now on it is,
        its time kept)."""
        if self.told_over or not self.event.over(now):
            return False
        self.told_over, self.over_at = True, now
        return True


def event_record(club_event: ClubEvent) -> dict[str, Any]:
    """What the store keeps of `club_event` (its version is the store's own)."""
    event, rules = club_event.event, club_event.event.rules
    return {
        "kind": rules.kind,
        "start": rules.start,
        "minutes": rules.minutes,
        "rounds": rules.rounds,
        "seats": rules.seats,
        "creator": club_event.creator,
        "rated": club_event.rated,
        "players": event.players,
        "tables": {code: list(table) for code, table in club_event.tables.items()},
        "results": [{"players": list(r.players), "places": list(r.places)} for r in event.results],
        "byes": event.byes,
        "round": event.round,
        "too_few": event.too_few,
        "told_over": club_event.told_over,
        "over_at": club_event.over_at,
        "days": club_event.days,
    }


def _text(value: object, what: str) -> str:
    if not isinstance(value, str) or not value:
        raise ValueError(f"{what} is not a player's id")
    return value


def _texts(value: object, what: str) -> list[str]:
    if not isinstance(value, list):
        raise ValueError(f"{what} is not a list")
    return [_text(item, what) for item in value]


def _whole(record: Mapping[str, object], key: str) -> int:
    value = record.get(key)
    if type(value) is not int or value < 0:
        raise ValueError(f"{key} is not a whole number")
    return value


def _result(value: object, seats: int) -> Result:
    if not isinstance(value, dict):
        raise ValueError("a result is not an object")
    players = tuple(_texts(value.get("players"), "a result's player"))
    places = value.get("places")
    if not isinstance(places, list) or len(places) != len(players) or len(players) < 2:
        raise ValueError("a result's places do not match its players")
    if any(type(place) is not int or not 1 <= place <= seats + 1 for place in places):
        raise ValueError("a result's place is out of range")
    return Result(players, tuple(places))


def read_event(text: str | bytes, version: int = 0) -> ClubEvent:
    """The event a stored record holds, as of `version`; `ValueError` with one line when
    the record is not one."""
    try:
        record = json.loads(text)
    except (ValueError, UnicodeDecodeError):
        raise ValueError("not JSON") from None
    if not isinstance(record, dict):
        raise ValueError("not an object")
    start = record.get("start")
    if isinstance(start, bool) or not isinstance(start, (int, float)):
        raise ValueError("start is not a time")
    kind = record.get("kind")
    if kind not in ("arena", "swiss"):
        raise ValueError("kind is not 'arena' or 'swiss'")
    seats = _whole(record, "seats")
    rules = EventRules(
        kind, float(start), _whole(record, "minutes"), _whole(record, "rounds"), seats
    )
    tables = record.get("tables")
    if not isinstance(tables, dict) or not all(EVENT_ID.fullmatch(code) for code in tables):
        raise ValueError("tables is not an object of tables' codes")
    playing = {code: tuple(_texts(table, "a table's player")) for code, table in tables.items()}
    results = record.get("results")
    if not isinstance(results, list):
        raise ValueError("results is not a list")
    rated, told_over = record.get("rated"), record.get("told_over")
    too_few = record.get("too_few", False)  # a record from before it was kept: False
    if type(rated) is not bool or type(told_over) is not bool or type(too_few) is not bool:
        raise ValueError("rated, told_over or too_few is not true or false")
    event = Event(
        rules,
        players=_texts(record.get("players"), "a player"),
        playing=list(playing.values()),
        results=[_result(result, seats) for result in results],
        byes=_texts(record.get("byes"), "a bye"),
        round=_whole(record, "round"),
        too_few=too_few,
    )
    creator = _text(record.get("creator"), "creator")
    over_at = record.get("over_at", rules.start)  # a record from before it was kept: its start
    if isinstance(over_at, bool) or not isinstance(over_at, (int, float)):
        raise ValueError("over_at is not a time")
    days = record.get("days")
    if days is not None and (type(days) is not int or not 1 <= days <= MAX_DAYS):
        raise ValueError("days is not a pace's days a move")
    return ClubEvent(event, creator, rated, playing, told_over, version, days, float(over_at))


def record_text(club_event: ClubEvent) -> str:
    return json.dumps(event_record(club_event), ensure_ascii=False, separators=(",", ":"))


def unreadable(code: str, error: Exception) -> None:
    """Say in one line that event `code`'s record cannot be read (it is left as it is)."""
    print(f"table server: cannot read event {code}: {error}", file=sys.stderr)


class EventBook(Protocol):
    """Where a club's events are kept."""

    def load(self) -> dict[str, ClubEvent]:
        """Every event that can be read (one that cannot is named on standard error)."""

    def read(self, code: str) -> ClubEvent | None:
        """Event `code` as kept now (None: no such event, or it cannot be read)."""

    def sync(self, held: Mapping[str, ClubEvent]) -> dict[str, ClubEvent]:
        """The events other servers changed since the versions `held` here (one server:
        none, its copies are the latest); those of `held` the store lost, or holds at an
        older version (Redis restarted with less than it had), written back."""

    def write(self, code: str, club_event: ClubEvent) -> bool:
        """Write `club_event` as event `code` if the kept one is still the version it was
        read at, its version then the new one; whether it was written (`OSError` when
        the store cannot write)."""

    def forget(self, code: str) -> None:
        """Keep event `code` no more (`OSError` when the store cannot forget it now)."""


class EventsInMemory:
    """Events kept in the registry's memory only (a registry without a store)."""

    def __init__(self) -> None:
        self.records: dict[str, tuple[int, str]] = {}

    def load(self) -> dict[str, ClubEvent]:
        return {code: event for code in self.records if (event := self.read(code)) is not None}

    def read(self, code: str) -> ClubEvent | None:
        kept = self.records.get(code)
        return None if kept is None else read_event(kept[1], kept[0])

    def sync(self, held: Mapping[str, ClubEvent]) -> dict[str, ClubEvent]:
        return {}

    def write(self, code: str, club_event: ClubEvent) -> bool:
        if self.records.get(code, (0, ""))[0] != club_event.version:
            return False
        club_event.version += 1
        self.records[code] = (club_event.version, record_text(club_event))
        return True

    def forget(self, code: str) -> None:
        self.records.pop(code, None)


class FileEventBook:
    """The events of a server whose folder is `home`: one record file each, in `events/`
    (one server writes them: its copy is always the latest)."""

    def __init__(self, home: Path) -> None:
        self.folder = home / EVENTS_DIR

    def _path(self, code: str) -> Path:
        return self.folder / f"{code}{EVENT_SUFFIX}"

    def load(self) -> dict[str, ClubEvent]:
        if not self.folder.is_dir():
            return {}
        for partial in self.folder.glob(".tmp-*.part"):
            with contextlib.suppress(OSError):
                partial.unlink()
        events = {}
        for path in sorted(self.folder.glob(f"*{EVENT_SUFFIX}")):
            code = path.name.removesuffix(EVENT_SUFFIX)
            club_event = self.read(code) if EVENT_ID.fullmatch(code) else None
            if club_event is not None:
                events[code] = club_event
        return events

    def read(self, code: str) -> ClubEvent | None:
        try:
            return read_event(read_bounded(self._path(code)))
        except FileNotFoundError:
            return None
        except (OSError, ValueError) as error:
            unreadable(code, error)
            return None

    def sync(self, held: Mapping[str, ClubEvent]) -> dict[str, ClubEvent]:
        return {}

    def write(self, code: str, club_event: ClubEvent) -> bool:
        write_text_atomically(self._path(code), record_text(club_event), durable=False)
        club_event.version += 1
        return True

    def forget(self, code: str) -> None:
        self._path(code).unlink(missing_ok=True)


class EventNews(Protocol):
    """How the other servers of the club hear of an event's change."""

    def tell(self, event: str, table: str = "", players: Table = ()) -> None:
        """Event `event` changed (its record is written); with `table`, the pairing
        seated `players` there."""


class NoOtherServers:
    """One server: nobody else to tell."""

    def tell(self, event: str, table: str = "", players: Table = ()) -> None:
        pass


NO_OTHER_SERVERS: Final = NoOtherServers()
