"""A frame never stalls on tile art: past the frame's budget, a new size of a tile is
scaled from a size already drawn, and the real image replaces it in a later frame."""

from __future__ import annotations

import pygame

from game.ui.tiles.art import TileArt
from game.ui.tiles.sprites import TileLayer, TileSprite
from tests.conftest import AppMaker


def test_past_the_budget_a_stand_in_shows_until_the_real_image_is_drawn(make_app: AppMaker) -> None:
    art: TileArt = TileArt(make_app().fonts, make_app().art.theme)
    art.image(5, 80)
    art.frame_budget_s = 0.0
    art.begin_frame()
    layer = TileLayer()
    sprite = TileSprite(art, 5, 120)
    layer.add(sprite)
    assert not sprite.drawn and not art.is_drawn(5, 120)
    assert sprite.image is not None and sprite.image.get_size() == art.image(5, 120).get_size()
    art.frame_budget_s = 1.0
    art.begin_frame()
    art.refine()
    assert art.is_drawn(5, 120)
    layer.draw_interpolated(pygame.Surface((300, 300)))  # the next frame shows it
    assert sprite.drawn and sprite.image is art.image(5, 120)


def test_a_tile_never_drawn_is_drawn_whatever_the_budget(make_app: AppMaker) -> None:
    art: TileArt = TileArt(make_app().fonts, make_app().art.theme)
    art.frame_budget_s = 0.0
    art.begin_frame()
    art.image(7, 64)
    assert art.is_drawn(7, 64)
