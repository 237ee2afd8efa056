"""Shared helpers for the rules tests, including an independent, naive reading of
RULES.md sections 3 and 4 that the engine's incremental search is compared with."""

from __future__ import annotations

import functools

from game.rules.figure import Figure
from game.rules.lattice import Cell, cell_key, neighbours, points_up
from game.rules.tiles import TILE_VALUES, TileId, parse_tile


def build_figure(tiles: list[tuple[str, Cell, int]]) -> Figure:
    """A figure holding the given (name, cell, rot) tiles, placed in order, unchecked."""
    figure = Figure()
    for name, cell, rot in tiles:
        figure.place_unchecked(parse_tile(name), cell_key(cell), rot)
    return figure


def shown(tile: TileId, rot: int, side: int) -> tuple[int, int]:
    """(colour, value) on `side` of a tile with rotation `rot`, straight from RULES.md 2."""
    colour = (side - rot) % 3
    return colour, TILE_VALUES[tile][colour]


around = functools.cache(neighbours)
"""The three cells across a cell's sides 0, 1 and 2, each cell's worked out once a process
(the naive readings ask again for every cell of every position)."""


def naive_placements(figure: Figure, hand: list[TileId]) -> set[tuple[TileId, Cell, int, int]]:
    """Every legal (tile, cell, rot, score) found by trying every rotation of every tile on
    every empty cell next to the figure: no bookkeeping, just the rules as written."""
    placed = {cell: (tile, rot) for cell, tile, rot in figure.tiles()}
    if not placed:
        return {(tile, (0, 0), rot, 0) for tile in hand for rot in range(3)}
    last = figure.last_cell
    candidates = {other for cell in placed for other in around(cell)} - set(placed)
    result = set()
    for cell in candidates:
        touching = [(side, other) for side, other in enumerate(around(cell)) if other in placed]
        if len(touching) < 2 and all(other != last for _, other in touching):
            continue
        facing = [(side, *shown(*placed[other], side)) for side, other in touching]
        for tile in hand:
            for rot in range(3):
                score = 0
                for side, other_colour, other_value in facing:
                    colour, value = shown(tile, rot, side)
                    total = value + other_value
                    if colour != other_colour or (total % 5 and value != other_value):
                        break
                    score += total if total % 5 == 0 else 0
                else:
                    result.add((tile, cell, rot, score))
    return result


def naive_dead_end(figure: Figure) -> bool:
    placed = {cell for cell, _, _ in figure.tiles()}
    last = figure.last_cell
    if last is None:
        return False
    if any(other not in placed for other in around(last)):
        return False
    empty_near = {other for cell in placed for other in around(cell)} - placed
    return all(sum(other in placed for other in around(cell)) < 2 for cell in empty_near)


__all__ = ["build_figure", "naive_dead_end", "naive_placements", "points_up", "shown"]
