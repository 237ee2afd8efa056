"""A record's move entries (docs/record.md "Moves"): a move to its entry and
back, each refusal naming the hand and the move."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict

from game.rules.errors import RecordError, RulesError
from game.rules.lattice import Cell
from game.rules.modes import Mode
from game.rules.moves import DISCARD, DISCARD_PILE, DRAW, PASS, PILE, PLACE, STOCK, Move
from game.rules.tiles import TileId, parse_tile, tile_name


class PlayerEntry(TypedDict, total=False):
    """One seat of a record's `players`: "human" or "ai:<level>", and a name."""

    kind: str
    name: str


MoveEntry = TypedDict(
    "MoveEntry",
    {
        "player": int,
        "draw": bool,
        "pass": bool,
        "from": str,
        "pile": int,
        "tile": str,
        "discard": bool,
        "cell": list[int],
        "rot": int,
        "score": int,
        "clock_s": float,
    },
    total=False,
)
"""One move as a record writes it (docs/record.md "Moves"; `clock_s`: the game clock before it)."""


def where(hand: int | None, move: int | None) -> str:
    """Where in a record: "record", "hand 2" or "hand 2 move 7"."""
    if hand is None:
        return "record"
    if move is None:
        return f"hand {hand}"
    return f"hand {hand} move {move}"


def fail(hand: int | None, move: int | None, reason: str) -> RecordError:
    """The error for `reason` at that place of a record."""
    return RecordError(f"{where(hand, move)}: {reason}")


def move_to_entry(
    mode: Mode, move: Move, player: int, score: int | None = None, drawn: TileId | None = None
) -> MoveEntry:
    """The record entry of a move (`player` is ignored for solitaires)."""
    entry: MoveEntry = {}
    if mode.is_table:
        entry["player"] = player
        if move.action == DRAW:
            entry["draw"] = True
            if drawn is not None:
                entry["tile"] = tile_name(drawn)
            return entry
        if move.action == PASS:
            entry["pass"] = True
            return entry
    elif move.source == PILE:
        entry["from"] = "pile"
        entry["pile"] = move.pile
    else:
        entry["from"] = move.source
    entry["tile"] = tile_name(move.tile)
    if move.action == DISCARD:
        entry["discard"] = True
        return entry
    entry["cell"] = [move.cell[0], move.cell[1]]
    entry["rot"] = move.rot
    if score is not None:
        entry["score"] = score
    return entry


def _tile_field(entry: Mapping[str, Any], hand: int, index: int) -> TileId:
    if "tile" not in entry:
        raise fail(hand, index, "the move has no tile")
    try:
        return parse_tile(entry["tile"])
    except RulesError as error:
        raise fail(hand, index, str(error)) from None


def _placement_fields(entry: Mapping[str, Any], hand: int, index: int) -> tuple[TileId, Cell, int]:
    tile = _tile_field(entry, hand, index)
    cell = entry.get("cell")
    if (
        not isinstance(cell, list)
        or len(cell) != 2
        or not all(type(c) is int and -64 <= c < 64 for c in cell)
    ):
        raise fail(hand, index, f"cell must be [q, r], whole numbers, not {cell!r}")
    rot = entry.get("rot")
    if type(rot) is not int or rot not in (0, 1, 2):
        raise fail(hand, index, f"rot must be 0, 1 or 2, not {rot!r}")
    return tile, (cell[0], cell[1]), rot


def entry_to_move(mode: Mode, entry: Any, hand: int, index: int) -> Move:
    """Read one move entry of a record of `mode`."""
    if not isinstance(entry, dict):
        raise fail(hand, index, "a move must be an object")
    if mode.is_table:
        if entry.get("draw") is True:
            return Move(DRAW)
        if entry.get("pass") is True:
            return Move(PASS)
        return Move(PLACE, *_placement_fields(entry, hand, index))
    source = entry.get("from")
    if mode is Mode.DRAW_SOLITAIRE:
        if source not in (STOCK, DISCARD_PILE):
            raise fail(hand, index, f"from must be 'stock' or 'discard', not {source!r}")
        if entry.get("discard") is True:
            if source != STOCK:
                raise fail(hand, index, "only a stock tile can be discarded")
            return Move(DISCARD, _tile_field(entry, hand, index), source=STOCK)
        return Move(PLACE, *_placement_fields(entry, hand, index), source)
    if source != "pile":
        raise fail(hand, index, f"from must be 'pile', not {source!r}")
    pile = entry.get("pile")
    if type(pile) is not int or not 0 <= pile <= 6:
        raise fail(hand, index, f"pile must be 0 to 6, not {pile!r}")
    return Move(PLACE, *_placement_fields(entry, hand, index), PILE, pile)
