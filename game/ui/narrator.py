"""The spoken board's words: what happened and what a player asks, as sentences for a
voice (game.ui.speech) to say. Pure: it reads results and the figure, and speaks
nothing itself."""

from __future__ import annotations

from collections.abc import Sequence

from game.i18n import _, ngettext
from game.rules.figure import Figure
from game.rules.lattice import Cell, neighbour
from game.rules.moves import PLACE, Move
from game.rules.results import MoveResult
from game.rules.tiles import TILE_VALUES, TileId
from game.ui.words import source_words


def tile_said(tile: TileId) -> str:
    """A tile by its values, smallest first, as a voice reads them: "1 2 3"."""
    return " ".join(str(value) for value in sorted(TILE_VALUES[tile]))


def points_said(points: int) -> str:
    """ "no points", "1 point", "15 points"."""
    if not points:
        return _("no points")
    return ngettext("{points} point", "{points} points", points).format(points=points)


def move_said(name: str, result: MoveResult) -> str:
    """What a move did, with its points: "Edna placed 1 2 3, 10 points"."""
    move = result.move
    if move.action == PLACE:
        tile, points = tile_said(move.tile), points_said(result.points)
        sides = len(result.contacts)
        if sides >= 2:
            return _("{name}: opportunity play on {sides} sides with {tile}, {points}").format(
                name=name, sides=sides, tile=tile, points=points
            )
        return _("{name} placed {tile}, {points}").format(name=name, tile=tile, points=points)
    if result.drawn is not None:
        return ngettext("{name} drew a tile", "{name} drew {count} tiles", 1).format(
            name=name, count=1
        )
    return _("{name} passed").format(name=name)


def solitaire_move_said(result: MoveResult) -> str:
    """A solitaire move: "Placed 1 2 3 from pile 3, 10 points", "Discarded 4 5 6"."""
    move = result.move
    tile, source = tile_said(move.tile), source_words(move)
    if move.action != PLACE:
        return _("Discarded {tile}").format(tile=tile)
    return _("Placed {tile} from {source}, {points}").format(
        tile=tile, source=source, points=points_said(result.points)
    )


def turn_said(name: str) -> str:
    return _("{name}, your turn").format(name=name)


def tiles_said(tiles: Sequence[TileId], moves: Sequence[Move] | None) -> str:
    """The tiles of a hand and, on its turn (`moves`: its legal moves), how many spots
    take each: "Your tiles: 1 2 3, 2 spots; 4 5 6, fits nowhere"."""
    parts = [tile_said(tile) if moves is None else _fitting(tile, moves) for tile in tiles]
    if not parts:
        return _("You have no tiles.")
    return _("Your tiles: {tiles}").format(tiles="; ".join(parts))


def _fitting(tile: TileId, moves: Sequence[Move]) -> str:
    spots = len({m.cell for m in moves if m.action == PLACE and m.tile == tile})
    if not spots:
        return _("{tile}, fits nowhere").format(tile=tile_said(tile))
    return ngettext("{tile}, {count} spot", "{tile}, {count} spots", spots).format(
        tile=tile_said(tile), count=spots
    )


def scores_said(names: Sequence[str], scores: Sequence[int]) -> str:
    """ "Scores: Ann 35; Bo 20"."""
    each = "; ".join(f"{name} {score}" for name, score in zip(names, scores, strict=True))
    return _("Scores: {scores}").format(scores=each)


def near_last_said(figure: Figure) -> str:
    """The last tile and what touches it, side by side, with its open sides."""
    cell = figure.last_cell
    if cell is None:
        return _("The figure is empty.")
    placed = figure.tile_at(cell)
    assert placed is not None  # the last cell holds the last tile
    touching = [
        tile_said(found[0])
        for side in range(3)
        if (found := figure.tile_at(neighbour(cell, side))) is not None
    ]
    last = tile_said(placed[0])
    open_sides = 3 - len(touching)
    if not touching:
        return _("The last tile is {tile}, alone, with 3 open sides.").format(tile=last)
    return ngettext(
        "The last tile is {tile}; it touches {tiles}; {open} open side.",
        "The last tile is {tile}; it touches {tiles}; {open} open sides.",
        open_sides,
    ).format(tile=last, tiles=_(" and ").join(touching), open=open_sides)


def spot_said(figure: Figure, move: Move, number: int, count: int) -> str:
    """One lit spot for a held tile: "Spot 2 of 5: touches 4 5 6, 10 points"."""
    contacts = figure.contacts(move.tile, move.cell, move.rot)
    touching = [
        tile_said(found[0])
        for contact in contacts
        if (found := figure.tile_at(contact.neighbour)) is not None
    ]
    points = points_said(sum(contact.points for contact in contacts))
    if not touching:
        return _("Spot {number} of {count}, {points}").format(
            number=number, count=count, points=points
        )
    return _("Spot {number} of {count}: touches {tiles}, {points}").format(
        number=number, count=count, tiles=_(" and ").join(touching), points=points
    )


def held_said(tile: TileId, spots: Sequence[Cell]) -> str:
    """A tile taken in hand and where it may go: "4 5 6: 3 lit spots"."""
    return ngettext("{tile}: {count} lit spot", "{tile}: {count} lit spots", len(spots)).format(
        tile=tile_said(tile), count=len(spots)
    )
