"""The marks a board draws on its cells, each drawn once per size (the board keeps
them): the last tile's mark (and its `Pulse`) and the translucent triangles of lit spots
and openings."""

from __future__ import annotations

from typing import Final

import pygame

from game.ui.layout import ROW_HEIGHT
from game.ui.tile_painting import SQRT3, triangle_points

TILE_GAP: Final = 0.97
"""A placed tile's side as a share of its cell's (a hairline of felt between tiles)."""
LAST_PULSE_S: Final = 0.9
"""How long the last-tile mark swells when the last tile changes."""
LAST_MARK: Final = (255, 255, 255)
"""The last-tile mark's colour (with a dark rim): apart from every theme's edge colours."""
RIM: Final = (12, 16, 14, 230)
SPOT_LOOKS: Final = {  # fill, edge, the triangle's size as a share of the cell's
    "spot": ((240, 200, 90, 70), (250, 220, 120, 220), 0.9),
    "hover": ((255, 235, 160, 120), (255, 245, 200, 255), 0.9),
    "opening": ((255, 255, 255, 18), (200, 230, 210, 110), 0.8),
}


def last_mark_image(side: int, up: bool, band: int, rim: int) -> pygame.Surface:
    """The last-tile mark round a tile of `side` pixels: a white `band` with dark rims
    of `rim` pixels each side."""
    reach = side + 4 * (band + rim)
    ring = pygame.Surface((reach + 4, round(reach * ROW_HEIGHT) + 4), pygame.SRCALPHA)
    centre = (ring.get_width() / 2, ring.get_height() / 2)
    # Each layer's triangle grows by the same width all round: a side grows by 2√3
    # times the width (the inradius is side/√12).
    for grow, colour in (
        (band + 2 * rim, RIM),
        (band + rim, LAST_MARK),
        (rim, RIM),
        (0, (0, 0, 0, 0)),
    ):
        outline = triangle_points(side * TILE_GAP + grow * 2 * SQRT3, up, centre)
        pygame.draw.polygon(ring, colour, outline)
    return ring


def spot_image(side: int, up: bool, kind: str) -> pygame.Surface:
    """A translucent triangle on a cell of `side` pixels: a lit spot, the highlighted
    spot ("hover") or an opening."""
    fill, edge, shrink = SPOT_LOOKS[kind]
    height = side * 0.8660254
    image = pygame.Surface((side + 4, round(height) + 4), pygame.SRCALPHA)
    centre = (image.get_width() / 2, image.get_height() / 2)
    corners = triangle_points(side * shrink, up, centre)
    pygame.draw.polygon(image, fill, corners)
    pygame.draw.polygon(image, edge, corners, max(1, side // 30))
    return image


class Pulse:
    """The last-tile mark's one swell: it begins once a new last tile is at rest on its
    cell and lasts `LAST_PULSE_S` of update time."""

    def __init__(self) -> None:
        self.clock = 0.0
        """Seconds of `update`: the swell runs on it."""
        self._from: float | None = None
        """When the swell began (None: it is to begin once the last tile is at rest)."""

    def restart(self) -> None:
        """The last tile changed: its mark swells once it is at rest."""
        self._from = None

    def update(self, dt: float, at_rest: bool) -> None:
        self.clock += dt
        if self._from is None and at_rest:
            self._from = self.clock

    def progress(self) -> float | None:
        """How far the swell has gone, in [0, 1); None before it begins and once over."""
        if self._from is None:
            return None
        t = (self.clock - self._from) / LAST_PULSE_S
        return t if 0 <= t < 1 else None

    def running(self, at_rest: bool) -> bool:
        """Whether the mark swells now, or begins to at the next update."""
        return (self._from is None and at_rest) or self.progress() is not None
