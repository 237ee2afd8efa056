"""A club's arenas and Swiss events in the players' words (Play online, Events): an
event's kind and length, when it plays, its tables, and why the club refused a change."""

from __future__ import annotations

import math

from game.i18n import _, ngettext
from game.net.event_answers import EventEntry
from game.net.event_messages import EVENT_CLOSED, NO_EVENT


def minutes_words(minutes: int) -> str:
    """ "30 minutes", "2 hours", "1 h 30 min"."""
    hours, rest = divmod(minutes, 60)
    if not hours:
        return ngettext("{count} minute", "{count} minutes", minutes).format(count=minutes)
    if not rest:
        return ngettext("{count} hour", "{count} hours", hours).format(count=hours)
    return _("{hours} h {minutes} min").format(hours=hours, minutes=rest)


def rounds_words(rounds: int) -> str:
    return ngettext("{count} round", "{count} rounds", rounds).format(count=rounds)


def event_words(entry: EventEntry) -> str:
    """ "Arena · 30 minutes", "Swiss · 5 rounds"."""
    if entry.kind == "arena":
        return _("Arena · {length}").format(length=minutes_words(entry.minutes))
    return _("Swiss · {length}").format(length=rounds_words(entry.rounds))


def when_words(entry: EventEntry, now: float) -> str:
    """ "Starts in 5 minutes", "12 minutes left", "Round 2 of 5", "Over"."""
    if entry.over:
        return _("Over")
    if now < entry.start:
        return _("Starts in {time}").format(time=minutes_words(_minutes(entry.start - now)))
    if entry.kind == "swiss":
        if not entry.round:
            return _("Round 1 soon")
        return _("Round {round} of {rounds}").format(round=entry.round, rounds=entry.rounds)
    if now >= entry.end:
        return _("Last games")
    return _("{time} left").format(time=minutes_words(_minutes(entry.end - now)))


def _minutes(seconds: float) -> int:
    """Whole minutes, the last one begun counted."""
    return max(1, math.ceil(seconds / 60))


def tables_words(entry: EventEntry) -> str:
    """ "Tables of 2"."""
    return _("Tables of {seats}").format(seats=entry.seats)


def event_refusal_words(code: str) -> str:
    """Why the club refused a change of events, in the player's words (a `bad-message`:
    the club's server is older than events)."""
    words = {
        NO_EVENT: _("The club no longer has this event."),
        EVENT_CLOSED: _("This event takes no more players."),
        "bad-message": _("This club's server is older: it runs no events."),
        "too-fast": _("Too fast: wait a moment and try again."),
    }
    return words.get(code, _("The club refused that: try again."))
