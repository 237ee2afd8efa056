"""Fitting a figure to a board: the largest of a few tile sizes (a ladder) at which some
cells show in an area, centred there and clear of the corners the screen keeps for its
words (a table's share code, its stock)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import pygame

from game.rules.lattice import Cell
from game.ui.layout import Point, world_vertices


@dataclass(frozen=True)
class Fit:
    """A view: pixels a tile side, and where the world's origin lies on screen."""

    side: float
    origin: Point


def fitted(
    cells: Iterable[Cell],
    area: pygame.Rect,
    ladder: Sequence[int],
    margin: float = 0.2,
    largest: float | None = None,
    keep_clear: Sequence[pygame.Rect] = (),
) -> Fit:
    """`cells` centred in `area` at the largest `ladder` side (no larger than `largest`)
    that shows them with `margin` tile sides around and covers none of `keep_clear`:
    centred in the whole area when that keeps them clear, else in the part of it beside
    or below what is kept clear that lets them be largest."""
    points = [v for cell in cells for v in world_vertices(cell)] or list(world_vertices((0, 0)))
    left, right = min(p[0] for p in points) - margin, max(p[0] for p in points) + margin
    top, bottom = min(p[1] for p in points) - margin, max(p[1] for p in points) + margin
    corners = [rect for rect in keep_clear if rect.colliderect(area)]
    middle = ((left + right) / 2, (top + bottom) / 2)
    best: Fit | None = None
    for room in _rooms(area, corners):
        for side in sorted(ladder, reverse=True):
            too_large = largest is not None and side > largest
            if too_large or (best is not None and side <= best.side):
                continue
            shown = pygame.Rect(0, 0, round((right - left) * side), round((bottom - top) * side))
            if shown.width > room.width or shown.height > room.height:
                continue
            shown.center = room.center
            if shown.inflate(2, 2).collidelist(corners) < 0:  # clear of rounding too
                best = _centred(middle, side, room)
                break
    return best or _centred(middle, min(ladder), area)


def _centred(middle: Point, side: float, room: pygame.Rect) -> Fit:
    """The view at `side` that puts the world point `middle` at `room`'s centre."""
    return Fit(side, (room.centerx - middle[0] * side, room.centery - middle[1] * side))


def _rooms(area: pygame.Rect, corners: Sequence[pygame.Rect]) -> list[pygame.Rect]:
    """The whole `area` first, then each part of it left beside, below or above each of
    `corners` (and beside those again for the next corner)."""
    rooms = [area]
    for corner in corners:
        cuts = []
        for room in rooms:
            for part in (
                pygame.Rect(room.x, corner.bottom, room.width, room.bottom - corner.bottom),
                pygame.Rect(room.x, room.y, room.width, corner.top - room.y),
                pygame.Rect(corner.right, room.y, room.right - corner.right, room.height),
                pygame.Rect(room.x, room.y, corner.left - room.x, room.height),
            ):
                part = part.clip(room)
                if part.width > 0 and part.height > 0:
                    cuts.append(part)
        rooms += cuts
    return rooms


def framed(fit: Fit, figure: Iterable[Cell], focus: Iterable[Cell], area: pygame.Rect) -> Fit:
    """`fit` moved so that `figure`, where it is larger than `area`, leaves no empty band
    on one side while it is cut on the other (and is centred where it is not), with
    `focus` kept in view."""
    origin = list(fit.origin)
    for axis, (low, high) in enumerate(((area.left, area.right), (area.top, area.bottom))):
        shown = _extent(fit, figure, axis)
        kept = _extent(fit, focus, axis)
        if shown[1] - shown[0] <= high - low:
            move = (low + high) / 2 - (shown[0] + shown[1]) / 2
        else:
            move = min(max(0.0, high - shown[1]), low - shown[0])
        if kept[1] - kept[0] <= high - low:
            move = min(max(move, low - kept[0]), high - kept[1])
        origin[axis] += move
    return Fit(fit.side, (origin[0], origin[1]))


def _extent(fit: Fit, cells: Iterable[Cell], axis: int) -> tuple[float, float]:
    """From where to where `cells` reach on screen along `axis` (0: across, 1: down)."""
    ends = [fit.origin[axis] + v[axis] * fit.side for cell in cells for v in world_vertices(cell)]
    return (min(ends), max(ends)) if ends else (fit.origin[axis], fit.origin[axis])
