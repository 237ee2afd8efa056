"""The marks a board draws on its cells: lit spots with their points, the ghost of the
held tile, the opportunity openings, the hint ring, outlines and the last tile's mark
(and its `Pulse`). `BoardMarks` draws them on the board's view, each clipped to the
board's area (nothing the board draws leaves it), and keeps each mark's image once per
size."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Final

import pygame

from game.i18n import _
from game.rules.lattice import Cell, points_up
from game.rules.tiles import TileId
from game.ui.board.overview import draw_pointer
from game.ui.layout import ROW_HEIGHT, LatticeView, Point
from game.ui.painting import Ui, blit_text
from game.ui.theme import PALETTE, Colour
from game.ui.tiles.art import TileArt
from game.ui.tiles.image import SQRT3, TileState, triangle_points

TILE_GAP: Final = 0.97
"""A placed tile's side as a share of its cell's (a hairline of felt between tiles)."""
LAST_PULSE_S: Final = 0.9
"""How long the last-tile mark swells when the last tile changes."""
LAST_MARK: Final = (255, 255, 255)
"""The last-tile mark's colour (with a dark rim): apart from every theme's edge colours."""
LAST_MARK_OPEN: Final = (0.25, 0.75)
"""Where along each side the last-tile mark leaves it open (shares of the side)."""
RIM: Final = (12, 16, 14, 230)
SPOT_LOOKS: Final = {  # fill, edge, the triangle's size as a share of the cell's
    "spot": ((240, 200, 90, 70), (250, 220, 120, 220), 0.9),
    "hover": ((255, 235, 160, 120), (255, 245, 200, 255), 0.9),
    "opening": ((255, 255, 255, 18), (200, 230, 210, 110), 0.8),
}


def last_mark_image(side: int, up: bool, band: int, rim: int) -> pygame.Surface:
    """The last-tile mark round a tile of `side` pixels: a white `band` with dark rims
    of `rim` pixels each side, along the tile's corners only: the middle of each side
    is left open, where the number of the tile beside it stands."""
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
    outer = triangle_points(side * TILE_GAP + (band + 2 * rim + 2) * 2 * SQRT3, up, centre)
    inner = triangle_points(side * 0.8, up, centre)
    for i in range(3):
        cut = [
            _along(corners[i], corners[(i + 1) % 3], t)
            for corners, t in zip(
                (outer, outer, inner, inner), (*LAST_MARK_OPEN, *LAST_MARK_OPEN[::-1]), strict=True
            )
        ]
        pygame.draw.polygon(ring, (0, 0, 0, 0), cut)
    return ring


def _along(a: Point, b: Point, t: float) -> Point:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


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


def sprite_side(view_side: float) -> int:
    """The side of a placed tile's image on a view of `view_side` pixels a cell."""
    return max(8, round(view_side * TILE_GAP))


class BoardMarks:
    """What a board draws on its cells over `view`, inside `area` (both the board's)."""

    def __init__(self, ui: Ui, art: TileArt, view: LatticeView, area: pygame.Rect) -> None:
        self.ui = ui
        self.art = art
        self.view = view
        self.area = area
        self._images: dict[tuple[int, bool, str], pygame.Surface] = {}

    def forget(self) -> None:
        """The board was laid out again: its marks are drawn afresh."""
        self._images.clear()

    @contextmanager
    def clipped(self, surface: pygame.Surface) -> Iterator[None]:
        """Drawing inside the board's area only."""
        previous = surface.get_clip()
        surface.set_clip(self.area.clip(previous))
        try:
            yield
        finally:
            surface.set_clip(previous)

    def draw_spots(
        self,
        surface: pygame.Surface,
        spots: Sequence[tuple[Cell, int]],
        highlighted: Cell | None = None,
        points: bool = True,
    ) -> None:
        """Lit spots, each with the points it would score (the highlighted one brighter,
        its label left to the ghost); a spot off the board is pointed to at its edge."""
        with self.clipped(surface):
            for cell, score in spots:
                if self.point_to(surface, cell, SPOT_LOOKS["hover"][1][:3]):
                    continue
                lit = cell == highlighted
                self.blit_on(surface, self.image(points_up(cell), "hover" if lit else "spot"), cell)
                if points and not lit:
                    label = self.ui.text(
                        f"+{score}" if score else "0",
                        17,
                        PALETTE.gold if score else PALETTE.text_dim,
                        "bold",
                    )
                    blit_text(surface, label, pixel(self.view.cell_centre(cell)))

    def draw_ghost(
        self, surface: pygame.Surface, tile: TileId, cell: Cell, rot: int, score: int | None
    ) -> None:
        """The held tile as a ghost on `cell`, with what it would score above it."""
        view = self.view
        image = self.art.image(tile, sprite_side(view.side), points_up(cell), rot, TileState.GHOST)
        with self.clipped(surface):
            self.blit_on(surface, image, cell)
            if score is not None:
                label = self.ui.text(f"+{score}" if score else _("match"), 20, PALETTE.gold, "bold")
                blit_text(surface, label, pixel(self.ghost_label_at(cell)))

    def ghost_label_at(self, cell: Cell) -> Point:
        """Where a ghost's points are written: above its cell's middle (over the cell
        above a tile that points down)."""
        x, y = self.view.cell_centre(cell)
        return x, y - self.view.side * 0.62

    def draw_openings(self, surface: pygame.Surface, cells: Iterable[Cell]) -> None:
        """Opportunity openings: cells two or three tiles border, marked with a gold dot
        (the caller leaves out a cell that a spot, a ghost, a mark or a ghost's points
        cover: its dot would read in the middle of their numbers, as "+⊙5")."""
        with self.clipped(surface):
            for cell in cells:
                self.blit_on(surface, self.image(points_up(cell), "opening"), cell)
                x, y = self.view.cell_centre(cell)
                radius = max(3, round(self.view.side * 0.09))
                pygame.draw.circle(surface, PALETTE.gold, (x, y), radius, max(1, self.ui.px(2)))
                pygame.draw.circle(surface, PALETTE.gold, (x, y), max(1, radius // 3))

    def draw_ring(
        self, surface: pygame.Surface, cell: Cell, pulse: float, colour: Colour = PALETTE.hint
    ) -> None:
        """A pulsing ring round `cell` (the hint) on a dark rim, which sets it off the
        felt and the tiles; `pulse` in 0..1. Off the board, a pointer at its edge."""
        x, y = self.view.cell_centre(cell)
        radius = self.view.side * (0.42 + 0.1 * pulse)
        width, rim = max(2, self.ui.px(3)), max(1, self.ui.px(2))
        with self.clipped(surface):
            if self.point_to(surface, cell, colour):
                return
            pygame.draw.circle(surface, RIM, (x, y), radius + rim, width + 2 * rim)
            pygame.draw.circle(surface, colour, (x, y), radius, width)

    def draw_outline(
        self,
        surface: pygame.Surface,
        cell: Cell,
        colour: Colour,
        rim: bool = False,
        nested: bool = False,
    ) -> None:
        """A thin outline along `cell`'s tile edges (a tile placed since the player's
        last turn): it marks the tile without covering its neighbours' numbers; `rim`
        draws it on a dark rim, which sets it off the felt and the tiles' edges;
        `nested` draws it just inside another such outline of the cell."""
        width = max(2, self.ui.px(4))
        rim_width = max(1, self.ui.px(2)) if rim else 0
        band = width + 2 * rim_width
        # A triangle's sides move in by w when its side shrinks by 2√3·w.
        side = self.view.side * 0.96 - (band * 2 * SQRT3 if nested else 0)
        outline = triangle_points(side, points_up(cell), self.view.cell_box_centre(cell))
        with self.clipped(surface):
            if self.point_to(surface, cell, colour):
                return
            if rim:
                pygame.draw.polygon(surface, RIM, outline, band)
            pygame.draw.polygon(surface, colour, outline, width)

    def point_to(self, surface: pygame.Surface, cell: Cell, colour: Colour) -> bool:
        """A pointer at the board's edge to `cell` when its centre lies off the board
        (True), else nothing (False)."""
        return draw_pointer(surface, self.ui, self.area, self.view.cell_centre(cell), colour)

    def last_ring(self, up: bool) -> pygame.Surface:
        """The last-tile mark at this size (drawn once)."""
        key = (round(self.view.side), up, "last")
        if key not in self._images:
            band, rim = max(3, self.ui.px(4)), max(1, self.ui.px(2))
            self._images[key] = last_mark_image(key[0], up, band, rim)
        return self._images[key]

    def image(self, up: bool, kind: str) -> pygame.Surface:
        """A lit spot, the highlighted spot or an opening at this size (drawn once)."""
        key = (round(self.view.side), up, kind)
        if key not in self._images:
            self._images[key] = spot_image(key[0], up, kind)
        return self._images[key]

    def blit_on(self, surface: pygame.Surface, image: pygame.Surface, cell: Cell) -> None:
        surface.blit(image, image.get_rect(center=pixel(self.view.cell_box_centre(cell))))


def pixel(point: Point) -> tuple[int, int]:
    return (round(point[0]), round(point[1]))


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
