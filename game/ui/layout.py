"""Lattice <-> pixel layout of the triangular table surface, with pan and zoom.

World coordinates measure lengths in tile sides: cell `(q, r)` spans rows
`r*H .. (r+1)*H` (H = sqrt(3)/2) and its horizontal extent is centred on `x = q/2`.
An up cell has its apex at the top; a down cell its apex at the bottom (RULES.md
section 2). `LatticeView` maps world to screen with a scale (pixels per tile side) and
the screen position of the world origin; `ViewController` pans and zooms it from events.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable

import pygame

from game.rules.lattice import Cell, points_up
from game.ui.touch import TWO_FINGERS

ROW_HEIGHT = math.sqrt(3) / 2
"""Height of a cell, in tile sides."""

Point = tuple[float, float]


def point_in_triangle(p: Point, a: Point, b: Point, c: Point) -> bool:
    """True when `p` lies inside triangle abc or on its edges (either winding)."""
    px, py = p
    d1 = (px - b[0]) * (a[1] - b[1]) - (a[0] - b[0]) * (py - b[1])
    d2 = (px - c[0]) * (b[1] - c[1]) - (b[0] - c[0]) * (py - c[1])
    d3 = (px - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (py - a[1])
    has_negative = d1 < 0 or d2 < 0 or d3 < 0
    has_positive = d1 > 0 or d2 > 0 or d3 > 0
    return not (has_negative and has_positive)


def world_vertices(cell: Cell) -> tuple[Point, Point, Point]:
    """The cell's corners in world units, anticlockwise on screen, apex first."""
    q, r = cell
    x, top, bottom = q / 2, r * ROW_HEIGHT, (r + 1) * ROW_HEIGHT
    if points_up(cell):
        return ((x, top), (x - 0.5, bottom), (x + 0.5, bottom))
    return ((x, bottom), (x + 0.5, top), (x - 0.5, top))


def world_centroid(cell: Cell) -> Point:
    """The centre of the cell's triangle (where its three medians meet), in world units."""
    q, r = cell
    offset = 2 / 3 if points_up(cell) else 1 / 3
    return (q / 2, (r + offset) * ROW_HEIGHT)


def world_box_centre(cell: Cell) -> Point:
    """The centre of the cell's bounding box, in world units (tile images centre here)."""
    q, r = cell
    return (q / 2, (r + 0.5) * ROW_HEIGHT)


def world_cell_at(x: float, y: float) -> Cell:
    """The cell containing world point (x, y); on a shared edge, one of the two."""
    r = math.floor(y / ROW_HEIGHT)
    guess = math.floor(2 * x)
    for q in (guess, guess + 1, guess - 1, guess + 2):
        if point_in_triangle((x, y), *world_vertices((q, r))):
            return (q, r)
    return (round(2 * x), r)  # unreachable in exact arithmetic; guards float noise


class LatticeView:
    """World <-> screen mapping of the lattice: a scale and an origin, pannable, zoomable."""

    def __init__(
        self,
        side: float = 80.0,
        origin: Point = (0.0, 0.0),
        min_side: float = 24.0,
        max_side: float = 180.0,
    ) -> None:
        self.side = side
        self.origin = origin
        self.min_side = min_side
        self.max_side = max_side

    def to_screen(self, point: Point) -> Point:
        return (self.origin[0] + point[0] * self.side, self.origin[1] + point[1] * self.side)

    def to_world(self, point: Point) -> Point:
        return ((point[0] - self.origin[0]) / self.side, (point[1] - self.origin[1]) / self.side)

    def cell_vertices(self, cell: Cell) -> tuple[Point, Point, Point]:
        """The cell's three corners on screen."""
        a, b, c = world_vertices(cell)
        return (self.to_screen(a), self.to_screen(b), self.to_screen(c))

    def cell_centre(self, cell: Cell) -> Point:
        """The centroid of the cell's triangle on screen (labels and markers go here)."""
        return self.to_screen(world_centroid(cell))

    def cell_box_centre(self, cell: Cell) -> Point:
        """The centre of the cell's bounding box on screen (tile sprites centre here)."""
        return self.to_screen(world_box_centre(cell))

    def side_midpoint(self, cell: Cell, side: int) -> Point:
        """The middle of one side of a cell on screen (contacts light up here)."""
        a, b = cell_side_edges(cell)[side]
        return (
            (a[0] + b[0]) / 2 * self.side + self.origin[0],
            (a[1] + b[1]) / 2 * self.side + self.origin[1],
        )

    def cell_at(self, point: Point) -> Cell:
        """The cell under a screen point (exact triangle test)."""
        return world_cell_at(*self.to_world(point))

    def contains(self, cell: Cell, point: Point) -> bool:
        """True when the screen point lies in (or on the edge of) the cell."""
        return point_in_triangle(point, *self.cell_vertices(cell))

    def pan(self, dx: float, dy: float) -> None:
        self.origin = (self.origin[0] + dx, self.origin[1] + dy)

    def zoom_at(self, factor: float, anchor: Point) -> None:
        """Scale by `factor` (clamped) keeping the world point under `anchor` still."""
        world = self.to_world(anchor)
        self.side = min(self.max_side, max(self.min_side, self.side * factor))
        self.origin = (anchor[0] - world[0] * self.side, anchor[1] - world[1] * self.side)

    def fit(
        self, cells: Iterable[Cell], rect: pygame.Rect | pygame.FRect, margin: float = 0.5
    ) -> None:
        """Centre `cells` in `rect`, as large as fits with `margin` tile sides around."""
        points = [v for cell in cells for v in world_vertices(cell)] or list(world_vertices((0, 0)))
        left = min(p[0] for p in points) - margin
        right = max(p[0] for p in points) + margin
        top = min(p[1] for p in points) - margin
        bottom = max(p[1] for p in points) + margin
        side = min(rect.width / (right - left), rect.height / (bottom - top))
        self.side = min(self.max_side, max(self.min_side, side))
        centre = ((left + right) / 2, (top + bottom) / 2)
        self.origin = (rect.centerx - centre[0] * self.side, rect.centery - centre[1] * self.side)


def cell_side_edges(cell: Cell) -> tuple[tuple[Point, Point], ...]:
    """World end points of sides 0, 1, 2 of `cell` (RULES.md numbering).

    With the corners apex-first and anticlockwise, side 0 (the horizontal one) joins the
    second and third corners, side 1 the third and the apex, side 2 the apex and second.
    """
    apex, second, third = world_vertices(cell)
    return ((second, third), (third, apex), (apex, second))


PAN_STEP = 48
ZOOM_STEP = 1.15


class ViewController:
    """Pans (drag the background, arrow keys, two fingers) and zooms (wheel, +/-, a
    pinch on a touch screen) a `LatticeView`.

    `is_background(pos)` tells whether a press at `pos` may start a drag (a press on a
    tile should not); `area` is the part of the screen the view occupies.
    """

    def __init__(
        self,
        view: LatticeView,
        area: pygame.Rect,
        is_background: Callable[[Point], bool] = lambda _pos: True,
    ) -> None:
        self.view = view
        self.area = area
        self.is_background = is_background
        self.dragging = False

    def handle_event(self, event: pygame.Event) -> bool:
        """Pan or zoom for this event; True when it was used."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.area.collidepoint(event.pos) and self.is_background(event.pos):
                self.dragging = True
                return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            return True
        elif event.type == pygame.MOUSEMOTION and self.dragging:
            self.view.pan(*event.rel)
            return True
        elif event.type == pygame.MOUSEWHEEL:
            pos = pygame.mouse.get_pos()
            anchor = pos if self.area.collidepoint(pos) else self.area.center
            self.view.zoom_at(ZOOM_STEP**event.y, anchor)
            return True
        elif event.type == TWO_FINGERS:
            anchor = event.pos if self.area.collidepoint(event.pos) else self.area.center
            self.view.pan(*event.rel)
            self.view.zoom_at(event.scale, anchor)
            return True
        elif event.type == pygame.KEYDOWN:
            return self._handle_key(event.key)
        return False

    def _handle_key(self, key: int) -> bool:
        pans = {
            pygame.K_LEFT: (PAN_STEP, 0),
            pygame.K_RIGHT: (-PAN_STEP, 0),
            pygame.K_UP: (0, PAN_STEP),
            pygame.K_DOWN: (0, -PAN_STEP),
        }
        if key in pans:
            self.view.pan(*pans[key])
            return True
        if key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.view.zoom_at(ZOOM_STEP, self.area.center)
            return True
        if key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.view.zoom_at(1 / ZOOM_STEP, self.area.center)
            return True
        return False
