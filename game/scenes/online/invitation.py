"""The invitation over a networked table's figure, while this window hosts it (or opened
a club's table by invitation) and a seat is still free: what friends paste to join,
with C (or the screen's button) to copy it. A panel composed into the table screen
(`TablePanel`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.ui.painting import blit_text, draw_panel
from game.ui.text import shrunk_text
from game.ui.theme import PALETTE
from game.ui.widgets.text_field import put_clipboard_text

if TYPE_CHECKING:
    from game.net.remote_match import RemoteMatch
    from game.scenes.base import Services


class InvitationPanel:
    """The invitation to `remote`'s table."""

    def __init__(self, services: Services, remote: RemoteMatch) -> None:
        self.services = services
        self.remote = remote
        self.rect = pygame.Rect(0, 0, 0, 0)

    @property
    def shown(self) -> bool:
        """Whether the invitation is shown: this window hosts (or opened a club table by
        invitation), and a seat is still free."""
        return self.remote.link.sharing and not self.remote.started

    def copy(self) -> None:
        if put_clipboard_text(self.remote.link.invitation):
            self.services.notify(_("Invitation copied: paste it to your friends."))

    def lay_out(self, figure: pygame.Rect) -> None:
        ui = self.services.ui
        self.rect = pygame.Rect(0, 0, min(figure.width - ui.px(20), ui.px(640)), ui.px(130))
        self.rect.center = figure.center

    def update(self) -> None:
        """Nothing moves on it."""

    def handle_event(self, event: pygame.Event) -> bool:
        """C copies the invitation while it is shown."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_c and self.shown:
            self.copy()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """The invitation friends paste, and where the table is, over the figure."""
        if not self.shown:
            return
        ui, panel = self.services.ui, self.rect
        draw_panel(surface, panel, ui, alpha=235, border=PALETTE.gold_dark)
        room = panel.width - ui.px(32)
        if self.remote.link.at_club:
            how = _("Players of the club join with this code (Play online, Join by code):")
        else:
            how = _("Friends join with this invitation (Join a table):")
        lines = (
            (how, 16, PALETTE.text_dim, "regular"),
            (self.remote.link.invitation, 20, PALETTE.gold, "bold"),
            (_("Copy it with the button below, or C."), 14, PALETTE.text_dim, "regular"),
        )
        y = panel.y + ui.px(14)
        for words, size, colour, style in lines:
            image = shrunk_text(ui, words, size, room, colour, style)
            y = blit_text(surface, image, (panel.centerx, y), "midtop").bottom + ui.px(10)
