"""Draw the game's icon into game/assets/: icon.png (the window's icon) and icon.ico
(the standalone build's program on Windows, a PNG inside an ICO header).

    python tools/make_icon.py

The icon is one of the game's own tiles, as the tile art paints it (the modern colours),
on a rounded square of table felt, so it changes with the art when this is run again.
"""

from __future__ import annotations

import os
import struct
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame

from game.rules.tiles import parse_tile
from game.ui.theme import PALETTE, THEMES, Fonts
from game.ui.tiles.image import TilePainter, TileState

SIZE = 256
ASSETS = Path(__file__).resolve().parents[1] / "game" / "assets"
TILE = "05-09-10"
"""The tile shown (blue 5, red 9, gold 10)."""


def icon() -> pygame.Surface:
    """The icon at `SIZE` pixels: the tile, point up, on felt."""
    surface = pygame.Surface((SIZE, SIZE), pygame.SRCALPHA)
    radius = SIZE // 6
    pygame.draw.rect(surface, PALETTE.felt, surface.get_rect(), border_radius=radius)
    painter = TilePainter(Fonts(), THEMES["modern"], colour_blind=False)
    tile = painter.paint(parse_tile(TILE), round(SIZE * 0.86), True, 0, TileState.NORMAL)
    surface.blit(tile, tile.get_rect(center=(SIZE // 2, round(SIZE * 0.56))))
    return surface


def ico(png: bytes) -> bytes:
    """An ICO file of one 256-pixel image stored as PNG (Windows Vista and later)."""
    header = struct.pack("<HHH", 0, 1, 1)
    entry = struct.pack("<BBBBHHII", 0, 0, 0, 0, 1, 32, len(png), 6 + 16)
    return header + entry + png


def main() -> None:
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1, 1))
    image = icon()
    pygame.image.save(image, str(ASSETS / "icon.png"))
    with tempfile.TemporaryDirectory() as scratch:
        png = Path(scratch) / "icon.png"
        pygame.image.save(image, str(png))
        (ASSETS / "icon.ico").write_bytes(ico(png.read_bytes()))
    print(ASSETS / "icon.png")


if __name__ == "__main__":
    main()
