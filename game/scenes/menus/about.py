"""About Contack: the version, who made it and from what, the font's licence, and where
the game keeps its files (with a button to open each folder where the system allows)."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game import __version__
from game.i18n import N_, _
from game.persist.folders import folder_opener
from game.persist.records import records_dir
from game.scenes.base import Scene
from game.ui.painting import blit_lines, blit_text, draw_panel
from game.ui.text import blit_paragraph, blit_paragraphs, path_lines, shrunk_text
from game.ui.theme import PALETTE
from game.ui.widgets.controls import Button

if TYPE_CHECKING:
    from game.scenes.base import Services


class AboutScene(Scene):
    """Credits and licences on the left, the game's folders on the right."""

    def __init__(self, services: Services) -> None:
        super().__init__(services)
        storage = services.storage
        self.folders: list[tuple[str, Path]] = [
            (N_("Settings"), storage.config_dir),
            (N_("Saved games and history"), storage.data_dir),
            (N_("Records"), records_dir(storage)),
        ]
        self.opener = folder_opener()
        self.open_buttons = [
            self.form.add(Button(N_("Open"), partial(self.open_folder, folder)))
            for _name, folder in self.folders
        ]
        for button in self.open_buttons:
            button.visible = button.enabled = self.opener is not None
        self.back = self.form.add(Button(N_("Back"), services.pop, primary=True))
        self.credits = pygame.Rect(0, 0, 0, 0)
        self.files = pygame.Rect(0, 0, 0, 0)

    def open_folder(self, folder: Path) -> None:
        if self.opener is None or not self.opener(folder):
            self.services.notify(
                _("The folder could not be opened: {folder}").format(folder=folder)
            )

    def enter(self) -> None:
        super().enter()
        self.form.focus(self.back)

    def resize(self, size: tuple[int, int]) -> None:
        ui = self.services.ui
        width, height = size
        margin, gap = ui.px(40), ui.px(28)
        below_title = ui.px(34 + 8) + ui.font(46, "title").get_height()
        heading = ui.font(18, "bold").get_linesize() + ui.px(6)  # above each panel
        top, bottom = max(ui.px(120), below_title + heading), height - ui.px(100)
        half = (width - 2 * margin - gap) // 2
        self.credits = pygame.Rect(margin, top, half, bottom - top)
        self.files = pygame.Rect(self.credits.right + gap, top, half, bottom - top)
        row = min(ui.px(90), (self.files.height - ui.px(140)) // len(self.folders))
        for index, button in enumerate(self.open_buttons):
            button.rect = pygame.Rect(0, 0, ui.px(110), ui.px(40))
            button.rect.topright = (
                self.files.right - ui.px(18),
                self.files.y + ui.px(64) + index * row,
            )
        self.back.rect = pygame.Rect(0, 0, ui.px(220), ui.px(52))
        self.back.rect.bottomleft = (margin, height - ui.px(28))

    def credit_lines(self) -> list[str]:
        """The left panel's paragraphs."""
        return [
            _("Contack {version}").format(version=__version__),
            _(
                "The game of matching triangles, first published by Parker Brothers in 1939. "
                "The rules follow the 1939 and 1962 English rule books and the Spanish edition, "
                "which alone describes Club Contack."
            ),
            _(
                "Made by the Contack developers. The program is free software under the MIT "
                "licence."
            ),
            _(
                "Fonts: DejaVu Sans and DejaVu Serif, under the DejaVu fonts licence (free to "
                "use, change and share; the licence is in game/assets/fonts/LICENSE-DejaVu.txt)."
            ),
            _(
                "Sounds: made for this game by tools/make_sounds.py, under the game's own "
                "licence. Nothing else is borrowed."
            ),
        ]

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        ui = self.services.ui
        surface.blit(self.services.felt(), (0, 0))
        self.draw_title(surface, _("About Contack"))
        pad = ui.px(20)
        for panel, heading in (
            (self.credits, _("Credits and licences")),
            (self.files, _("Where your games are kept")),
        ):
            draw_panel(surface, panel, ui)
            blit_text(
                surface,
                shrunk_text(ui, heading, 18, panel.width - 2 * pad, PALETTE.gold, "bold"),
                (panel.x + pad, panel.y - ui.px(6)),
                "bottomleft",
            )
        room = self.credits.width - 2 * pad
        blit_paragraphs(
            surface,
            ui,
            self.credit_lines(),
            18,
            PALETTE.text,
            (self.credits.x + pad, self.credits.y + pad),
            room,
            self.credits.height - 2 * pad,
        )
        for (name, folder), button in zip(self.folders, self.open_buttons, strict=True):
            label_room = (button.rect.x if button.visible else self.files.right) - (
                self.files.x + 2 * pad
            )
            label = blit_text(
                surface,
                shrunk_text(ui, _(name), 18, label_room, PALETTE.gold, "bold"),
                (self.files.x + pad, button.rect.centery),
                "midleft",
            )
            room = self.files.width - 2 * pad
            lines = path_lines(ui, str(folder), 14, room)
            blit_lines(
                surface,
                [shrunk_text(ui, line, 14, room, PALETTE.text_dim) for line in lines],
                (self.files.x + pad, label.bottom + ui.px(8)),
                "topleft",
                flush_left=True,
            )
        if self.opener is None:
            note = _("This system gives the game no way to open a folder for you.")
            blit_paragraph(
                surface,
                ui,
                note,
                15,
                PALETTE.text_dim,
                (self.files.x + pad, self.files.bottom - ui.px(60)),
                self.files.width - 2 * pad,
            )
        blit_text(
            surface,
            shrunk_text(
                ui,
                _("Each file is plain JSON, written whole or not at all."),
                15,
                self.files.width - 2 * pad,
                PALETTE.text_dim,
            ),
            (self.files.x + pad, self.files.y + pad),
            "topleft",
        )
        self.form.draw(surface, ui)
