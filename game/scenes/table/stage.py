"""The table's picture: its layout, the board with the figure, the hands, the tiles in
flight, the contact effects and the scores as they count up. `TableStage` lays them out,
makes the sprites again from the match (after a re-layout, an undo or a new hand) and
draws them in their layers; it shows what the match holds and decides nothing."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence

import pygame

from game.play.table_flow import TableFlow
from game.play.table_reading import seat_hands
from game.play.table_setup import share_code
from game.rules.lattice import Cell
from game.rules.moves import PLACE, Move
from game.rules.tiles import TileId
from game.scenes.table.handoff import draw_placed_since
from game.scenes.table.panels import (
    backdrop,
    corner_words,
    draw_seat,
    draw_status,
    draw_tray_label,
)
from game.ui.board.board import FIGURE_LAYER, GLIDE_S, Board, around_last, in_view
from game.ui.board.contacts import ContactAnimator, ScoreCounter
from game.ui.board.hands import HAND_LAYER, MOVING_LAYER, Hands
from game.ui.board.table_layout import TableLayout
from game.ui.layout import Point
from game.ui.painting import Ui
from game.ui.text import Said
from game.ui.tiles.art import TileArt
from game.ui.tiles.sprites import TileLayer
from game.ui.tween import Tweens


class TableStage:
    """Everything the table shows of the match, and the animations that move it.
    `board_may_pan(pos)` tells the board whether a press at `pos` may pan the view (not
    when it picks up a hand tile)."""

    def __init__(
        self,
        ui: Ui,
        art: TileArt,
        match: TableFlow,
        size: tuple[int, int],
        speed: str,
        board_may_pan: Callable[[Point], bool],
    ) -> None:
        self.ui = ui
        self.art = art
        self.match = match
        self.layout = self._build_layout(size)
        self.tiles = TileLayer()
        self.board = Board(ui, art, self.tiles, board_may_pan)
        self.animator = ContactAnimator(ui, self.board, art.theme.edge_colours)
        self.scores = ScoreCounter(match.state.standings())
        self.tweens = Tweens(speed)
        self.board.pace = self.tweens
        self.hands = Hands(art, self.tiles, self.tweens)
        self._backdrop: pygame.Surface | None = None
        self.set_speed(speed)

    def _build_layout(self, size: tuple[int, int]) -> TableLayout:
        return TableLayout.build(
            size, self.match.state.players, self.ui, tray=self.match.humans > 0
        )

    @property
    def factor(self) -> float:
        return self.tweens.factor

    def lay_out(self, size: tuple[int, int]) -> None:
        """A new window size: the seats, tray, figure area and status bar again (a tile
        in flight lands first, before the sprites are made again)."""
        self.tweens.finish()
        self.board.settle()
        self.layout = self._build_layout(size)
        self.board.set_area(self.layout.figure)
        self.board.keep_clear = [rect for _words, rect in self._corner_words()]
        self._backdrop = None

    def _corner_words(self) -> list[tuple[pygame.Surface, pygame.Rect]]:
        """The words in the figure area's corners (the deal, its share code, the stock):
        the figure keeps clear of them."""
        match = self.match
        deal = match.deal
        return corner_words(
            self.layout, self.ui, None if deal is None else (deal, share_code(match.record))
        )

    def handoff_area(self) -> pygame.Rect:
        """Where the hand-off panel shows: over the tray (else over the status bar)."""
        tray = self.layout.tray
        return tray.rect if tray is not None else self.layout.status

    def set_speed(self, speed: str) -> None:
        """The animation speed setting, for the tiles, the effects and the scores."""
        self.tweens.set_speed(speed)
        self.animator.set_factor(self.factor)
        self.scores.factor = self.factor

    def set_look(self) -> None:
        """The tile art changed (theme, colour-blind marks): every tile and contact in it."""
        self.tiles.refresh_all()
        self.animator.edge_colours = self.art.theme.edge_colours

    # --- the sprites ----------------------------------------------------------------------

    def figure_cells(self) -> list[Cell]:
        """The figure's tiles and the cells where a tile may go now."""
        return in_view(self.match.state.figure)

    def fit_view(self) -> None:
        """The camera's view of the figure and where tiles may go, at once (a new layout or
        hand), following the figure again from now on."""
        self.board.release()
        self.board.frame(self.figure_cells(), around_last(self.match.state.figure))

    def follow_figure(self, duration: float = GLIDE_S) -> None:
        """The view glides to the camera's view of the figure (after a move or an undo),
        unless the player moved it by hand: then it stays until F or the next hand, or
        until the last tile lies out of view."""
        figure = self.match.state.figure
        self.board.glide(self.figure_cells(), duration * self.factor, around_last(figure))

    def refit(self) -> None:
        """F: the whole figure (or, asked again, back to following play)."""
        self.board.whole_figure()

    def rebuild(self, tray_seat: int | None) -> None:
        """Make every sprite again from the match, `tray_seat`'s tiles in the tray."""
        self.tiles.empty()
        figure = self.match.state.figure
        self.board.show(figure.tiles(), figure.last_cell)
        self.hands.tray_seat = tray_seat
        self.hands.follow(self.match.state.hands_so_far())
        self.hands.show(seat_hands(self.match.state), self.layout.seats, self.layout.tray)

    def arrange_hands(self, held: TileId | None) -> None:
        """Slide every hand tile but the `held` one to its slot (hands close up after a
        tile leaves)."""
        self.hands.follow(self.match.state.hands_so_far())
        self.hands.arrange(seat_hands(self.match.state), held)

    def sync_scores(self) -> None:
        """Show every score as it stands, with no counting."""
        self.scores.sync(self.match.state.standings())

    def moving(self) -> bool:
        """Whether anything on the table moves by itself: tiles in flight, contacts
        lighting up, the last tile's mark swelling, scores counting."""
        return (
            self.tweens.busy
            or self.animator.busy
            or self.board.moving
            or self.scores.counting(self.match.state.standings())
        )

    def update(self, dt: float) -> None:
        """One fixed step of every animation."""
        self.tiles.snapshot()
        self.board.update(dt)  # the view first: a tile in flight flies to where it is
        self.tweens.update(dt)
        self.animator.update(dt)
        self.scores.update(dt, self.match.state.standings())

    # --- drawing, layer by layer ------------------------------------------------------------

    def draw_ground(
        self, surface: pygame.Surface, felt: Callable[[], pygame.Surface], lit: Collection[Cell]
    ) -> None:
        """The felt with the panels (made once per layout) and the figure's openings (but
        those `lit` by a mark: its points are written where the dot would be)."""
        if self._backdrop is None or self._backdrop.get_size() != self.layout.size:
            self._backdrop = backdrop(felt(), self.layout, self.ui, self._corner_words())
        surface.blit(self._backdrop, (0, 0))
        openings = self.match.state.figure.opportunity_openings()
        self.board.marks.draw_openings(surface, [cell for cell in openings if cell not in lit])

    def draw_panels(
        self,
        surface: pygame.Surface,
        status: Said,
        saying: Callable[[int], str | None],
        tray_label: bool,
    ) -> None:
        """The status bar saying `status`, each seat's panel (with what `saying` says it
        just did) and, when `tray_label`, whose tiles lie in the tray."""
        ui, layout = self.ui, self.layout
        names = self.match.names  # worked out from the record each time it is asked
        draw_status(surface, ui, self.art, layout, self.match, status)
        for seat, box in enumerate(layout.seats):
            draw_seat(
                surface,
                ui,
                self.match,
                seat,
                names[seat],
                box,
                round(self.scores.shown[seat]),
                in_tray=seat == self.hands.tray_seat,
                said=saying(seat),
            )
        if tray_label and layout.tray is not None and self.hands.tray_seat is not None:
            draw_tray_label(surface, ui, layout.tray, names[self.hands.tray_seat])

    def draw_tiles(
        self,
        surface: pygame.Surface,
        alpha: float,
        placed_since: Mapping[int, Sequence[Cell]],
        watcher: int | None,
    ) -> None:
        """Every tile (the figure's inside the board), those placed since `watcher` last
        moved outlined, the last one marked, the hands' and those in flight over them."""
        self.tiles.draw_interpolated(surface, alpha, FIGURE_LAYER, self.board.area)
        draw_placed_since(surface, self.board, self.match.state.figure, placed_since, watcher)
        self.board.draw_last_mark(surface)
        for layer in (HAND_LAYER, MOVING_LAYER):
            self.tiles.draw_interpolated(surface, alpha, layer)

    def draw_effects(
        self,
        surface: pygame.Surface,
        alpha: float,
        hint: Move | None,
        hint_points: int,
        clock: float,
    ) -> None:
        """The contacts lighting up, the hinted spot pulsing with its points, the rising
        labels over them and the camera's button."""
        self.animator.draw_effects(surface)
        if hint is not None and hint.action == PLACE:
            self.board.marks.draw_ring(surface, hint.cell, abs((clock * 1.5) % 2 - 1))
            self.board.marks.draw_spots(surface, [(hint.cell, hint_points)])
        self.animator.draw_labels(surface, alpha)
        self.board.draw_camera(surface)
