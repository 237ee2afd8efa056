"""Join a table: paste the invitation a host gave (contack://ADDRESS:PORT/CODE), type a
name, and Join (take a seat) or Watch (follow the table read-only); or take back the
seats of a network game left unfinished (hosting it again if this computer hosted it).
The connection is made in the background; a bad invitation, a server that cannot be
reached or a refused join is said in one line under the fields, and the table opens once
the seat is taken."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _
from game.net.invitation import Invitation, read_invitation
from game.net.kept_seats import SETTING as KEPT
from game.net.kept_seats import KeptSeats
from game.net.table_opening import TableOpening
from game.scenes.online.calling import TableCallingScene, cannot_host
from game.ui.painting import blit_lines, blit_text, draw_panel
from game.ui.text import shrunk_text
from game.ui.theme import PALETTE
from game.ui.widgets.controls import Button
from game.ui.widgets.rows import lay_out_row
from game.ui.widgets.text_field import TextField

if TYPE_CHECKING:
    from game.scenes.base import Services

INVITATION_LENGTH = 200
NAME_LENGTH = 16


class JoinScene(TableCallingScene):
    """The invitation and name fields, Join, Watch and Back."""

    def __init__(self, services: Services, invitation: str = "", rejoin: bool = False) -> None:
        """`rejoin`: take back the seats kept at once (the menu's Continue)."""
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
        self.kept = KeptSeats.read(settings.extra.get(KEPT))
        self.take_back = self.form.add(Button(N_("Take my seat back"), self.take_seat_back))
        self.take_back.visible = self.kept is not None
        if self.kept is not None and not invitation:
            self.invitation.text = self.kept.invitation
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.said = ""
        """The one line under the fields: what went wrong, or that the table is called."""
        self.rejoin = rejoin

    def enter(self) -> None:
        super().enter()
        self.form.focus(self.invitation)
        if self.rejoin:
            self.rejoin = False
            self.take_seat_back()

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

    def take_seat_back(self) -> None:
        """Rejoin the unfinished network game by its tokens (hosting it again first when
        this computer hosted it)."""
        kept = self.kept
        if kept is None or self.opening is not None:
            return
        invitation = read_invitation(kept.invitation)
        if not kept.hosted:
            self.opening = TableOpening.rejoin(invitation, kept.tokens)
        else:
            try:
                server = self.host_here()
            except OSError as error:
                self.said = cannot_host(error)
                return
            self.opening = TableOpening.rejoin_hosted(
                server, invitation.code, kept.tokens, kept.host_token
            )
        self.said = _("Calling the table…")

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
        failed = self.poll_opening()
        if failed is None:
            return
        self.said = failed.failure or ""
        if failed.refused and failed.rejoining:  # those seats are gone: forget them
            self.services.settings.extra.pop(KEPT, None)
            self.services.save_settings()
            self.kept, self.take_back.visible = None, False
            self.resize(self.services.size)

    def handle_event(self, event: pygame.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.take_seat()
            return True
        return self.form.handle_event(event)

    def on_back(self) -> None:
        self.services.pop()

    def resize(self, size: tuple[int, int]) -> None:
        ui = self.services.ui
        width = min(size[0] - ui.px(40), ui.px(720))
        self.panel = pygame.Rect(0, 0, width, ui.px(380))
        self.panel.center = (size[0] // 2, size[1] // 2 + ui.px(30))
        title_bottom = ui.px(34 + 18) + ui.font(46, "title").get_height()  # `draw_title`'s
        self.panel.top = max(self.panel.top, title_bottom)
        inner = self.panel.width - ui.px(64)
        x = self.panel.x + ui.px(32)
        self.invitation.rect = pygame.Rect(x, self.panel.y + ui.px(56), inner, ui.px(46))
        self.name.rect = pygame.Rect(x, self.panel.y + ui.px(150), ui.px(300), ui.px(46))
        buttons = [b for b in (self.join, self.watch, self.take_back, self.back) if b.visible]
        row = pygame.Rect(x, self.panel.bottom - ui.px(76), inner, ui.px(52))
        lay_out_row(buttons, row, ui.px(180), ui.px(16), ui)

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
            lines, size = ui.fitted(self.said, 16, room)
            blit_lines(
                surface,
                [ui.text(line, size, PALETTE.gold) for line in lines],
                (self.panel.centerx, self.panel.y + ui.px(236)),
            )
        self.form.draw(surface, ui)
