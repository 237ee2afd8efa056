"""The lesson's panel on the table screen (the guided first game): over the figure, the
step's title and what to do or what just happened, as tall as its words need (up to
half the figure's area), the board below it. A part composed into
the table screen (`TablePanel`), laid out and drawn with it."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import _, format_signed
from game.play.lesson import COMPUTER, LESSON_STEPS, YOU, Lesson
from game.ui.painting import blit_lines, draw_panel, lines_rect
from game.ui.text import blit_paragraph, paragraph_height
from game.ui.theme import PALETTE
from game.ui.words import colour_word, contact_words

if TYPE_CHECKING:
    from game.scenes.base import Services
    from game.scenes.table.stage import TableStage

COACH_TEXT_SIZE = 18
COACH_TEXT_SMALLEST = 13
COACH_GAP = 3
"""Design pixels between the lines of the coach's words."""
COACH_ROOM = 170
"""The coach panel's height (design pixels) in a window where its words need less."""


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
        """The panel over the figure area, as tall as its words need at the largest size
        that keeps it within half the figure's area (else at their smallest size; at
        least `COACH_ROOM` in a large window), and the board's area below it (its view
        fitted there by the caller)."""
        ui = self.services.ui
        right = self.stage.layout.stock.left - ui.px(6)  # the stock stays in view
        self.rect = pygame.Rect(
            figure.x + ui.px(8), figure.y + ui.px(8), right - figure.x - ui.px(8), 0
        )
        self.laid_out_for = self.words()
        heights = [
            self._height(*self.laid_out_for, size)
            for size in range(COACH_TEXT_SIZE, COACH_TEXT_SMALLEST - 1, -1)
        ]
        needed = next((h for h in heights if h <= figure.height // 2), heights[-1])
        self.rect.height = max(min(ui.px(COACH_ROOM), round(figure.height * 0.4)), needed)
        self.stage.board.set_area(
            pygame.Rect(figure.x, self.rect.bottom, figure.width, figure.bottom - self.rect.bottom)
        )

    def _heading_lines(self, title: str) -> list[pygame.Surface]:
        """The step's heading, rendered in the lines it takes across the panel."""
        ui = self.services.ui
        lines, size = ui.fitted(self._heading(title), 18, self._room(), style="bold")
        return [ui.text(line, size, PALETTE.gold, "bold") for line in lines]

    def _room(self) -> int:
        """How wide the panel's lines may run."""
        return self.rect.width - 2 * self.services.ui.px(14)

    def _height(self, title: str, words: str, size: int) -> int:
        """The height the panel takes with the step's heading and its words at `size`,
        as `draw` lays them out (measured as they render: a line with accents is
        taller than the font's line height)."""
        ui = self.services.ui
        heading = lines_rect(self._heading_lines(title)).height
        text = paragraph_height(ui, words, size, self._room(), gap=COACH_GAP)
        return ui.px(10) + heading + ui.px(6) + text + ui.px(8)

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
        """The next step's words: laid out again once nothing moves, the board's view
        fitted to the room left below (a relayout fits it once all panels are laid out)."""
        if self.words() != self.laid_out_for and not self.stage.tweens.busy:
            self.lay_out(self.stage.layout.figure)
            self.stage.fit_view()

    def handle_event(self, event: pygame.Event) -> bool:
        """The panel only shows (Continue is the screen's button)."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.services.ui
        draw_panel(surface, self.rect, ui, alpha=235, border=PALETTE.gold_dark)
        title, words = self.words()
        pad = ui.px(14)
        top = blit_lines(
            surface,
            self._heading_lines(title),
            (self.rect.x + pad, self.rect.y + ui.px(10)),
            "topleft",
            flush_left=True,
        ).bottom
        size = next(
            (
                size
                for size in range(COACH_TEXT_SIZE, COACH_TEXT_SMALLEST, -1)
                if self._height(title, words, size) <= self.rect.height
            ),
            COACH_TEXT_SMALLEST,
        )
        blit_paragraph(
            surface,
            ui,
            words,
            size,
            PALETTE.text,
            (self.rect.x + pad, top + ui.px(6)),
            self._room(),
            gap=COACH_GAP,
        )
