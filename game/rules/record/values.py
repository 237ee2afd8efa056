"""Typed values of a game record (docs/record.md): a seat's player, a hand with its stock and
its moves, a move as it was written down.

`GameRecord` keeps the document as the JSON it is written as (so unknown keys and their
order round-trip, as docs/record.md asks) and hands these values to every reader above the
rules; nothing outside `game.rules.record` reads or edits the JSON itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from game.rules.modes import Mode
from game.rules.moves import Move
from game.rules.record.entries import MoveEntry, entry_to_move, fail, move_to_entry
from game.rules.tiles import TileId, parse_tile, tile_name

AI_PREFIX = "ai:"


@dataclass(frozen=True, slots=True)
class RecordPlayer:
    """One entry of a record's `players`: who sits there (`kind` is "human" or
    "ai:<level>") and the name written for them (as written: screens clean it with
    `seeds_names.player_name`)."""

    kind: str
    name: object = None

    @classmethod
    def from_entry(cls, entry: Mapping[str, Any]) -> RecordPlayer:
        return cls(str(entry.get("kind", "human")), entry.get("name"))

    @property
    def is_human(self) -> bool:
        return self.kind == "human"

    @property
    def level(self) -> str | None:
        """The computer's level ("expert" for "ai:expert"), None for a human."""
        return self.kind.removeprefix(AI_PREFIX) if self.kind.startswith(AI_PREFIX) else None


@dataclass(frozen=True, slots=True)
class RecordMove:
    """One move as a record wrote it down: who played it, the move, and what the record
    says it gave (a placement's points, a table draw's tile, the game clock before it)."""

    player: int
    move: Move
    score: int | None = None
    drawn: TileId | None = None
    clock_s: float | None = None

    @classmethod
    def read(cls, mode: Mode, entry: Any, hand: int, index: int) -> RecordMove:
        """The entry `index` of hand `hand` (`RecordError` when it is not a move)."""
        move = entry_to_move(mode, entry, hand, index)
        player = entry.get("player", 0)
        score = entry.get("score")
        drawn = entry.get("tile") if entry.get("draw") is True else None
        clock = entry.get("clock_s")
        return cls(
            player if type(player) is int else 0,
            move,
            score if type(score) is int else None,
            parse_tile(drawn) if isinstance(drawn, str) else None,
            float(clock) if type(clock) in (int, float) else None,
        )

    def entry(self, mode: Mode) -> MoveEntry:
        """The record entry that writes this move down."""
        written = move_to_entry(mode, self.move, self.player, self.score, self.drawn)
        if self.clock_s is not None:
            written["clock_s"] = self.clock_s
        return written


@dataclass(frozen=True, slots=True)
class RecordHand:
    """One hand of a record: the stock it was dealt from (stacked solitaire: and the cut),
    its moves, and its result once it has ended (table: each seat's points or chips;
    solitaire: "won" or "lost")."""

    stock: tuple[TileId, ...]
    cut: int | None
    moves: tuple[RecordMove, ...]
    result: list[int] | str | None

    @classmethod
    def read(cls, mode: Mode, hand: Mapping[str, Any], index: int) -> RecordHand:
        """Hand `index` of a record of `mode` (`RecordError` on a bad stock or move)."""
        stock = hand.get("stock")
        if not isinstance(stock, list) or not all(isinstance(name, str) for name in stock):
            raise fail(index, None, "stock must be a list of 36 tile names")
        cut = hand.get("cut")
        moves = hand.get("moves", [])
        if not isinstance(moves, list):
            raise fail(index, None, "moves must be a list")
        return cls(
            tuple(parse_tile(name) for name in stock),
            cut if type(cut) is int else None,
            tuple(RecordMove.read(mode, entry, index, m) for m, entry in enumerate(moves)),
            hand.get("result"),
        )

    @property
    def ended(self) -> bool:
        return self.result is not None

    def stock_names(self) -> list[str]:
        return [tile_name(tile) for tile in self.stock]
