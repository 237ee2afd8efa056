"""The bar that asks this window's player to answer a take-back (a part of the remote
table screen): over the top of the figure (left of the stock), whose move the other
player asks to take back, with Accept (Enter) and Refuse (Esc). It shows while one of
this window's seats has to answer; every key and press is then its own, so that nobody
plays or goes to the menu without answering (the table holds meanwhile)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _
from game.net.remote_match import RemoteMatch
from game.ui.painting import blit_lines, draw_panel
from game.ui.theme import PALETTE
from game.ui.widgets.controls import Button, same_size

if TYPE_CHECKING:
    from game.scenes.base import Services
    from game.scenes.table.stage import TableStage

ACCEPT_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)


class TakebackBar:
    """The answer to the take-back `match`'s table is asked."""

    def __init__(self, services: Services, match: RemoteMatch, stage: TableStage) -> None:
        self.services = services
        self.match = match
        self.stage = stage
        self.accept = Button(N_("Accept (Enter)"), lambda: self.answer(True), primary=True)
        self.refuse = Button(N_("Refuse (Esc)"), lambda: self.answer(False))
        same_size([self.accept, self.refuse])
        self.rect = pygame.Rect(0, 0, 0, 0)

    @property
    def open(self) -> bool:
        """Whether one of this window's seats has to answer a take-back."""
        return bool(self.match.takebacks.to_answer())

    def answer(self, accept: bool) -> None:
        self.match.takebacks.answer(accept)

    def lay_out(self, figure: pygame.Rect) -> None:
        """At the top of the figure, left of the stock, its two buttons side by side at
        its foot."""
        ui, stock = self.services.ui, self.stage.layout.stock
        room = pygame.Rect(figure.x, figure.y, stock.x - figure.x, figure.height)
        width = min(room.width - ui.px(16), ui.px(620))
        self.rect = pygame.Rect(0, figure.y + ui.px(8), width, ui.px(122))
        self.rect.centerx = room.centerx
        gap, height = ui.px(16), ui.px(44)
        button_w = min((width - ui.px(32) - gap) // 2, ui.px(240))
        y = self.rect.bottom - height - ui.px(12)
        self.accept.rect = pygame.Rect(self.rect.centerx - gap // 2 - button_w, y, button_w, height)
        self.refuse.rect = pygame.Rect(self.rect.centerx + gap // 2, y, button_w, height)

    def handle_event(self, event: pygame.Event) -> bool:
        """Take every key and press while it is open: Enter accepts, Escape refuses."""
        if not self.open:
            return False
        if event.type == pygame.KEYDOWN:
            if event.key in ACCEPT_KEYS:
                self.answer(True)
            elif event.key == pygame.K_ESCAPE:
                self.answer(False)
            return True
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            used = [button.handle_mouse(event) for button in (self.accept, self.refuse)]
            return any(used) or (
                event.type == pygame.MOUSEBUTTONDOWN and self.rect.collidepoint(event.pos)
            )
        return False

    def update(self) -> None:
        """Nothing changes by itself: the question comes and goes with the table's news."""

    def question(self) -> str:
        asked = self.match.takebacks.asked
        name = self.match.flow.names[asked.seat]
        return _("{name} asks to take back their last move. Do you accept?").format(name=name)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.open:
            return
        ui = self.services.ui
        draw_panel(surface, self.rect, ui, alpha=240, border=PALETTE.gold)
        room = self.rect.width - ui.px(32)
        height = self.accept.rect.top - self.rect.top - ui.px(12)
        lines, size = ui.fitted(self.question(), 17, room, 2, "bold", height)
        images = [ui.text(line, size, PALETTE.text, "bold") for line in lines]
        at = (self.rect.centerx, (self.rect.top + self.accept.rect.top) // 2)
        blit_lines(surface, images, at)
        self.accept.draw(surface, ui)
        self.refuse.draw(surface, ui)
