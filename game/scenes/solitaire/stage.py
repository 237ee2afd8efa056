"""A solitaire's picture: the panel's backdrop, the board with the figure, the tiles of the
sources and those in flight, the contact effects and the winning celebration.
`SolitaireStage` makes the sprites again from the state (after a move, an undo or a
re-layout), slides a played tile in and draws everything in its layers; it shows what
the session holds and decides nothing."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.play.solitaire_session import SolitaireSession
from game.rules.figure import Figure
from game.rules.moves import PLACE, Move
from game.rules.results import MoveResult
from game.rules.solitaire import SolitaireState
from game.scenes.solitaire.panels import (
    Line,
    PanelBackdrop,
    banner_box,
    draw_figure_message,
    draw_hinted_spot,
    follow_figure,
    game_over_lines,
    light_end_words,
    verdict_words,
)
from game.scenes.solitaire.sources import MOVING_LAYER, SOURCE_LAYER, TileSources
from game.scenes.solitaire.win import Celebration
from game.ui.board.board import FIGURE_LAYER, GLIDE_S, Board
from game.ui.board.contacts import ContactAnimator
from game.ui.layout import Point
from game.ui.painting import Ui
from game.ui.tiles.art import TileArt
from game.ui.tiles.sprites import TileLayer, TileSprite
from game.ui.tween import Tweens


class SolitaireStage:
    """Everything a solitaire shows of its game, and the animations that move it.
    `board_may_pan(pos)` tells the board whether a press at `pos` may pan the view (not
    when it picks up a tile or lands on a lit spot)."""

    def __init__(
        self, ui: Ui, art: TileArt, speed: str, board_may_pan: Callable[[Point], bool]
    ) -> None:
        self.ui = ui
        self.backdrop = PanelBackdrop()
        self.tiles = TileLayer()
        self.board = Board(ui, art, self.tiles, board_may_pan)
        self.animator = ContactAnimator(ui, self.board, art.theme.edge_colours)
        self.animator.scored = False  # a solitaire keeps no score: no numbers pop up
        self.celebration = Celebration()
        self.tweens = Tweens(speed)
        self.board.pace = self.tweens

    def show(
        self, figure: Figure, finished: bool, sources: TileSources, glide: bool = True
    ) -> None:
        """Make every sprite again: the figure (the view gliding to the camera's view of
        it, or there at once unless `glide`; as the player left it, if they moved it) and
        the sources."""
        self.tiles.empty()
        self.board.show(figure.tiles(), figure.last_cell)
        duration = GLIDE_S * self.tweens.factor if glide else 0.0
        follow_figure(self.board, figure, finished, self.ui, duration)
        sources.build()

    def prepare_next(self, state: SolitaireState, sources: TileSources) -> None:
        """Ask for the tile art the next moves may show: each placement landing, and the
        tiles the sources may turn up."""
        places = [move for move in state.legal_moves() if move.action == PLACE]
        self.board.prepare_next(state.figure, places)
        sources.prepare_next()

    def slide_in(self, sprite: TileSprite, from_pos: Point, result: MoveResult) -> None:
        """Slide a just-played tile from `from_pos` to where it now lies."""
        cell = result.move.cell
        on_figure = self.board.sprites.get(cell) is sprite

        def target() -> Point:  # where its cell is as the view glides
            return self.board.view.cell_box_centre(cell) if on_figure else sprite_home

        sprite_home = sprite.centre
        sprite.jump_to(from_pos)
        self.tiles.change_layer(sprite, MOVING_LAYER)
        self.tweens.move(sprite, target, 0.3, on_done=lambda: self.landed(sprite, result))

    def landed(self, sprite: TileSprite, result: MoveResult | None = None) -> None:
        """A tile has slid into place; a placement's contacts light up."""
        if sprite.alive():
            on_figure = sprite in self.board.sprites.values()
            self.tiles.change_layer(sprite, FIGURE_LAYER if on_figure else SOURCE_LAYER)
        if result is not None and result.move.action == PLACE:
            self.animator.placed(result)

    def celebrate(self, figure: Figure) -> None:
        """The deal is won: the whole figure, and the celebration over it."""
        self.board.release()
        self.celebration.start([cell for cell, _tile, _rot in figure.tiles()])

    def clear(self) -> None:
        """A new deal: no animation left over, the view free to follow the figure."""
        self.board.release()
        self.tweens.clear()
        self.animator.clear()
        self.celebration.stop()

    def moving(self) -> bool:
        """Whether anything moves by itself: tiles sliding, contacts lighting up, the last
        tile's mark swelling, the winning celebration."""
        return (
            self.tweens.busy or self.animator.busy or self.board.moving or self.celebration.active
        )

    def update(self, dt: float) -> None:
        self.tiles.snapshot()
        self.tweens.update(dt)
        self.board.update(dt)
        self.animator.update(dt)
        self.celebration.update(dt)

    def draw_ground(
        self, surface: pygame.Surface, felt: pygame.Surface, panel: pygame.Rect
    ) -> None:
        """The felt with the side panel's backdrop."""
        surface.blit(self.backdrop.get(felt, panel, self.ui), (0, 0))

    def draw_figure(
        self,
        surface: pygame.Surface,
        alpha: float,
        figure: Figure,
        finished: bool,
        draw_spots: Callable[[pygame.Surface], None],
    ) -> None:
        """The figure with its open places (while playing), the lit spots and the
        celebration, clipped to the board."""
        area = self.board.area
        clip = surface.get_clip()
        surface.set_clip(area)
        if not finished:
            self.board.marks.draw_openings(surface, figure.opportunity_openings())
        draw_spots(surface)
        surface.set_clip(clip)
        self.tiles.draw_interpolated(surface, alpha, FIGURE_LAYER, area)
        surface.set_clip(area)
        if not finished:
            self.board.draw_last_mark(surface)
        self.celebration.draw(surface, self.board, self.ui)
        self.board.draw_camera(surface)
        surface.set_clip(clip)

    def draw_over(
        self,
        surface: pygame.Surface,
        alpha: float,
        sources: TileSources,
        hint: Move | None,
        time: float,
    ) -> None:
        """The sources' tiles, the hint, the contact effects and the tiles in flight."""
        self.tiles.draw_interpolated(surface, alpha, SOURCE_LAYER)
        sources.draw_over(surface)
        if hint is not None and not sources.draw_hint(surface, hint) and hint.action == PLACE:
            draw_hinted_spot(surface, self.board, hint, time)
        self.animator.draw_effects(surface)
        self.tiles.draw_interpolated(surface, alpha, MOVING_LAYER)
        self.animator.draw_labels(surface, alpha)

    def draw_message(
        self,
        surface: pygame.Surface,
        session: SolitaireSession,
        busy: str,
        end_note: str,
    ) -> None:
        """The words above the figure: `busy` (looking for a deal) or the game over
        (`end_lines`)."""
        end = end_lines(session, end_note)
        draw_figure_message(surface, self.ui, self.board.area, end, busy)

    def kept_clear(self, session: SolitaireSession, end_note: str) -> list[pygame.Rect]:
        """What the figure keeps clear of: the game-over words, once the game is over."""
        end = end_lines(session, end_note)
        return [banner_box(self.ui, self.board.area, end)[0]] if end else []


def end_lines(session: SolitaireSession, end_note: str) -> list[Line]:
    """The game-over words ([] while the game goes on): the verdict, where the light went
    out and `end_note`."""
    state = session.state
    if not state.is_terminal():
        return []
    verdict = verdict_words(session.verdict, session.review)
    notes = (light_end_words(session.light.out_at), end_note)
    return game_over_lines(state.won, len(state.figure), verdict, notes)
