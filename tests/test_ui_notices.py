"""Notices on real screens: each rests where it covers no tile and no word of the
screen (a table and a solitaire with grown figures, the coach, the statistics), and one
with no such place waits, its seconds not begun."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.app import App
from game.ui.tiles.sprites import TileLayer
from game.ui.widgets.notices import NOTICE_SECONDS, Notices
from tests.conftest import AppMaker
from tools.screenshot import staged
from tools.text_audit import watching

NOTICES = (
    "Red 10 cannot touch red 2.",
    "Could not save the game: the disk is full, and nothing was written to it this time.",
)

Drawn = tuple[pygame.mask.Mask, tuple[int, int], pygame.Rect | None]


def drawn_tiles(app: App, monkeypatch: pytest.MonkeyPatch) -> list[Drawn]:
    """Each tile drawn on the window from now on: its shape, where, its clip."""
    tiles: list[Drawn] = []
    real = TileLayer.draw_interpolated

    def draw_interpolated(
        self: TileLayer,
        surface: pygame.Surface,
        alpha: float = 1.0,
        layer: int | None = None,
        clip: pygame.Rect | None = None,
    ) -> None:
        sprites = self.sprites() if layer is None else self.get_sprites_from_layer(layer)
        if surface is app.screen:
            tiles.extend(
                (pygame.mask.from_surface(s.image), (round(s.rect.x), round(s.rect.y)), clip)
                for s in sprites
                if s.image is not None
            )
        real(self, surface, alpha, layer, clip)

    monkeypatch.setattr(TileLayer, "draw_interpolated", draw_interpolated)
    return tiles


def covers_tile(box: pygame.Rect, tiles: list[Drawn]) -> bool:
    """Whether `box` covers a drawn pixel of any of `tiles`."""
    for shape, (x, y), clip in tiles:
        area = box if clip is None else box.clip(clip)
        if area.width and area.height:
            filled = pygame.mask.Mask(area.size, fill=True)
            if shape.overlap(filled, (area.x - x, area.y - y)) is not None:
                return True
    return False


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
@pytest.mark.parametrize("target", ["table-grown", "stacked-solitaire-grown", "coach", "stats"])
def test_a_notice_covers_no_tile_and_no_word(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, target: str, size: tuple[int, int]
) -> None:
    """Notices went to the bottom, moved only above buttons and the tray: over a grown
    figure's bottom tiles, a solitaire's piles, a panel's words."""
    app = staged(target, size, str(tmp_path), frames=5)
    for notice in NOTICES:
        app.notify(notice)
    tiles = drawn_tiles(app, monkeypatch)
    with watching(app) as frame:
        app.run_frames(1)
    boxes = [box for _lines, box in app.notice_boxes()]
    words = [drawn.rect for drawn in frame.texts if drawn.scene >= 0]  # the screen's own
    assert len(boxes) == len(NOTICES) and words
    for box in boxes:
        assert app.screen.get_rect().contains(box)
        assert not covers_tile(box, tiles), box
        assert box.collidelist(words) < 0, (box, words[box.collidelist(words)])


def test_a_notice_with_no_place_waits_its_seconds_not_begun(make_app: AppMaker) -> None:
    """A screen drawn all over (no plain place): the notice is not drawn and does not
    go; once a plain place shows, it is drawn for its full seconds."""
    app = make_app(size=(800, 600))
    busy = pygame.Surface(app.size)
    for x in range(0, app.size[0], 4):  # stripes: edges everywhere
        pygame.draw.line(busy, (250, 250, 250), (x, 0), (x, app.size[1]))
    notices = Notices()
    notices.add("Saved.", 0)
    notices.lay_out(busy, app.ui, [], 1.0)
    assert notices.boxes() == [] and not notices.expire(100.0)
    plain = pygame.Surface(app.size)
    notices.lay_out(plain, app.ui, [], 100.0)
    assert len(notices.boxes()) == 1
    assert notices.still_for(100.0) == NOTICE_SECONDS
    assert not notices.expire(100.0 + NOTICE_SECONDS - 0.1)
    assert notices.expire(100.0 + NOTICE_SECONDS)
