"""A tile's details on a long press (a touch screen has no hover): a small panel by the
finger naming the tile's edges ("Blue 4, red 5, gold 2"), until the next press."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.rules.tiles import TILE_VALUES, TileId
from game.ui.painting import Ui, blit_text, draw_panel
from game.ui.words import capitalised, colour_word

LIFT = 60
"""How far above the finger the panel stands (interface pixels), so the finger leaves it
in sight."""


def edge_words(tile: TileId, colour_names: Sequence[str]) -> str:
    """The tile's edges in the player's words and the theme's colours."""
    return capitalised(
        ", ".join(
            f"{colour_word(colour_names, colour)} {value}"
            for colour, value in enumerate(TILE_VALUES[tile])
        )
    )


class TileDetails:
    """The panel naming `tile`'s edges, over the point `at`."""

    def __init__(self, tile: TileId, at: tuple[int, int], colour_names: Sequence[str]) -> None:
        self.tile = tile
        self.at = at
        self.text = edge_words(tile, colour_names)

    def draw(self, surface: pygame.Surface, ui: Ui) -> None:
        words = ui.text(self.text, 18)
        pad = ui.px(10)
        box = words.get_rect().inflate(2 * pad, 2 * pad)
        box.midbottom = (self.at[0], self.at[1] - ui.px(LIFT))
        box.clamp_ip(surface.get_rect())
        draw_panel(surface, box, ui)
        blit_text(surface, words, box.center)


class NoDetails:
    """No tile's details shown."""

    text = ""

    def draw(self, surface: pygame.Surface, ui: Ui) -> None:
        """Nothing to draw."""
