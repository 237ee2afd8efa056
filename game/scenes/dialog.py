"""Overlay dialogs: a question with Yes / No over the screen below."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

import pygame

from game.i18n import N_, _
from game.rules.modes import Mode
from game.scenes.base import Scene
from game.ui.painting import blit_text, dim, draw_panel
from game.ui.text import shrunk_text
from game.ui.theme import PALETTE
from game.ui.widgets.controls import Button

if TYPE_CHECKING:
    from game.scenes.base import Services


class ConfirmScene(Scene):
    """Asks a yes/no question over the scene below; Escape answers no."""

    overlay = True

    def __init__(
        self,
        services: Services,
        question: str,
        on_yes: Callable[[], None],
        yes: str = N_("Yes"),
        no: str = N_("No"),
        detail: str = "",
    ) -> None:
        super().__init__(services)
        self.question = question
        self.detail = detail
        self.on_yes = on_yes
        self.yes = self.form.add(Button(yes, self._answer_yes, primary=True))
        self.no = self.form.add(Button(no, services.pop))
        self.panel = pygame.Rect(0, 0, 0, 0)

    def _answer_yes(self) -> None:
        self.services.pop()
        self.on_yes()

    def enter(self) -> None:
        super().enter()
        self.form.focus(self.no)

    def resize(self, size: tuple[int, int]) -> None:
        ui = self.services.ui
        words = max(
            ui.font(26, "bold").size(self.question)[0], ui.font(18).size(self.detail)[0]
        )  # large text sizes widen the panel, up to the window's
        width = min(size[0] - ui.px(32), max(ui.px(520), words + ui.px(64)))
        self.panel = pygame.Rect(0, 0, width, ui.text_room(220))
        self.panel.center = (size[0] // 2, size[1] // 2)
        width, height, gap = ui.text_room(180), ui.text_room(54), ui.px(20)
        self.yes.rect = pygame.Rect(0, 0, width, height)
        self.no.rect = pygame.Rect(0, 0, width, height)
        self.yes.rect.bottomright = (self.panel.centerx - gap // 2, self.panel.bottom - ui.px(28))
        self.no.rect.bottomleft = (self.panel.centerx + gap // 2, self.panel.bottom - ui.px(28))

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        dim(surface, 140)
        draw_panel(surface, self.panel, self.services.ui, alpha=245, border=PALETTE.gold_dark)
        ui = self.services.ui
        room = self.panel.width - ui.px(32)
        blit_text(
            surface,
            shrunk_text(ui, self.question, 26, room, PALETTE.text, "bold"),
            (self.panel.centerx, self.panel.y + ui.text_room(50 if self.detail else 58)),
        )
        if self.detail:
            blit_text(
                surface,
                shrunk_text(ui, self.detail, 18, room, PALETTE.text_dim),
                (self.panel.centerx, self.panel.y + ui.text_room(86)),
            )
        self.form.draw(surface, self.services.ui)


START_QUESTIONS: Final[dict[str, str]] = {
    Mode.TABLE: N_("Start a new table game?"),
    Mode.DRAW_SOLITAIRE: N_("Start a new draw solitaire?"),
    Mode.STACKED_SOLITAIRE: N_("Start a new stacked solitaire?"),
}


def confirm_new_game(services: Services, mode: str, start: Callable[[], None]) -> None:
    """Start a new game of `mode` (`start` opens it); over an unfinished one, ask first."""
    if not services.storage.has_saved_game(mode):
        start()
        return
    confirm_replacing_game(
        services,
        mode,
        _(START_QUESTIONS[mode]),
        start,
        yes=_("New game"),
        no=_("Keep it"),
        detail=_("The unfinished one will be lost."),
    )


def confirm_replacing_game(
    services: Services, mode: str, question: str, start: Callable[[], None], **words: str
) -> None:
    """Over the unfinished game of `mode`, ask `question` first: yes drops its save, as
    the question says, and calls `start`. `words`: the dialog's yes, no and detail."""

    def replace() -> None:
        services.storage.clear_game(mode)
        start()

    services.push(ConfirmScene(services, question, replace, **words))
