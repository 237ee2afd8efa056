"""The board: the figure on screen, shared by the table, the solitaires, the replay
viewer and the rules screen.

A `Board` keeps the `LatticeView` of its area (fitted to the figure on one ladder of
tile sizes, zoomed a step at a time, panned by dragging the background or the arrow
keys), one sprite per placed tile in the scene's `TileLayer` (the last tile marked),
and draws what the scene tells it to: lit spots with their points, the ghost of the
held tile, the opportunity openings and a hint ring. It never asks the rules what is
legal; the scene hands it the spots. A `Gesture` tells a click from a drag with one
threshold everywhere.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Final, Generic, TypeVar

import pygame

from game.i18n import _
from game.rules.figure import Figure
from game.rules.lattice import Cell, points_up
from game.rules.moves import Move
from game.rules.tiles import TileId
from game.ui.board_marks import LAST_MARK, TILE_GAP, Pulse, last_mark_image, spot_image
from game.ui.layout import (
    LatticeView,
    Point,
    ViewController,
    cell_side_edges,
    world_vertices,
)
from game.ui.painting import Ui, blit_text
from game.ui.sprites import TileLayer, TileSprite
from game.ui.theme import PALETTE, Colour
from game.ui.tile_painting import triangle_points
from game.ui.tiles import TileArt, TileState

LADDER: Final = (34, 40, 48, 56, 64, 74, 86, 100, 118, 136, 156)
"""The figure's tile sides (at the 1280x800 design size), smallest first: few sizes, as
each new size renders every tile's art again."""
PLAY_LARGEST: Final = 118
"""The largest of them in play (pictures, like the rules screen's, may go larger)."""
DRAG_THRESHOLD: Final = 6
"""How far (design pixels, straight line) a press moves before it is a drag."""
FIGURE_LAYER: Final = 0

Placed = tuple[Cell, TileId, int]
K = TypeVar("K")


class Board:
    """The figure in `area`: view, fitting, zoom, sprites, spots and marks, hit tests."""

    def __init__(
        self,
        ui: Ui,
        art: TileArt,
        layer: TileLayer,
        is_background: Callable[[Point], bool] = lambda _pos: True,
        largest: int = PLAY_LARGEST,
    ) -> None:
        self.ui = ui
        self.largest = largest
        """The largest ladder side (design pixels) this board uses."""
        self.art = art
        self.layer = layer
        self.view = LatticeView()
        self.area = pygame.Rect(0, 0, 1, 1)
        self.controller = ViewController(self.view, self.area, is_background)
        self.sprites: dict[Cell, TileSprite] = {}
        self.last: Cell | None = None
        self.moved_by_player = False
        """The player panned or zoomed: `follow` leaves the view alone until `release`."""
        self.cap: float | None = None
        """The largest side `follow` may fit to now."""
        self._spot_cache: dict[tuple[int, bool, str], pygame.Surface] = {}
        self.pulse = Pulse()
        """The last-tile mark's swell when the last tile changes."""

    # --- the view ------------------------------------------------------------------------

    def set_area(self, area: pygame.Rect) -> None:
        """Lay the board out in `area` (the caller fits it again)."""
        self.area.update(area)
        self._spot_cache.clear()

    def ladder(self) -> list[int]:
        """The tile sides the figure may take, smallest first, in pixels."""
        return [self.ui.px(side) for side in LADDER if side <= self.largest]

    @property
    def tile_side(self) -> int:
        """The side of a placed tile's sprite."""
        return max(8, round(self.view.side * TILE_GAP))

    def fit(
        self,
        cells: Iterable[Cell],
        area: pygame.Rect | None = None,
        margin: float = 0.2,
        largest: float | None = None,
    ) -> None:
        """Centre `cells` in `area` (the board's by default) at the largest ladder side
        that shows them with `margin` tile sides around, and no larger than `largest`."""
        area = area or self.area.inflate(-self.ui.px(20), -self.ui.px(20))
        points = [v for cell in cells for v in world_vertices(cell)] or list(world_vertices((0, 0)))
        left, right = min(p[0] for p in points) - margin, max(p[0] for p in points) + margin
        top, bottom = min(p[1] for p in points) - margin, max(p[1] for p in points) + margin
        ladder = self.ladder()
        self.view.min_side, self.view.max_side = ladder[0], ladder[-1]
        fitting = [
            side
            for side in ladder
            if (right - left) * side <= area.width
            and (bottom - top) * side <= area.height
            and (largest is None or side <= largest)
        ]
        side = self.view.side = (fitting or ladder[:1])[-1]
        self.view.origin = (
            area.centerx - (left + right) / 2 * side,
            area.centery - (top + bottom) / 2 * side,
        )

    def follow(self, cells: Iterable[Cell], area: pygame.Rect) -> None:
        """Fit `cells` (with no margin) unless the player moved the view, never larger than
        the last fit: the figure only shrinks as it grows, as each new size draws every
        tile's art again."""
        if not self.moved_by_player:
            self.fit(cells, area, margin=0.0, largest=self.cap)
            self.cap = self.view.side

    def release(self) -> None:
        """Follow the figure again, from the largest size that fits."""
        self.moved_by_player = False
        self.cap = None

    def shows(self, cells: Iterable[Cell]) -> bool:
        """True when every cell's centre lies in the board's area."""
        return all(self.area.collidepoint(self.view.cell_centre(cell)) for cell in cells)

    def zoom(self, steps: int, anchor: Point | None = None) -> None:
        """Zoom `steps` ladder steps in (+) or out (-), keeping `anchor` still."""
        ladder = self.ladder()
        current = min(range(len(ladder)), key=lambda i: abs(ladder[i] - self.view.side))
        target = ladder[max(0, min(len(ladder) - 1, current + steps))]
        if anchor is None or not self.area.collidepoint(anchor):
            anchor = self.area.center
        self.view.zoom_at(target / self.view.side, anchor)
        self.place_sprites()

    def handle_view_event(self, event: pygame.Event) -> bool:
        """Pan by dragging the background or with the arrow keys; True when used."""
        used = self.controller.handle_event(event)
        if used:
            self.place_sprites()
        return used

    @property
    def panning(self) -> bool:
        return self.controller.dragging

    def cell_at(self, pos: Point) -> Cell | None:
        """The cell under `pos`, if it lies in the board's area."""
        return self.view.cell_at(pos) if self.area.collidepoint(pos) else None

    # --- the figure's sprites ------------------------------------------------------------

    def show(
        self,
        placed: Iterable[Placed],
        last: Cell | None,
        layer: int = FIGURE_LAYER,
        mark_last: bool = True,
        look: Callable[[Cell], TileState] | None = None,
    ) -> None:
        """Make the figure's sprites again (after a re-layout, an undo, a jump). The last
        tile is marked (if `mark_last`), unless `look` says each cell's look."""
        for sprite in self.sprites.values():
            sprite.kill()
        self.sprites.clear()
        if last != self.last:
            self.pulse.restart()
        self.last = last
        side = self.tile_side
        for cell, tile, rot in placed:
            if look is not None:
                state = look(cell)
            else:
                state = TileState.LAST if cell == last and mark_last else TileState.NORMAL
            sprite = TileSprite(
                self.art, tile, side, self.view.cell_box_centre(cell), points_up(cell), rot, state
            )
            self.sprites[cell] = sprite
            self.layer.add(sprite, layer=layer)

    def adopt(self, cell: Cell, sprite: TileSprite, rot: int) -> Point:
        """`sprite` (flying in) becomes the last tile on `cell`; the old last tile loses its
        mark. Returns where the sprite lands."""
        if self.last is not None and self.last in self.sprites:
            self.sprites[self.last].set_look(state=TileState.NORMAL)
        self.last = cell
        self.pulse.restart()
        sprite.set_look(side=self.tile_side, up=points_up(cell), rot=rot, state=TileState.LAST)
        self.sprites[cell] = sprite
        return self.view.cell_box_centre(cell)

    def prepare_next(self, figure: Figure, placements: Iterable[Move]) -> None:
        """Ask the tile art for what the next moves may show, to be drawn in spare steps
        rather than in the frame that first shows it: each of `placements` landing at this
        size, and every placed tile one size smaller, for when the figure outgrows the
        view."""
        side = self.tile_side
        for move in placements:
            self.art.prepare(move.tile, side, points_up(move.cell), move.rot, TileState.LAST)
        last = figure.last_cell
        smaller_view = max((size for size in self.ladder() if size < self.view.side), default=None)
        smaller = None if smaller_view is None else max(8, round(smaller_view * TILE_GAP))
        for cell, tile, rot in figure.tiles():
            up = points_up(cell)
            if cell == last:
                self.art.prepare(tile, side, up, rot, TileState.NORMAL)
            if smaller is not None:
                look = TileState.LAST if cell == last else TileState.NORMAL
                self.art.prepare(tile, smaller, up, rot, look)

    def place_sprites(self) -> None:
        """Put the sprites where the view says (after a pan or zoom)."""
        side = self.tile_side
        for cell, sprite in self.sprites.items():
            if sprite.side != side:
                sprite.set_look(side=side)
            sprite.jump_to(self.view.cell_box_centre(cell))

    def update(self, dt: float) -> None:
        """Run the last-tile mark's pulse; it starts once the last tile is at rest."""
        self.pulse.update(dt, self._last_at_rest())

    @property
    def pulsing(self) -> bool:
        """Whether the last tile's mark swells now (or starts to at the next update)."""
        return self.pulse.running(self._last_at_rest())

    def _last_at_rest(self) -> bool:
        last = self.last
        sprite = self.sprites.get(last) if last is not None else None
        if last is None or sprite is None:
            return False
        x, y = self.view.cell_box_centre(last)
        return abs(sprite.centre[0] - x) < 1 and abs(sprite.centre[1] - y) < 1

    # --- drawing (changes nothing) -------------------------------------------------------

    def draw_last_mark(self, surface: pygame.Surface) -> None:
        """The last tile's mark, which decides where every tile may go: a white outline
        with a dark rim round it, swelling once when the last tile changes."""
        cell = self.last
        if cell is None or not self._last_at_rest():
            return
        self._blit_on(surface, self._last_ring(points_up(cell)), cell)
        t = self.pulse.progress()
        if t is not None:
            pulse = math.sin(math.pi * t)
            swell = triangle_points(
                self.view.side * (1.05 + 0.4 * t), points_up(cell), self.view.cell_box_centre(cell)
            )
            pygame.draw.polygon(surface, LAST_MARK, swell, max(1, round(self.ui.px(5) * pulse)))

    def _last_ring(self, up: bool) -> pygame.Surface:
        """The last-tile mark at this size (drawn once)."""
        key = (round(self.view.side), up, "last")
        if key not in self._spot_cache:
            band, rim = max(3, self.ui.px(4)), max(1, self.ui.px(2))
            self._spot_cache[key] = last_mark_image(key[0], up, band, rim)
        return self._spot_cache[key]

    def edge(self, cell: Cell, side: int) -> tuple[Point, Point]:
        """The two ends of one side of a cell on screen."""
        a, b = cell_side_edges(cell)[side]
        return self.view.to_screen(a), self.view.to_screen(b)

    def draw_spots(
        self,
        surface: pygame.Surface,
        spots: Sequence[tuple[Cell, int]],
        highlighted: Cell | None = None,
        points: bool = True,
    ) -> None:
        """Lit spots, each with the points it would score (the highlighted one brighter,
        its label left to the ghost)."""
        for cell, score in spots:
            lit = cell == highlighted
            self._blit_on(
                surface, self._spot_image(points_up(cell), "hover" if lit else "spot"), cell
            )
            if points and not lit:
                label = self.ui.text(
                    f"+{score}" if score else "0",
                    17,
                    PALETTE.gold if score else PALETTE.text_dim,
                    "bold",
                )
                blit_text(surface, label, _pixel(self.view.cell_centre(cell)))

    def draw_ghost(
        self, surface: pygame.Surface, tile: TileId, cell: Cell, rot: int, score: int | None
    ) -> None:
        """The held tile as a ghost on `cell`, with what it would score above it."""
        image = self.art.image(tile, self.tile_side, points_up(cell), rot, TileState.GHOST)
        self._blit_on(surface, image, cell)
        if score is not None:
            x, y = self.view.cell_centre(cell)
            label = self.ui.text(f"+{score}" if score else _("match"), 20, PALETTE.gold, "bold")
            blit_text(surface, label, (round(x), round(y - self.view.side * 0.62)))

    def draw_openings(self, surface: pygame.Surface, cells: Iterable[Cell]) -> None:
        """Opportunity openings: cells two or three tiles border, marked with a gold dot."""
        for cell in cells:
            self._blit_on(surface, self._spot_image(points_up(cell), "opening"), cell)
            x, y = self.view.cell_centre(cell)
            radius = max(3, round(self.view.side * 0.09))
            pygame.draw.circle(surface, PALETTE.gold, (x, y), radius, max(1, self.ui.px(2)))
            pygame.draw.circle(surface, PALETTE.gold, (x, y), max(1, radius // 3))

    def draw_ring(
        self, surface: pygame.Surface, cell: Cell, pulse: float, colour: Colour = PALETTE.good
    ) -> None:
        """A pulsing ring round `cell` (the hint); `pulse` in 0..1."""
        x, y = self.view.cell_centre(cell)
        radius = self.view.side * (0.42 + 0.1 * pulse)
        pygame.draw.circle(surface, colour, (x, y), radius, max(2, self.ui.px(3)))

    def draw_outline(self, surface: pygame.Surface, cell: Cell, colour: Colour) -> None:
        """A thin outline along `cell`'s tile edges (a tile placed since the player's
        last turn): it marks the tile without covering its neighbours' numbers."""
        outline = triangle_points(
            self.view.side * 0.96, points_up(cell), self.view.cell_box_centre(cell)
        )
        pygame.draw.polygon(surface, colour, outline, max(2, self.ui.px(4)))

    def _blit_on(self, surface: pygame.Surface, image: pygame.Surface, cell: Cell) -> None:
        surface.blit(image, image.get_rect(center=_pixel(self.view.cell_box_centre(cell))))

    def _spot_image(self, up: bool, kind: str) -> pygame.Surface:
        """A lit spot, the highlighted spot or an opening at this size (drawn once)."""
        key = (round(self.view.side), up, kind)
        if key not in self._spot_cache:
            self._spot_cache[key] = spot_image(key[0], up, kind)
        return self._spot_cache[key]


@dataclass
class Press(Generic[K]):
    """The button went down on a tile (`key`): a click, or a drag once it moves far."""

    key: K
    start: Point
    offset: Point
    """From the pointer to the tile's centre, so a dragged tile does not jump."""
    dragging: bool = False


class Gesture(Generic[K]):
    """Press, drag and click-click on tiles, with one drag threshold (straight line,
    scaled with the window)."""

    def __init__(self, ui: Ui) -> None:
        self.ui = ui
        self.press: Press[K] | None = None

    def down(self, key: K, pos: Point, centre: Point) -> None:
        self.press = Press(key, pos, (centre[0] - pos[0], centre[1] - pos[1]))

    def moved(self, pos: Point) -> bool:
        """Follow the pointer; True on the motion that turns the press into a drag."""
        press = self.press
        if press is None or press.dragging:
            return False
        if math.dist(pos, press.start) >= self.ui.px(DRAG_THRESHOLD):
            press.dragging = True
            return True
        return False

    def held_at(self, pos: Point) -> Point:
        """Where the dragged tile's centre goes for the pointer at `pos`."""
        assert self.press is not None
        return (pos[0] + self.press.offset[0], pos[1] + self.press.offset[1])

    @property
    def dragging(self) -> bool:
        return self.press is not None and self.press.dragging

    def up(self) -> Press[K] | None:
        """The press that just ended (None if there was none)."""
        press, self.press = self.press, None
        return press

    def cancel(self) -> None:
        self.press = None


def _pixel(point: Point) -> tuple[int, int]:
    return (round(point[0]), round(point[1]))
