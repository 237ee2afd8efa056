"""Colours, fonts and the table-felt background.

A `Theme` names the three edge colours of one edition (modern, 1939, 1962). The
colour-blind aid is not a theme: it adds a symbol per colour on top of any theme
(`COLOUR_SYMBOLS`). `PALETTE` holds the felt and interface colours every scene shares.
`Fonts` loads the bundled fonts once and caches each size.
"""

from __future__ import annotations

import atexit
import contextlib
import functools
import random
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Final

import pygame

from game.i18n import N_

Colour = tuple[int, int, int]

_ASSET_FILES: Final = contextlib.ExitStack()
"""Keeps a bundled file extracted to the disk while the game runs, where the package is
not a folder (a zip); a package installed as a folder (every pip install) needs none."""
atexit.register(_ASSET_FILES.close)
ASSETS_DIR: Final = _ASSET_FILES.enter_context(
    resources.as_file(resources.files("game") / "assets")
)
"""The fonts and sounds shipped inside the `game` package (package data)."""
FONTS_DIR: Final = ASSETS_DIR / "fonts"
ICON_FILE: Final = ASSETS_DIR / "icon.png"
"""The window's icon (tools/make_icon.py draws it)."""


@dataclass(frozen=True)
class Theme:
    """The edge colours (blue, red, gold slots) of one edition, with their names (English
    messages for the catalogue: `game.ui.words.colour_word` says them)."""

    key: str
    label: str
    edge_colours: tuple[Colour, Colour, Colour]
    edge_names: tuple[str, str, str]


THEMES: Final[dict[str, Theme]] = {
    "modern": Theme(
        "modern",
        N_("Modern"),
        ((38, 104, 196), (206, 52, 52), (222, 168, 32)),
        (N_("blue"), N_("red"), N_("gold")),
    ),
    "1939": Theme(
        "1939",
        N_("1939 colours"),
        ((44, 82, 160), (182, 44, 40), (226, 120, 32)),
        (N_("blue"), N_("red"), N_("orange")),
    ),
    "1962": Theme(
        "1962",
        N_("1962 colours"),
        ((52, 112, 190), (228, 104, 150), (124, 70, 168)),
        (N_("blue"), N_("pink"), N_("purple")),
    ),
}

COLOUR_SYMBOLS: Final = ("circle", "square", "diamond")
"""Colour-blind aid: the symbol drawn on edges of colour 0, 1 and 2, whatever the theme."""


@dataclass(frozen=True)
class Palette:
    """Interface colours shared by every theme."""

    felt: Colour = (26, 92, 62)
    felt_dark: Colour = (11, 46, 31)
    felt_light: Colour = (38, 118, 80)
    ivory: Colour = (248, 242, 226)
    ink: Colour = (34, 30, 26)
    text: Colour = (244, 238, 220)
    text_dim: Colour = (182, 200, 184)
    gold: Colour = (232, 190, 92)
    recent: Colour = (255, 236, 120)
    """The outline of a tile placed since the player's last turn."""
    gold_dark: Colour = (150, 112, 40)
    panel: Colour = (14, 40, 28)
    panel_edge: Colour = (92, 140, 104)
    button: Colour = (30, 74, 52)
    button_hover: Colour = (46, 102, 72)
    danger: Colour = (214, 70, 60)
    penalty: Colour = (255, 128, 112)
    """Lost points written on the dark panels (danger is too dark to read there)."""
    good: Colour = (120, 220, 140)
    marked_played: Colour = (255, 120, 120)
    """A review's outline of the move played (red): on its dark rim it stands out on the
    felt, and apart from the better move's in every colour vision (light red against
    sky blue, unlike red against green)."""
    marked_better: Colour = (110, 205, 255)
    """A review's outline of the better move (sky blue)."""
    hint: Colour = (110, 205, 255)
    """The hint's ring: the better move's sky blue (a hint is the move the coach would
    play), on a dark rim; green hardly showed on the green felt."""
    tile_back: Colour = (28, 44, 84)
    tile_back_line: Colour = (196, 160, 84)


PALETTE: Final = Palette()


def theme_named(key: str) -> Theme:
    """The theme called `key`, or the modern one."""
    return THEMES.get(key, THEMES["modern"])


_READ: dict[tuple[Path, int], pygame.font.Font] = {}
"""Each bundled font file read at each size, once a process: reading one takes a
millisecond or more, and the tests open thousands of windows (each its `Fonts`)."""


class Fonts:
    """The bundled fonts, loaded once per (style, size) after `pygame.font.init()`."""

    FILES: Final = {
        "regular": "DejaVuSans.ttf",  # untranslated: a file
        "bold": "DejaVuSans-Bold.ttf",  # untranslated: a file
        "title": "DejaVuSerif-Bold.ttf",  # untranslated: a file
    }

    def __init__(self, folder: Path = FONTS_DIR) -> None:
        self.folder = folder
        self._cache: dict[tuple[str, int], pygame.font.Font] = {}
        self.broken: set[str] = set()
        """Font files that could not be read: pygame's own font stands in for them."""

    def get(self, size: int, style: str = "regular") -> pygame.font.Font:
        """The font of `style` ("regular", "bold", "title") at `size` pixels; pygame's
        own font if the bundled file is missing or damaged."""
        size = max(6, min(400, int(size)))
        key = (style, size)
        font = self._cache.get(key)
        if font is None:
            path = self.folder / self.FILES[style]
            font = _READ.get((path, size))
            if font is None:
                try:
                    font = _read(path, size)
                except (pygame.error, OSError, ValueError):
                    self.broken.add(path.name)
                    font = pygame.font.Font(None, size)
            self._cache[key] = font
        return font


def _read(path: Path, size: int) -> pygame.font.Font:
    """The font file at `path` at `size` pixels, read once a process."""
    if not path.is_file():
        raise FileNotFoundError(path)
    font = pygame.font.Font(path, size)
    font.render("Ag", True, (0, 0, 0))  # untranslated: a damaged file fails only here
    _READ[(path, size)] = font
    return font


@functools.lru_cache(maxsize=4)
def render_felt(size: tuple[int, int]) -> pygame.Surface:
    """The table felt: a soft radial vignette with a fine woven grain, opaque. Rendered
    once a process for each size (every window of a size has the same, only ever copied
    and blitted, never drawn on; the tests open thousands)."""
    width, height = max(1, size[0]), max(1, size[1])
    # A small radial gradient, smoothly scaled up: cheap and free of banding.
    small = pygame.Surface((64, 40))
    small.fill(PALETTE.felt_dark)
    steps = 24
    for i in range(steps):
        t = i / (steps - 1)
        colour = pygame.Color(PALETTE.felt_dark).lerp(PALETTE.felt_light, t**1.6)
        rx, ry = 52 * (1 - t) + 6, 34 * (1 - t) + 4
        pygame.draw.ellipse(small, colour, pygame.Rect(32 - rx, 20 - ry, 2 * rx, 2 * ry))
    felt = pygame.transform.smoothscale(small, (width, height)).convert()
    grain = _grain_tile()
    for y in range(0, height, grain.get_height()):
        for x in range(0, width, grain.get_width()):
            felt.blit(grain, (x, y))
    return felt


def _grain_tile() -> pygame.Surface:
    """A 128x128 tile of faint random speckle, to give the felt a woven feel."""
    side = 128
    noise = pygame.image.frombytes(random.Random(1939).randbytes(side * side), (side, side), "P")
    noise.set_palette([(v, v, v) for v in range(256)])
    grain = noise.convert_alpha()
    grain.fill((255, 255, 255, 10), special_flags=pygame.BLEND_RGBA_MIN)
    return grain
