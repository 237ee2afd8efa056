"""Daily deals: today's winnable deal of each solitaire, its played / won / streak, and a
month's calendar that marks the days won.

The day's deal number is worked out by the adviser (the solver proves it winnable), so
the screen shows "Dealing…" for the moment that takes; Play then opens the solitaire on
that deal, its record marked with the date so the statistics count it as the day's.
"""

from __future__ import annotations

import calendar
import datetime
import math
from functools import partial
from typing import TYPE_CHECKING, Final

import pygame

from game.ai.daily import DAILY_MODES, daily_deal, new_deal
from game.ai.worker import Job
from game.i18n import N_, _, format_long_date, format_month, ngettext, weekday_name
from game.persist.history import History, load_history
from game.rules.modes import Mode
from game.rules.record.document import DAILY_KEY, GameRecord
from game.rules.share import ShareCode, deal_number
from game.scenes.base import Scene
from game.scenes.dialog import confirm_replacing_game
from game.ui.painting import blit_text, draw_panel
from game.ui.text import shrunk_text
from game.ui.theme import PALETTE, Colour
from game.ui.widgets.controls import Button
from game.ui.words import MODE_TITLES

if TYPE_CHECKING:
    from game.scenes.base import Services

MARKS: Final[dict[str, Colour]] = {
    Mode.DRAW_SOLITAIRE: PALETTE.gold,
    Mode.STACKED_SOLITAIRE: (96, 160, 232),
}
"""Each solitaire's mark on a day won."""

DAILY_QUESTIONS: Final[dict[str, str]] = {
    Mode.DRAW_SOLITAIRE: N_("Play today's draw solitaire?"),
    Mode.STACKED_SOLITAIRE: N_("Play today's stacked solitaire?"),
}
WON_LEGENDS: Final[dict[str, str]] = {
    Mode.DRAW_SOLITAIRE: N_("Draw solitaire won"),
    Mode.STACKED_SOLITAIRE: N_("Stacked solitaire won"),
}


class DailyScene(Scene):
    """Today's deals and the calendar. `today` is for tests (the real date otherwise)."""

    def __init__(self, services: Services, today: datetime.date | None = None) -> None:
        super().__init__(services)
        self.today = today or datetime.date.today()
        self.month = self.today.replace(day=1)
        self.history = History()
        self.jobs: dict[str, Job[int]] = {}
        self.records: dict[str, GameRecord] = {}
        self.play_buttons = {
            mode: self.form.add(Button(N_("Play"), partial(self.play, mode), primary=True))
            for mode in DAILY_MODES
        }
        self.earlier = self.form.add(Button("◀", lambda: self.turn_month(-1)))
        self.later = self.form.add(Button("▶", lambda: self.turn_month(1)))
        self.back = self.form.add(Button(N_("◀ Menu"), services.pop))
        self.cards: dict[str, pygame.Rect] = {}
        self.calendar_rect = pygame.Rect(0, 0, 0, 0)
        self.day_rects: dict[datetime.date, pygame.Rect] = {}
        """Where each day of the month shown is drawn."""
        self.weekday_xs: list[int] = []
        self.weekdays_y = 0

    def enter(self) -> None:
        super().enter()
        self.history = load_history(self.services.storage)
        for text in self.services.storage.take_notices():
            self.services.notify(text)
        for mode in DAILY_MODES:
            if mode not in self.records and mode not in self.jobs:
                self.jobs[mode] = self.services.adviser.submit(daily_deal, mode, self.today)
        self.update(0.0)
        self.form.focus(self.play_buttons[Mode.DRAW_SOLITAIRE])

    def resume(self) -> None:
        super().resume()
        self.history = load_history(self.services.storage)

    def still_for(self) -> float:
        """Today's deals come from the worker: news."""
        return math.inf

    def update(self, dt: float) -> None:
        for mode, job in list(self.jobs.items()):
            if job.done():
                del self.jobs[mode]
                deal = job.result()
                if deal is None:
                    self.services.notify(_("Today's deal could not be worked out; try again."))
                else:
                    self.records[mode] = new_deal(
                        mode, deal, **{DAILY_KEY: self.today.isoformat()}
                    ).record
        for mode, button in self.play_buttons.items():
            button.enabled = mode in self.records
        self.later.enabled = self.month < self.today.replace(day=1)
        self.earlier.enabled = self.month > self.first_month()

    def first_month(self) -> datetime.date:
        """The earliest month the calendar shows: the first daily deal played (nothing
        can be marked before it), or this month."""
        days = [
            datetime.date.fromisoformat(day)
            for stats in self.history.daily.values()
            for day in stats.played
        ]
        return min([*days, self.today]).replace(day=1)

    def turn_month(self, step: int) -> None:
        """Show the month `step` months on, within the first month and this one."""
        year, month = divmod(self.month.year * 12 + self.month.month - 1 + step, 12)
        if not datetime.MINYEAR <= year <= datetime.MAXYEAR:
            return
        wanted = datetime.date(year, month + 1, 1)
        self.month = max(self.first_month(), min(wanted, self.today.replace(day=1)))
        self._lay_out_calendar()
        self.update(0.0)

    # --- playing ------------------------------------------------------------------------

    def play(self, mode: str) -> None:
        """Open today's deal; over an unfinished game of that solitaire, ask first (a
        saved game that is today's deal simply goes on)."""
        record = self.records.get(mode)
        if record is None:
            return
        storage = self.services.storage
        saved = storage.load_game(mode) if storage.has_saved_game(mode) else None
        if saved is not None and saved.daily == self.today.isoformat():
            self.services.open_record(saved)
            return
        if saved is None:
            self.services.open_record(record.copy())
            return

        confirm_replacing_game(
            self.services,
            mode,
            _(DAILY_QUESTIONS[mode]),
            lambda: self.services.open_record(record.copy()),
            yes=_("Play it"),
            no=_("Keep mine"),
            detail=_("Your unfinished game will be lost."),
        )

    # --- layout and drawing -------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        ui = self.services.ui
        width, height = size
        margin, gap = ui.px(32), ui.px(24)
        top, bottom = ui.px(130), height - ui.px(100)
        left_w = (width - 2 * margin - gap) * 9 // 20
        card_h = (bottom - top - gap) // 2
        for index, mode in enumerate(DAILY_MODES):
            card = pygame.Rect(margin, top + index * (card_h + gap), left_w, card_h)
            self.cards[mode] = card
            button = self.play_buttons[mode]
            button.rect = pygame.Rect(0, 0, min(ui.px(160), left_w // 3), ui.px(48))
            button.rect.bottomright = (card.right - ui.px(16), card.bottom - ui.px(16))
        self.calendar_rect = pygame.Rect(
            margin + left_w + gap, top, width - 2 * margin - left_w - gap, bottom - top
        )
        arrow = ui.px(44)
        self.earlier.rect = pygame.Rect(
            self.calendar_rect.x + ui.px(14), self.calendar_rect.y + ui.px(12), arrow, arrow
        )
        self.later.rect = self.earlier.rect.copy()
        self.later.rect.right = self.calendar_rect.right - ui.px(14)
        self.back.rect = pygame.Rect(margin, height - ui.px(78), ui.px(150), ui.px(50))
        self._lay_out_calendar()

    def status(self, mode: str) -> list[tuple[str, Colour]]:
        """The lines of a solitaire's card: today's result, then its daily statistics."""
        daily = self.history.daily[mode]
        today = self.today.isoformat()
        if today in daily.won:
            state = (_("Won today"), PALETTE.gold)
        elif today in daily.played:
            state = (_("Played today, not won yet: it can be won"), PALETTE.text)
        elif mode in self.jobs:
            state = (_("Dealing…"), PALETTE.text_dim)
        else:
            state = (_("Not played yet today"), PALETTE.text)
        streak = daily.streak(self.today)
        record = self.records.get(mode)
        deal = (
            []
            if record is None
            else [
                (
                    _("Deal {deal} · share code {code}").format(
                        deal=record.seed, code=ShareCode(mode, deal_number(record.seed) or 0)
                    ),
                    PALETTE.text_dim,
                )
            ]
        )
        return [
            state,
            *deal,
            (
                _("Played {played} · won {won}").format(
                    played=len(daily.played), won=len(daily.won)
                ),
                PALETTE.text,
            ),
            (
                ngettext(
                    "Streak {count} day · best {best}", "Streak {count} days · best {best}", streak
                ).format(count=streak, best=daily.best_streak()),
                PALETTE.text_dim,
            ),
        ]

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        ui = self.services.ui
        surface.blit(self.services.felt(), (0, 0))
        self.draw_title(
            surface,
            _("Daily deals"),
            _("{date}: the same winnable deals for everyone").format(
                date=format_long_date(self.today)
            ),
        )
        for mode, card in self.cards.items():
            draw_panel(surface, card, ui)
            pad = ui.px(18)
            title = blit_text(
                surface,
                ui.text(_(MODE_TITLES[mode]), 24, MARKS[mode], "bold"),
                (card.x + pad, card.y + ui.px(14)),
                "topleft",
            )
            y = title.bottom + ui.px(8)
            room = card.width - 2 * pad
            for words, colour in self.status(mode):
                line = blit_text(
                    surface, shrunk_text(ui, words, 18, room, colour), (card.x + pad, y), "topleft"
                )
                y = line.bottom + ui.px(4)
        self._draw_calendar(surface)
        self.form.draw(surface, ui)

    def _lay_out_calendar(self) -> None:
        """Each day of the month shown: its cell, and the row of weekday names."""
        ui = self.services.ui
        rect = self.calendar_rect
        grid_top = self.earlier.rect.bottom + ui.px(10)
        cell_w = (rect.width - ui.px(28)) // 7
        weeks = calendar.Calendar().monthdatescalendar(self.month.year, self.month.month)
        cell_h = min(cell_w, (rect.bottom - grid_top - ui.px(60)) // len(weeks))
        left = rect.centerx - cell_w * 7 // 2
        self.weekdays_y = grid_top + ui.px(8)
        self.day_rects = {
            day: pygame.Rect(
                left + column * cell_w, grid_top + ui.px(20) + row * cell_h, cell_w, cell_h
            ).inflate(-ui.px(4), -ui.px(4))
            for row, week in enumerate(weeks)
            for column, day in enumerate(week)
            if day.month == self.month.month
        }
        self.weekday_xs = [left + column * cell_w + cell_w // 2 for column in range(7)]

    def _draw_calendar(self, surface: pygame.Surface) -> None:
        ui = self.services.ui
        rect = self.calendar_rect
        draw_panel(surface, rect, ui)
        blit_text(
            surface,
            ui.text(format_month(self.month), 22, PALETTE.gold, "bold"),
            (rect.centerx, self.earlier.rect.centery),
        )
        for weekday, x in enumerate(self.weekday_xs):
            blit_text(
                surface,
                ui.text(weekday_name(weekday, short=True), 14, PALETTE.text_dim),
                (x, self.weekdays_y),
            )
        for day, cell in self.day_rects.items():
            self._draw_day(surface, cell, day)
        legend_y = rect.bottom - ui.px(22)
        x = rect.x + ui.px(20)
        legends = [_(WON_LEGENDS[mode]) for mode in MARKS]
        room = (rect.width - ui.px(40)) // len(legends) - ui.px(12 + 24)
        size = ui.common_size(legends, 15, room)  # side by side, in one size (large text)
        for mode, colour in MARKS.items():
            pygame.draw.circle(surface, colour, (x, legend_y), ui.px(6))
            label = blit_text(
                surface,
                ui.text(_(WON_LEGENDS[mode]), size, PALETTE.text),
                (x + ui.px(12), legend_y),
                "midleft",
            )
            x = label.right + ui.px(24)

    def _draw_day(self, surface: pygame.Surface, cell: pygame.Rect, day: datetime.date) -> None:
        ui = self.services.ui
        text = day.isoformat()
        won = [mode for mode in DAILY_MODES if text in self.history.daily[mode].won]
        fill = (26, 70, 48) if won else (16, 44, 30)
        pygame.draw.rect(surface, fill, cell, border_radius=ui.px(6))
        if day == self.today:
            pygame.draw.rect(surface, PALETTE.ivory, cell, max(1, ui.px(2)), border_radius=ui.px(6))
        colour = PALETTE.text if day <= self.today else PALETTE.text_dim
        blit_text(
            surface, ui.text(str(day.day), 15, colour), (cell.centerx, cell.y + cell.height // 3)
        )
        for index, mode in enumerate(won):
            x = cell.centerx + (index * 2 - len(won) + 1) * ui.px(8)
            pygame.draw.circle(
                surface, MARKS[mode], (x, cell.bottom - cell.height // 4), max(2, ui.px(5))
            )
