"""The achievements' pictures, painted with the game's own tile art: a small figure of
real tiles (the three-sided fill, a hexagon, a band of seven, seven piles, the stock and
its discards, a calendar of tiles...) with the achievement's badge (50, 7, ★) in a
corner. Each picture is painted once per size and look and kept; an achievement not yet
earned is shown greyed.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Final

import pygame

from game.persist.achievement_list import Achievement
from game.rules.lattice import points_up
from game.rules.tiles import ALL_TILES, TileId, parse_tile
from game.ui.layout import ROW_HEIGHT, Point, world_box_centre
from game.ui.theme import PALETTE
from game.ui.tiles.art import TileArt
from game.ui.tiles.examples import HEXAGON_CELLS, THREE_SIDED, contact_pair, figure_on, two_sided
from game.ui.tiles.image import TileState

Item = tuple[TileId | None, Point, bool]
"""One tile of a picture: the tile (None: face down), its centre in tile sides, and
whether it points up."""
PictureKey = tuple[str, str, int, str, bool, bool]
"""A picture kept: its figure, its badge, its size, the look (theme, colour-blind aid)
and whether it is earned (else greyed)."""
FACE_DOWN: Final = None
MARGIN: Final = 0.08
"""The share of a picture's side left clear round its figure."""


def _placed(placements: tuple[tuple[TileId, tuple[int, int], int], ...]) -> list[Item]:
    return [(tile, world_box_centre(cell), points_up(cell)) for tile, cell, _rot in placements]


def _rows(*lengths: int) -> list[Item]:
    """Rows of cells, one under the other, the tiles fitting each other: `count` tiles
    in a square picture's shape."""
    return _placed(
        figure_on(tuple((q, r) for r, length in enumerate(lengths) for q in range(length)))
    )


def _calendar() -> list[Item]:
    """Five weeks of seven cells: the days, the upward tiles face up."""
    items: list[Item] = []
    faces = iter(ALL_TILES)
    for r in range(5):
        for q in range(7):
            cell = (q, r)
            up = points_up(cell)
            items.append((next(faces) if up else FACE_DOWN, world_box_centre(cell), up))
    return items


def _piles() -> list[Item]:
    """Seven piles in two rows, two tiles face down under each top tile."""
    tops = [parse_tile(name) for name in ("03-04-05", "02-09-10", "05-06-07", "08-09-10")]
    items: list[Item] = []
    for pile in range(7):
        x, y = (pile * 0.9, 0.0) if pile < 4 else ((pile - 3.5) * 0.9, 1.25)
        items.extend((FACE_DOWN, (x, y - depth * 0.2), True) for depth in (2, 1))
        items.append((tops[pile % len(tops)], (x, y), True))
    return items


def _stock() -> list[Item]:
    """Draw solitaire: the stock face down and the discard pile fanned below it."""
    discards = [parse_tile(name) for name in ("01-05-06", "07-08-09", "04-05-02")]
    items: list[Item] = [(FACE_DOWN, (0.0, 0.0), True)]
    items.extend((tile, (0.3 + index * 0.45, 1.0), True) for index, tile in enumerate(discards))
    return items


FIGURES: Final[dict[str, Callable[[], list[Item]]]] = {
    "single": lambda: [(parse_tile("08-09-10"), (0.0, 0.0), True)],
    "pair": lambda: _placed(contact_pair(True)),
    "fill": lambda: _placed(THREE_SIDED),
    "chain": lambda: _placed(two_sided()),
    "hexagon": lambda: _placed(figure_on(HEXAGON_CELLS)),
    "four": lambda: _rows(4),
    "seven": lambda: _rows(4, 3),
    "ten": lambda: _rows(5, 5),
    "calendar": _calendar,
    "piles": _piles,
    "stock": _stock,
}
"""Each picture's figure, by the name an achievement gives."""


class AchievementArt:
    """Paints and keeps the pictures, in the tile art's look."""

    def __init__(self, art: TileArt) -> None:
        self.art = art
        self._pictures: dict[PictureKey, pygame.Surface] = {}
        self._frame = -1
        self._budget_left = math.inf

    def picture(self, achievement: Achievement, size: int, earned: bool) -> pygame.Surface:
        """`achievement`'s picture, `size` pixels square (greyed when not `earned`)."""
        key = self._key(achievement, size, earned)
        picture = self._pictures.get(key)
        if picture is None:
            picture = self._paint(achievement, size)
            if not earned:
                picture = _greyed(picture)
            self._pictures[key] = picture
        return picture

    def picture_in_time(
        self, achievement: Achievement, size: int, earned: bool, frame: int
    ) -> pygame.Surface | None:
        """The picture, painted now if frame `frame` still has time for it (the tile
        art's drawing budget, `TileArt.frame_budget_s`); else None, for a later frame:
        a screen of many pictures opens at once and fills them in."""
        if frame != self._frame:
            self._frame = frame
            budget = self.art.frame_budget_s
            self._budget_left = math.inf if budget is None else budget
        if self._key(achievement, size, earned) not in self._pictures and self._budget_left <= 0:
            return None
        started = time.perf_counter()
        picture = self.picture(achievement, size, earned)
        self._budget_left -= time.perf_counter() - started
        return picture

    def _key(self, achievement: Achievement, size: int, earned: bool) -> PictureKey:
        look = (self.art.theme.key, self.art.colour_blind)
        return (achievement.picture, achievement.badge, size, *look, earned)

    def _paint(self, achievement: Achievement, size: int) -> pygame.Surface:
        items = FIGURES[achievement.picture]()
        half_h = ROW_HEIGHT / 2
        left = min(x for _tile, (x, _y), _up in items) - 0.5
        right = max(x for _tile, (x, _y), _up in items) + 0.5
        top = min(y for _tile, (_x, y), _up in items) - half_h
        bottom = max(y for _tile, (_x, y), _up in items) + half_h
        room = size * (1 - 2 * MARGIN)
        side = max(4, math.floor(room / max(right - left, bottom - top)))
        middle = ((left + right) / 2, (top + bottom) / 2)
        picture = pygame.Surface((size, size), pygame.SRCALPHA)
        painter = self.art.painter
        for tile, (x, y), up in items:
            state = TileState.NORMAL if tile is not None else TileState.FACE_DOWN
            image = painter.paint(-1 if tile is None else tile, side, up, 0, state)
            centre = (size / 2 + (x - middle[0]) * side, size / 2 + (y - middle[1]) * side)
            picture.blit(image, image.get_rect(center=(round(centre[0]), round(centre[1]))))
        if achievement.badge:
            self._draw_badge(picture, achievement.badge)
        return picture

    def _draw_badge(self, picture: pygame.Surface, badge: str) -> None:
        """The badge in a dark round disc at the picture's lower right."""
        size = picture.get_width()
        height = max(8, round(size * (0.2 if len(badge) < 3 else 0.16)))
        text = self.art.fonts.get(height, "bold").render(badge, True, PALETTE.gold)
        radius = max(text.get_width(), text.get_height()) // 2 + max(2, size // 30)
        centre = (size - radius - 1, size - radius - 1)
        pygame.draw.circle(picture, (12, 26, 18), centre, radius)
        pygame.draw.circle(picture, PALETTE.gold_dark, centre, radius, max(1, size // 48))
        picture.blit(text, text.get_rect(center=centre))


def _greyed(picture: pygame.Surface) -> pygame.Surface:
    """A picture greyed and dimmed: what is still to earn."""
    grey = pygame.transform.grayscale(picture)
    grey.fill((150, 150, 150, 170), special_flags=pygame.BLEND_RGBA_MULT)
    return grey
