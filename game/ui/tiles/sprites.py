"""Tile sprites: every tile on screen (figure, hands, piles, animations) is one of these.

A `TileSprite` has an `FRect` whose centre is the centre of its triangle's bounding box,
so a tile on cell `c` sits at `view.cell_box_centre(c)`. `TileLayer` is a
`LayeredUpdates` group that draws sprites at positions interpolated between the last
two updates (the loop's leftover `alpha`) and hit-tests triangles exactly.
"""

from __future__ import annotations

import pygame

from game.rules.tiles import TileId
from game.ui.layout import Point, point_in_triangle
from game.ui.tiles.art import TileArt
from game.ui.tiles.image import INKED, TileState, image_size, triangle_points


class TileSprite(pygame.sprite.Sprite):
    """One tile on screen: which tile, its size, orientation, rotation and state."""

    rect: pygame.FRect

    def __init__(
        self,
        art: TileArt,
        tile: TileId,
        side: int,
        centre: Point = (0.0, 0.0),
        up: bool = True,
        rot: int = 0,
        state: TileState = TileState.NORMAL,
    ) -> None:
        super().__init__()
        self.art = art
        self.tile = tile
        self.side = side
        self.up = up
        self.rot = rot
        self.state = state
        self.image = art.image(tile, side, up, rot, state)
        self.drawn = art.is_drawn(tile, side, up, rot, state)
        """False while the image is a stand-in scaled from another size."""
        self.seen_generation = art.generation
        self.rect = pygame.FRect(self.image.get_rect())
        self.rect.center = centre
        self.previous_centre: Point = centre

    def set_look(
        self,
        *,
        side: int | None = None,
        up: bool | None = None,
        rot: int | None = None,
        state: TileState | None = None,
    ) -> None:
        """Change any of size, orientation, rotation or state; the image is re-fetched."""
        self.side = self.side if side is None else side
        self.up = self.up if up is None else up
        self.rot = self.rot if rot is None else rot
        self.state = self.state if state is None else state
        self.refresh()

    def refresh(self) -> None:
        """Fetch the image again (after a theme change, for instance), keeping the centre."""
        centre = self.rect.center
        self.image = self.art.image(self.tile, self.side, self.up, self.rot, self.state)
        self.drawn = self.art.is_drawn(self.tile, self.side, self.up, self.rot, self.state)
        self.seen_generation = self.art.generation
        self.rect.size = image_size(self.side)
        self.rect.center = centre

    def scale_to(self, side: int) -> None:
        """Show the tile at `side` pixels, its art scaled (a view on its way from one
        size to another draws no art for the sizes it passes); `set_look` or `refresh`
        brings the art back."""
        image = self.art.image(self.tile, self.side, self.up, self.rot, self.state)
        if side != self.side:
            image = pygame.transform.smoothscale(image, image_size(side))
        centre = self.rect.center
        self.image = image
        self.rect.size = image.get_size()
        self.rect.center = centre

    @property
    def centre(self) -> Point:
        return self.rect.center

    def jump_to(self, centre: Point) -> None:
        """Place the sprite with no interpolation (a teleport, e.g. after a re-layout)."""
        self.rect.center = centre
        self.previous_centre = centre

    def contains(self, point: Point) -> bool:
        """Exact hit test against the tile's triangle."""
        return point_in_triangle(point, *triangle_points(self.side, self.up, self.rect.center))


class TileLayer(pygame.sprite.LayeredUpdates[TileSprite]):
    """A layered group of tile sprites with interpolated drawing and exact hit tests."""

    def snapshot(self) -> None:
        """Remember every position; call at the start of each fixed update."""
        for sprite in self.sprites():
            sprite.previous_centre = sprite.rect.center

    def draw_interpolated(
        self,
        surface: pygame.Surface,
        alpha: float = 1.0,
        layer: int | None = None,
        clip: pygame.Rect | None = None,
    ) -> None:
        """Blit every sprite (of `layer`, if given), bottom layer first, between its
        previous and current place; only inside `clip`, if given. A sprite showing a
        stand-in image takes the real one once it has been drawn (in a screen that has
        no updates too). Of a painted image, only its part drawn on is blitted (`INKED`)."""
        sprites = self.sprites() if layer is None else self.get_sprites_from_layer(layer)
        blits: list[tuple[pygame.Surface, tuple[int, int]]] = []
        for sprite in sprites:
            if not sprite.drawn and sprite.seen_generation != sprite.art.generation:
                sprite.refresh()
            (px, py), (cx, cy) = sprite.previous_centre, sprite.rect.center
            x, y = px + (cx - px) * alpha, py + (cy - py) * alpha
            width, height = sprite.rect.size
            image = sprite.image
            if image is not None:
                left, top = int(x - width / 2), int(y - height / 2)  # as a blit truncates
                inked = INKED.get(image)
                if inked is None:
                    blits.append((image, (left, top)))
                else:
                    blits.append((image.subsurface(inked), (left + inked.x, top + inked.y)))
        previous = surface.get_clip()
        if clip is not None:
            surface.set_clip(clip)
        surface.fblits(blits)
        surface.set_clip(previous)

    def sprite_at(self, point: Point) -> TileSprite | None:
        """The topmost sprite whose triangle contains `point`."""
        for sprite in reversed(self.sprites()):
            if isinstance(sprite, TileSprite) and sprite.contains(point):
                return sprite
        return None

    def refresh_all(self) -> None:
        """Re-fetch every sprite's image (after a theme or colour-blind change)."""
        for sprite in self.sprites():
            sprite.refresh()


def flip_image(front: pygame.Surface, back: pygame.Surface, t: float) -> pygame.Surface:
    """The image of a tile turning over, at progress `t` (back first, then front)."""
    source = back if t < 0.5 else front
    width = max(1, round(source.get_width() * abs(1 - 2 * t)))
    return pygame.transform.scale(source, (width, source.get_height()))
