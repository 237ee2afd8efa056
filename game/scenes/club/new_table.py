"""New online table: a table at the club, with the rules of the last table game set up.
Its seats (2 to 7, the first yours), who may join (anyone, from the lobby, or those given
its code), its pace (live, or 1 to 14 days a move), rated or not, whether its players may
take a move back (by default, unless rated), and computer seats, allowed only at an
unrated table. Create opens it and sits you at it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

import pygame

from game.i18n import N_, _
from game.net.messages import ClubTableOptions, TablePace
from game.net.table_opening import TableOpening
from game.rules.table_rules import MAX_PLAYERS, MIN_PLAYERS, TableRules
from game.scenes.club.hello import club_hello
from game.scenes.online.calling import TableCallingScene
from game.ui.club_words import pace_options, rules_in_short
from game.ui.painting import blit_text, draw_panel
from game.ui.text import shrunk_text
from game.ui.theme import PALETTE
from game.ui.widgets.controls import Button, Choice, Counter, Toggle
from game.ui.widgets.rows import lay_out_form

if TYPE_CHECKING:
    from game.scenes.base import Services

COMPUTER_LEVEL: Final = "expert"
"""The level of a new table's computer seats."""
WHO_JOINS: Final = [
    (True, N_("Anyone (lobby)")),
    (False, N_("By invitation (code)")),
]
TAKEBACKS: Final = [
    (True, N_("Allowed, if all accept")),
    (False, N_("Not allowed")),
]


class NewClubTableScene(TableCallingScene):
    """The new table's choices, Create and Back."""

    def __init__(self, services: Services) -> None:
        super().__init__(services)
        setup = services.settings.last_setup
        self.rules = setup.rules if setup is not None else TableRules()
        self.seats = self.form.add(Counter(N_("Seats"), 4, MIN_PLAYERS, MAX_PLAYERS, self._seats))
        self.who = self.form.add(Choice(N_("Who may join"), WHO_JOINS, True, self._changed))
        self.pace = self.form.add(Choice(N_("Pace"), pace_options(), 0, self._changed))
        self.rated = self.form.add(Toggle(N_("Rated"), False, self._rated))
        self.takebacks = self.form.add(Choice(N_("Take-backs"), TAKEBACKS, True, self._changed))
        self.computers = self.form.add(
            Counter(N_("Computer seats"), 0, 0, MAX_PLAYERS - 1, self._changed)
        )
        self.create = self.form.add(Button(N_("Create"), self.open_table, primary=True))
        self.back = self.form.add(Button(N_("Back"), services.pop))
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.said = ""

    def enter(self) -> None:
        super().enter()
        self.form.focus(self.seats)

    def _changed(self, _value: object) -> None:
        self.said = ""

    def _seats(self, seats: int) -> None:
        """Someone besides you sits at every table: at most all but your seat are
        computers."""
        self.computers.highest = seats - 1
        self.computers.set_value(min(self.computers.value, seats - 1))
        self.said = ""

    def _rated(self, rated: bool) -> None:
        """A rated table is played by people only, and its moves stand as played unless
        its creator chooses otherwise."""
        if rated:
            self.computers.set_value(0)
        self.computers.enabled = not rated
        self.takebacks.set_value(not rated)
        self.said = ""

    def table_seats(self) -> list[str]:
        """Each seat's kind, yours first."""
        computers = 0 if self.rated.value else self.computers.value
        people = self.seats.value - computers
        return ["remote"] * people + [f"ai:{COMPUTER_LEVEL}"] * computers

    def open_table(self) -> None:
        if self.opening is not None:
            return
        club = ClubTableOptions(
            public=self.who.value,
            rated=self.rated.value,
            pace=TablePace(self.pace.value),
            takebacks=self.takebacks.value,
        )
        self.opening = TableOpening.club_create(
            self.services.settings.club_server,
            club_hello(self.services),
            self.table_seats(),
            self.rules.to_dict(),
            club,
        )
        self.said = _("Opening the table…")

    def update(self, dt: float) -> None:
        failed = self.poll_opening()
        if failed is not None:
            self.said = failed.failure or ""

    def handle_event(self, event: pygame.Event) -> bool:
        focused = self.form.focused
        if (
            event.type == pygame.KEYDOWN
            and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
            and focused is not self.back
        ):
            self.open_table()
            return True
        return self.form.handle_event(event)

    def resize(self, size: tuple[int, int]) -> None:
        ui = self.services.ui
        rows = [self.seats, self.who, self.pace, self.rated, self.takebacks, self.computers]
        buttons = [self.create, self.back]
        self.panel = lay_out_form(rows, buttons, size, ui.px(170), ui)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.blit(self.services.felt(), (0, 0))
        ui = self.services.ui
        self.draw_title(surface, _("New online table"), self.services.settings.club_server)
        draw_panel(surface, self.panel, ui, alpha=235)
        room = self.panel.width - ui.px(48)
        rules = _("Rules: {rules} (as your last table game set up)").format(
            rules=rules_in_short(self.rules)
        )
        y = self.computers.rect.bottom + ui.px(14)
        blit_text(
            surface,
            shrunk_text(ui, rules, 16, room, PALETTE.text_dim),
            (self.panel.centerx, y),
            "midtop",
        )
        if self.said:
            line = shrunk_text(ui, self.said, 16, room, PALETTE.gold)
            blit_text(surface, line, (self.panel.centerx, y + ui.px(28)), "midtop")
        self.form.draw(surface, ui)
