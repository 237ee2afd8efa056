"""A won solitaire celebrates: a wave of light runs over the figure from the first tile
outwards, each tile swelling in a gold outline in turn, twice. Drawing only reads the
board; `update` runs the clock."""

from __future__ import annotations

import math
from typing import Final

import pygame

from game.rules.lattice import Cell, points_up
from game.ui.board.board import Board
from game.ui.board.marks import TILE_GAP
from game.ui.painting import Ui
from game.ui.theme import PALETTE
from game.ui.tiles.image import triangle_points

WAVE_STAGGER_S: Final = 0.045
"""Time between two neighbouring tiles lighting up."""
GLOW_S: Final = 0.7
"""How long one tile glows."""
WAVES: Final = 2


class Celebration:
    """The wave of light over a won figure."""

    def __init__(self) -> None:
        self.cells: list[Cell] = []
        self.elapsed = 0.0

    @property
    def active(self) -> bool:
        return bool(self.cells) and self.elapsed < self._length

    @property
    def _length(self) -> float:
        return WAVES * (WAVE_STAGGER_S * len(self.cells) + GLOW_S)

    def start(self, cells: list[Cell]) -> None:
        """Celebrate the figure of `cells`, nearest the first tile first."""
        self.cells = sorted(cells, key=lambda c: (abs(c[0]) + abs(c[1]), c))
        self.elapsed = 0.0

    def stop(self) -> None:
        self.cells = []

    def update(self, dt: float) -> None:
        if self.cells:
            self.elapsed += dt

    def draw(self, surface: pygame.Surface, board: Board, ui: Ui) -> None:
        if not self.active:
            return
        wave_s = WAVE_STAGGER_S * len(self.cells) + GLOW_S
        t_wave = self.elapsed % wave_s
        side = board.view.side * TILE_GAP
        for index, cell in enumerate(self.cells):
            t = (t_wave - index * WAVE_STAGGER_S) / GLOW_S
            if not 0 <= t < 1:
                continue
            glow = math.sin(math.pi * t)
            corners = triangle_points(
                side * (1.0 + 0.12 * glow), points_up(cell), board.view.cell_box_centre(cell)
            )
            pygame.draw.polygon(surface, PALETTE.gold, corners, max(2, round(ui.px(6) * glow)))
