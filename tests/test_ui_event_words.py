"""A club's events in the players' words: when an event plays, from its start to its
end, and the Events tab's order (those to come or playing first, the soonest first)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.net.event_answers import EventEntry
from game.scenes.club.events import in_order
from game.ui.event_words import event_words, minutes_words, when_words

ARENA = EventEntry("a", "arena", 1000.0, 45, 0, 0, 2, True, 3, False, "Ann")
SWISS = EventEntry("s", "swiss", 1000.0, 0, 5, 0, 3, False, 4, False, "Tom")


@pytest.mark.parametrize(
    ("entry", "now", "words"),
    [
        (ARENA, 1000.0 - 14 * 60 - 1, "Starts in 15 minutes"),
        (ARENA, 1000.0 + 12 * 60, "33 minutes left"),
        (ARENA, 1000.0 + 45 * 60 - 5, "1 minute left"),
        (ARENA, 1000.0 + 45 * 60, "Last games"),
        (replace(ARENA, over=True), 1000.0 + 12 * 60, "Over"),
        (SWISS, 999.0, "Starts in 1 minute"),
        (SWISS, 1010.0, "Round 1 soon"),
        (replace(SWISS, round=2), 1010.0, "Round 2 of 5"),
    ],
)
def test_when_an_event_plays(entry: EventEntry, now: float, words: str) -> None:
    assert when_words(entry, now) == words


def test_an_events_length_in_minutes_hours_or_rounds() -> None:
    assert [minutes_words(m) for m in (1, 45, 60, 90, 120)] == [
        "1 minute",
        "45 minutes",
        "1 hour",
        "1 h 30 min",
        "2 hours",
    ]
    assert (event_words(ARENA), event_words(SWISS)) == ("Arena · 45 minutes", "Swiss · 5 rounds")


def test_the_events_tab_lists_those_to_come_first_and_those_over_last() -> None:
    over = replace(ARENA, event="o", start=0.0, over=True)
    later = replace(SWISS, event="l", start=5000.0)
    assert [e.event for e in in_order((over, later, ARENA))] == ["a", "l", "o"]
