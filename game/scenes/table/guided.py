"""The guided first game: the table screen over a `Lesson`'s flow, with the lesson's
role composed into it (`LessonTable`, a `TableRole`; `lesson_scene` makes the two): the
lesson's panel (`CoachPanel`) above the figure that says what to do and explains what
happened, a glowing spot where to play, and Continue and Skip buttons. Nothing of it is
saved or counted, but its opportunity play earns an achievement."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _
from game.persist.achievements import count_lesson_opportunity
from game.play.lesson import Lesson
from game.scenes.requests import Screen
from game.scenes.table.coach_panel import CoachPanel
from game.scenes.table.scene import TablePanel, TableRole, TableScene
from game.ui.text import Said
from game.ui.widgets.controls import Button

if TYPE_CHECKING:
    from game.scenes.base import Services


class LessonTable(TableRole):
    """The role of a table that teaches the game by playing one scripted hand against
    the computer."""

    def __init__(self, table: TableScene[TableRole], lesson: Lesson) -> None:
        super().__init__(table)
        self.services = table.services
        self.lesson = lesson
        self.coach = CoachPanel(self.services, lesson, table.stage)

    def buttons(self) -> dict[str, Button]:
        return {
            "draw": Button(N_("Draw (D)"), self.table.commands.draw),
            "continue": Button(N_("Continue (Enter)"), self.go_on, primary=True),
            "skip": Button(N_("Skip the lesson"), self.leave),
        }

    def shown(self, name: str) -> bool:
        """Every button of the lesson is always shown."""
        return True

    def panels(self) -> list[TablePanel]:
        return [self.coach]

    def enter(self) -> None:
        settings = self.services.settings
        if not settings.guided_game_offered:  # taken, so never offered again
            settings.guided_game_offered = True
            self.services.save_settings()

    def go_on(self) -> None:
        """Continue: the next step; on the last one, a table game of one's own."""
        if self.lesson.finished:
            self.services.switch_to(Screen.SETUP)
        elif not self.table.tweens.busy:
            self.lesson.go_on()

    def leave(self) -> None:
        """Skip the lesson (or, once it is over, leave it): back where it was opened."""
        self.services.pop()

    def on_back(self) -> None:
        """Drop a held tile, else leave (the glowing spot is the lesson's, not a hint)."""
        controls = self.table.controls
        if controls.selected is not None:
            controls.select(None)
            controls.refresh_looks()
            return
        self.leave()

    def hand_over(self) -> None:
        """The lesson's last step says how the hand ended; there is no score screen."""

    def update(self) -> None:
        """The opportunity's achievement, the lesson's glowing spot and the buttons'
        words once it is finished."""
        table = self.table
        if self.lesson.take_opportunity_news():
            count_lesson_opportunity(self.services.storage)
        shown = self.lesson.shown_move()
        if shown != table.help.hint:
            table.help.show(shown)
            table.controls.refresh_looks()
        finished = self.lesson.finished
        table.buttons["continue"].label = N_("Play a game") if finished else N_("Continue (Enter)")
        table.buttons["skip"].label = N_("Back") if finished else N_("Skip the lesson")

    def status_text(self) -> Said:
        if self.lesson.waiting and not self.lesson.finished:
            return (_("Read the lesson, then press Continue"),)
        if self.table.match.can_free_draw():
            return (_("None of your tiles fits: press Draw (D)"),)
        return super().status_text()

    def update_buttons(self) -> None:
        table, buttons = self.table, self.table.buttons
        draw = buttons["draw"]
        draw.enabled = draw.primary = table.human_can_act() and table.match.can_free_draw()
        buttons["continue"].enabled = (
            self.lesson.finished or self.lesson.can_go_on()
        ) and not table.tweens.busy

    def handle_event(self, event: pygame.Event) -> bool:
        """Enter (or Space) is Continue while it may be pressed."""
        if (
            event.type == pygame.KEYDOWN
            and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
            and self.table.buttons["continue"].enabled
        ):
            self.go_on()
            return True
        return False


def lesson_scene(services: Services) -> TableScene[LessonTable]:
    """The table screen over a new lesson's flow, with the lesson's role."""
    lesson = Lesson(services.adviser)
    return TableScene(
        services, {}, match=lesson.flow, role=lambda table: LessonTable(table, lesson)
    )
