"""The guided first game: the table screen over a `Lesson`'s flow, with a coach panel above
the figure that says what to do and explains what happened, a glowing spot where to
play, and Continue and Skip buttons. Nothing of it is saved or counted, but its
opportunity play earns an achievement.

It is the table screen with a lesson in it (it extends `TableScene`), so it lives with
the table screen's parts rather than as a screen of its own."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _, format_signed
from game.persist.achievements import count_lesson_opportunity
from game.play.lesson import COMPUTER, LESSON_STEPS, YOU, Lesson
from game.play.table_flow import Turn
from game.scenes.requests import Screen
from game.scenes.table.scene import TableScene
from game.ui.painting import blit_lines, draw_panel, lines_rect
from game.ui.text import Said, blit_paragraph, paragraph_height
from game.ui.theme import PALETTE
from game.ui.widgets.controls import Button
from game.ui.words import colour_word, contact_words

if TYPE_CHECKING:
    from game.scenes.base import Services

COACH_TEXT_SIZE = 18
COACH_TEXT_SMALLEST = 13
COACH_GAP = 3
"""Design pixels between the lines of the coach's words."""
COACH_ROOM = 170
"""The coach panel's height (design pixels) in a window where its words need less."""


class GuidedGameScene(TableScene):
    """One scripted hand against the computer that teaches the game by playing it."""

    def __init__(self, services: Services) -> None:
        self.lesson = Lesson(services.adviser)
        super().__init__(services, {}, match=self.lesson.flow)
        self.coach = pygame.Rect(0, 0, 0, 0)
        self.coached = ("", "")
        """The step's title and words the coach panel was laid out for."""

    def make_buttons(self) -> dict[str, Button]:
        return {
            "draw": Button(N_("Draw (D)"), self.commands.draw),
            "continue": Button(N_("Continue (Enter)"), self.go_on, primary=True),
            "skip": Button(N_("Skip the lesson"), self.leave),
        }

    def draw_button_shown(self) -> bool:
        return True

    def enter(self) -> None:
        super().enter()
        settings = self.services.settings
        if not settings.guided_game_offered:  # taken, so never offered again
            settings.guided_game_offered = True
            self.services.save_settings()

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self._lay_out_coach()
        self._rebuild_sprites()

    def _lay_out_coach(self) -> None:
        """The coach panel over the figure, as tall as its words need at the largest size
        that keeps it within half the figure's area (else at their smallest size; at
        least `COACH_ROOM` in a large window), and the board below it."""
        ui = self.services.ui
        figure = self.layout.figure
        right = self.layout.stock.left - ui.px(6)  # the stock stays in view
        self.coach = pygame.Rect(
            figure.x + ui.px(8), figure.y + ui.px(8), right - figure.x - ui.px(8), 0
        )
        self.coached = self.coach_words()
        heights = [
            self._coach_height(*self.coached, size)
            for size in range(COACH_TEXT_SIZE, COACH_TEXT_SMALLEST - 1, -1)
        ]
        needed = next((h for h in heights if h <= figure.height // 2), heights[-1])
        self.coach.height = max(min(ui.px(COACH_ROOM), round(figure.height * 0.4)), needed)
        self.board.set_area(
            pygame.Rect(
                figure.x, self.coach.bottom, figure.width, figure.bottom - self.coach.bottom
            )
        )
        self.stage.fit_view()

    def _coach_heading(self, title: str) -> list[pygame.Surface]:
        """The step's heading, rendered in the lines it takes across the coach panel."""
        ui = self.services.ui
        heading = self._heading(title, self.lesson.step_index + 1)
        lines, size = ui.fitted(heading, 18, self._coach_room(), style="bold")
        return [ui.text(line, size, PALETTE.gold, "bold") for line in lines]

    def _coach_room(self) -> int:
        """How wide the coach panel's lines may run."""
        return self.coach.width - 2 * self.services.ui.px(14)

    def _coach_height(self, title: str, words: str, size: int) -> int:
        """The height the coach panel takes with the step's heading and its words at
        `size`, as `draw` lays them out."""
        ui = self.services.ui
        heading = lines_rect(self._coach_heading(title)).height
        text = paragraph_height(ui, words, size, self._coach_room(), gap=COACH_GAP)
        return ui.px(10) + heading + ui.px(6) + text + ui.px(8)

    @staticmethod
    def _heading(title: str, number: int) -> str:
        return _("{title}   ·   step {number} of {count}").format(
            title=title, number=number, count=len(LESSON_STEPS)
        )

    # --- the lesson ---------------------------------------------------------------------

    def go_on(self) -> None:
        """Continue: the next step; on the last one, a table game of one's own."""
        if self.lesson.finished:
            self.services.switch_to(Screen.SETUP)
        elif not self.tweens.busy:
            self.lesson.go_on()

    def leave(self) -> None:
        """Skip the lesson (or, once it is over, leave it): back where it was opened."""
        self.services.pop()

    def on_back(self) -> None:
        if self.controls.selected is not None:
            self.controls.select(None)
            self.controls.refresh_looks()
            return
        self.leave()

    def show_score(self) -> None:
        """The lesson's last step says how the hand ended; there is no score screen."""

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.lesson.take_opportunity_news():
            count_lesson_opportunity(self.services.storage)
        shown = self.lesson.shown_move()
        if shown != self.help.hint:
            self.help.show(shown)
            self.controls.refresh_looks()
        finished = self.lesson.finished
        self.buttons["continue"].label = N_("Play a game") if finished else N_("Continue (Enter)")
        self.buttons["skip"].label = N_("Back") if finished else N_("Skip the lesson")
        if self.coach_words() != self.coached and not self.tweens.busy:
            self._lay_out_coach()

    def still_for(self) -> float:
        """Its computer plays only once the lesson's words are read: while they wait for
        Continue on the computer's turn, the table waits with them."""
        still_for = super().still_for()
        reading = self.lesson.waiting and self.match.turn() is Turn.COMPUTER
        return math.inf if still_for == 0 and reading and not self.stage.moving() else still_for

    def status_text(self) -> Said:
        if self.lesson.waiting and not self.lesson.finished:
            return (_("Read the lesson, then press Continue"),)
        if self.match.can_free_draw():
            return (_("None of your tiles fits: press Draw (D)"),)
        return super().status_text()

    def update_buttons(self) -> None:
        draw = self.buttons["draw"]
        draw.enabled = draw.primary = self.human_can_act() and self.match.can_free_draw()
        self.buttons["continue"].enabled = (
            self.lesson.finished or self.lesson.can_go_on()
        ) and not self.tweens.busy

    def handle_event(self, event: pygame.Event) -> bool:
        if (
            event.type == pygame.KEYDOWN
            and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
            and self.buttons["continue"].enabled
        ):
            self.go_on()
            return True
        return super().handle_event(event)

    # --- drawing ------------------------------------------------------------------------

    def coach_words(self) -> tuple[str, str]:
        """The step's title and its text, with the theme's colours and the move's
        contacts filled in."""
        lesson = self.lesson
        step = lesson.step
        text = _(step.then if lesson.explaining else step.text)
        names = [colour_word(self.services.art.theme.edge_names, colour) for colour in range(3)]
        placed = lesson.last_placement
        state = self.match.state
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

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        super().draw(surface, alpha)
        ui = self.services.ui
        draw_panel(surface, self.coach, ui, alpha=235, border=PALETTE.gold_dark)
        title, words = self.coach_words()
        pad = ui.px(14)
        top = blit_lines(
            surface,
            self._coach_heading(title),
            (self.coach.x + pad, self.coach.y + ui.px(10)),
            "topleft",
            flush_left=True,
        ).bottom
        size = next(
            (
                size
                for size in range(COACH_TEXT_SIZE, COACH_TEXT_SMALLEST, -1)
                if self._coach_height(title, words, size) <= self.coach.height
            ),
            COACH_TEXT_SMALLEST,
        )
        blit_paragraph(
            surface,
            ui,
            words,
            size,
            PALETTE.text,
            (self.coach.x + pad, top + ui.px(6)),
            self._coach_room(),
            gap=COACH_GAP,
        )
