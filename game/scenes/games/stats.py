"""Statistics: per player name at the table and per solitaire (its daily deals apart),
with a confirmed reset."""

from __future__ import annotations

import datetime
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

import pygame

from game.ai.rating_scale import rating_words
from game.i18n import N_, _, format_number, format_percent
from game.persist.history import History, load_history, reset_statistics
from game.persist.stats import SOLITAIRE_MODES
from game.rules.modes import Mode
from game.scenes.dialog import ConfirmScene
from game.scenes.games.frame import GamesScene, scrolled_top
from game.scenes.requests import Screen
from game.ui.painting import Ui, blit_lines, blit_text, draw_panel
from game.ui.text import fit_text, shrunk_text
from game.ui.theme import PALETTE
from game.ui.widgets.controls import Button, same_size
from game.ui.widgets.scrollbar import ScrollBar
from game.ui.words import MODE_TITLES

SEAT_NUMBER = re.compile(r" \(\d\)$")
"""The seat number older versions added to computer names ("Gus (4)")."""

if TYPE_CHECKING:
    from game.scenes.base import Services

NOTHING = "\u2013"
"""Shown where there is no value yet."""
TABLE_COLUMNS = (
    (N_("Player"), 0.2),
    (N_("Games"), 0.09),
    (N_("Wins"), 0.09),
    (N_("Mean"), 0.1),
    (N_("Best"), 0.09),
    (N_("Best move"), 0.13),
    (N_("Rating"), 0.12),
    (N_("Streak"), 0.08),
    (N_("Best streak"), 0.1),
)
RATING_NOTE = N_(
    "Rating, streak: alone against the computers, on the scale of their levels' ratings"
)
SOLITAIRE_COLUMNS = (
    (N_("Solitaire"), 0.22),
    (N_("Played"), 0.08),
    (N_("Won"), 0.09),
    (N_("Win rate"), 0.1),
    (N_("Streak"), 0.07),
    (N_("Best streak"), 0.11),
    (N_("Clean wins"), 0.11),
    (N_("Hint"), 0.06),
    (N_("Undo"), 0.1),
    (N_("Auto"), 0.06),
)
DAILY_ROWS: Final[dict[str, str]] = {
    Mode.DRAW_SOLITAIRE: N_("Draw solitaire: daily"),
    Mode.STACKED_SOLITAIRE: N_("Stacked solitaire: daily"),
}
ROW_HEIGHT: Final = 40
"""A statistics row's height (design pixels)."""
FIRST_ROW_Y: Final = 96
"""Where the first row's middle lies below a panel's top (design pixels): under the
title and the column headers."""
HELP_NOTE = N_("Hint, Undo, Auto: wins that used hints, undo or auto-play (a win may use several)")


class StatsScene(GamesScene):
    """Two tables: the table game per player name, and both solitaires."""

    tab = Screen.STATS

    def __init__(self, services: Services) -> None:
        super().__init__(services)
        self.history = History()
        self.reset = self.form.add(Button(N_("Reset statistics"), self.ask_reset))
        self.table_rect = pygame.Rect(0, 0, 0, 0)
        self.solitaire_rect = pygame.Rect(0, 0, 0, 0)
        self.scrollbar = ScrollBar(self.scroll_to)
        self.top = 0
        """The first player shown in the table game's rows."""
        self.unscrolled = ScrollBar(lambda _top: None)
        """The solitaires' scroll bar: never needed (their four rows always fit)."""

    def enter(self) -> None:
        self.reload()
        super().enter()
        self.form.focus(self.back)

    def reload(self) -> None:
        self.history = load_history(self.services.storage)
        for text in self.services.storage.take_notices():
            self.services.notify(text)
        self.reset.enabled = bool(self.history.players) or any(
            s.played for s in self.history.solitaires.values()
        )
        self.scroll_to(self.top)

    def ask_reset(self) -> None:
        self.services.push(
            ConfirmScene(
                self.services,
                _("Reset all statistics?"),
                self.do_reset,
                yes=_("Reset"),
                no=_("Keep"),
            )
        )

    def do_reset(self) -> None:
        reset_statistics(self.services.storage)
        self.reload()
        self.services.notify(_("Statistics reset. The history of games is kept."))

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        ui = self.services.ui
        solitaire_h = ui.px(40) * 5 + ui.px(56)
        self.solitaire_rect = pygame.Rect(
            self.body.x, self.body.bottom - solitaire_h, self.body.width, solitaire_h
        )
        self.table_rect = pygame.Rect(
            self.body.x,
            self.body.y,
            self.body.width,
            self.solitaire_rect.y - self.body.y - ui.px(16),
        )
        self.reset.rect = pygame.Rect(0, 0, ui.px(230), ui.px(50))
        self.reset.rect.topright = (size[0] - ui.px(32), self.back.rect.y)
        same_size([self.back, self.reset])
        top = self.table_rect.y + ui.px(FIRST_ROW_Y - ROW_HEIGHT // 2)
        bar_w = ui.px(14)
        self.scrollbar.rect = pygame.Rect(
            self.table_rect.right - ui.px(10) - bar_w,
            top,
            bar_w,
            self.table_rect.bottom - ui.px(12) - top,
        )
        self.scroll_to(self.top)

    @property
    def shown_players(self) -> int:
        """How many players' rows the table game's panel holds."""
        return rows_room(self.table_rect, self.services.ui)

    def scroll_to(self, top: int) -> None:
        """Show the players from `top` on (as far as there are players to show)."""
        count = len(self.history.players)
        self.top = max(0, min(top, count - self.shown_players))
        self.scrollbar.set_range(count, self.shown_players, self.top)

    def handle_event(self, event: pygame.Event) -> bool:
        count = len(self.history.players)
        top = scrolled_top(event, self.top, self.shown_players, count)
        if top is not None:
            self.scroll_to(top)
            return True
        return self.scrollbar.handle_mouse(event) or self.form.handle_event(event)

    def draw_body(self, surface: pygame.Surface) -> None:
        players = sorted(
            self.history.players.items(),
            key=lambda item: (item[1].computer, -item[1].wins, item[0].lower()),
        )
        rows = []
        for name, player in players:
            shown = (
                _("{name} (computer)").format(name=SEAT_NUMBER.sub("", name))
                if player.computer
                else name
            )
            rows.append(
                [
                    shown,
                    str(player.games),
                    str(player.wins),
                    format_number(player.mean_score, 1),
                    NOTHING if player.best_score is None else str(player.best_score),
                    str(player.best_move),
                    NOTHING if player.rating is None else rating_words(player.rating),
                    *(
                        (NOTHING, NOTHING)
                        if player.computer
                        else (str(player.streak), str(player.best_streak))
                    ),
                ]
            )
        self._draw_table(
            surface,
            self.table_rect,
            _("Table game"),
            TABLE_COLUMNS,
            rows,
            _("No table games finished yet."),
            _(RATING_NOTE),
            self.scrollbar,
        )
        rows = []
        for mode in SOLITAIRE_MODES:
            stats = self.history.solitaires[mode]
            rows.append(
                [
                    _(MODE_TITLES[mode]),
                    str(stats.played),
                    str(stats.won),
                    format_percent(stats.win_rate) if stats.played else NOTHING,
                    str(stats.streak),
                    str(stats.best_streak),
                    str(stats.clean_wins),
                    str(stats.hint_wins),
                    str(stats.undo_wins),
                    str(stats.autoplay_wins),
                ]
            )
        for mode in SOLITAIRE_MODES:
            daily = self.history.daily[mode]
            played, won = len(daily.played), len(daily.won)
            rows.append(
                [
                    _(DAILY_ROWS[mode]),
                    str(played),
                    str(won),
                    format_percent(won / played) if played else NOTHING,
                    str(daily.streak(datetime.date.today())),
                    str(daily.best_streak()),
                    NOTHING,
                    NOTHING,
                    NOTHING,
                    NOTHING,
                ]
            )
        self._draw_table(
            surface,
            self.solitaire_rect,
            _("Solitaires"),
            SOLITAIRE_COLUMNS,
            rows,
            "",
            _(HELP_NOTE),
            self.unscrolled,
        )

    def _draw_table(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        title: str,
        columns: Sequence[tuple[str, float]],
        rows: list[list[str]],
        empty: str,
        note: str,
        scrollbar: ScrollBar,
    ) -> None:
        """A panel of `rows` under `title` and the column headers, `note` at the top
        right: the rows `scrollbar` shows where they do not all fit (and which of how
        many, after the title)."""
        ui = self.services.ui
        draw_panel(surface, rect, ui)
        pad, row_h = ui.px(18), ui.px(ROW_HEIGHT)
        heading = blit_text(
            surface,
            ui.text(title, 20, PALETTE.gold, "bold"),
            (rect.x + pad, rect.y + ui.px(12)),
            "topleft",
        )
        room = rows_room(rect, ui)
        top, right_edge = 0, rect.right - pad
        if scrollbar.needed:
            top, right_edge = scrollbar.offset, scrollbar.rect.x - ui.px(10)
            shown = _("{first}-{last} of {count}").format(
                first=top + 1, last=min(len(rows), top + room), count=len(rows)
            )
            heading = blit_text(
                surface,
                ui.text(shown, 15, PALETTE.text_dim),
                (heading.right + ui.px(16), heading.centery),
                "midleft",
            )
        width = right_edge - rect.x - pad
        xs, x = [], rect.x + pad
        for _header, share in columns:
            xs.append(x)
            x += round(width * share)
        ends = [x - ui.px(12) for x in xs[1:]] + [right_edge]
        y = rect.y + ui.px(FIRST_ROW_Y) - row_h
        headers_h = (
            max(
                len(ui.wrap(_(header), 15, ends[index] - xs[index], "bold")[:2])
                for index, (header, _share) in enumerate(columns)
            )
            * ui.font(15, "bold").get_height()
        )
        room_for_note = rect.right - pad - heading.right - ui.px(24)
        note_top = rect.y + ui.px(8)
        note_lines, size = ui.fitted(  # above the headers, however large the words
            note, 14, room_for_note, height=y - headers_h // 2 - ui.px(2) - note_top
        )
        note_images = [ui.text(line, size, PALETTE.text_dim) for line in note_lines]
        blit_lines(surface, note_images, (rect.right - pad, note_top), "topright")
        for index, (header, _share) in enumerate(columns):
            anchor, align = (
                ((xs[index], y), "midleft") if index == 0 else ((ends[index], y), "midright")
            )
            room_x = ends[index] - xs[index]
            words = ui.wrap(_(header), 15, room_x, "bold")[:2]
            lines = [shrunk_text(ui, line, 15, room_x, PALETTE.text_dim, "bold") for line in words]
            blit_lines(surface, lines, anchor, align)
        pygame.draw.line(
            surface,
            PALETTE.panel_edge,
            (rect.x + pad, y + row_h // 2 - ui.px(4)),
            (rect.right - pad, y + row_h // 2 - ui.px(4)),
        )
        if not rows and empty:
            blit_text(surface, ui.text(empty, 18, PALETTE.text_dim), (rect.centerx, y + row_h))
        on_screen = rows[top : top + room]
        name_room = ends[0] - xs[0]  # the names in one size, shrunk to fit (large text)
        name_size = round(ui.common_size([row[0] for row in on_screen], 18, name_room))
        for row in on_screen:
            y += row_h
            for index, cell in enumerate(row):
                if index == 0:
                    text = fit_text(ui, cell, name_size, name_room)
                    blit_text(
                        surface,
                        ui.text(text, name_size, PALETTE.text, "bold"),
                        (xs[0], y),
                        "midleft",
                    )
                else:
                    blit_text(
                        surface, ui.text(cell, 18, PALETTE.text), (ends[index], y), "midright"
                    )
        scrollbar.draw(surface, ui)


def rows_room(rect: pygame.Rect, ui: Ui) -> int:
    """How many rows a statistics panel `rect` holds under its title and headers."""
    row_h = ui.px(ROW_HEIGHT)
    return max(1, (rect.bottom - rect.y - ui.px(FIRST_ROW_Y) + row_h // 2) // row_h)
