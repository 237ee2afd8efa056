"""The guided first game: the table screen over a `Lesson`'s flow, with the lesson's
panel (`CoachPanel`, composed into the screen) above the figure that says what to do and
explains what happened, a glowing spot where to play, and Continue and Skip buttons.
Nothing of it is saved or counted, but its opportunity play earns an achievement.

It is the table screen with a lesson in it (it extends `TableScene` for its buttons and
status words), so it lives with the table screen's parts rather than as a screen of its
own."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _
from game.persist.achievements import count_lesson_opportunity
from game.play.lesson import Lesson
from game.scenes.requests import Screen
from game.scenes.table.coach_panel import CoachPanel
from game.scenes.table.scene import TableScene
from game.ui.text import Said
from game.ui.widgets.controls import Button

if TYPE_CHECKING:
    from game.scenes.base import Services


class GuidedGameScene(TableScene):
    """One scripted hand against the computer that teaches the game by playing it."""

    def __init__(self, services: Services) -> None:
        self.lesson = Lesson(services.adviser)
        super().__init__(services, {}, match=self.lesson.flow)
        self.coach = CoachPanel(services, self.lesson, self.stage)
        self.panels.append(self.coach)

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
