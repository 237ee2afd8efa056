"""Painting one tile image: an equilateral triangle with an ivory rim, three coloured
edge bands meeting round an ivory centre, and each edge's value upright in its band.

The art is drawn twice as large and smoothly scaled down (antialiasing), then the
numbers are rendered at the final size so they stay crisp. The image's centre is the
centre of the triangle's bounding box; a margin round it holds the shadow and glows.
`TileArt` (art.py) decides which images to paint and keeps them.
"""

from __future__ import annotations

import functools
import math
import weakref
from enum import StrEnum
from typing import Final

import pygame

from game.rules.lattice import side_colour
from game.rules.tiles import TILE_VALUES, TileId
from game.ui.layout import Point
from game.ui.theme import COLOUR_SYMBOLS, PALETTE, Colour, Fonts, Theme

SUPERSAMPLE: Final = 2
SQRT3: Final = math.sqrt(3)
DIGIT_SHARE: Final = 0.27
"""A tile's digits' font size as a share of its side: as large as the bands allow."""
CORE: Final = 0.22
"""The ivory centre's size as a share of the triangle's: small, so the bands are deep."""
VALUE_DEPTH: Final = 0.31
"""How far a value sits from its edge's middle towards the centre (a share of the way)."""
VALUE_ALONG: Final = (0.0, -0.07, 0.07)
"""How far each side's value sits from its edge's middle along it (a share of the edge):
the sloped sides' values move towards the level side, where their bands are widest, and
away from each other."""
SYMBOL_APART: Final = 0.24
"""How far the colour-blind symbols sit either side of a value (a share of the edge)."""


class TileState(StrEnum):
    """How a tile is shown."""

    NORMAL = "normal"
    HOVERED = "hovered"
    SELECTED = "selected"
    GHOST = "ghost"
    ILLEGAL = "illegal"
    LAST = "last"
    MUTED = "muted"
    """A hand tile that cannot be placed now: darker, so the playable ones stand out."""
    FACE_DOWN = "face_down"


def margin_for(side: int) -> int:
    """Pixels round the triangle in a tile image, for shadow and glow."""
    return max(4, round(side * 0.12))


def image_size(side: int) -> tuple[int, int]:
    """Size of a tile image for a triangle of `side` pixels."""
    m = margin_for(side)
    return (side + 2 * m, math.ceil(side * SQRT3 / 2) + 2 * m)


def triangle_points(side: float, up: bool, centre: Point = (0.0, 0.0)) -> list[Point]:
    """Corners (apex first, anticlockwise) of a triangle centred on its bounding box."""
    cx, cy = centre
    half_h = side * SQRT3 / 4
    if up:
        return [(cx, cy - half_h), (cx - side / 2, cy + half_h), (cx + side / 2, cy + half_h)]
    return [(cx, cy + half_h), (cx + side / 2, cy - half_h), (cx - side / 2, cy - half_h)]


def _scaled(points: list[Point], factor: float, about: Point) -> list[Point]:
    return [
        (about[0] + (x - about[0]) * factor, about[1] + (y - about[1]) * factor) for x, y in points
    ]


def _centroid(points: list[Point]) -> Point:
    return (sum(p[0] for p in points) / 3, sum(p[1] for p in points) / 3)


def _rounded_triangle(
    surface: pygame.Surface,
    colour: pygame.Color | Colour | tuple[int, ...],
    corners: list[Point],
    radius: float,
) -> None:
    """Fill a triangle with rounded corners of `radius` (corners are the sharp ones)."""
    centre = _centroid(corners)
    inradius = math.dist(centre, corners[0]) / 2
    inner = _scaled(corners, max(0.0, (inradius - radius) / inradius), centre)
    pygame.draw.polygon(surface, colour, inner)
    width = max(1, round(2 * radius))
    for i in range(3):
        pygame.draw.line(surface, colour, inner[i], inner[(i + 1) % 3], width)
        pygame.draw.circle(surface, colour, inner[i], radius)


def _middle(size: tuple[int, int]) -> Point:
    return (size[0] / 2, size[1] / 2)


def _luminance(colour: Colour) -> float:
    r, g, b = (c / 255 for c in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


PaintKey = tuple[object, ...]
_PAINTED: dict[PaintKey, pygame.Surface] = {}
"""Every tile image painted, once a process: the same fonts, look, tile and state give
the same pixels, and the tests open thousands of windows (each its `TileArt`)."""
INKED: weakref.WeakKeyDictionary[pygame.Surface, pygame.Rect] = weakref.WeakKeyDictionary()
"""The part of each painted image that is drawn on (shadow and glow included): blitting
it alone gives the same pixels, sparing the clear margin round it (a third of the image)."""


_DIGIT_HEIGHTS: dict[tuple[object, int], int] = {}
"""How tall the values stand at each font size of each fonts folder, measured once a
process (the board asks at every size of its ladder on each framing)."""


@functools.lru_cache(maxsize=128)
def drop_shadow(side: int, up: bool, lifted: bool) -> pygame.Surface:
    """The blurred drop shadow of a tile of `side` pixels (lower and darker when
    `lifted`): the same for every tile of a size in every window, so it is blurred once
    a process (at the final size, where blurring is cheap); only ever blitted."""
    size = image_size(side)
    shadow = pygame.Surface(size, pygame.SRCALPHA)
    drop = side * (0.055 if lifted else 0.03)
    corners = [(x, y + drop) for x, y in triangle_points(side, up, _middle(size))]
    _rounded_triangle(shadow, (0, 0, 0, 120 if lifted else 105), corners, side * 0.07)
    blur = max(1, round(side * (0.05 if lifted else 0.03)))
    return pygame.transform.gaussian_blur(shadow, blur)


@functools.lru_cache(maxsize=128)
def soft_glow(side: int, up: bool, colour: tuple[int, ...], strong: bool) -> pygame.Surface:
    """The soft glow of `colour` round a highlighted tile of `side` pixels, blurred once
    a process for each look; only ever blitted."""
    size = image_size(side)
    glow = pygame.Surface(size, pygame.SRCALPHA)
    corners = triangle_points(side, up, _middle(size))
    grown = _scaled(corners, 1.12 if strong else 1.07, _centroid(corners))
    _rounded_triangle(glow, (*colour, 235 if strong else 120), grown, side * 0.07 * 1.4)
    return pygame.transform.gaussian_blur(glow, max(1, round(side * 0.035)))


class TilePainter:
    """Paints tile images in a theme, with the colour-blind aid when asked (the shadow
    and glow, the same for every tile of a size, from `drop_shadow` and `soft_glow`)."""

    def __init__(self, fonts: Fonts, theme: Theme, colour_blind: bool) -> None:
        self.fonts = fonts
        self.theme = theme
        self.colour_blind = colour_blind

    def paint(
        self, tile: TileId, side: int, up: bool, rot: int, state: TileState
    ) -> pygame.Surface:
        """The image of `tile` at `side` pixels, as `state` shows it, in the painter's
        theme and colour-blind aid (`TileArt.set_look` sets them)."""
        shown = pygame.display.get_surface() is not None  # its images are converted for it
        key = (self.fonts.folder, self.theme, self.colour_blind, shown, tile, side, up, rot, state)
        image = _PAINTED.get(key)
        if image is None:
            image = _PAINTED[key] = self._render(tile, side, up, rot, state)
            INKED[image] = image.get_bounding_rect()
        return image

    def value_font(self, side: int) -> pygame.font.Font:
        """The font of the values on a tile of `side` pixels."""
        return self.fonts.get(round(side * DIGIT_SHARE), "bold")

    def digit_height(self, side: int) -> int:
        """How tall (pixel rows) the values stand on a tile of `side` pixels."""
        key = (self.fonts.folder, round(side * DIGIT_SHARE))
        height = _DIGIT_HEIGHTS.get(key)
        if height is None:
            value = self.value_font(side).render("10", True, (0, 0, 0))
            height = _DIGIT_HEIGHTS[key] = value.get_bounding_rect().height
        return height

    def _render(
        self, tile: TileId, side: int, up: bool, rot: int, state: TileState
    ) -> pygame.Surface:
        size = image_size(side)
        image = pygame.Surface(size, pygame.SRCALPHA)
        if state not in (TileState.GHOST, TileState.ILLEGAL):
            image.blit(drop_shadow(side, up, lifted=state is TileState.HOVERED), (0, 0))
        glow = {
            TileState.SELECTED: PALETTE.gold,
            TileState.LAST: (255, 255, 255),
            TileState.ILLEGAL: PALETTE.danger,
            TileState.HOVERED: (255, 250, 230),
        }
        strong = state is not TileState.HOVERED
        if state in glow:
            image.blit(soft_glow(side, up, tuple(glow[state]), strong), (0, 0))
        k = SUPERSAMPLE
        body = pygame.Surface((size[0] * k, size[1] * k), pygame.SRCALPHA)
        centre = (size[0] * k / 2, size[1] * k / 2)
        corners = triangle_points(side * k, up, centre)
        radius = side * k * 0.07
        if state in glow and strong:
            ring = _scaled(corners, 1.055, _centroid(corners))
            _rounded_triangle(body, (*glow[state], 255), ring, radius * 1.1)
        if state is TileState.FACE_DOWN:
            self._draw_back(body, corners, radius)
        else:
            self._draw_face(body, corners, radius, rot)
        if state is TileState.HOVERED:
            body.fill((22, 22, 16, 0), special_flags=pygame.BLEND_RGBA_ADD)
        elif state is TileState.ILLEGAL:
            tint = pygame.Surface(body.get_size(), pygame.SRCALPHA)
            _rounded_triangle(tint, (*PALETTE.danger, 110), corners, radius)
            body.blit(tint, (0, 0))
        image.blit(pygame.transform.smoothscale(body, size), (0, 0))
        if state is not TileState.FACE_DOWN:
            self._draw_values(image, tile, side, up, rot)
        if state in (TileState.GHOST, TileState.ILLEGAL):
            image.fill((255, 255, 255, 165), special_flags=pygame.BLEND_RGBA_MULT)
        elif state is TileState.MUTED:
            image.fill((150, 150, 150), special_flags=pygame.BLEND_RGB_MULT)
        return image.convert_alpha() if pygame.display.get_surface() else image

    def _draw_face(
        self, body: pygame.Surface, corners: list[Point], radius: float, rot: int
    ) -> None:
        """Rim, bands and centre; the values are drawn after scaling (`_draw_values`)."""
        centre = _centroid(corners)
        _rounded_triangle(body, PALETTE.ivory, corners, radius)
        rim = 0.94
        inner_corners = _scaled(corners, rim, centre)
        bands = pygame.Surface(body.get_size(), pygame.SRCALPHA)
        edges = self._edges(inner_corners)
        for side_index, (a, b) in enumerate(edges):
            colour = self.theme.edge_colours[side_colour(side_index, rot)]
            pygame.draw.polygon(bands, colour, [a, b, centre])
        core = _scaled(inner_corners, CORE, centre)
        pygame.draw.polygon(bands, PALETTE.ivory, core)
        line = max(1, round(radius * 0.22))
        for corner, core_corner in zip(inner_corners, core, strict=True):
            pygame.draw.line(bands, PALETTE.ivory, corner, core_corner, line)
        if self.colour_blind:
            self._draw_symbols(bands, edges, centre, rot)
        mask = pygame.Surface(body.get_size(), pygame.SRCALPHA)
        _rounded_triangle(mask, (255, 255, 255, 255), inner_corners, radius * rim)
        bands.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        body.blit(bands, (0, 0))

    @staticmethod
    def _edges(corners: list[Point]) -> list[tuple[Point, Point]]:
        """End points of sides 0, 1, 2 for corners given apex first, anticlockwise."""
        apex, second, third = corners
        return [(second, third), (third, apex), (apex, second)]

    @staticmethod
    def _band_point(
        edge: tuple[Point, Point], centre: Point, depth: float, along: float = 0.0
    ) -> Point:
        """A point `depth` of the way from the edge's middle to the centre, moved `along`."""
        (ax, ay), (bx, by) = edge
        mx, my = (ax + bx) / 2, (ay + by) / 2
        x = mx + (centre[0] - mx) * depth + (bx - ax) * along
        y = my + (centre[1] - my) * depth + (by - ay) * along
        return (x, y)

    def _draw_symbols(
        self, bands: pygame.Surface, edges: list[tuple[Point, Point]], centre: Point, rot: int
    ) -> None:
        """Colour-blind aid: a white symbol either side of each value."""
        size = math.dist(*edges[0]) * 0.045
        for side_index, edge in enumerate(edges):
            shape = COLOUR_SYMBOLS[side_colour(side_index, rot)]
            for apart in (-SYMBOL_APART, SYMBOL_APART):
                along = VALUE_ALONG[side_index] + apart
                x, y = self._band_point(edge, centre, VALUE_DEPTH * 0.7, along)
                self._draw_symbol(bands, shape, (x, y), size)

    @staticmethod
    def _draw_symbol(surface: pygame.Surface, shape: str, at: Point, size: float) -> None:
        x, y = at
        white = (255, 255, 255)
        if shape == "circle":
            pygame.draw.circle(surface, white, at, size)
        elif shape == "square":
            pygame.draw.rect(surface, white, pygame.FRect(x - size, y - size, 2 * size, 2 * size))
        else:
            s = size * 1.35
            pygame.draw.polygon(surface, white, [(x, y - s), (x + s, y), (x, y + s), (x - s, y)])

    def _draw_values(
        self, image: pygame.Surface, tile: TileId, side: int, up: bool, rot: int
    ) -> None:
        centre_box = (image.get_width() / 2, image.get_height() / 2)
        corners = triangle_points(side * 0.94, up, centre_box)
        centre = _centroid(corners)
        font = self.value_font(side)
        for side_index, edge in enumerate(self._edges(corners)):
            colour_index = side_colour(side_index, rot)
            value = TILE_VALUES[tile][colour_index]
            band = self.theme.edge_colours[colour_index]
            ink = PALETTE.ink if _luminance(band) > 0.56 else (255, 255, 255)
            glyphs = font.render(str(value), True, ink)
            bounds = glyphs.get_bounding_rect()
            x, y = self._band_point(edge, centre, VALUE_DEPTH, VALUE_ALONG[side_index])
            target = bounds.copy()
            target.center = (round(x), round(y))
            if ink != PALETTE.ink:
                shade = font.render(str(value), True, (0, 0, 0))
                shade.set_alpha(90)
                image.blit(shade, target.move(0, max(1, side // 60)), bounds)
            image.blit(glyphs, target, bounds)

    @staticmethod
    def _draw_back(body: pygame.Surface, corners: list[Point], radius: float) -> None:
        centre = _centroid(corners)
        _rounded_triangle(body, PALETTE.tile_back_line, corners, radius)
        inner = _scaled(corners, 0.92, centre)
        _rounded_triangle(body, PALETTE.tile_back, inner, radius * 0.9)
        width = max(1, round(radius * 0.18))
        for factor in (0.72, 0.42):
            pygame.draw.polygon(
                body, PALETTE.tile_back_line, _scaled(corners, factor, centre), width
            )
        flipped = _scaled(corners, -0.36, centre)
        pygame.draw.polygon(body, PALETTE.tile_back_line, flipped, width)
        pygame.draw.circle(body, PALETTE.tile_back_line, centre, radius * 0.5)
