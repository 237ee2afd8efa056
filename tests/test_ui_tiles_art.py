"""Tile art: cached once per look, drawn with the theme's colours, sprites hit-test exactly;
a frame never stalls on tile art: past the frame's budget a new size is scaled from a size
already drawn, and the real image replaces it in a later frame."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from game.rules.tiles import parse_tile
from game.ui.theme import FONTS_DIR, THEMES, Fonts
from game.ui.tiles.art import TileArt
from game.ui.tiles.image import TilePainter, TileState, image_size, triangle_points
from game.ui.tiles.sprites import TileLayer, TileSprite
from game.ui.tween import Tween, Tweens
from tests.conftest import AppMaker


@pytest.fixture(scope="module")
def art() -> TileArt:
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((320, 240))
    return TileArt(Fonts(), THEMES["modern"])


def test_images_are_cached_per_look(art: TileArt) -> None:
    tile = parse_tile("08-09-10")
    first = art.image(tile, 90, True, 0, TileState.NORMAL)
    misses, hits = art.misses, art.hits
    assert art.image(tile, 90, True, 0, TileState.NORMAL) is first
    assert (art.misses, art.hits) == (misses, hits + 1)
    assert art.image(tile, 90, True, 1, TileState.NORMAL) is not first
    assert art.image(tile, 90, True, 0, TileState.SELECTED) is not first
    assert art.misses == misses + 2
    assert first.get_size() == image_size(90)


def test_face_down_images_are_shared_by_every_tile(art: TileArt) -> None:
    back = art.image(3, 60, False, 2, TileState.FACE_DOWN)
    assert art.image(17, 60, False, 0, TileState.FACE_DOWN) is back


def test_a_tile_image_is_painted_once_a_process_whatever_the_windows(art: TileArt) -> None:
    """Each window has its `TileArt`; an image one has painted is the other's too, in
    the same look (the tests open thousands of windows), and another look's is its own."""
    tile = parse_tile("08-09-10")
    other = TileArt(Fonts(), THEMES["modern"])
    first = art.image(tile, 77, True, 2, TileState.LAST)
    assert other.image(tile, 77, True, 2, TileState.LAST) is first
    other.set_look(THEMES["1939"], False)
    assert other.image(tile, 77, True, 2, TileState.LAST) is not first


def test_a_shadow_and_a_glow_are_blurred_once_a_process_whatever_the_windows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every tile of a size has the same shadow and glow, whatever its window and fonts:
    a painter blurs none another has blurred, nor measures the numbers again."""
    for name in ("one", "two"):
        (tmp_path / name).symlink_to(FONTS_DIR)  # the same fonts, so images painted anew
    first, other = (
        TilePainter(Fonts(tmp_path / name), THEMES["modern"], False) for name in ("one", "two")
    )
    first.paint(parse_tile("08-09-10"), 83, False, 0, TileState.SELECTED)
    blurred: list[int] = []
    real_blur = pygame.transform.gaussian_blur

    def blur(surface: pygame.Surface, radius: int) -> pygame.Surface:
        blurred.append(radius)
        return real_blur(surface, radius)

    monkeypatch.setattr(pygame.transform, "gaussian_blur", blur)
    other.paint(parse_tile("08-09-10"), 83, False, 0, TileState.SELECTED)
    assert blurred == []
    height = TilePainter(Fonts(), THEMES["modern"], False).digit_height(83)
    fonts = Fonts()
    monkeypatch.setattr(fonts, "get", None)  # a font asked for would fail
    assert TilePainter(fonts, THEMES["modern"], False).digit_height(83) == height


def test_edge_bands_show_the_theme_colours(art: TileArt) -> None:
    tile = parse_tile("08-09-10")
    image = art.image(tile, 120, True, 0)
    centre = (image.get_width() / 2, image.get_height() / 2)
    apex, left, right = triangle_points(120, True, centre)
    # Near the bottom edge (side 0, blue with rot 0), away from the value in the middle.
    x = left[0] + (right[0] - left[0]) * 0.25
    y = left[1] - 8
    colour = image.get_at((round(x), round(y)))
    expected = THEMES["modern"].edge_colours[0]
    assert all(abs(a - b) <= 4 for a, b in zip(colour[:3], expected, strict=True))
    assert image.get_at((0, 0)).a == 0
    assert image.get_at((round(centre[0]), round(apex[1]) + 40))[:3] != (0, 0, 0)


def test_sprites_hit_test_their_triangle_and_tween(art: TileArt) -> None:
    layer = TileLayer()
    low = TileSprite(art, 0, 80, (100, 100), up=True)
    high = TileSprite(art, 1, 80, (100, 100), up=False)
    layer.add(low, layer=0)
    layer.add(high, layer=1)
    assert layer.sprite_at((100, 100)) is high
    half_height = 80 * 3**0.5 / 4
    assert layer.sprite_at((64, 100 + half_height - 2)) is low  # the up tile's corner only
    assert layer.sprite_at((64, 100 - half_height + 2)) is high  # the down tile's corner only
    assert layer.sprite_at((100, 100 - half_height - 2)) is None
    tweens = Tweens("normal")
    tweens.move(high, (200, 100), duration=0.5)
    tweens.update(0.25)
    assert 100 < high.rect.centerx < 200
    tweens.update(0.5)
    assert high.rect.center == (200, 100) and not tweens.busy


class RecordingSurface(pygame.Surface):
    """A surface that keeps what was `fblits`ed onto it."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.sources: list[pygame.Surface] = []

    def fblits(self, blit_sequence: Any, special_flags: int = 0, /) -> None:
        blits = list(blit_sequence)
        self.sources.extend(source for source, _dest in blits)
        super().fblits(blits, special_flags)


def test_a_layer_blits_only_the_inked_part_of_each_painted_image(art: TileArt) -> None:
    """Pixel for pixel what the whole images give, from fewer pixels: a painted image's
    clear margin (room for a glow it may not have) is left out."""
    layer = TileLayer()
    for index, state in enumerate((TileState.NORMAL, TileState.SELECTED, TileState.GHOST)):
        centre = (-8.6 + 95.3 * index, 70.6 - 35 * index)  # in part off the edges
        layer.add(TileSprite(art, parse_tile("08-09-10"), 70, centre, index % 2 == 0, 1, state))
    target, whole = RecordingSurface((260, 160)), pygame.Surface((260, 160))
    for surface in (target, whole):
        surface.fill((20, 60, 40))
    layer.draw_interpolated(target)
    for sprite in layer:
        assert sprite.image is not None
        whole.blit(sprite.image, sprite.rect)
    assert pygame.image.tobytes(target, "RGB") == pygame.image.tobytes(whole, "RGB")

    def area(surface: pygame.Surface) -> int:
        return surface.get_width() * surface.get_height()

    images = [sprite.image for sprite in layer if sprite.image is not None]
    assert sum(map(area, target.sources)) < 0.8 * sum(map(area, images))


def test_instant_speed_finishes_at_once() -> None:
    seen: list[float] = []
    tweens = Tweens("instant")
    tweens.add(Tween(2.0, seen.append))
    tweens.update(1 / 120)
    assert seen == [1.0] and not tweens.busy


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
