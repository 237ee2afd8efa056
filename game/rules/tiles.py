"""The 36 Contack tiles (RULES.md section 1).

A tile is identified by a small integer id (0..35), which keeps the hot paths of the
rules engine fast; `tile_name` and `parse_tile` convert to and from the `BB-RR-GG`
names used in records and on screen.
"""

from __future__ import annotations

from typing import Final

from game.rules.errors import RulesError

TileId = int
"""Index of a tile in `ALL_TILES`, 0..35."""

BLUE: Final = 0
RED: Final = 1
GOLD: Final = 2
COLOURS: Final = (BLUE, RED, GOLD)
COLOUR_NAMES: Final = ("blue", "red", "gold")


def _make_tile_values() -> tuple[tuple[int, int, int], ...]:
    """Build the set by the rule of RULES.md section 1, in the order of its table."""
    tiles: list[tuple[int, int, int]] = []
    for low in range(1, 9):
        for k in range(1, 10 - low):
            mid, high = low + k, low + k + 1
            # Anticlockwise order is blue, red, gold; the low value's colour is set by k.
            if k % 3 == 1:
                tiles.append((low, mid, high))
            elif k % 3 == 2:
                tiles.append((mid, high, low))
            else:
                tiles.append((high, low, mid))
    return tuple(tiles)


TILE_VALUES: Final = _make_tile_values()
"""`TILE_VALUES[t]` is the (blue, red, gold) values of tile `t`."""

TILE_COUNT: Final = len(TILE_VALUES)
ALL_TILES: Final = tuple(range(TILE_COUNT))
TILE_NAMES: Final = tuple(f"{b:02d}-{r:02d}-{g:02d}" for b, r, g in TILE_VALUES)
TILE_SIZES: Final = tuple(sum(values) for values in TILE_VALUES)
ALL_TILES_MASK: Final = (1 << TILE_COUNT) - 1

_BY_NAME: Final = {name: tile for tile, name in enumerate(TILE_NAMES)}


class UnknownTileError(RulesError):
    """A tile name that is not one of the 36."""


def tile_name(tile: TileId) -> str:
    """The `BB-RR-GG` name of a tile."""
    return TILE_NAMES[tile]


def parse_tile(name: str) -> TileId:
    """The tile called `name` (`BB-RR-GG`); raises `UnknownTileError` otherwise."""
    try:
        return _BY_NAME[name]
    except (KeyError, TypeError):
        raise UnknownTileError(f"unknown tile {name!r}") from None


def contact_points(a: int, b: int) -> int | None:
    """Points of a contact between two same-coloured values.

    0 for a matching contact, the sum for a counting contact (a multiple of 5, which
    includes 5+5 and 10+10), None when the two values may not touch.
    """
    total = a + b
    if total % 5 == 0:
        return total
    if a == b:
        return 0
    return None


def _compatible_masks() -> tuple[tuple[int, ...], ...]:
    masks = []
    for colour in COLOURS:
        per_value = [0] * 11
        for value in range(1, 11):
            for tile, values in enumerate(TILE_VALUES):
                if contact_points(values[colour], value) is not None:
                    per_value[value] |= 1 << tile
        masks.append(tuple(per_value))
    return tuple(masks)


COMPATIBLE: Final = _compatible_masks()
"""`COMPATIBLE[colour][value]`: bit mask of the tiles whose `colour` edge may touch `value`."""


def tiles_in(mask: int) -> list[TileId]:
    """The tiles whose bits are set in `mask`, lowest id first."""
    tiles = []
    while mask:
        low = mask & -mask
        tiles.append(low.bit_length() - 1)
        mask ^= low
    return tiles


def mask_of(tiles: list[TileId] | tuple[TileId, ...]) -> int:
    """The bit mask of a collection of tiles."""
    mask = 0
    for tile in tiles:
        mask |= 1 << tile
    return mask
