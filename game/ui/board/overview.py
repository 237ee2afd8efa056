"""The camera's button in a corner of the board: while part of the figure lies off the
board, a small overview of the whole figure (the part shown outlined) that shows it
whole when clicked; while the whole figure is shown, as asked, too small to read, a
button back to following play. And the pointers at the board's edge to marks that lie
off it."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

import pygame

from game.i18n import _
from game.rules.lattice import Cell
from game.ui.layout import LatticeView, Point, world_vertices
from game.ui.painting import Ui, blit_text, draw_panel
from game.ui.theme import PALETTE, Colour

OVERVIEW: Final = (170, 100)
"""The largest the overview's figure may be (design pixels)."""
POINTER: Final = 13
"""The size of a pointer at the board's edge (design pixels)."""
PANEL_ALPHA: Final = 240
"""The camera's button is nearly opaque: the tiles under it would blur its picture."""
RIM: Final = (12, 16, 14)
OFF_BOARD: Final = (78, 104, 88)
"""The overview's tiles that lie off the board: darker than those on it."""


def camera_label(shrunk: bool) -> str:
    """What the camera's button says: back to following play, or the whole figure."""
    return _("Close-up (F)") if shrunk else _("Whole figure (F)")


def overview_box(
    ui: Ui,
    area: pygame.Rect,
    keep_clear: Sequence[pygame.Rect],
    tiles: Sequence[Cell],
    away_from: Point,
) -> pygame.Rect:
    """Where the overview of `tiles` goes: its figure at most `OVERVIEW` large with the
    label under it, in the corner of `area` farthest from `away_from` (where play is)
    and clear of `keep_clear`."""
    width, height = _extent(tiles)
    scale = min(ui.px(OVERVIEW[0]) / width, ui.px(OVERVIEW[1]) / height)
    label = ui.text(camera_label(False), 14, PALETTE.text, "bold")
    pad = ui.px(8)
    box = pygame.Rect(
        0,
        0,
        max(round(width * scale), label.get_width()) + 2 * pad,
        round(height * scale) + label.get_height() + 3 * pad,
    )
    return _corner(box, area.inflate(-ui.px(8), -ui.px(8)), keep_clear, away_from)


def button_box(
    ui: Ui, area: pygame.Rect, keep_clear: Sequence[pygame.Rect], away_from: Point
) -> pygame.Rect:
    """Where the button back to following play goes: a corner of `area`, as the overview."""
    label = ui.text(camera_label(True), 14, PALETTE.text, "bold")
    box = label.get_rect().inflate(ui.px(24), ui.px(14))
    return _corner(box, area.inflate(-ui.px(8), -ui.px(8)), keep_clear, away_from)


def _corner(
    box: pygame.Rect, area: pygame.Rect, keep_clear: Sequence[pygame.Rect], away_from: Point
) -> pygame.Rect:
    """`box` in the corner of `area` farthest from `away_from` that is clear of
    `keep_clear` (the bottom right one if none is)."""
    corners = []
    for corner in ("bottomright", "bottomleft", "topright", "topleft"):
        placed = box.copy()
        setattr(placed, corner, getattr(area, corner))
        if placed.collidelist(keep_clear) < 0:
            corners.append(placed)
    if not corners:
        box.bottomright = area.bottomright
        return box
    return max(corners, key=lambda placed: math.dist(placed.center, away_from))


def _bounds(tiles: Sequence[Cell]) -> tuple[float, float, float, float]:
    points = [v for cell in tiles for v in world_vertices(cell)] or list(world_vertices((0, 0)))
    xs, ys = [x for x, _y in points], [y for _x, y in points]
    return min(xs), min(ys), max(xs), max(ys)


def _extent(tiles: Sequence[Cell]) -> tuple[float, float]:
    left, top, right, bottom = _bounds(tiles)
    return right - left, bottom - top


def draw_overview(
    surface: pygame.Surface,
    ui: Ui,
    box: pygame.Rect,
    tiles: Sequence[Cell],
    last: Cell | None,
    view: LatticeView,
    area: pygame.Rect,
) -> None:
    """The overview in `box`: every tile a small triangle (the last one white, those off
    the board dim), the part of the figure the board shows (`area` on `view`) outlined
    in gold, the label under."""
    draw_panel(surface, box, ui, alpha=PANEL_ALPHA)
    pad = ui.px(8)
    label = ui.text(camera_label(False), 14, PALETTE.text, "bold")
    room = pygame.Rect(box.x + pad, box.y + pad, box.width - 2 * pad, box.height - 3 * pad)
    room.height -= label.get_height()
    left, top, right, bottom = _bounds(tiles)
    scale = min(room.width / (right - left), room.height / (bottom - top))
    ox = room.centerx - (left + right) / 2 * scale
    oy = room.centery - (top + bottom) / 2 * scale

    def at(point: Point) -> Point:
        return (ox + point[0] * scale, oy + point[1] * scale)

    for cell in tiles:
        shown_now = area.collidepoint(view.cell_centre(cell))
        colour = (255, 255, 255) if cell == last else PALETTE.text_dim if shown_now else OFF_BOARD
        pygame.draw.polygon(surface, colour, [at(v) for v in world_vertices(cell)])
    (wl, wt), (wr, wb) = view.to_world(area.topleft), view.to_world(area.bottomright)
    shown = pygame.Rect(at((wl, wt)), (0, 0))
    shown.width, shown.height = round((wr - wl) * scale), round((wb - wt) * scale)
    clip = surface.get_clip()
    surface.set_clip(box.inflate(-2, -2).clip(clip))
    pygame.draw.rect(surface, PALETTE.gold, shown, max(1, ui.px(2)))
    surface.set_clip(clip)
    blit_text(surface, label, (box.centerx, box.bottom - pad), "midbottom")


def draw_button(surface: pygame.Surface, ui: Ui, box: pygame.Rect) -> None:
    """The button back to following play."""
    draw_panel(surface, box, ui, alpha=PANEL_ALPHA)
    blit_text(surface, ui.text(camera_label(True), 14, PALETTE.text, "bold"), box.center)


def draw_pointer(
    surface: pygame.Surface, ui: Ui, area: pygame.Rect, target: Point, colour: Colour
) -> bool:
    """An arrow at the edge of `area` pointing to `target` when it lies off the area;
    False (nothing drawn) when it lies inside."""
    inside = area.inflate(-ui.px(4), -ui.px(4))
    if inside.collidepoint(target):
        return False
    cx, cy = area.center
    dx, dy = target[0] - cx, target[1] - cy
    edge = area.inflate(-ui.px(2 * POINTER), -ui.px(2 * POINTER))
    reach = min(
        (edge.width / 2) / abs(dx) if dx else math.inf,
        (edge.height / 2) / abs(dy) if dy else math.inf,
    )
    tip = (cx + dx * reach, cy + dy * reach)
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    size = ui.px(POINTER)
    back = (tip[0] - ux * size * 1.6, tip[1] - uy * size * 1.6)
    arrow = [
        (tip[0] + ux * size * 0.4, tip[1] + uy * size * 0.4),
        (back[0] - uy * size * 0.8, back[1] + ux * size * 0.8),
        (back[0] + uy * size * 0.8, back[1] - ux * size * 0.8),
    ]
    pygame.draw.polygon(surface, colour, arrow)
    pygame.draw.polygon(surface, RIM, arrow, max(1, ui.px(2)))
    return True
