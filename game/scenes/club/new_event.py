"""New event, from Play online's Events tab: an arena (played for a number of minutes,
a new table as soon as one frees) or a Swiss event (a number of rounds), its tables of 2
to 7, rated or not, played live or at days a move, starting at once or in some minutes
(a Swiss event in some minutes: its players join before its first round). Create asks
the club for it and shows its standings (event_standings.py), where the player joins."""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING, Final

import pygame

from game.i18n import N_, _
from game.net.club import ClubSession
from game.net.event_messages import EVENT_CLOSED, EventCreate
from game.rules.table_rules import MAX_PLAYERS, MIN_PLAYERS
from game.scenes.base import Scene
from game.scenes.club.event_standings import EventScene
from game.ui.club_words import pace_options
from game.ui.event_words import event_refusal_words, minutes_words, rounds_words
from game.ui.painting import blit_text, draw_panel
from game.ui.text import shrunk_text
from game.ui.theme import PALETTE
from game.ui.widgets.controls import Button, Choice, Counter, Toggle
from game.ui.widgets.rows import lay_out_form

if TYPE_CHECKING:
    from game.scenes.base import Services

KINDS: Final = [("arena", N_("Arena")), ("swiss", N_("Swiss"))]
ARENA_MINUTES: Final = (10, 15, 20, 30, 45, 60, 90, 120, 180)
SWISS_ROUNDS: Final = tuple(range(1, 10))
STARTS_IN: Final = (0, 5, 10, 15, 30, 60, 120)
"""The minutes from now an event may start in (0: at once)."""


def start_options(at_once: bool = True) -> list[tuple[int, str]]:
    """When an event may start: at once (an arena's choice), or in some minutes."""
    later = [
        (minutes, _("In {time}").format(time=minutes_words(minutes))) for minutes in STARTS_IN[1:]
    ]
    return [(0, _("At once")), *later] if at_once else later


class NewEventScene(Scene):
    """The new event's choices, Create and Back."""

    def __init__(self, services: Services, session: ClubSession) -> None:
        super().__init__(services)
        self.session = session
        self.kind = self.form.add(Choice(N_("Kind"), KINDS, "arena", self._kind))
        self.minutes = self.form.add(
            Choice(N_("Length"), [(m, minutes_words(m)) for m in ARENA_MINUTES], 30, self._changed)
        )
        self.rounds = self.form.add(
            Choice(N_("Rounds"), [(r, rounds_words(r)) for r in SWISS_ROUNDS], 5, self._changed)
        )
        self.seats = self.form.add(
            Counter(N_("Seats"), MIN_PLAYERS, MIN_PLAYERS, MAX_PLAYERS, self._changed)
        )
        self.rated = self.form.add(Toggle(N_("Rated"), True, self._changed))
        self.pace = self.form.add(Choice(N_("Pace"), pace_options(), 0, self._changed))
        self.start = self.form.add(Choice(N_("Starts"), start_options(), 0, self._changed))
        self.swiss_start = self.form.add(
            Choice(N_("Starts"), start_options(at_once=False), 15, self._changed)
        )
        self.create = self.form.add(Button(N_("Create"), self.create_event, primary=True))
        self.back = self.form.add(Button(N_("Back"), services.pop))
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.asked = False
        """Whether the event was asked for and the club has not answered yet."""
        self.created = session.events.created
        """The event created last before this form's (the club's answer is a new one)."""
        self.rounds.visible = self.swiss_start.visible = False
        session.events.refusal = ""  # a refusal of before is not this form's

    def enter(self) -> None:
        super().enter()
        self.form.focus(self.kind)

    def _kind(self, kind: str) -> None:
        arena = kind == "arena"
        self.minutes.visible, self.start.visible = arena, arena
        self.rounds.visible, self.swiss_start.visible = not arena, not arena
        self._changed(kind)

    def _changed(self, _value: object) -> None:
        self.session.events.refusal = ""

    def event(self) -> EventCreate:
        """The event as chosen."""
        arena = self.kind.value == "arena"
        minutes = self.start.value if arena else self.swiss_start.value
        return EventCreate(
            "arena" if arena else "swiss",
            time.time() + 60 * minutes if minutes else 0,
            self.minutes.value if arena else 0,
            0 if arena else self.rounds.value,
            self.seats.value,
            self.rated.value,
            self.pace.value or None,
        )

    def create_event(self) -> None:
        if not self.asked:
            self.session.events.create(self.event())
            self.asked = True

    def still_for(self) -> float:
        """The club's answer is news (from its connection)."""
        return math.inf

    def update(self, dt: float) -> None:
        """Once the club created it, the event's standings in place of the form."""
        events = self.session.events
        self.session.poll()
        if events.refusal:
            self.asked = False
        elif events.created != self.created:
            self.services.pop()
            self.services.push(EventScene(self.services, self.session, events.created))

    def status_words(self) -> str:
        """A refusal, the event being created, or what the kind chosen plays like."""
        refusal = self.session.events.refusal
        if refusal == EVENT_CLOSED:
            return _("The club takes no more events from you now: try again once one is over.")
        if refusal:
            return event_refusal_words(refusal)
        if self.asked:
            return _("Creating the event…")
        if self.kind.value == "arena":
            return _("An arena seats each player again as soon as their table ends.")
        return _("A Swiss event seats everyone each round, never twice with the same players.")

    def handle_event(self, event: pygame.Event) -> bool:
        if (
            event.type == pygame.KEYDOWN
            and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
            and self.form.focused is not self.back
        ):
            self.create_event()
            return True
        return self.form.handle_event(event)

    def resize(self, size: tuple[int, int]) -> None:
        ui = self.services.ui
        rows = [self.kind, self.minutes, self.seats, self.rated, self.pace, self.start]
        self.panel = lay_out_form(rows, [self.create, self.back], size, ui.px(150), ui)
        self.rounds.rect = self.minutes.rect.copy()
        self.swiss_start.rect = self.start.rect.copy()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.blit(self.services.felt(), (0, 0))
        ui = self.services.ui
        self.draw_title(surface, _("New event"), self.services.settings.club_server)
        draw_panel(surface, self.panel, ui, alpha=235)
        room = self.panel.width - ui.px(48)
        line = shrunk_text(ui, self.status_words(), 16, room, PALETTE.gold)
        y = self.start.rect.bottom + ui.px(14)
        blit_text(surface, line, (self.panel.centerx, y), "midtop")
        self.form.draw(surface, ui)
