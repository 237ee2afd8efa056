"""The words the screens build from numbers and tiles: plurals, tiles named by their
values."""

from __future__ import annotations

from game.rules.tiles import parse_tile
from game.ui.words import points_words, tile_words, tiles_words


def test_plurals_and_tile_words() -> None:
    assert tiles_words(1) == "1 tile" and tiles_words(2) == "2 tiles"
    assert points_words(0) == "0 points" and points_words(1) == "1 point"
    assert tile_words(parse_tile("04-08-09")) == "4-8-9"
