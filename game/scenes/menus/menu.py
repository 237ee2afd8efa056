"""The main menu: a new table game and the two solitaires, each with a Continue button
beside it while a game of that mode is saved; Join a table, and Play online while a club
server is set (with "your turn at N tables" beside it, asked of the club as the menu
opens); Daily deals, Puzzles, Rules, Records & statistics, Settings, Quit. The buttons
never move: a Continue button only appears in its place."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Final

import pygame

from game.i18n import N_, _, ngettext
from game.net.club import ClubSession
from game.net.kept_seats import SETTING as KEPT
from game.net.kept_seats import KeptSeats
from game.persist.autosave import check_saved_game
from game.rules.modes import Mode
from game.scenes.base import Scene
from game.scenes.club.hello import club_hello, saved_name
from game.scenes.dialog import ConfirmScene, confirm_new_game
from game.scenes.requests import RejoinRequest, Screen
from game.ui.board.board import LADDER, Board
from game.ui.layout import ROW_HEIGHT
from game.ui.painting import blit_lines, blit_text, draw_count_badge, draw_panel
from game.ui.text import shrunk_text
from game.ui.theme import PALETTE
from game.ui.tiles.examples import THREE_SIDED
from game.ui.tiles.sprites import TileLayer
from game.ui.turn_title import TURN_TITLE
from game.ui.widgets.controls import Button
from game.ui.words import capitalised, colour_word

if TYPE_CHECKING:
    from game.scenes.base import Services


CONTINUES: Final = {
    Mode.TABLE: "table",
    Mode.DRAW_SOLITAIRE: "draw",
    Mode.STACKED_SOLITAIRE: "stacked",
}
"""Each mode's new-game button; its Continue button is "continue-" and the same key."""


def turns_words(count: int) -> str:
    return ngettext(
        "Your turn at {count} table of your club", "Your turn at {count} tables of your club", count
    ).format(count=count)


LOGO_GAP: Final = 20
"""Design pixels between the first-published line and the first button."""
TURNS_SIZE: Final = 20
"""The design size of the line saying at how many club tables it is the player's turn."""
TURNS_GAP: Final = 16
"""Design pixels between the showcase's caption and that line."""


class MenuScene(Scene):
    """The first screen. Escape asks whether to quit."""

    def __init__(self, services: Services) -> None:
        super().__init__(services)
        self.buttons = {
            "table": Button(N_("New table game"), self.new_table_game),
            "continue-table": Button(
                N_("Continue"), lambda: self.continue_game(Mode.TABLE), primary=True
            ),
            "join": Button(N_("Join a table"), lambda: self.services.open(Screen.JOIN)),
            "continue-join": Button(
                N_("Continue"), lambda: self.services.open(RejoinRequest()), primary=True
            ),
            "online": Button(N_("Play online"), lambda: self.services.open(Screen.CLUB)),
            "draw": Button(N_("Draw solitaire"), self.draw_solitaire),
            "continue-draw": Button(
                N_("Continue"), lambda: self.continue_game(Mode.DRAW_SOLITAIRE), primary=True
            ),
            "stacked": Button(N_("Stacked solitaire"), self.stacked_solitaire),
            "continue-stacked": Button(
                N_("Continue"), lambda: self.continue_game(Mode.STACKED_SOLITAIRE), primary=True
            ),
            "daily": Button(N_("Daily deals"), lambda: self.services.open(Screen.DAILY)),
            "puzzles": Button(N_("Puzzles"), lambda: self.services.open(Screen.PUZZLES)),
            "rules": Button(N_("Rules"), self.rules),
            "games": Button(N_("Records & statistics"), self.your_games),
            "settings": Button(N_("Settings"), self.open_settings),
            "quit": Button(N_("Quit"), self.on_back),
        }
        for button in self.buttons.values():
            self.form.add(button)
        self.offer = {
            "learn": self.form.add(Button(N_("Play a guided hand"), self.take_offer, primary=True)),
            "no-thanks": self.form.add(Button(N_("No, thanks"), self.decline_offer)),
        }
        """The guided first game, offered until it is taken or declined."""
        self.offer_card = pygame.Rect(0, 0, 0, 0)
        self.tiles = TileLayer()
        self.board = Board(services.ui, services.art, self.tiles, largest=LADDER[-1])
        self.showcase = pygame.Rect(0, 0, 0, 0)
        self.caption_y = 0
        self.club: ClubSession | None = None
        """The club asked at how many tables it is the player's turn (until it said)."""
        self.club_turns = 0

    def ask_the_club(self) -> None:
        """Ask the club (when one is set) at how many tables it is the player's turn."""
        if self.club is not None:
            self.club.close()
        self.club = None
        if self.services.settings.club_server and saved_name(self.services):
            self.club = ClubSession(
                self.services.settings.club_server, club_hello(self.services), follow=False
            )

    def still_for(self) -> float:
        """The club's answer is news (from its connection)."""
        return math.inf

    def update(self, dt: float) -> None:
        club = self.club
        if club is None:
            return
        club.poll()
        if club.mine is not None or club.problem:
            self.club_turns = club.turns
            TURN_TITLE.tell(self.club_turns)
            club.close()
            self.club = None

    def exit(self) -> None:
        super().exit()
        if self.club is not None:
            self.club.close()
            self.club = None

    def enter(self) -> None:
        super().enter()
        self.form.focus(None)
        self.form.move_focus(1)
        self.ask_the_club()

    def resize(self, size: tuple[int, int]) -> None:
        ui = self.services.ui
        width, height = size
        column_x = round(width * 0.3)
        button_w, continue_w = ui.text_room(300), ui.text_room(150)
        online = self.buttons["online"]
        online.visible = online.enabled = bool(self.services.settings.club_server)
        rows = [k for k, b in self.buttons.items() if not k.startswith("continue-") and b.visible]
        gap = ui.px(12)
        logo_h = self._logo_height()
        room = height - logo_h - ui.px(40 + LOGO_GAP + 40)  # clear of the logo's lines
        button_h = min(ui.text_room(50), (room - (len(rows) - 1) * gap) // len(rows))
        total = len(rows) * button_h + (len(rows) - 1) * gap
        under_logo = ui.px(40 + LOGO_GAP) + logo_h
        top = max(ui.px(250), under_logo, (height - total) // 2 + ui.px(90))
        top = min(top, height - total - ui.px(40))
        left = column_x - button_w // 2  # under the title; a Continue sticks out right
        for index, key in enumerate(rows):
            button = self.buttons[key]
            button.rect = pygame.Rect(left, top + index * (button_h + gap), button_w, button_h)
        for beside in (*CONTINUES.values(), "join"):
            row = self.buttons[beside].rect
            self.buttons[f"continue-{beside}"].rect = pygame.Rect(
                row.right + gap, row.y, continue_w, button_h
            )
        self.refresh_saves()
        offering = not self.services.settings.guided_game_offered
        words = ui.font(22, "bold").get_linesize() + 2 * ui.font(17).get_linesize()
        offer_h = ui.text_room(50)  # the offer's buttons, as tall as their words need
        card_h = max(ui.px(150), words + ui.px(12 + 4 + 8 + 16) + offer_h)  # a small window's
        card_x, right = round(width * 0.56), round(width * 0.94)
        showcase_x = max(card_x, left + button_w + gap + continue_w + ui.px(16))  # large words
        self.showcase = pygame.Rect(
            showcase_x,
            ui.px(120),
            right - showcase_x,
            height - ui.px(260) - (card_h if offering else 0),
        )
        self.offer_card = pygame.Rect(card_x, height - ui.px(30) - card_h, right - card_x, card_h)
        half = (self.offer_card.width - ui.px(48)) // 2
        for index, button in enumerate(self.offer.values()):
            button.visible = button.enabled = offering
            button.rect = pygame.Rect(
                self.offer_card.x + ui.px(16) + index * (half + ui.px(16)),
                self.offer_card.bottom - ui.px(16) - offer_h,
                half,
                offer_h,
            )
        self.board.set_area(self.showcase)
        self.board.fit([cell for _tile, cell, _rot in THREE_SIDED], self.showcase, margin=0.15)
        self.caption_y = round(self.board.view.to_screen((0, 2 * ROW_HEIGHT))[1]) + ui.px(28)
        placed = [(cell, tile, rot) for tile, cell, rot in THREE_SIDED]
        self.board.show(placed, THREE_SIDED[-1][1])

    def _logo_lines(self) -> tuple[pygame.Surface, pygame.Surface, pygame.Surface]:
        """The logo, the tagline and the first-published line, rendered."""
        ui = self.services.ui
        return (
            ui.text(_("Contack"), 96, (240, 214, 150), "title"),
            ui.text(_("The game of matching triangles"), 22, PALETTE.text),
            ui.text(_("First published 1939"), 17, PALETTE.text_dim),
        )

    def _logo_height(self) -> int:
        """The height the logo's three lines take, as `draw` sets them."""
        title, tagline, published = self._logo_lines()
        gaps = self.services.ui.px(4) + self.services.ui.px(6)
        return title.get_height() + tagline.get_height() + published.get_height() + gaps

    def refresh_saves(self) -> None:
        """Show the Continue button of each mode that has a saved game."""
        for mode, beside in CONTINUES.items():
            button = self.buttons[f"continue-{beside}"]
            button.visible = button.enabled = self.services.storage.has_saved_game(mode)
        self.buttons["table"].primary = not self.buttons["continue-table"].visible
        rejoin = self.buttons["continue-join"]  # a network game left unfinished
        rejoin.visible = rejoin.enabled = (
            KeptSeats.read(self.services.settings.extra.get(KEPT)) is not None
        )

    def resume(self) -> None:
        super().resume()
        self.refresh_saves()
        self.ask_the_club()

    def settings_changed(self) -> None:
        self.tiles.refresh_all()

    def on_back(self) -> None:
        self.services.push(
            ConfirmScene(
                self.services, _("Quit Contack?"), self.services.quit, yes=_("Quit"), no=_("Stay")
            )
        )

    # Actions ------------------------------------------------------------------------

    def take_offer(self) -> None:
        self.decline_offer()
        self.services.open(Screen.GUIDED_GAME)

    def decline_offer(self) -> None:
        """The guided game is not offered again (the rules screen still has it)."""
        self.services.settings.guided_game_offered = True
        self.services.save_settings()
        self.resize(self.services.size)
        self.form.focus(None)
        self.form.move_focus(1)

    def continue_game(self, mode: str) -> None:
        record = check_saved_game(self.services.storage, mode)
        for text in self.services.storage.take_notices():
            self.services.notify(text)
        if record is None:
            self.services.notify(_("The saved game could not be opened."))
            self.refresh_saves()
            return
        self.services.open_record(record)

    def new_table_game(self) -> None:
        """The setup screen; an unfinished table game is asked about at Start."""
        self.services.open(Screen.SETUP)

    def draw_solitaire(self) -> None:
        confirm_new_game(
            self.services, Mode.DRAW_SOLITAIRE, lambda: self.services.open(Screen.DRAW_SOLITAIRE)
        )

    def stacked_solitaire(self) -> None:
        confirm_new_game(
            self.services,
            Mode.STACKED_SOLITAIRE,
            lambda: self.services.open(Screen.STACKED_SOLITAIRE),
        )

    def your_games(self) -> None:
        self.services.open(Screen.RECORDS)

    def rules(self) -> None:
        self.services.open(Screen.RULES)

    def open_settings(self) -> None:
        self.services.open(Screen.SETTINGS)

    # Drawing ------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        ui = self.services.ui
        surface.blit(self.services.felt(), (0, 0))
        column_x = round(surface.get_width() * 0.3)
        first_button = min(b.rect.top for b in self.buttons.values() if b.visible)
        logo_y = max(ui.px(40), first_button - ui.px(LOGO_GAP) - self._logo_height())
        name, tagline, published = self._logo_lines()
        blit_text(
            surface,
            ui.text(_("Contack"), 96, (8, 30, 20), "title"),
            (column_x + ui.px(3), logo_y + ui.px(5)),
            "midtop",
        )
        logo = blit_text(surface, name, (column_x, logo_y), "midtop")
        under = blit_text(surface, tagline, (column_x, logo.bottom + ui.px(4)), "midtop")
        blit_text(surface, published, (column_x, under.bottom + ui.px(6)), "midtop")
        self.tiles.draw_interpolated(surface, alpha)
        names = self.services.art.theme.edge_names
        caption = capitalised(
            _("{blue} 8 + 7, {red} 9 + 6, {gold} 10 + 10: a 50-point opportunity play").format(
                blue=colour_word(names, 0), red=colour_word(names, 1), gold=colour_word(names, 2)
            )
        )
        turns = bool(self.club_turns and self.buttons["online"].visible)
        below = self.offer_card.top if self.offer["learn"].visible else surface.get_height()
        room = below - ui.px(8) - self.caption_y
        if turns:  # the line of the club's turns goes under the caption
            room -= ui.px(TURNS_GAP) + ui.font(TURNS_SIZE, "bold").get_height()
        lines, size = ui.fitted(
            caption, 17, self.showcase.width + ui.px(40), max_lines=3, height=room
        )
        said = blit_lines(
            surface,
            [ui.text(line, size, PALETTE.text_dim) for line in lines],
            (self.showcase.centerx, self.caption_y),
            "midtop",
        )
        if turns:
            self.draw_turns(surface, said.bottom + ui.px(TURNS_GAP))
        if self.offer["learn"].visible:
            draw_panel(surface, self.offer_card, ui, border=PALETTE.gold_dark)
            inner = self.offer_card.inflate(-ui.px(32), 0)
            title = blit_text(
                surface,
                ui.text(_("New to Contack?"), 22, PALETTE.gold, "bold"),
                (inner.x, self.offer_card.y + ui.px(12)),
                "topleft",
            )
            offer = _("Learn it in one short hand against the computer.")
            room = self.offer["learn"].rect.top - title.bottom - ui.px(8)
            lines, size = ui.fitted(offer, 17, inner.width, height=room)
            blit_lines(
                surface,
                [ui.text(line, size, PALETTE.text) for line in lines],
                (inner.x, title.bottom + ui.px(4)),
                "topleft",
                flush_left=True,
            )
        self.form.draw(surface, ui)

    def draw_turns(self, surface: pygame.Surface, y: int) -> None:
        """At how many club tables it is the player's turn: in words under the showcase
        (from `y` down) and in a badge beside Play online."""
        ui, row = self.services.ui, self.buttons["online"].rect
        words = shrunk_text(
            ui, turns_words(self.club_turns), TURNS_SIZE, self.showcase.width, PALETTE.gold, "bold"
        )
        blit_text(surface, words, (self.showcase.centerx, y), "midtop")
        draw_count_badge(surface, ui, (row.right + ui.px(10), row.centery), self.club_turns)
