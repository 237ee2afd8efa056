"""Tile art drawn by code: rendered once per look and cached, never per frame.

`TileArt` keeps each image (painted by `image.TilePainter`) under (tile, side,
theme, colour-blind aid, up/down, rotation, state), draws images asked for ahead of need
in spare moments, and within a frame's drawing budget shows an image scaled from another
size until the real one is drawn. `triangle_points` gives the triangle inside an image.
"""

from __future__ import annotations

import math
import statistics
import time
from typing import Final

import pygame

from game.rules.tiles import TileId
from game.ui.theme import Fonts, Theme
from game.ui.tiles.image import TilePainter, TileState, image_size

ArtKey = tuple[int, int, str, bool, bool, int, TileState]
PAINT_GUESS_S: Final = 0.004
"""How long drawing one tile image takes, until some have been drawn ahead."""
PAINTS_KEPT: Final = 8


class TileArt:
    """Renders and caches tile images for the current theme and colour-blind aid."""

    def __init__(self, fonts: Fonts, theme: Theme, colour_blind: bool = False) -> None:
        self.fonts = fonts
        self.theme = theme
        self.colour_blind = colour_blind
        self._cache: dict[ArtKey, pygame.Surface] = {}
        self._prepared: dict[ArtKey, None] = {}
        """Keys asked for ahead of need, oldest first (a dict keeps order, drops repeats)."""
        self._stand_ins: dict[ArtKey, pygame.Surface] = {}
        """Images scaled from another size, shown until the real one is drawn."""
        self._sides: dict[tuple[int, str, bool, bool, int, TileState], set[int]] = {}
        """The sizes each look of each tile has been drawn at (to scale a stand-in from)."""
        self.frame_budget_s: float | None = None
        """Drawing time a frame may spend on new images (None: no limit); past it, an
        image is scaled from another size and drawn properly in a later frame."""
        self._budget_left = math.inf
        self.generation = 0
        """Counts the stand-ins replaced by their real images (sprites look again)."""
        self.painter = TilePainter(fonts, theme, colour_blind)
        self._paints = [PAINT_GUESS_S] * PAINTS_KEPT
        """How long the last images drawn ahead took."""
        self.hits = 0
        self.misses = 0

    def set_look(self, theme: Theme, colour_blind: bool) -> None:
        """Switch theme or colour-blind aid; earlier images stay cached."""
        self.theme = self.painter.theme = theme
        self.colour_blind = self.painter.colour_blind = colour_blind

    def image(
        self,
        tile: TileId,
        side: int,
        up: bool = True,
        rot: int = 0,
        state: TileState = TileState.NORMAL,
    ) -> pygame.Surface:
        """The cached image of `tile` (any id for a face-down tile) at `side` pixels."""
        key = self._key(tile, side, up, rot, state)
        surface = self._cache.get(key)
        if surface is not None:
            self.hits += 1
            return surface
        if self._budget_left <= 0:
            stand_in = self._stand_in(key)
            if stand_in is not None:
                return stand_in
        self.misses += 1
        started = time.perf_counter()
        surface = self._store(key)
        self._budget_left -= time.perf_counter() - started
        return surface

    def begin_frame(self) -> None:
        """A new frame: its budget for drawing new images starts afresh."""
        self._budget_left = math.inf if self.frame_budget_s is None else self.frame_budget_s

    def refine(self) -> None:
        """Draw real images in place of stand-ins while this frame's budget lasts."""
        while self._stand_ins and self._budget_left > 0:
            key = next(iter(self._stand_ins))
            started = time.perf_counter()
            if key[2:4] == (self.theme.key, self.colour_blind):
                self._store(key)
            else:
                del self._stand_ins[key]
            self._budget_left -= time.perf_counter() - started

    @property
    def refining(self) -> bool:
        """Whether images scaled for the moment wait for their real ones (`refine`)."""
        return bool(self._stand_ins)

    @property
    def ahead(self) -> bool:
        """Whether images asked for ahead wait to be drawn (`draw_ahead`)."""
        return bool(self._prepared)

    def draw_ahead(self, until: float, least: int = 0) -> None:
        """Draw images asked for ahead, oldest first: `least` of them, then each only if
        a typical one (the median of the last few) ends before `until` (a
        `time.perf_counter()` reading), so that no frame waits for them."""
        drawn = 0
        while self._prepared:
            typical = statistics.median(self._paints)
            if drawn >= least and time.perf_counter() + typical >= until:
                return
            started = time.perf_counter()
            if not self.render_prepared(1):
                return
            drawn += 1
            self._paints = [*self._paints[1:], time.perf_counter() - started]

    def is_drawn(
        self,
        tile: TileId,
        side: int,
        up: bool = True,
        rot: int = 0,
        state: TileState = TileState.NORMAL,
    ) -> bool:
        """Whether the real image is there (not a stand-in scaled from another size)."""
        return self._key(tile, side, up, rot, state) in self._cache

    def _store(self, key: ArtKey) -> pygame.Surface:
        surface = self.painter.paint(*self._drawn(key))
        self._cache[key] = surface
        tile, side, theme, colour_blind, up, rot, state = key
        self._sides.setdefault((tile, theme, colour_blind, up, rot, state), set()).add(side)
        if self._stand_ins.pop(key, None) is not None:
            self.generation += 1
        return surface

    def _stand_in(self, key: ArtKey) -> pygame.Surface | None:
        """The image of `key` scaled from the nearest size drawn (the real one is asked
        for), or None when no size of it has been drawn yet."""
        stand_in = self._stand_ins.get(key)
        if stand_in is not None:
            return stand_in
        tile, side, theme, colour_blind, up, rot, state = key
        sides = self._sides.get((tile, theme, colour_blind, up, rot, state))
        if not sides:
            return None
        nearest = min(sides, key=lambda drawn: abs(drawn - side))
        source = self._cache[(tile, nearest, theme, colour_blind, up, rot, state)]
        stand_in = pygame.transform.smoothscale(source, image_size(side))
        self._stand_ins[key] = stand_in
        self._prepared[key] = None
        return stand_in

    def prepare(
        self,
        tile: TileId,
        side: int,
        up: bool = True,
        rot: int = 0,
        state: TileState = TileState.NORMAL,
    ) -> None:
        """Ask for an image that will probably be wanted soon: `draw_ahead` draws it in a
        spare moment, so that the frame which shows it first does not pay for it."""
        key = self._key(tile, side, up, rot, state)
        if key not in self._cache:
            self._prepared[key] = None

    def render_prepared(self, count: int = 1) -> int:
        """Draw up to `count` of the prepared images (oldest first); returns how many."""
        drawn = 0
        while drawn < count and self._prepared:
            key = next(iter(self._prepared))
            del self._prepared[key]
            look_now = (self.theme.key, self.colour_blind)
            if key in self._cache or key[2:4] != look_now:
                continue
            self._store(key)
            drawn += 1
        return drawn

    def _key(self, tile: TileId, side: int, up: bool, rot: int, state: TileState) -> ArtKey:
        if state is TileState.FACE_DOWN:
            tile, rot = -1, 0
        return (tile, side, self.theme.key, self.colour_blind, up, rot, state)

    @staticmethod
    def _drawn(key: ArtKey) -> tuple[TileId, int, bool, int, TileState]:
        """What `TilePainter.paint` draws for a cache key, past the look."""
        tile, side, _theme, _colour_blind, up, rot, state = key
        return tile, side, up, rot, state

    def __len__(self) -> int:
        return len(self._cache)
