"""The messages of protocol version 3 for a club's events (docs/protocol.md "Version 3",
"Arenas and Swiss events"), read into typed values (and written by the client,
`event_request_frame`), and the frames the server answers them with.

A reader here raises `ValueError` with the one line that `game.net.messages` refuses the
frame with (`bad-message`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence, Set
from dataclasses import dataclass
from typing import Final, Literal

from game.net.club_messages import Pace, pace_json, read_days
from game.play.tournament import Standing

EVENT_TYPES: Final = frozenset({"event-create", "event-join", "event-leave", "events", "event"})
"""The types of message that version 3's events add."""
EVENT_ID: Final = re.compile(r"[A-Za-z0-9_-]{1,64}")
MOST_MINUTES: Final = 24 * 60
"""The longest arena, in minutes."""
MOST_ROUNDS: Final = 30
"""The most rounds of a Swiss event."""
MOST_AHEAD_S: Final = 30 * 86_400
"""How far ahead an event may start, in seconds."""
NO_EVENT: Final = "no-event"
"""A code events add: there is no such event (or it is over and forgotten)."""
EVENT_CLOSED: Final = "event-closed"
"""A code events add: the event takes no more players."""


@dataclass(frozen=True)
class EventCreate:
    """Create an event: `kind` "arena" (`minutes` long) or "swiss" (`rounds`), starting
    `start` (seconds since the epoch; 0: at once), its tables of `seats`, rated or not,
    played live or at `days` a move."""

    kind: Literal["arena", "swiss"]
    start: float
    minutes: int
    rounds: int
    seats: int
    rated: bool
    days: Pace = None


@dataclass(frozen=True)
class EventJoin:
    event: str


@dataclass(frozen=True)
class EventLeave:
    event: str


@dataclass(frozen=True)
class EventsRequest:
    """Ask for the club's events."""


@dataclass(frozen=True)
class EventFollow:
    """Ask for an event's standings, and follow them (`follow`) or stop."""

    event: str
    follow: bool = True


EventMessage = EventCreate | EventJoin | EventLeave | EventsRequest | EventFollow


def _whole(data: Mapping[str, object], key: str, low: int, high: int, default: int) -> int:
    value = data.get(key, default)
    if type(value) is not int or not low <= value <= high:
        raise ValueError(f"{key} must be a whole number from {low} to {high}")
    return value


def _event_id(data: Mapping[str, object]) -> str:
    value = data.get("event")
    if not isinstance(value, str) or EVENT_ID.fullmatch(value) is None:
        raise ValueError("event must be an event's id: 1 to 64 letters, digits, '_' or '-'")
    return value


def _create(data: Mapping[str, object]) -> EventCreate:
    kind = data.get("kind")
    if kind not in ("arena", "swiss"):
        raise ValueError("kind must be 'arena' or 'swiss'")
    start = data.get("start", 0)
    if isinstance(start, bool) or not isinstance(start, (int, float)) or not 0 <= start < 2**40:
        raise ValueError("start must be seconds since the epoch (0: at once)")
    arena = kind == "arena"
    minutes = _whole(data, "minutes", 1 if arena else 0, MOST_MINUTES if arena else 0, 0)
    rounds = _whole(data, "rounds", 0 if arena else 1, 0 if arena else MOST_ROUNDS, 0)
    seats = _whole(data, "seats", 2, 7, 2)
    rated = data.get("rated", False)
    if type(rated) is not bool:
        raise ValueError("rated must be true or false")
    days = read_days(data.get("pace", "live"))
    return EventCreate(
        "arena" if arena else "swiss", float(start), minutes, rounds, seats, rated, days
    )


def read_event_message(kind: str, data: Mapping[str, object]) -> EventMessage:
    """The event message of type `kind` in `data`."""
    if kind == "event-create":
        return _create(data)
    if kind == "events":
        return EventsRequest()
    if kind == "event-join":
        return EventJoin(_event_id(data))
    if kind == "event-leave":
        return EventLeave(_event_id(data))
    follow = data.get("follow", True)
    if type(follow) is not bool:
        raise ValueError("follow must be true or false")
    return EventFollow(_event_id(data), follow)


def _frame(data: Mapping[str, object]) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def event_created_frame(event: str) -> str:
    return _frame({"type": "event-created", "event": event})


def events_frame(entries: Sequence[Mapping[str, object]]) -> str:
    return _frame({"type": "events", "events": list(entries)})


def event_frame(
    event: Mapping[str, object],
    lines: Sequence[Standing],
    names: Mapping[str, str],
    joined: Set[str],
) -> str:
    """An event's entry and its standings, each line with its player's name and whether
    the player is in (`joined`: did not leave)."""
    rows = [
        {
            "place": s.place,
            "player": s.player,
            "name": names.get(s.player, ""),
            "points": s.points,
            "games": s.games,
            "joined": s.player in joined,
        }
        for s in lines
    ]
    return _frame({"type": "event", **event, "standings": rows})


def event_table_frame(event: str, table: str) -> str:
    """The pairing seated this player at `table`: join it."""
    return _frame({"type": "event-table", "event": event, "table": table})


def event_request_frame(message: EventMessage) -> str:
    """The frame a client sends for `message` (an event's length: its kind's field only)."""
    if isinstance(message, EventCreate):
        length = (
            {"minutes": message.minutes} if message.kind == "arena" else {"rounds": message.rounds}
        )
        return _frame(
            {
                "type": "event-create",
                "kind": message.kind,
                "start": message.start,
                **length,
                "seats": message.seats,
                "rated": message.rated,
                "pace": pace_json(message.days),
            }
        )
    if isinstance(message, EventsRequest):
        return _frame({"type": "events"})
    if isinstance(message, EventFollow):
        return _frame({"type": "event", "event": message.event, "follow": message.follow})
    kind = "event-join" if isinstance(message, EventJoin) else "event-leave"
    return _frame({"type": kind, "event": message.event})
