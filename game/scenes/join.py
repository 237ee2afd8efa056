"""Join a table: paste the invitation a host gave (contack://ADDRESS:PORT/CODE), type a
name, and Join (take a seat) or Watch (follow the table read-only). The connection is
made in the background; a bad invitation, a server that cannot be reached or a refused
join is said in one line under the fields, and the table opens once the seat is taken."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _
from game.net.invitation import Invitation, read_invitation
from game.net.table_opening import TableOpening
from game.scenes.base import Scene
from game.scenes.requests import RemoteTableRequest
from game.ui.painting import blit_text, draw_panel
from game.ui.text import shrunk_text
from game.ui.text_field import TextField
from game.ui.theme import PALETTE
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.scenes.base import Services

INVITATION_LENGTH = 200
NAME_LENGTH = 16


class JoinScene(Scene):
    """The invitation and name fields, Join, Watch and Back."""

    def __init__(self, services: Services, invitation: str = "") -> None:
        super().__init__(services)
        settings = services.settings
        self.invitation = self.form.add(
            TextField(N_("contack://…"), invitation, self._edited, INVITATION_LENGTH)
        )
        name = str(settings.extra.get("table_name", "")) or _("You")
        self.name = self.form.add(TextField(N_("Your name"), name, self._edited, NAME_LENGTH))
        self.join = self.form.add(Button(N_("Join"), self.take_seat, primary=True))
        self.watch = self.form.add(Button(N_("Watch"), self.watch_table))
        self.back = self.form.add(Button(N_("Back"), self.on_back))
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.said = ""
        """The one line under the fields: what went wrong, or that the table is called."""
        self.opening: TableOpening | None = None

    def enter(self) -> None:
        super().enter()
        self.form.focus(self.invitation)

    def _edited(self, _text: str) -> None:
        self.said = ""

    def take_seat(self) -> None:
        name = self.name.text.strip()
        if not name:
            self.said = _("Type a name for your seat.")
            return
        self._open(lambda invitation: TableOpening.join(invitation, [name]))
        self.services.settings.extra["table_name"] = name
        self.services.save_settings()

    def watch_table(self) -> None:
        self._open(TableOpening.watch)

    def _open(self, open_table: Callable[[Invitation], TableOpening]) -> None:
        if self.opening is not None:
            return
        try:
            invitation = read_invitation(self.invitation.text)
        except ValueError:
            self.said = _("That is not an invitation: it reads contack://ADDRESS:PORT/CODE.")
            return
        self.opening = open_table(invitation)
        self.said = _("Calling the table…")

    def update(self, dt: float) -> None:
        opening = self.opening
        if opening is None:
            return
        match = opening.poll(self.services.adviser)
        if opening.failure is not None:
            self.said, self.opening = opening.failure, None
        elif match is not None:
            self.opening = None
            self.services.switch_to(RemoteTableRequest(match))

    def handle_event(self, event: pygame.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.take_seat()
            return True
        return self.form.handle_event(event)

    def on_back(self) -> None:
        if self.opening is not None:
            self.opening.close()
            self.opening = None
        self.services.pop()

    def resize(self, size: tuple[int, int]) -> None:
        ui = self.services.ui
        width = min(size[0] - ui.px(40), ui.px(720))
        self.panel = pygame.Rect(0, 0, width, ui.px(380))
        self.panel.center = (size[0] // 2, size[1] // 2 + ui.px(30))
        inner = self.panel.width - ui.px(64)
        x = self.panel.x + ui.px(32)
        self.invitation.rect = pygame.Rect(x, self.panel.y + ui.px(56), inner, ui.px(46))
        self.name.rect = pygame.Rect(x, self.panel.y + ui.px(150), ui.px(300), ui.px(46))
        buttons = [self.join, self.watch, self.back]
        gap = ui.px(16)
        button_w = min(ui.px(180), (inner - 2 * gap) // 3)
        left = self.panel.centerx - (3 * button_w + 2 * gap) // 2
        for button in buttons:
            button.rect = pygame.Rect(left, self.panel.bottom - ui.px(76), button_w, ui.px(52))
            left += button_w + gap

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.blit(self.services.felt(), (0, 0))
        ui = self.services.ui
        self.draw_title(surface, _("Join a table"))
        draw_panel(surface, self.panel, ui, alpha=235)
        room = self.panel.width - ui.px(64)
        for field, caption in (
            (self.invitation, _("The host's invitation (Ctrl+V pastes it)")),
            (self.name, _("Your name at the table")),
        ):
            blit_text(
                surface,
                shrunk_text(ui, caption, 16, room, PALETTE.text_dim),
                (field.rect.x, field.rect.y - ui.px(6)),
                "bottomleft",
            )
        if self.said:
            blit_text(
                surface,
                shrunk_text(ui, self.said, 16, room, PALETTE.gold),
                (self.panel.centerx, self.panel.y + ui.px(236)),
            )
        self.form.draw(surface, ui)
