"""The players' hands at the table: one sprite per tile in hand, in its seat's slots.

`Hands` builds the sprites from the hands as the rules hold them, slides tiles to their
slots when a hand changes, shows which tile is held or hinted, hit-tests the tiles of
the seat to play, and animates what happens to hand tiles: a tile drawn from the stock,
a refused tile sent back, and the tiles left at the end of a hand marked as penalties.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Final

from game.rules.lattice import Cell, points_up
from game.rules.tiles import TileId, tiles_in
from game.ui.board.board import Board
from game.ui.board.table_layout import SeatBox
from game.ui.layout import Point
from game.ui.tiles.art import TileArt
from game.ui.tiles.image import TileState
from game.ui.tiles.sprites import TileLayer, TileSprite
from game.ui.tween import Tween, Tweens

HAND_LAYER: Final = 1
MOVING_LAYER: Final = 2


class Hands:
    """The hand tiles of every seat, laid out in the seats' boxes."""

    def __init__(self, art: TileArt, layer: TileLayer, tweens: Tweens) -> None:
        self.art = art
        self.layer = layer
        self.tweens = tweens
        self.sprites: dict[TileId, TileSprite] = {}
        self.seats: list[SeatBox] = []
        self.tray: SeatBox | None = None
        self.tray_seat: int | None = None
        """The seat whose tiles lie large in the tray (the human with the mouse)."""
        self.ups: dict[TileId, bool] = {}
        """Which way each tile in hand points. A row always alternates (tiles turned
        alike would leave a gap between them); when a tile leaves or comes in, the row
        turns over as few tiles as it can (`follow` works it out again from the hand's
        history, so a resumed hand looks as it did)."""
        self._followed: list[tuple[int, ...]] = []
        """The hands (bit masks) `ups` was worked out from, as `follow` last had them."""

    def box(self, seat: int) -> SeatBox:
        """Where `seat`'s tiles lie: the tray for the human with the mouse, else the
        seat's own panel."""
        if seat == self.tray_seat and self.tray is not None:
            return self.tray
        return self.seats[seat]

    def follow(self, history: Sequence[tuple[int, ...]]) -> None:
        """Which way every tile points, from the hands (bit masks) as dealt and after each
        move since: the same whether the hand was watched move by move or resumed from a
        save, so that no tile turns over when the table is built again. A history that
        goes on from the one followed last costs only its new moves."""
        known = len(self._followed)
        if len(history) < known or list(history[:known]) != self._followed:
            self.ups.clear()
            known = 0
        for hands in history[known:]:
            for mask in hands:
                self._ups(tiles_in(mask))
        self._followed = list(history)

    def _ups(self, tiles: Sequence[TileId]) -> list[bool]:
        """Each tile's way up: up and down in turn along the row, starting the way that
        keeps the most tiles as they were (up, for a new hand)."""
        rows = [[(i % 2 == 0) == first for i in range(len(tiles))] for first in (True, False)]

        def kept(row: list[bool]) -> int:
            return sum(self.ups.get(tile) == up for tile, up in zip(tiles, row, strict=True))

        ups = max(rows, key=kept)
        self.ups.update(zip(tiles, ups, strict=True))
        return ups

    def show(
        self, hands: Sequence[Sequence[TileId]], seats: list[SeatBox], tray: SeatBox | None = None
    ) -> None:
        """Make every hand sprite again (after a re-layout, a resume or an undo)."""
        for sprite in self.sprites.values():
            sprite.kill()
        self.sprites.clear()
        self.seats = seats
        self.tray = tray
        for seat, tiles in enumerate(hands):
            box = self.box(seat)
            ups = self._ups(tiles)
            for tile, centre, up in zip(tiles, box.row(len(tiles)), ups, strict=True):
                sprite = TileSprite(self.art, tile, box.tile_side, centre, up)
                self.sprites[tile] = sprite
                self.layer.add(sprite, layer=HAND_LAYER)

    def slot_of(self, hand: Sequence[TileId], seat: int, tile: TileId) -> tuple[Point, bool]:
        """Where `tile` rests in its seat's box, and whether it points up there."""
        ups = self._ups(hand)
        index = list(hand).index(tile)
        return self.box(seat).row(len(ups))[index], ups[index]

    def arrange(self, hands: Sequence[Sequence[TileId]], held: TileId | None = None) -> None:
        """Slide every hand tile to its slot (a hand closes up after a tile leaves); the
        tile being dragged (`held`) stays with the pointer."""
        for seat, tiles in enumerate(hands):
            box = self.box(seat)
            for tile in tiles:
                sprite = self.sprites.get(tile)
                if sprite is None:
                    continue
                centre, up = self.slot_of(tiles, seat, tile)
                if sprite.up != up or sprite.side != box.tile_side:
                    sprite.set_look(up=up, side=box.tile_side)
                if sprite.centre != centre and tile != held:
                    self.tweens.move(sprite, centre, 0.25)

    def set_looks(
        self, selected: TileId | None, hinted: TileId | None, muted: Collection[TileId] = ()
    ) -> None:
        """Selected, hinted, muted (cannot be placed now) and plain looks (a refused tile
        keeps its red until home)."""
        for tile, sprite in self.sprites.items():
            look = TileState.NORMAL
            if tile == selected:
                look = TileState.SELECTED
            elif tile == hinted:
                look = TileState.HOVERED
            elif tile in muted:
                look = TileState.MUTED
            if sprite.state is not look and sprite.state is not TileState.ILLEGAL:
                sprite.set_look(state=look)

    def tile_at(self, tiles: Sequence[TileId], pos: Point) -> TileId | None:
        """Which of `tiles` (the hand to play) lies under `pos`."""
        for tile in tiles:
            sprite = self.sprites.get(tile)
            if sprite is not None and sprite.contains(pos):
                return tile
        return None

    def take(self, tile: TileId) -> TileSprite | None:
        """The sprite of a tile leaving the hand (for the figure), lifted above the rest."""
        sprite = self.sprites.pop(tile, None)
        if sprite is not None:
            self.layer.change_layer(sprite, MOVING_LAYER)
        return sprite

    def lift(self, tile: TileId) -> None:
        """The tile follows the pointer above everything."""
        self.layer.change_layer(self.sprites[tile], MOVING_LAYER)

    def draw_in(self, hand: Sequence[TileId], seat: int, tile: TileId, start: Point) -> None:
        """A tile drawn from the stock at `start` flies to its slot in the hand."""
        box = self.box(seat)
        sprite = TileSprite(self.art, tile, box.tile_side, start)
        self.sprites[tile] = sprite
        self.layer.add(sprite, layer=MOVING_LAYER)
        centre, up = self.slot_of(hand, seat, tile)
        sprite.set_look(up=up)
        self.tweens.move(
            sprite, centre, 0.45, on_done=lambda: self.layer.change_layer(sprite, HAND_LAYER)
        )

    def send_home(self, hand: Sequence[TileId], seat: int, tile: TileId) -> None:
        """A dropped tile slides back to its slot."""
        sprite = self.sprites.get(tile)
        if sprite is None:
            return
        home, _up = self.slot_of(hand, seat, tile)
        self.tweens.move(
            sprite, home, 0.25, on_done=lambda: self.layer.change_layer(sprite, HAND_LAYER)
        )

    def refuse(
        self, hand: Sequence[TileId], seat: int, tile: TileId, board: Board, cell: Cell, rot: int
    ) -> None:
        """Show the tile red on the spot it may not take, then slide it back home."""
        sprite = self.sprites.get(tile)
        if sprite is None:
            return
        home, up = self.slot_of(hand, seat, tile)
        side = self.box(seat).tile_side
        self.layer.change_layer(sprite, MOVING_LAYER)
        sprite.set_look(side=board.tile_side, up=points_up(cell), rot=rot, state=TileState.ILLEGAL)
        sprite.jump_to(board.view.cell_box_centre(cell))

        def home_again() -> None:
            sprite.set_look(side=side, up=up, rot=0, state=TileState.SELECTED)
            self.layer.change_layer(sprite, HAND_LAYER)

        def slide_home() -> None:
            self.tweens.move(sprite, home, 0.3, on_done=home_again)

        self.tweens.add(Tween(0.3, lambda _t: None, on_done=slide_home))

    def mark_left(self, tile: TileId, delay: float) -> Point | None:
        """After `delay`, the tile turns red: it costs a penalty. Returns where to say so:
        at its top edge, so that the words rise off the tile and leave its numbers seen."""
        sprite = self.sprites.get(tile)
        if sprite is None:
            return None

        def mark(_t: float) -> None:
            sprite.set_look(state=TileState.ILLEGAL)

        self.tweens.add(Tween(0.01, mark, delay=delay))
        return (sprite.centre[0], sprite.centre[1] - sprite.side * 0.55)

    def prepare_art(self, hands: Sequence[Sequence[TileId]], humans: Collection[int]) -> None:
        """Ask for what the humans' hands will show next: their tiles in the tray, plain
        and muted (a tile keeps its way up, so only that one)."""
        if self.tray is None:
            return
        for seat in humans:
            ups = self._ups(hands[seat])
            for tile, up in zip(hands[seat], ups, strict=True):
                for look in (TileState.NORMAL, TileState.MUTED):
                    self.art.prepare(tile, self.tray.tile_side, up, state=look)
