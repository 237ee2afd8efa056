"""The board: the figure on screen, shared by the table, the solitaires, the replay
viewer and the rules screen.

A `Board` keeps the `LatticeView` of its area and is its camera: the whole figure on
one ladder of tile sizes where its numbers stand `LEGIBLE_DIGITS` tall, else the figure
followed round the last tile at a size where they do, with an overview of the whole
figure in a corner (F or a click on it for the whole figure); it glides to each new
view, zooms a step at a time, pans by dragging the background or the arrow keys and
keeps the player's view until they ask again. It keeps one sprite per placed tile in
the scene's `TileLayer` (the last tile ringed) and its `BoardMarks`, which draw what
the scene tells them to: lit spots with their points, the ghost of the held tile, the
opportunity openings and a hint ring, all inside the board's area (pointed to at its
edge when they lie off it). It never asks the rules what is legal; the scene hands it
the spots. A `Gesture` tells a click from a drag with one threshold everywhere.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Final, Generic, NamedTuple, TypeVar

import pygame

from game.rules.figure import Figure
from game.rules.lattice import Cell, neighbours, points_up
from game.rules.moves import Move
from game.rules.tiles import TileId
from game.ui.board.fit import Fit, fitted, framed
from game.ui.board.marks import LAST_MARK, BoardMarks, Pulse, pixel, sprite_side
from game.ui.board.overview import button_box, draw_button, draw_overview, overview_box
from game.ui.layout import (
    LatticeView,
    Point,
    ViewController,
    cell_side_edges,
)
from game.ui.painting import Ui
from game.ui.tiles.art import TileArt
from game.ui.tiles.image import TileState, triangle_points
from game.ui.tiles.sprites import TileLayer, TileSprite
from game.ui.tween import Tween, Tweens, ease_out_cubic, lerp_point

LADDER: Final = (
    34,
    37,
    40,
    43,
    46,
    50,
    54,
    58,
    63,
    68,
    73,
    79,
    85,
    92,
    100,
    108,
    117,
    126,
    136,
    146,
    156,
)
"""The figure's tile sides (at the 1280x800 design size), smallest first, about 8% apart:
a figure fills its board closely, and the tile art is drawn at few sizes."""
PLAY_LARGEST: Final = 117
"""The largest of them in play (pictures, like the rules screen's, may go larger)."""
LEGIBLE_DIGITS: Final = 12
"""How tall (design pixels, at the normal text size) the tiles' numbers stand at least
when the figure is shown whole; where the whole figure would show them smaller, the view
follows play at a size where they stand so tall. A larger text size grows them with the
words (`Ui.text_room`): the player who asks for larger words reads the numbers larger."""
ZOOM_RUNGS: Final = 2
"""Ladder sizes a zoom step (a wheel notch, + or -) moves: about 16%."""
GLIDE_S: Final = 0.35
"""How long the view takes to glide to a new view of the figure (normal speed)."""
DRAG_THRESHOLD: Final = 6
"""How far (design pixels, straight line) a press moves before it is a drag."""
FIGURE_LAYER: Final = 0

Placed = tuple[Cell, TileId, int]


class Subject(NamedTuple):
    """What the camera looks at: a figure's cells, where play is, and the room for it
    (None: the board's own)."""

    cells: list[Cell]
    focus: list[Cell]
    area: pygame.Rect | None


def in_view(figure: Figure) -> list[Cell]:
    """What the camera keeps in view of a figure: its tiles and the empty cells where a
    tile may go now (around the last tile, and the openings), where spots light up."""
    tiles = [cell for cell, _tile, _rot in figure.tiles()]
    return tiles + [cell for cell in figure.open_cells() if figure.in_reach(cell)]


def around_last(figure: Figure) -> list[Cell]:
    """Where play is: the last tile and the cells beside it (every tile but an opportunity
    play goes there)."""
    last = figure.last_cell
    return [] if last is None else [last, *neighbours(last)]


K = TypeVar("K")


class Board:
    """The figure in `area`: view, fitting, zoom, sprites and marks, hit tests."""

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
        self.keep_clear: list[pygame.Rect] = []
        """Corners of the area the screen keeps for its words: a fit leaves them clear."""
        self.controller = ViewController(self.view, self.area, is_background)
        self.marks = BoardMarks(ui, art, self.view, self.area)
        self.sprites: dict[Cell, TileSprite] = {}
        self.last: Cell | None = None
        self.moved_by_player = False
        """The player panned or zoomed: `glide` leaves the view alone until `release`, or
        until the last tile lands out of it."""
        self.whole = False
        """The player asked for the whole figure (F or the camera's button) where the
        camera would follow play: it shows the figure whole until they ask again, zoom
        or pan, or the hand ends."""
        self._subject = Subject([(0, 0)], [], None)
        """What the camera looks at: the figure's cells, where play is, the room."""
        self.motion = Tweens()
        """The view's glide, run by `update` (the scene's own motions wait for none)."""
        self.pace = Tweens()
        """The screen's animations: the view glides at their speed when the player asks
        for the whole figure."""
        self._glide: Tween | None = None
        self._heading: Fit | None = None
        """Where the view glides to (None: it stands still)."""
        self.pulse = Pulse()
        """The last-tile mark's swell when the last tile changes."""
        self.layouts = 0
        """How many times the board was laid out (`set_area`): what is placed in window
        pixels at one size of words (a floating label) belongs to one layout."""

    # --- the view ------------------------------------------------------------------------

    def set_area(self, area: pygame.Rect) -> None:
        """Lay the board out in `area` (the caller fits it again)."""
        self.area.update(area)
        self.marks.forget()
        self.layouts += 1

    def ladder(self) -> list[int]:
        """The tile sides the figure may take, smallest first, in pixels."""
        return [self.ui.px(side) for side in LADDER if side <= self.largest]

    @property
    def tile_side(self) -> int:
        """The side of a placed tile's sprite (once the view is where it is going)."""
        return sprite_side(self._heading.side if self._heading is not None else self.view.side)

    def fitted(
        self,
        cells: Iterable[Cell],
        area: pygame.Rect | None = None,
        margin: float = 0.0,
        largest: float | None = None,
    ) -> Fit:
        """The view that centres `cells` in `area` (the board's `room` by default) at the
        largest ladder side that shows them with `margin` tile sides around, no larger
        than `largest`, clear of `keep_clear`."""
        return fitted(cells, area or self.room(), self.ladder(), margin, largest, self.keep_clear)

    def room(self) -> pygame.Rect:
        """The board's area but a thin band along its edges: what a fit fills."""
        return self.area.inflate(-self.ui.px(12), -self.ui.px(12))

    def legible_side(self) -> int:
        """The smallest ladder side at which the tiles' numbers stand `LEGIBLE_DIGITS`
        tall, grown by the text size (as the tile art draws them)."""
        tall = self.ui.text_room(LEGIBLE_DIGITS)
        ladder = self.ladder()
        readable = (s for s in ladder if self.art.painter.digit_height(sprite_side(s)) >= tall)
        return next(readable, ladder[-1])

    def framing(
        self, cells: Iterable[Cell], focus: Iterable[Cell] = (), area: pygame.Rect | None = None
    ) -> Fit:
        """The camera's view of a figure (`cells`, in `area`): the whole of it as large as
        fits where its numbers read so (or the player asked for it), else at the size
        where they read, on `focus` (where play is), the figure filling the board."""
        cells, focus = list(cells) or [(0, 0)], list(focus)
        whole = self.fitted(cells, area)
        legible = self.legible_side()
        if whole.side >= legible or self.whole or not focus:
            return whole
        room = area or self.room()
        near = fitted(focus, room, [legible], 0.5, keep_clear=self.keep_clear)
        return framed(near, cells, focus, room)

    def frame(
        self, cells: Iterable[Cell], focus: Iterable[Cell] = (), area: pygame.Rect | None = None
    ) -> None:
        """Show the camera's view of the figure (see `framing`) at once."""
        self._subject = Subject(list(cells), list(focus), area)
        self.look_at(self.framing(*self._subject))
        self.place_sprites()

    def fit(
        self,
        cells: Iterable[Cell],
        area: pygame.Rect | None = None,
        margin: float = 0.0,
        largest: float | None = None,
    ) -> None:
        """Show `cells` as `fitted` says, at once."""
        self.look_at(self.fitted(cells, area, margin, largest))

    def look_at(self, fit: Fit) -> None:
        """Show the view `fit`, at once."""
        self.settle()
        ladder = self.ladder()
        self.view.min_side, self.view.max_side = ladder[0], ladder[-1]
        self.view.side, self.view.origin = fit.side, fit.origin

    def glide(
        self,
        cells: Iterable[Cell],
        duration: float,
        focus: Iterable[Cell] = (),
        area: pygame.Rect | None = None,
    ) -> None:
        """The camera's view of the figure (see `framing`; unless the player moved the
        view and the last tile, `focus`'s first cell, landed in it), the view moving there
        over `duration` seconds (none: at once): every tile on the figure slides and grows
        or shrinks with it, its art scaled until the view arrives."""
        self._subject = Subject(list(cells), list(focus), area)
        if self.moved_by_player:
            if self.shows(self._subject.focus[:1]):
                return
            self.release()
        fit = self.framing(*self._subject)
        if fit == (self._heading or Fit(self.view.side, self.view.origin)):
            return
        if duration <= 0:
            self.look_at(fit)
            self.place_sprites()
            return
        self.settle()
        start = Fit(self.view.side, self.view.origin)
        self._heading = fit

        def step(t: float) -> None:
            self.view.side = start.side + (fit.side - start.side) * t
            self.view.origin = lerp_point(start.origin, fit.origin, t)
            if t >= 1:
                self._heading = self._glide = None
                self.look_at(fit)
            self.place_sprites()

        self._glide = self.motion.add(Tween(duration, step, ease_out_cubic))

    def settle(self) -> None:
        """A glide under way ends where it was going, at once."""
        glide, self._glide = self._glide, None
        if glide is not None:
            glide.done = True
            glide.apply(1.0)

    def release(self) -> None:
        """Follow the figure again as the camera would (the player's view forgotten)."""
        self.moved_by_player = False
        self.whole = False

    def whole_figure(self) -> None:
        """F or the camera's button: the whole figure; where it shows already (asked
        for), back to following play."""
        self.whole = not (self.whole and not self.moved_by_player)
        self.moved_by_player = False
        cells, focus, area = self._subject
        self.glide(cells, GLIDE_S * self.pace.factor, focus, area)

    @property
    def cut(self) -> bool:
        """Whether part of the figure's tiles lies off the board (or off the room the
        screen gave the camera in it, when the rest of the board is covered)."""
        room = (self._subject.area or self.area).inflate(2, 2)  # rounding
        return any(
            not room.collidepoint(point)
            for cell in self.sprites
            for point in self.view.cell_vertices(cell)
        )

    @property
    def shrunk(self) -> bool:
        """Whether the figure is shown whole, as asked, at a size its numbers do not
        read at."""
        return self.whole and not self.moved_by_player and self.view.side < self.legible_side()

    def shows(self, cells: Iterable[Cell]) -> bool:
        """True when every cell's centre lies in the board's area."""
        return all(self.area.collidepoint(self.view.cell_centre(cell)) for cell in cells)

    def zoom(self, steps: int, anchor: Point | None = None) -> None:
        """Zoom `steps` steps in (+) or out (-), `ZOOM_RUNGS` ladder sizes each, keeping
        `anchor` still."""
        self.settle()
        ladder = self.ladder()
        current = min(range(len(ladder)), key=lambda i: abs(ladder[i] - self.view.side))
        target = ladder[max(0, min(len(ladder) - 1, current + steps * ZOOM_RUNGS))]
        if anchor is None or not self.area.collidepoint(anchor):
            anchor = self.area.center
        self.view.zoom_at(target / self.view.side, anchor)
        self.moved_by_player = True
        self.place_sprites()

    def camera_box(self) -> pygame.Rect | None:
        """Where the camera's button lies: the overview of the whole figure while part of
        it is off the board, the way back to following play while the whole figure is
        shown too small to read; None while neither."""
        room = self._subject.area or self.area  # clear of what the screen draws over it
        play = room.center if self.last is None else self.view.cell_centre(self.last)
        if self.shrunk:
            return button_box(self.ui, room, self.keep_clear, play)
        if self.cut:
            return overview_box(self.ui, room, self.keep_clear, list(self.sprites), play)
        return None

    def handle_view_event(self, event: pygame.Event) -> bool:
        """A click on the camera's button; pan by dragging the background or with the
        arrow keys, zoom by pinching; True when used."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            box = self.camera_box()
            if box is not None and box.collidepoint(event.pos):
                self.whole_figure()
                return True
        view = self.view
        before = (view.side, view.origin)
        used = self.controller.handle_event(event)
        if before != (view.side, view.origin):
            if self._glide is not None:  # from where the glide was going
                view.side, view.origin = before
                self.settle()
                self.controller.handle_event(event)
            self.moved_by_player = True
            self.place_sprites()
        return used

    @property
    def panning(self) -> bool:
        return self.controller.dragging

    def cell_at(self, pos: Point) -> Cell | None:
        """The cell under `pos`, if it lies in the board's area (and not under the
        camera's button)."""
        if not self.area.collidepoint(pos):
            return None
        box = self.camera_box()
        return None if box is not None and box.collidepoint(pos) else self.view.cell_at(pos)

    # --- the figure's sprites ------------------------------------------------------------

    def show(
        self,
        placed: Iterable[Placed],
        last: Cell | None,
        layer: int = FIGURE_LAYER,
        look: Callable[[Cell], TileState] | None = None,
    ) -> None:
        """Make the figure's sprites again (after a re-layout, an undo, a jump), each
        tile as `look` says (plain by default: the last one is marked by its ring, which
        leaves its neighbours' numbers in sight, where the art's glow would not)."""
        self.settle()
        for sprite in self.sprites.values():
            sprite.kill()
        self.sprites.clear()
        if last != self.last:
            self.pulse.restart()
        self.last = last
        side = self.tile_side
        for cell, tile, rot in placed:
            state = TileState.NORMAL if look is None else look(cell)
            sprite = TileSprite(
                self.art, tile, side, self.view.cell_box_centre(cell), points_up(cell), rot, state
            )
            self.sprites[cell] = sprite
            self.layer.add(sprite, layer=layer)

    def adopt(self, cell: Cell, sprite: TileSprite, rot: int) -> None:
        """`sprite` (flying in) becomes the last tile on `cell`, at the size it will have
        there; the ring moves to it once it lands."""
        self.last = cell
        self.pulse.restart()
        sprite.set_look(side=self.tile_side, up=points_up(cell), rot=rot, state=TileState.NORMAL)
        self.sprites[cell] = sprite

    def prepare_next(self, figure: Figure, placements: Iterable[Move]) -> None:
        """Ask the tile art for what the next moves may show, to be drawn in spare steps
        rather than in the frame that first shows it: each of `placements` landing at this
        size, and every placed tile one size smaller, for when the figure outgrows the
        view."""
        side = self.tile_side
        for move in placements:
            self.art.prepare(move.tile, side, points_up(move.cell), move.rot)
        view_side = self._heading.side if self._heading is not None else self.view.side
        smaller_view = max((size for size in self.ladder() if size < view_side), default=None)
        smaller = None if smaller_view is None else sprite_side(smaller_view)
        if smaller is not None:
            for cell, tile, rot in figure.tiles():
                self.art.prepare(tile, smaller, points_up(cell), rot)

    def place_sprites(self) -> None:
        """Put the sprites resting on the figure where the view says (after a pan or a
        zoom, and at each step of a glide, when their art is scaled to the passing size);
        a tile still in flight goes on flying."""
        side = sprite_side(self.view.side)
        for cell, sprite in self.sprites.items():
            if not self.layer.has(sprite) or self.layer.get_layer_of_sprite(sprite) != FIGURE_LAYER:
                continue
            if self._glide is not None:
                sprite.scale_to(side)
            elif sprite.side != side:
                sprite.set_look(side=side)
            sprite.jump_to(self.view.cell_box_centre(cell))

    def update(self, dt: float) -> None:
        """Move the view's glide on (before the tiles that fly to it), and run the
        last-tile mark's pulse; it starts once the last tile is at rest."""
        self.motion.update(dt)
        self.pulse.update(dt, self._last_at_rest())

    @property
    def moving(self) -> bool:
        """Whether the board moves by itself now: the view glides, or the last tile's
        mark swells (or starts to at the next update)."""
        return self._heading is not None or self.pulse.running(self._last_at_rest())

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
        with self.marks.clipped(surface):
            ring = self.marks.last_ring(points_up(cell))
            surface.blit(ring, ring.get_rect(center=pixel(self.view.cell_box_centre(cell))))
            t = self.pulse.progress()
            if t is not None:
                pulse = math.sin(math.pi * t)
                swell = triangle_points(
                    self.view.side * (1.05 + 0.4 * t),
                    points_up(cell),
                    self.view.cell_box_centre(cell),
                )
                width = max(1, round(self.ui.px(5) * pulse))
                pygame.draw.polygon(surface, LAST_MARK, swell, width)

    def draw_camera(self, surface: pygame.Surface) -> None:
        """The camera's button (see `camera_box`), over the figure."""
        box = self.camera_box()
        if box is None:
            return
        if self.shrunk:
            draw_button(surface, self.ui, box)
        else:
            draw_overview(
                surface, self.ui, box, list(self.sprites), self.last, self.view, self.area
            )

    def edge(self, cell: Cell, side: int) -> tuple[Point, Point]:
        """The two ends of one side of a cell on screen."""
        a, b = cell_side_edges(cell)[side]
        return self.view.to_screen(a), self.view.to_screen(b)


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
