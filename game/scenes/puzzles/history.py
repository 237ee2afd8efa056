"""The puzzle history: every answer counted, the latest first, with its date, where the
puzzle came from and its rating, its themes, the time taken and solved or missed with
what it did to the solving rating. Missed only (M) leaves out the solved; Try again
(Enter, or a click on the chosen row) asks the chosen puzzle again, counting nothing.
The list scrolls with the wheel, its scroll bar, the arrow keys and Page Up / Page Down.
"""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING

import pygame

from game.ai.puzzles import OPPORTUNITY
from game.i18n import N_, SHORT_MONTHS, _, format_date, format_number, format_signed, pgettext
from game.persist.puzzles import PuzzleAnswer, load_progress
from game.scenes.base import Scene
from game.scenes.games.frame import Cell, RowList
from game.scenes.puzzles.words import series_words, themes_words
from game.scenes.requests import PuzzleRetryRequest
from game.ui.painting import blit_text
from game.ui.text import Said, shrunk_text
from game.ui.theme import PALETTE
from game.ui.widgets.controls import Button
from game.ui.widgets.rows import lay_out_row

if TYPE_CHECKING:
    from game.scenes.base import Services

COLUMNS = (
    (N_("Date"), 0.17),
    (N_("Puzzle"), 0.23),
    (N_("Themes"), 0.27),
    (N_("Time"), 0.09),
    (N_("Result"), 0.24),
)


def date_words(answer: PuzzleAnswer) -> Said:
    day = datetime.date.fromisoformat(answer.date)
    short = _("{day} {short_month} {year}").format(
        day=day.day,
        short_month=pgettext("short month", SHORT_MONTHS[day.month - 1]),
        year=day.year,
    )
    return format_date(day), short


def puzzle_words(answer: PuzzleAnswer) -> Said:
    """Where the puzzle came from and its rating, in ever fewer words."""
    series, rating = series_words(answer.key), answer.rating
    return (
        _("{series} · rated {rating}").format(series=series, rating=rating),
        f"{series} · {rating}",  # untranslated: a name and a number
        series,
    )


def time_words(seconds: float) -> str:
    """Minutes and seconds, as a clock shows them: "0:07", "2:45"."""
    minutes, rest = divmod(round(seconds), 60)
    return f"{minutes}:{rest:02d}"


def answer_words(answer: PuzzleAnswer) -> Said:
    """Solved or missed, marked, with the rating's change."""
    change = format_signed(round(answer.change))
    if answer.solved:
        return _("✓ Solved, {change}").format(change=change), _("✓ {change}").format(change=change)
    return _("✗ Missed, {change}").format(change=change), _("✗ {change}").format(change=change)


def theme_cell(themes: tuple[str, ...]) -> Said:
    """The themes, then where they do not fit the most telling alone (a hole or going
    out is an opportunity play too)."""
    telling = [theme for theme in themes if theme != OPPORTUNITY] or themes
    return themes_words(themes) or "—", themes_words(telling[-1:]) or "—"


def row_words(answer: PuzzleAnswer) -> list[Cell]:
    return [
        date_words(answer),
        puzzle_words(answer),
        theme_cell(answer.themes),
        time_words(answer.seconds),
        answer_words(answer),
    ]


class PuzzleHistoryScene(Scene):
    """The history list under a summary line; Back, Missed only and Try again below."""

    def __init__(self, services: Services) -> None:
        super().__init__(services)
        self.answers: list[PuzzleAnswer] = []
        """Every answer kept, the latest first."""
        self.shown: list[PuzzleAnswer] = []
        """The answers listed (the missed only, when asked)."""
        self.missed_only = False
        self.list = RowList(COLUMNS, lambda _index: self.try_again())
        self.back = self.form.add(Button(N_("◀ Puzzles"), self.on_back))
        self.filter = self.form.add(
            Button(N_("Missed only"), self.toggle_missed, may_show=[N_("All puzzles")])
        )
        self.again = self.form.add(Button(N_("Try again"), self.try_again, primary=True))
        self.summary = ""
        self.body = pygame.Rect(0, 0, 0, 0)

    def enter(self) -> None:
        progress = load_progress(self.services.storage)
        for text in self.services.storage.take_notices():
            self.services.notify(text)
        self.answers = list(reversed(progress.history))
        missed = sum(not answer.solved for answer in self.answers)
        self.summary = _(
            "{count} answered · {solved} solved · {missed} missed · solving rating {rating}"
        ).format(
            count=format_number(progress.attempts),
            solved=format_number(progress.solved),
            missed=format_number(missed),
            rating=round(progress.rating),
        )
        self._list_answers()
        super().enter()
        self.form.focus(self.again if self.shown else self.back)

    def _list_answers(self) -> None:
        self.shown = [a for a in self.answers if not (self.missed_only and a.solved)]
        self.list.set_rows([row_words(answer) for answer in self.shown])
        self.again.enabled = bool(self.shown)
        self.filter.label = N_("All puzzles") if self.missed_only else N_("Missed only")

    def toggle_missed(self) -> None:
        self.missed_only = not self.missed_only
        self.list.selected = self.list.top = 0
        self._list_answers()

    def try_again(self) -> None:
        """The chosen answer's puzzle, asked again."""
        if self.shown:
            self.services.open(PuzzleRetryRequest(self.shown[self.list.selected]))

    def resize(self, size: tuple[int, int]) -> None:
        ui = self.services.ui
        width, height = size
        margin = ui.px(32)
        top = ui.px(132)
        self.body = pygame.Rect(margin, top, width - 2 * margin, height - top - ui.px(90))
        self.list.layout(self.body, ui)
        foot = pygame.Rect(margin, height - ui.px(74), width - 2 * margin, ui.px(50))
        lay_out_row([self.back, self.filter, self.again], foot, ui.px(220), ui.px(16), ui)

    def handle_event(self, event: pygame.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_m:
            self.toggle_missed()
            return True
        return self.list.handle_event(event) or self.form.handle_event(event)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.blit(self.services.felt(), (0, 0))
        ui = self.services.ui
        below = self.draw_title(surface, _("Puzzle history"))
        room = surface.get_width() - ui.px(64)
        blit_text(
            surface,
            shrunk_text(ui, self.summary, 18, room, PALETTE.text_dim),
            (surface.get_width() // 2, (below + self.body.y) // 2),
            "center",
        )
        empty = _("No missed puzzles.") if self.missed_only else _("No puzzles answered yet.")
        self.list.draw(surface, ui, empty)
        self.form.draw(surface, ui)
