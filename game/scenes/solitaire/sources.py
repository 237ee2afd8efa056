"""Where a solitaire's tiles come from, on screen: the stock and the discard pile of draw
solitaire, or the seven piles of stacked solitaire.

A `TileSources` part lays its sources out in the band under the figure, builds their
sprites from the session's state, says which may be picked now and what a key picks,
and draws their labels and counts. It asks the session (through the solitaire's
context), never the screen; the screen decides what a press does and animates the moves.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

import pygame

from game.i18n import _
from game.play.solitaire_session import SolitaireSession
from game.rules.lattice import Cell
from game.rules.modes import Mode
from game.rules.moves import DISCARD, DISCARD_PILE, PILE, PLACE, STOCK, Move
from game.rules.solitaire import CUT_PILE, PILE_COUNT, DrawSolitaireState, StackedSolitaireState
from game.scenes.solitaire.panels import count_radius, draw_count
from game.ui.layout import ROW_HEIGHT, Point
from game.ui.painting import blit_text
from game.ui.theme import PALETTE
from game.ui.tiles.image import TileState
from game.ui.tiles.sprites import TileLayer, TileSprite

if TYPE_CHECKING:
    from game.scenes.solitaire.context import SolitaireContext

SourceKey = tuple[str, int]
"""Where a tile comes from: ("stock", -1), ("discard", -1) or ("pile", i)."""
SOURCE_LAYER: Final = 1
MOVING_LAYER: Final = 2
STOCK_KEY: Final[SourceKey] = (STOCK, -1)
DISCARD_KEY: Final[SourceKey] = (DISCARD_PILE, -1)
FAN_SCALE: Final = 0.8
"""Size of the fanned (covered) tiles against a pile's top tile."""
FAN_STEP: Final = 0.62
"""How far up each covered tile lies, as a share of its height: its lower point is
covered, its three values show."""
PILE_HEIGHT: Final = 5
"""The most tiles a pile holds (35 tiles in seven piles)."""
PILE_NUMBER_GAP: Final = 8
"""Design pixels between a pile's number and the count of the pile on its left."""


class TileSources:
    """The sources of one solitaire; subclasses know their own."""

    def __init__(self, context: SolitaireContext, tiles: TileLayer) -> None:
        self.context = context
        self.services = context.services
        self.tiles = tiles
        self.sprites: dict[SourceKey, TileSprite] = {}
        self.strip = pygame.Rect(0, 0, 1, 1)
        """The band under the figure where the sources lie."""
        self.side = 100
        """The side of a source tile, in pixels (`strip_height` works it out)."""

    @property
    def session(self) -> SolitaireSession:
        return self.context.session

    def strip_height(self, size: tuple[int, int], panel_px: int) -> int:
        """The height of the band the sources need in a window of `size` beside a side
        panel `panel_px` wide."""
        raise NotImplementedError

    def lay_out(self, strip: pygame.Rect) -> None:
        self.strip = strip

    def build(self) -> None:
        """Add the source sprites for the session's state (the layer was emptied)."""
        self.sprites.clear()

    def add(self, key: SourceKey, sprite: TileSprite) -> None:
        self.sprites[key] = sprite
        self.tiles.add(sprite, layer=SOURCE_LAYER)

    def home(self, key: SourceKey) -> Point:
        """Where the tile of `key` rests (a dragged tile goes back there)."""
        raise NotImplementedError

    def centre(self, key: SourceKey) -> Point:
        """Where a tile from `key` starts its slide."""
        sprite = self.sprites.get(key)
        return sprite.centre if sprite is not None else self.home(key)

    def at(self, pos: Point) -> SourceKey | None:
        """The source whose tile is under `pos`."""
        sprite = self.tiles.sprite_at(pos)
        return next((key for key, held in self.sprites.items() if held is sprite), None)

    def moves_from(self, key: SourceKey) -> list[Move]:
        """The legal placements of the tile of `key`."""
        return [
            m
            for m in self.session.state.legal_moves()
            if m.action == PLACE and (m.source, m.pile) == key
        ]

    def pickable(self, key: SourceKey) -> bool:
        """True when the player may pick up the tile of `key` now."""
        return bool(self.moves_from(key))

    def forced(self) -> bool:
        """True when the selected tile must be placed (a turned stock tile)."""
        return False

    def key_source(self, key: int) -> SourceKey | None:
        """The source a key picks, if any."""
        return None

    def unplaceable_words(self, key: SourceKey) -> str:
        return _("That tile cannot be placed now.")

    def landing(self, move: Move, cells: dict[Cell, TileSprite]) -> TileSprite | None:
        """The sprite where the tile of `move` ends up (it slides there)."""
        return cells.get(move.cell) if move.action == PLACE else None

    def prepare_next(self) -> None:
        """Ask the art for the tiles the next moves may turn up or turn over here."""

    def draw_under(self, surface: pygame.Surface) -> None:
        """Labels and empty places drawn under the source tiles."""

    def draw_over(self, surface: pygame.Surface) -> None:
        """Counts drawn over the source tiles."""

    def draw_hint(self, surface: pygame.Surface, move: Move) -> bool:
        """Mark the source of a hinted move that is not a tile sprite; True if drawn."""
        return False

    def _empty_place(self, surface: pygame.Surface, pos: Point, side: int) -> pygame.Rect:
        ui = self.services.ui
        rect = pygame.Rect(0, 0, side, round(side * ROW_HEIGHT))
        rect.center = (round(pos[0]), round(pos[1]))
        pygame.draw.rect(
            surface, PALETTE.panel_edge, rect, max(1, ui.px(2)), border_radius=ui.px(10)
        )
        return rect


class StockAndDiscard(TileSources):
    """Draw solitaire: the stock, its top turned face up when asked, and the discard pile
    in a row that nests up and down tiles, newest on the right."""

    def __init__(self, context: SolitaireContext, tiles: TileLayer) -> None:
        super().__init__(context, tiles)
        self.stock_pos: Point = (0.0, 0.0)
        self.discard_pos: Point = (0.0, 0.0)
        self.discard_row = pygame.Rect(0, 0, 1, 1)

    @property
    def state(self) -> DrawSolitaireState:
        state = self.session.state
        assert state.mode is Mode.DRAW_SOLITAIRE
        return state

    def strip_height(self, size: tuple[int, int], panel_px: int) -> int:
        ui = self.services.ui
        self.side = int(min(ui.px(112), size[1] * 0.17 / ROW_HEIGHT))
        return round(self.side * ROW_HEIGHT + ui.px(40))

    def lay_out(self, strip: pygame.Rect) -> None:
        super().lay_out(strip)
        y = strip.bottom - self.services.ui.px(8) - self.side * ROW_HEIGHT / 2
        self.stock_pos = (strip.x + self.side * 0.62, y)
        self.discard_row = pygame.Rect(
            round(strip.x + self.side * 1.45),
            strip.y,
            round(strip.width - self.side * 1.45),
            strip.height,
        )
        self.discard_pos = self._discard_centres(max(1, len(self.state.discard)))[-1]

    def _discard_centres(self, count: int) -> list[Point]:
        """Where the discard pile's tiles lie, oldest on the left, squeezed to fit (the
        newest, on top, always whole)."""
        side, row = self.side, self.discard_row
        step = min(side * 0.55, (row.width - side) / max(1, count - 1))
        return [(row.x + side / 2 + index * step, self.stock_pos[1]) for index in range(count)]

    def _stock_left(self) -> int:
        """Face-down tiles in the stock (a turned top is not among them)."""
        return self.state.stock_left - (1 if self.session.turned else 0)

    def build(self) -> None:
        super().build()
        state, art, side = self.state, self.services.art, self.side
        turned = self.session.turned
        left = self._stock_left()
        depth = self.services.ui.px(3)
        for layer in range(min(2, max(0, left - 1)), -1, -1):
            if left <= 0:
                break
            centre = (self.stock_pos[0] + layer * depth, self.stock_pos[1] + layer * depth)
            back = TileSprite(art, 0, side, centre, True, 0, TileState.FACE_DOWN)
            if layer == 0 and not turned:
                self.add(STOCK_KEY, back)
            else:
                self.tiles.add(back, layer=SOURCE_LAYER)
        if turned and state.stock_top is not None:
            self.add(STOCK_KEY, TileSprite(art, state.stock_top, side, self.home(STOCK_KEY)))
        pile = state.discard
        centres = self._discard_centres(len(pile))
        if centres:
            self.discard_pos = centres[-1]
        for index, (tile, centre) in enumerate(zip(pile, centres, strict=True)):
            sprite = TileSprite(art, tile, side, centre, index % 2 == (len(pile) - 1) % 2)
            if index == len(pile) - 1:
                self.add(DISCARD_KEY, sprite)
            else:
                self.tiles.add(sprite, layer=SOURCE_LAYER)

    def prepare_next(self) -> None:
        """The stock's next tile face up, and the discard pile's tiles turned over (each
        tile discarded turns the row's others)."""
        state, art = self.state, self.services.art
        if state.stock_top is not None:
            art.prepare(state.stock_top, self.side)
        pile = state.discard
        for index, tile in enumerate(pile):
            art.prepare(tile, self.side, index % 2 != (len(pile) - 1) % 2)

    def home(self, key: SourceKey) -> Point:
        if key == DISCARD_KEY:
            return self.discard_pos
        return (self.stock_pos[0], self.stock_pos[1] - self.services.ui.px(6))

    def centre(self, key: SourceKey) -> Point:
        sprite = self.sprites.get(key)
        if sprite is not None:
            return sprite.centre
        return self.discard_pos if key == DISCARD_KEY else self.stock_pos

    def landing(self, move: Move, cells: dict[Cell, TileSprite]) -> TileSprite | None:
        if move.action == DISCARD:
            return self.sprites.get(DISCARD_KEY)
        return super().landing(move, cells)

    def moves_from(self, key: SourceKey) -> list[Move]:
        if key == STOCK_KEY and not self.session.turned:
            return []
        return super().moves_from(key)

    def pickable(self, key: SourceKey) -> bool:
        if key == STOCK_KEY and not self.session.turned:
            return self.state.stock_left > 0 and not self.session.finished
        return super().pickable(key)

    def forced(self) -> bool:
        return self.session.turned

    def key_source(self, key: int) -> SourceKey | None:
        """X picks the discard pile's top (D, T or Enter turns the stock: the screen's)."""
        return DISCARD_KEY if key == pygame.K_x else None

    def unplaceable_words(self, key: SourceKey) -> str:
        if key == DISCARD_KEY:
            return _("The discard top fits nowhere now.")
        return super().unplaceable_words(key)

    def draw_under(self, surface: pygame.Surface) -> None:
        ui = self.services.ui
        top = self.strip.top + ui.px(2)
        blit_text(
            surface,
            ui.text(_("Stock"), 17, PALETTE.text, "bold"),
            (round(self.stock_pos[0]), top),
            "midtop",
        )
        blit_text(
            surface,
            ui.text(_("Discard pile (newest on the right)"), 17, PALETTE.text, "bold"),
            (self.discard_row.x, top),
            "topleft",
        )
        for pos, empty in (
            (self.stock_pos, self.state.stock_left == 0),
            (self._discard_centres(1)[0], not self.state.discard),
        ):
            if empty:
                rect = self._empty_place(surface, pos, self.side)
                blit_text(surface, ui.text(_("empty"), 16, PALETTE.text_dim), rect.center)

    def draw_over(self, surface: pygame.Surface) -> None:
        ui = self.services.ui
        corner = self.side * 0.42, self.side * 0.3
        left = self._stock_left()
        for (x, y), count in ((self.stock_pos, left), (self.discard_pos, len(self.state.discard))):
            if count > 0:
                draw_count(surface, ui, (x + corner[0], y + corner[1]), str(count))

    def draw_hint(self, surface: pygame.Surface, move: Move) -> bool:
        """A hint to turn the stock rings the stock."""
        if move.source != STOCK or self.session.turned:
            return False
        sprite = self.sprites.get(STOCK_KEY)
        if sprite is not None and not self.session.finished:
            ui = self.services.ui
            rect = pygame.Rect(0, 0, sprite.side + ui.px(18), sprite.side + ui.px(4))
            rect.center = (round(sprite.centre[0]), round(sprite.centre[1]))
            pygame.draw.rect(
                surface, PALETTE.ivory, rect, max(2, ui.px(3)), border_radius=ui.px(12)
            )
        return True


class SevenPiles(TileSources):
    """Stacked solitaire: seven face-up piles in a row, their tops whole, the buried
    tiles either stacked behind or, with "fanned piles", each showing its values."""

    def __init__(
        self, context: SolitaireContext, tiles: TileLayer, fanned: Callable[[], bool]
    ) -> None:
        super().__init__(context, tiles)
        self.fanned = fanned
        self.side = 80
        self.pile_pos: list[Point] = [(0.0, 0.0)] * PILE_COUNT

    @property
    def state(self) -> StackedSolitaireState:
        state = self.session.state
        assert state.mode is Mode.STACKED_SOLITAIRE
        return state

    @property
    def cut_pile_pos(self) -> Point:
        """Where the opening cut comes from."""
        return self.pile_pos[CUT_PILE]

    def _sides(self, size: tuple[int, int], panel_px: int) -> tuple[int, int]:
        """The side of the pile tops and the height of the band of piles: as large as
        seven columns across the figure's width allow, within a share of the height."""
        ui = self.services.ui
        column_w = (size[0] - panel_px - ui.px(48)) / PILE_COUNT
        fanned = self.fanned()
        rows = 1 + (PILE_HEIGHT - 1) * FAN_SCALE * FAN_STEP if fanned else 1.25
        room = size[1] * (0.46 if fanned else 0.3)
        side = int(min(column_w * 0.9, ui.px(120), room / (rows * ROW_HEIGHT) - ui.px(4)))
        return side, round(side * ROW_HEIGHT * rows + ui.px(16))

    def strip_height(self, size: tuple[int, int], panel_px: int) -> int:
        self.side, height = self._sides(size, panel_px)
        return height

    def lay_out(self, strip: pygame.Rect) -> None:
        super().lay_out(strip)
        column_w = strip.width / PILE_COUNT
        y = strip.bottom - self.services.ui.px(8) - self.side * ROW_HEIGHT / 2
        self.pile_pos = [(strip.x + column_w * (pile + 0.5), y) for pile in range(PILE_COUNT)]

    def build(self) -> None:
        super().build()
        state, art = self.state, self.services.art
        side, depth = self.side, self.services.ui.px(3)
        fanned = self.fanned()
        small = round(side * FAN_SCALE)
        step = small * ROW_HEIGHT * FAN_STEP
        for pile in range(PILE_COUNT):
            height = state.heights[pile]
            x, y = self.pile_pos[pile]
            if fanned:  # buried tiles point down above the top: each shows all its values
                apex = y - side * ROW_HEIGHT / 2
                for below in range(height - 1, 0, -1):
                    tile = state.piles[pile][height - 1 - below]
                    centre = (x, apex - below * step + small * ROW_HEIGHT / 2)
                    self.tiles.add(TileSprite(art, tile, small, centre, False), layer=SOURCE_LAYER)
            else:
                for below in range(min(2, height - 1), 0, -1):
                    centre = (x - below * depth, y - below * depth)
                    back = TileSprite(art, 0, side, centre, True, 0, TileState.FACE_DOWN)
                    self.tiles.add(back, layer=SOURCE_LAYER)
            top = state.top(pile)
            if top is not None:
                self.add((PILE, pile), TileSprite(art, top, side, (x, y)))

    def prepare_next(self) -> None:
        """The tile under each pile's top, which placing the top turns up."""
        state, art = self.state, self.services.art
        for pile, height in zip(state.piles, state.heights, strict=True):
            if height >= 2:
                art.prepare(pile[height - 2], self.side)

    def home(self, key: SourceKey) -> Point:
        return self.pile_pos[key[1]]

    def unplaceable_words(self, key: SourceKey) -> str:
        return _("The top of pile {number} fits nowhere now.").format(number=key[1] + 1)

    def key_source(self, key: int) -> SourceKey | None:
        """Keys 1 to 7 pick the top of that pile."""
        pile = key - pygame.K_1
        return (PILE, pile) if 0 <= pile < PILE_COUNT else None

    def draw_under(self, surface: pygame.Surface) -> None:
        for pile, pos in enumerate(self.pile_pos):
            if self.state.heights[pile] == 0:
                self._empty_place(surface, pos, self.side)

    def draw_over(self, surface: pygame.Surface) -> None:
        """Each pile's number (its key) by its top, and how many tiles it holds."""
        ui = self.services.ui
        fanned = self.fanned()
        # a number fits between its pile's corner and the count by the pile on its left,
        # clear of it (closer, the count and the next pile's number read as one number)
        between = self.pile_pos[1][0] - self.pile_pos[0][0] - self.side * 0.89
        room = round(between - count_radius(ui, "99")) - ui.px(PILE_NUMBER_GAP)
        size = ui.common_size([str(PILE_COUNT)], 17, room, "bold")
        for pile, (x, y) in enumerate(self.pile_pos):
            corner = (round(x - self.side * 0.47), round(y + self.side * 0.3))
            blit_text(
                surface, ui.text(str(pile + 1), size, PALETTE.ivory, "bold"), corner, "midright"
            )
            height = self.state.heights[pile]
            if height and not fanned:
                draw_count(surface, ui, (x + self.side * 0.42, y + self.side * 0.3), str(height))
