"""The main menu: Continue, New table game, the two solitaires, Rules, Settings, Quit."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.persist.autosave import check_saved_game
from game.scenes.base import Scene
from game.scenes.dialog import ConfirmScene
from game.ui.board import LADDER, Board
from game.ui.examples import THREE_SIDED
from game.ui.layout import ROW_HEIGHT
from game.ui.sprites import TileLayer
from game.ui.theme import PALETTE
from game.ui.widgets import Button, blit_text

if TYPE_CHECKING:
    from game.scenes.base import Services


class MenuScene(Scene):
    """The first screen. Escape asks whether to quit."""

    def __init__(self, services: Services) -> None:
        super().__init__(services)
        self.buttons = {
            "continue": Button("Continue", self.continue_game, primary=True),
            "table": Button("New table game", self.new_table_game),
            "draw": Button("Draw solitaire", self.draw_solitaire),
            "stacked": Button("Stacked solitaire", self.stacked_solitaire),
            "rules": Button("Rules", self.rules),
            "games": Button("Records & statistics", self.your_games),
            "settings": Button("Settings", self.open_settings),
            "quit": Button("Quit", self.on_back),
        }
        for button in self.buttons.values():
            self.form.add(button)
        self.tiles = TileLayer()
        self.board = Board(services.ui, services.art, self.tiles, largest=LADDER[-1])
        self.showcase = pygame.Rect(0, 0, 0, 0)
        self.caption_y = 0

    def enter(self) -> None:
        super().enter()
        self.form.focus(None)
        self.form.move_focus(1)

    def resize(self, size: tuple[int, int]) -> None:
        ui = self.services.ui
        width, height = size
        has_save = self.services.storage.has_saved_game()
        self.buttons["continue"].visible = has_save
        self.buttons["continue"].enabled = has_save
        self.buttons["table"].primary = not has_save
        column_x = round(width * 0.3)
        button_w, button_h, gap = ui.px(340), ui.px(50), ui.px(12)
        shown = [b for b in self.buttons.values() if b.visible]
        total = len(shown) * button_h + (len(shown) - 1) * gap
        top = max(ui.px(250), (height - total) // 2 + ui.px(90))
        top = min(top, height - total - ui.px(40))
        for index, button in enumerate(shown):
            button.rect = pygame.Rect(0, 0, button_w, button_h)
            button.rect.midtop = (column_x, top + index * (button_h + gap))
        self.showcase = pygame.Rect(round(width * 0.56), ui.px(120), round(width * 0.38),
                                    height - ui.px(260))
        self.board.set_area(self.showcase)
        self.board.fit([cell for _tile, cell, _rot in THREE_SIDED], self.showcase, margin=0.15)
        self.caption_y = round(self.board.view.to_screen((0, 2 * ROW_HEIGHT))[1]) + ui.px(28)
        placed = [(cell, tile, rot) for tile, cell, rot in THREE_SIDED]
        self.board.show(placed, THREE_SIDED[-1][1])

    def settings_changed(self) -> None:
        self.tiles.refresh_all()

    def on_back(self) -> None:
        self.services.push(ConfirmScene(self.services, "Quit Contack?", self.services.quit,
                                        yes="Quit", no="Stay"))

    # Actions ------------------------------------------------------------------------

    def continue_game(self) -> None:
        record = check_saved_game(self.services.storage)
        for text in self.services.storage.take_notices():
            self.services.notify(text)
        if record is None:
            self.services.notify("The saved game could not be opened.")
            self.resize(self.services.size)
            return
        self.services.open_record(record)

    def new_table_game(self) -> None:
        self.services.open("setup")

    def draw_solitaire(self) -> None:
        self.services.open("draw-solitaire")

    def stacked_solitaire(self) -> None:
        self.services.open("stacked-solitaire")

    def your_games(self) -> None:
        self.services.open("records")

    def rules(self) -> None:
        self.services.open("rules")

    def open_settings(self) -> None:
        self.services.open("settings")

    # Drawing ------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        ui = self.services.ui
        surface.blit(self.services.felt(), (0, 0))
        column_x = round(surface.get_width() * 0.3)
        first_button = min(b.rect.top for b in self.buttons.values() if b.visible)
        logo_y = max(ui.px(40), first_button - ui.px(190))
        blit_text(surface, ui.text("Contack", 96, (8, 30, 20), "title"),
                  (column_x + ui.px(3), logo_y + ui.px(5)), "midtop")
        logo = blit_text(surface, ui.text("Contack", 96, (240, 214, 150), "title"),
                         (column_x, logo_y), "midtop")
        tagline = blit_text(surface, ui.text("The game of matching triangles", 22, PALETTE.text),
                            (column_x, logo.bottom + ui.px(4)), "midtop")
        blit_text(surface, ui.text("First published 1939", 17, PALETTE.text_dim),
                  (column_x, tagline.bottom + ui.px(6)), "midtop")
        self.tiles.draw_interpolated(surface, alpha)
        caption = ui.text("Blue 8 + 7, red 9 + 6, gold 10 + 10: a 50-point opportunity play",
                          17, PALETTE.text_dim)
        blit_text(surface, caption, (self.showcase.centerx, self.caption_y), "midtop")
        self.form.draw(surface, ui)
