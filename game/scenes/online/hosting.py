"""Host a table: the setup's seats with friends joining start the table server in this
window (on this computer's local-network address), open the table and seat the people
here; the table screen then shows the invitation until every friend has joined. A server
that cannot listen, or a table that cannot be opened, is said in one line, back on the
setup screen (which shows the seats as they were set)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.net.table_opening import TableOpening, host_seats
from game.play.table_setup import TableConfig
from game.scenes.online.calling import TableCallingScene, cannot_host
from game.scenes.requests import Screen
from game.ui.painting import blit_text, draw_panel
from game.ui.theme import PALETTE

if TYPE_CHECKING:
    from game.scenes.base import Services


class HostScene(TableCallingScene):
    """ "Opening your table…" over the setup screen, until the table is sat at."""

    overlay = True

    def __init__(self, services: Services, config: TableConfig) -> None:
        super().__init__(services)
        self.config = config
        self.panel = pygame.Rect(0, 0, 0, 0)

    def enter(self) -> None:
        super().enter()
        if self.opening is not None:
            return
        players = self.config["players"]
        try:
            server = self.host_here()
        except OSError as error:
            self.services.notify(cannot_host(error))
            self.services.switch_to(Screen.SETUP)
            return
        here = [p["name"] for p in players if p["kind"] == "human"]
        self.opening = TableOpening.host(
            server,
            server.address or "",
            host_seats([p["kind"] for p in players]),
            self.config["rules"],
            here,
            computer_names=[p["name"] if p["kind"].startswith("ai:") else None for p in players],
        )

    def update(self, dt: float) -> None:
        failed = self.poll_opening()
        if failed is not None:
            self.services.notify(failed.failure or "")
            self.services.switch_to(Screen.SETUP)

    def on_back(self) -> None:
        self.services.switch_to(Screen.SETUP)

    def resize(self, size: tuple[int, int]) -> None:
        ui = self.services.ui
        self.panel = pygame.Rect(0, 0, ui.px(460), ui.px(120))
        self.panel.center = (size[0] // 2, size[1] // 2)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.blit(self.services.felt(), (0, 0))
        ui = self.services.ui
        draw_panel(surface, self.panel, ui, alpha=245, border=PALETTE.gold_dark)
        blit_text(
            surface, ui.text(_("Opening your table…"), 24, PALETTE.text, "bold"), self.panel.center
        )
