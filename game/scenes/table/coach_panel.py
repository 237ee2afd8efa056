"""The lesson's panel on the table screen (the guided first game): over the figure, the
step's title and what to do or what just happened, as tall as its words need in a
small window (up to half the figure's area), the board below it. A part composed into
the table screen (`TablePanel`), laid out and drawn with it."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import _, format_signed
from game.play.lesson import COMPUTER, LESSON_STEPS, YOU, Lesson
from game.ui.painting import blit_lines, draw_panel
from game.ui.text import blit_paragraph
from game.ui.theme import PALETTE
from game.ui.words import colour_word, contact_words

if TYPE_CHECKING:
    from game.scenes.base import Services
    from game.scenes.table.stage import TableStage

COACH_TEXT_SIZE = 18
COACH_TEXT_SMALLEST = 13


class CoachPanel:
    """The lesson's words over the figure of `stage`."""

    def __init__(self, services: Services, lesson: Lesson, stage: TableStage) -> None:
        self.services = services
        self.lesson = lesson
        self.stage = stage
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.laid_out_for = ("", "")
        """The step's title and words the panel was laid out for."""

    def lay_out(self, figure: pygame.Rect) -> None:
        """The panel over the figure area, as tall as its words need, and the board
        below it."""
        ui = self.services.ui
        right = self.stage.layout.stock.left - ui.px(6)  # the stock stays in view
        self.rect = pygame.Rect(
            figure.x + ui.px(8), figure.y + ui.px(8), right - figure.x - ui.px(8), 0
        )
        self.laid_out_for = self.words()
        needed = min(self._words_height(*self.laid_out_for), round(figure.height * 0.5))
        self.rect.height = max(min(ui.px(170), round(figure.height * 0.4)), needed)
        self.stage.board.set_area(
            pygame.Rect(figure.x, self.rect.bottom, figure.width, figure.bottom - self.rect.bottom)
        )
        self.stage.fit_view()

    def _words_height(self, title: str, words: str) -> int:
        """The height the panel needs for the step's heading and its words at the
        smallest size."""
        ui = self.services.ui
        room = self.rect.width - 2 * ui.px(14)
        heading = ui.fitted(self._heading(title), 18, room, style="bold")
        text = ui.wrap(words, COACH_TEXT_SMALLEST, room)
        line_h = ui.font(COACH_TEXT_SMALLEST).get_linesize() + ui.px(3)
        return (
            len(heading[0]) * ui.font(18, "bold").get_linesize()
            + len(text) * line_h
            + ui.px(10 + 6 + 8)
        )

    def _heading(self, title: str) -> str:
        return _("{title}   ·   step {number} of {count}").format(
            title=title, number=self.lesson.step_index + 1, count=len(LESSON_STEPS)
        )

    def words(self) -> tuple[str, str]:
        """The step's title and its text, with the theme's colours and the move's
        contacts filled in."""
        lesson = self.lesson
        step = lesson.step
        text = _(step.then if lesson.explaining else step.text)
        names = [colour_word(self.services.art.theme.edge_names, colour) for colour in range(3)]
        placed = lesson.last_placement
        state = lesson.flow.state
        results = state.hand_result() if state.hand_over else [0, 0]
        words = text.format(
            blue=names[0],
            red=names[1],
            gold=names[2],
            contacts=contact_words(placed.contacts, names) if placed is not None else "",
            you=format_signed(results[YOU]),
            computer=format_signed(results[COMPUTER]),
        )
        return _(step.title), words

    def update(self) -> None:
        """The next step's words: laid out again once nothing moves."""
        if self.words() != self.laid_out_for and not self.stage.tweens.busy:
            self.lay_out(self.stage.layout.figure)

    def handle_event(self, event: pygame.Event) -> bool:
        """The panel only shows (Continue is the screen's button)."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.services.ui
        draw_panel(surface, self.rect, ui, alpha=235, border=PALETTE.gold_dark)
        title, words = self.words()
        pad = ui.px(14)
        room = self.rect.width - 2 * pad
        lines, heading_size = ui.fitted(self._heading(title), 18, room, style="bold")
        top = blit_lines(
            surface,
            [ui.text(line, heading_size, PALETTE.gold, "bold") for line in lines],
            (self.rect.x + pad, self.rect.y + ui.px(10)),
            "topleft",
            flush_left=True,
        ).bottom
        size = COACH_TEXT_SIZE
        line_h = ui.font(size).get_linesize() + ui.px(3)
        while size > COACH_TEXT_SMALLEST and (
            top + ui.px(6) + len(ui.wrap(words, size, room)) * line_h > self.rect.bottom
        ):
            size -= 1
            line_h = ui.font(size).get_linesize() + ui.px(3)
        blit_paragraph(
            surface,
            ui,
            words,
            size,
            PALETTE.text,
            (self.rect.x + pad, top + ui.px(6)),
            room,
            gap=3,
        )
