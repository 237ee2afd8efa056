"""New table game: seats (2 to 7, human or computer, names), every rule option, and a
deal number or a friend's share code (a solitaire's code plays that solitaire deal).

"Start" replaces this scene with the table scene, given a config that is a docs/record.md
`rules` dict plus a `players` list of {"name", "kind"} ("human" or "ai:<level>").
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Final

import pygame

from game.i18n import N_, _
from game.persist.history import History, load_history
from game.persist.settings import TableSetup
from game.play.table_setup import TableConfig
from game.rules.modes import Mode
from game.rules.record.entries import PlayerEntry
from game.rules.share import (
    MAX_CODE_LENGTH,
    ShareCode,
)
from game.rules.table_rules import MAX_PLAYERS, MIN_PLAYERS, TableRules
from game.scenes.base import Scene
from game.scenes.dialog import confirm_new_game
from game.scenes.requests import HostRequest, SolitaireRequest, TableRequest
from game.scenes.setup.levels import draw_level_legend, person_standing
from game.scenes.setup.rules import RuleChoices
from game.scenes.setup.words import draw_deal_words, read_deal, scoring_hint
from game.ui.editions import EDITIONS, apply_edition, club_first, current_edition, edition_options
from game.ui.painting import blit_text, draw_panel
from game.ui.text import blit_paragraph
from game.ui.theme import PALETTE
from game.ui.widgets.controls import Button, Choice, same_size
from game.ui.widgets.text_field import TextField
from game.ui.words import KIND_WORDS, PERSON_SEAT_NAME

if TYPE_CHECKING:
    from game.scenes.base import Services

_COMPUTER_NAMES: Final = "Ada Gus Edna Max Ellie Rory Otto"  # untranslated: names
COMPUTER_NAMES: Final = tuple(_COMPUTER_NAMES.split())
"""A computer seat's name by seat: each seat its own, whatever its level."""
FRIEND: Final = "remote"
SEAT_KINDS: Final = (*KIND_WORDS, (FRIEND, N_("Friend (joins)")))
"""A seat's kinds: a person here, a computer, or a friend joining from their own computer
(the table is then hosted: the people here take the first seats that are not a
computer's)."""
NAME_LENGTH: Final = 14
KIND_SIZE: Final = 17
"""The design size the seats' choices make room for (taken from the names' fields), so
that every kind, in either language, is drawn at it where the window allows."""


def seat_count(value: object) -> int:
    """The number of seats a saved setup asks for, if it is one the table takes (a
    damaged settings file may hold anything)."""
    return value if type(value) is int and MIN_PLAYERS <= value <= MAX_PLAYERS else 2


def default_name(seat: int, kind: str) -> str:
    """The name a seat gets until the player types one."""
    if kind.startswith("ai:"):
        return COMPUTER_NAMES[seat % len(COMPUTER_NAMES)]
    return _(PERSON_SEAT_NAME).format(number=seat + 1)


def default_names(seat: int) -> set[str]:
    """The names a seat has until a player types one (and the empty name)."""
    return {"", *(default_name(seat, kind) for kind, _label in SEAT_KINDS)}


class StartButton(Button):
    """Start game; Host a table when one of the seats counted is a friend's."""

    def __init__(
        self, on_click: Callable[[], None], kinds: list[Choice[str]], count: Choice[int]
    ) -> None:
        super().__init__(N_("Start game"), on_click, primary=True)
        self.kinds = kinds
        self.count = count

    @property
    def label(self) -> str:
        """Host a table when a seat counted is a friend's (read when drawn, not set by
        drawing: a frame is drawn only when something changed)."""
        hosting = any(kind.value == FRIEND for kind in self.kinds[: self.count.value])
        return N_("Host a table") if hosting else N_("Start game")

    @label.setter
    def label(self, _label: str) -> None:
        """The words follow the seats."""


def start_request(config: TableConfig) -> HostRequest | TableRequest:
    """The table a setup's `config` starts: hosted when a seat is a friend's."""
    if any(player["kind"] == FRIEND for player in config["players"]):
        return HostRequest(config)
    return TableRequest(config=config)


def every_seat(last: TableSetup) -> list[tuple[str, str]]:
    """(name, kind) of all seven seats: as last set up, the others as at first."""
    seats = list(last.seats[:MAX_PLAYERS])
    while len(seats) < MAX_PLAYERS:
        kind = "human" if not seats else "ai:greedy"
        seats.append((default_name(len(seats), kind), kind))
    return seats


class SetupScene(Scene):
    """Choose seats and options, then start the table game."""

    def __init__(self, services: Services) -> None:
        super().__init__(services)
        last = services.settings.last_setup or TableSetup()
        rules = last.rules
        self.count = self.form.add(
            Choice(
                N_("Players"),
                [(n, str(n)) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)],
                seat_count(last.count),
                lambda _n: self.resize(self.services.size),
            )
        )
        self.names: list[TextField] = []
        self.kinds: list[Choice[str]] = []
        for seat, (typed, kind) in enumerate(every_seat(last)):
            kind = kind if kind in dict(SEAT_KINDS) else "human"
            field = TextField(N_("Name"), typed[:NAME_LENGTH], lambda _text: None, NAME_LENGTH)
            name = self.form.add(field)
            choice = self.form.add(Choice("", SEAT_KINDS, kind, partial(self._kind_changed, seat)))
            self.names.append(name)
            self.kinds.append(choice)
        self.rules = RuleChoices(
            self.form, rules, club_first(services.settings), lambda: self.resize(services.size)
        )
        self.deal_field = self.form.add(
            TextField(
                N_("Deal number or share code (blank: a new deal)"),
                "",
                self._deal_typed,
                MAX_CODE_LENGTH,
            )
        )
        self.deal_words = ""
        """What the deal field's text means, or why it cannot be read."""
        self.deal_ok = True
        self.shared: ShareCode | None = None
        """A solitaire's share code typed in the deal field: Start plays that deal."""
        self.edition = self.form.add(
            Choice(
                N_("Edition"),
                edition_options(),
                current_edition(services.settings),
                self._edition_chosen,
            )
        )
        self.back = self.form.add(Button(N_("Back"), services.pop))
        self.start = self.form.add(StartButton(self.start_game, self.kinds, self.count))
        self.players_panel = pygame.Rect(0, 0, 0, 0)
        self.rules_panel = pygame.Rect(0, 0, 0, 0)
        self.hint_y = 0
        self.history = History()
        """The statistics, for the rating of the person at the table."""

    def _edition_chosen(self, key: str) -> None:
        """An edition's theme, language and options, at once (the seats stay)."""
        settings = self.services.settings
        named = [field.text in default_names(seat) for seat, field in enumerate(self.names)]
        apply_edition(settings, key)
        self.services.apply_settings()
        for seat, field in enumerate(self.names):  # default names in the new language
            if named[seat]:
                field.text = default_name(seat, self.kinds[seat].value)
        self._deal_typed(self.deal_field.text)  # what the deal field says, said again
        edition = EDITIONS.get(key)
        if edition is None:
            return
        self.rules.set_edition(edition.club_first, edition.table_options)
        self.resize(self.services.size)

    def _deal_typed(self, text: str) -> None:
        """Read the deal field as the player types: a deal number, or a share code whose
        seats and options are set at once."""
        reading = read_deal(text)
        self.deal_words, self.deal_ok, self.shared = reading.words, reading.ok, None
        if reading.code is not None and reading.code.mode == Mode.TABLE:
            self._apply_code(reading.code)
        elif reading.code is not None:
            self.shared = reading.code

    def _apply_code(self, code: ShareCode) -> None:
        """Set the seats and options a table share code names (names stay as typed)."""
        self.count.set_value(len(code.seats))
        for seat, kind in enumerate(code.seats):
            self.kinds[seat].set_value(kind)
            self._kind_changed(seat, kind)
        self.rules.set_rules(code.rules)
        self.resize(self.services.size)

    def deal(self) -> int | None:
        """The deal number typed, if any (a share code's too)."""
        return read_deal(self.deal_field.text).deal

    def _kind_changed(self, seat: int, kind: str) -> None:
        field = self.names[seat]
        if field.text in default_names(seat):
            field.text = default_name(seat, kind)
        self.resize(self.services.size)  # a friend types their own name: no field here

    def enter(self) -> None:
        super().enter()
        self.history = load_history(self.services.storage)
        for text in self.services.storage.take_notices():
            self.services.notify(text)
        self.form.focus(self.start)

    def standing(self) -> str | None:
        """The rating and streak of the first person among the seats (None: no person)."""
        return person_standing(self.history, self.players())

    # Layout -------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        ui = self.services.ui
        width, height = size
        self.rules.enable(self.count.value)
        margin, gap = ui.px(36), ui.px(28)
        top = ui.px(128)
        bottom = height - ui.px(100)
        column_w = (width - 2 * margin - gap) // 2
        self.players_panel = pygame.Rect(margin, top, column_w, bottom - top)
        self.rules_panel = pygame.Rect(margin + column_w + gap, top, column_w, bottom - top)
        pad = ui.px(18)
        row_h = min(ui.px(44), (self.players_panel.height - 2 * pad) // 8 - ui.px(6))
        step = row_h + ui.px(6)
        inner = self.players_panel.inflate(-2 * pad, -2 * pad)
        self.count.rect = pygame.Rect(inner.x, inner.y, inner.width, row_h)
        # the names less than 42% of the row where the seats' choices need it at
        # `KIND_SIZE`, never under 30%, nor so wide the choices' words are cut
        kinds_w = self.kinds[0].least_width(ui, KIND_SIZE)
        name_w = max(
            round(inner.width * 0.3),
            min(round(inner.width * 0.42), inner.width - ui.px(50) - kinds_w),
        )
        name_w = min(name_w, inner.width - ui.px(50) - self.kinds[0].least_width(ui))
        for seat, (name, kind) in enumerate(zip(self.names, self.kinds, strict=True)):
            y = inner.y + (seat + 1) * step
            shown = seat < self.count.value
            kind.visible = shown
            name.visible = shown and kind.value != FRIEND
            name.rect = pygame.Rect(inner.x + ui.px(40), y, name_w, row_h)
            kind.rect = pygame.Rect(
                name.rect.right + ui.px(10), y, inner.right - name.rect.right - ui.px(10), row_h
            )
        same_size(self.kinds)
        inner = self.rules_panel.inflate(-2 * pad, -2 * pad)
        rows = [*self.rules.rows, self.deal_field]
        same_size(rows)
        for index, widget in enumerate(rows):
            widget.rect = pygame.Rect(inner.x, inner.y + index * step, inner.width, row_h)
        self.hint_y = inner.y + len(rows) * step + ui.px(26)
        button_w, button_h = ui.px(220), ui.px(52)
        self.back.rect = pygame.Rect(0, 0, button_w, button_h)
        self.start.rect = pygame.Rect(0, 0, button_w, button_h)
        self.back.rect.bottomleft = (margin, height - ui.px(28))
        self.start.rect.bottomright = (width - margin, height - ui.px(28))
        same_size([self.back, self.start])
        between = self.start.rect.x - self.back.rect.right - 2 * gap
        self.edition.rect = pygame.Rect(0, 0, min(ui.px(460), between), button_h)
        self.edition.rect.center = (
            (self.back.rect.right + self.start.rect.x) // 2,
            self.start.rect.centery,
        )

    # Result -------------------------------------------------------------------------

    def config(self) -> TableConfig:
        """The table scene's config: {"rules": docs/record.md rules, "players": [...]}."""
        rules = self.rules.rules(self.count.value)
        return {"rules": rules.to_dict(), "players": self.players()}

    def players(self) -> list[PlayerEntry]:
        """The seats as the table takes them: {"name", "kind"} (a blank name its default)."""
        seats: list[PlayerEntry] = [
            {"name": field.text.strip() or default_name(seat, kind.value), "kind": kind.value}
            for seat, (field, kind) in enumerate(zip(self.names, self.kinds, strict=True))
        ]
        return seats[: self.count.value]

    def start_game(self) -> None:
        if not self.deal_ok:
            self.services.notify(self.deal_words)
            return
        if self.shared is not None:
            shared = SolitaireRequest(self.shared.mode, self.shared.deal)
            confirm_new_game(self.services, shared.mode, lambda: self.services.switch_to(shared))
            return
        config = self.config()
        seats = tuple((f.text, k.value) for f, k in zip(self.names, self.kinds, strict=True))
        self.services.settings.last_setup = TableSetup(
            self.count.value, seats, TableRules.from_dict(config["rules"])
        )
        self.services.save_settings()
        deal = self.deal()
        if deal is not None:
            config["seed"] = deal
        request = start_request(config)
        if isinstance(request, HostRequest):  # the server keeps it: the Continue save stays
            self.services.switch_to(request)
            return
        confirm_new_game(self.services, Mode.TABLE, lambda: self.services.switch_to(request))

    # Drawing ------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        ui = self.services.ui
        surface.blit(self.services.felt(), (0, 0))
        self.draw_title(surface, _("New table game"))
        for panel, heading in ((self.players_panel, _("Seats")), (self.rules_panel, _("Rules"))):
            draw_panel(surface, panel, ui)
            blit_text(
                surface,
                ui.text(heading, 18, PALETTE.gold, "bold"),
                (panel.x + ui.px(18), panel.y - ui.px(6)),
                "bottomleft",
            )
        for seat in range(self.count.value):
            rect = self.names[seat].rect
            blit_text(
                surface,
                ui.text(str(seat + 1), 20, PALETTE.gold, "bold"),
                (rect.x - ui.px(20), rect.centery),
            )
        hint = scoring_hint(self.rules.variant.value, self.rules.length.value)
        draw_deal_words(surface, ui, self.deal_field.rect, self.deal_words, self.deal_ok)
        last_seat = self.kinds[self.count.value - 1].rect.bottom
        draw_level_legend(
            surface, ui, self.players_panel, last_seat, self.count.value, self.standing()
        )
        blit_paragraph(
            surface,
            ui,
            hint,
            16,
            PALETTE.text_dim,
            (self.rules_panel.x + ui.px(20), self.hint_y),
            self.rules_panel.width - ui.px(40),
        )
        self.form.draw(surface, ui)
