"""Play online's Events tab: the club's arenas and Swiss events (kind and length, when
they play, their tables and pace, rated or not, how many joined, who created them), those over
last and dimmed, asked again every half minute while the tab is shown. The selected event opens
its standings (event_standings.py); New event opens new_event.py's form."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Final

from game.i18n import N_, _
from game.net.club import ClubSession
from game.net.event_answers import EventEntry
from game.scenes.games.frame import RowList
from game.ui.club_words import pace_words
from game.ui.event_words import event_refusal_words, event_words, tables_words, when_words

COLUMNS: Final = [
    (N_("Event"), 0.19),
    (N_("When"), 0.2),
    (N_("Tables"), 0.11),
    (N_("Pace"), 0.16),
    (N_("Rated"), 0.09),
    (N_("Players"), 0.12),
    (N_("By"), 0.13),
]
ASK_EVERY_S: Final = 30.0
"""How often the list is asked for again while it is shown (the club tells no changes
of it by itself)."""


def in_order(listed: tuple[EventEntry, ...]) -> list[EventEntry]:
    """Those to come or playing first, the soonest first; those over last."""
    return sorted(listed, key=lambda entry: (entry.over, entry.start))


def event_row(entry: EventEntry, now: float) -> list[str]:
    return [
        event_words(entry),
        when_words(entry, now),
        tables_words(entry),
        pace_words(entry.pace),
        _("Rated") if entry.rated else "",
        str(entry.players),
        entry.by or "—",
    ]


class EventsTab:
    """The list of the club's events on `session`, and when it was last asked for (in the
    window's game time)."""

    def __init__(self, on_open: Callable[[int], None]) -> None:
        self.list = RowList(COLUMNS, on_open)
        self.asked_at = -ASK_EVERY_S

    def ask(self, session: ClubSession, now: float) -> None:
        """Ask the club for its events (the answer refills the list)."""
        session.events.ask()
        self.asked_at = now

    def ask_when_due(self, session: ClubSession, now: float) -> None:
        if now >= self.asked_at + ASK_EVERY_S:
            self.ask(session, now)

    def still_for(self, now: float) -> float:
        """Until the list is asked for again."""
        return max(0.0, self.asked_at + ASK_EVERY_S - now)

    def refill(self, session: ClubSession) -> None:
        listed = in_order(session.events.listed or ())
        now = time.time()
        self.list.set_rows(
            [event_row(entry, now) for entry in listed],
            dim={index for index, entry in enumerate(listed) if entry.over},
        )

    def selected(self, session: ClubSession) -> str:
        """The selected event's id ("": none)."""
        listed = in_order(session.events.listed or ())
        index = self.list.selected
        return listed[index].event if index < len(listed) else ""

    @staticmethod
    def empty_words(session: ClubSession) -> str:
        events = session.events
        if events.listed is None:
            return event_refusal_words(events.refusal) if events.refusal else _("Asking the club…")
        return _("No event at this club yet: create one.")
