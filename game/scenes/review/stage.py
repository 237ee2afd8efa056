"""The replay's figure: the board with the position's tiles, the placed tile sliding in
from the panel and its contacts lighting up as it lands. `ReplayStage` makes the sprites
again for each position and draws the figure's layers; it shows the replay and decides
nothing."""

from __future__ import annotations

from collections.abc import Collection, Sequence

import pygame

from game.rules.figure import Figure
from game.rules.lattice import Cell
from game.rules.results import MoveResult
from game.ui.board.board import FIGURE_LAYER, GLIDE_S, Board
from game.ui.board.contacts import ContactAnimator
from game.ui.layout import Point
from game.ui.painting import Ui
from game.ui.tiles.art import TileArt
from game.ui.tiles.sprites import TileLayer
from game.ui.tween import Tweens


class ReplayStage:
    """The board, its tiles, the tile in flight and the contact effects."""

    def __init__(self, ui: Ui, art: TileArt, speed: str) -> None:
        self.tiles = TileLayer()
        self.board = Board(ui, art, self.tiles)
        self.animator = ContactAnimator(ui, self.board, art.theme.edge_colours)
        self.flying = TileLayer()
        """The placed tile while it slides to its cell (drawn over the panel, unclipped)."""
        self.tweens = Tweens(speed)
        self.board.pace = self.tweens
        self.animator.set_factor(self.tweens.factor)

    def set_look(self, speed: str, art: TileArt) -> None:
        """The animation speed or the tile colours changed in the settings."""
        self.tweens.set_speed(speed)
        self.animator.set_factor(self.tweens.factor)
        self.animator.edge_colours = art.theme.edge_colours

    def show(self, figure: Figure) -> None:
        """Make the sprites of `figure` again, every tile on its cell."""
        self.tweens.clear()
        self.animator.clear()
        self.flying.empty()
        self.tiles.empty()
        self.board.show(figure.tiles(), figure.last_cell)

    def slide_in(self, result: MoveResult, start: Point, longest: float) -> None:
        """Take the placed tile back to `start` and slide it home in at most `longest`
        seconds, its contacts lighting up as it lands (not at "instant")."""
        sprite = self.board.sprites.get(result.move.cell)
        if sprite is None or self.tweens.factor <= 0:
            return
        cell = result.move.cell

        def target() -> Point:  # where its cell is as the view glides
            return self.board.view.cell_box_centre(cell)

        sprite.jump_to(start)
        self.tiles.remove(sprite)
        self.flying.add(sprite)

        def landed() -> None:
            self.flying.remove(sprite)
            self.tiles.add(sprite)
            self.animator.placed(result)

        self.tweens.move(sprite, target, longest, on_done=landed)

    def moving(self) -> bool:
        """Whether anything moves by itself: the tile in flight, contacts lighting up,
        the last tile's mark swelling."""
        return self.tweens.busy or self.animator.busy or self.board.moving

    def update(self, dt: float) -> None:
        self.tiles.snapshot()
        self.flying.snapshot()
        self.tweens.update(dt)
        self.board.update(dt)
        self.animator.update(dt)

    def follow(self, cells: Sequence[Cell], focus: Sequence[Cell], glide: bool) -> None:
        """The camera's view of a hand's figure (`cells`, as it ends): the whole of it
        where its numbers read so, else on `focus` (the last tile, or the moves a review
        marks); gliding there when `glide`, else at once."""
        self.board.glide(cells, GLIDE_S * self.tweens.factor if glide else 0.0, focus)

    def draw_figure(
        self, surface: pygame.Surface, alpha: float, figure: Figure, marked: Collection[Cell]
    ) -> None:
        """The open places (but those `marked`: a ghost lies there), the tiles on their
        cells and the last tile's mark, inside the board."""
        openings = figure.opportunity_openings()
        self.board.marks.draw_openings(surface, [cell for cell in openings if cell not in marked])
        self.tiles.draw_interpolated(surface, alpha, FIGURE_LAYER, self.board.area)
        self.board.draw_last_mark(surface)
        self.board.draw_camera(surface)

    def draw_flight(self, surface: pygame.Surface, alpha: float) -> None:
        """The tile in flight and the contacts' words, over everything but the bar."""
        self.flying.draw_interpolated(surface, alpha)
        self.animator.draw_labels(surface, alpha)
