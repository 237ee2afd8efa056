"""Typed values of a game record (docs/record.md), frozen: the header (mode, rules, seats and
the keys this game adds), a seat's player, a hand with its stock, moves and result, and a
move as it was written down. Each keeps the keys it does not know, with their values and
the order of every key, so a record is written back as it was read.

A record's JSON is read into these values once (`GameRecord.parse`) and written from them
(`GameRecord.to_json` and `dumps`); every change makes new values.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Self, TypeAlias, cast

from game.rules.errors import RulesError
from game.rules.modes import Mode
from game.rules.moves import DRAW, PLACE, Move
from game.rules.record.entries import MoveEntry, entry_to_move, fail, move_to_entry
from game.rules.record.shape import FORMAT, VERSION
from game.rules.seeds_names import is_seed, player_name
from game.rules.table_rules import TableRules
from game.rules.tiles import ALL_TILES, TileId, parse_tile, tile_name

AI_PREFIX = "ai:"

DAILY_KEY = "daily"
"""The record key that marks a daily deal; its value is the date, YYYY-MM-DD (a key this
game adds: docs/record.md "Keys this game adds", as are the three below)."""
UNDOS_KEY = "undos"
LIGHT_KEY = "light_out"
"""The record key of the move at which a solitaire's still-winnable light went out (1:
the first move; 0: the deal could not be won from its start)."""
ASSISTS_KEY = "assists"

Json: TypeAlias = "bool | int | float | str | tuple[Json, ...] | JsonObject | None"
"""A JSON value, frozen: an array is a tuple, an object a `JsonObject`."""


@dataclass(frozen=True, slots=True, eq=False)
class JsonObject:
    """A JSON object, frozen, its keys in the order they were written (equal to another
    with the same keys and values in any order, as JSON objects are)."""

    items: tuple[tuple[str, Json], ...] = ()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, JsonObject) and dict(self.items) == dict(other.items)

    def __hash__(self) -> int:
        return hash(frozenset(self.items))

    @classmethod
    def of(cls, data: Mapping[str, Any]) -> JsonObject:
        """`data` (a JSON object as `json` reads it) frozen."""
        return cls(tuple((str(key), freeze(value)) for key, value in data.items()))

    def __contains__(self, key: str) -> bool:
        return any(name == key for name, _value in self.items)

    def get(self, key: str, default: Json = None) -> Json:
        return next((value for name, value in self.items if name == key), default)

    def without(self, key: str) -> JsonObject:
        return JsonObject(tuple((n, v) for n, v in self.items if n != key))


def freeze(value: Any) -> Json:
    """A JSON value (as `json` reads it) frozen."""
    if isinstance(value, dict):
        return JsonObject.of(value)
    if isinstance(value, list | tuple):
        return tuple(freeze(item) for item in value)
    return cast(Json, value)  # a number, a string, true, false or null


def thaw(value: Json) -> Any:
    """A frozen JSON value as `json` writes it (lists and dicts of its own)."""
    if isinstance(value, JsonObject):
        return {key: thaw(item) for key, item in value.items}
    if isinstance(value, tuple):
        return [thaw(item) for item in value]
    return value


@dataclass(frozen=True, slots=True, eq=False)
class Layout:
    """The keys of one object of a record in their written order, and the values of those
    this code does not know (what a tool added), kept to be written back. Two layouts of
    the same keys are equal whatever their order: the order is only how the text reads."""

    order: tuple[str, ...] = ()
    unknown: JsonObject = JsonObject()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Layout) and (set(self.order), self.unknown) == (
            set(other.order),
            other.unknown,
        )

    def __hash__(self) -> int:
        return hash((frozenset(self.order), self.unknown))

    @classmethod
    def read(cls, data: Mapping[str, Any], known: frozenset[str] | set[str]) -> Layout:
        """The layout of `data`, whose keys in `known` the caller reads itself."""
        rest = {key: value for key, value in data.items() if key not in known}
        return cls(tuple(data), JsonObject.of(rest))

    def having(self, key: str, present: bool = True) -> Layout:
        """`key`, a known key now, written (after the others when new) or, `present`
        False, not written."""
        unknown = self.unknown.without(key)
        if not present:
            return Layout(tuple(k for k in self.order if k != key), unknown)
        return Layout(self.order if key in self.order else (*self.order, key), unknown)

    def written(self, known: Mapping[str, Any]) -> dict[str, Any]:
        """The object: each key in order, its value from `known` (JSON values) or as read."""
        return {
            key: known[key] if key in known else thaw(self.unknown.get(key))
            for key in self.order
            if key in known or key in self.unknown
        }


def _seconds(value: object, hand: int, move: int | None) -> float:
    """A `clock_s` of the record: game time in seconds, as written (an int stays one)."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value < math.inf:
        raise fail(hand, move, "clock_s must be a number of seconds from 0 up")
    return value


@dataclass(frozen=True, slots=True)
class RecordPlayer:
    """One entry of a record's `players`: who sits there (`kind` is "human" or
    "ai:<level>") and the name written for them (as written, of any JSON type: screens
    clean it with `seeds_names.player_name`)."""

    kind: str
    name: Json = None
    layout: Layout = Layout(("kind",))

    @classmethod
    def from_entry(cls, entry: Mapping[str, Any]) -> RecordPlayer:
        return cls(
            str(entry.get("kind", "human")),
            freeze(entry.get("name")),
            Layout.read(entry, {"kind", "name"}),
        )

    @property
    def is_human(self) -> bool:
        return self.kind == "human"

    @property
    def seated(self) -> bool:
        """Whether someone sits here: a player who took the seat (a table's view names
        them) or a computer."""
        return bool(self.name) or not self.is_human

    @property
    def level(self) -> str | None:
        """The computer's level ("expert" for "ai:expert"), None for a human."""
        return self.kind.removeprefix(AI_PREFIX) if self.kind.startswith(AI_PREFIX) else None

    def with_kind(self, kind: str) -> RecordPlayer:
        return replace(self, kind=kind, layout=self.layout.having("kind"))

    def with_name(self, name: str) -> RecordPlayer:
        """The player named `name` ("": no name written)."""
        return replace(self, name=name or None, layout=self.layout.having("name", name != ""))

    def trimmed(self, seat: int) -> RecordPlayer:
        """The player with the name the screens show (`seeds_names.trim_names`)."""
        shown = player_name(self.name, seat, fallback="")
        if self.name == shown:
            return self
        return replace(self, name=shown, layout=self.layout.having("name"))

    def to_json(self) -> dict[str, Any]:
        known: dict[str, Any] = {"kind": self.kind}
        if "name" in self.layout.order:
            known["name"] = thaw(self.name)
        return self.layout.written(known)


@dataclass(frozen=True, slots=True)
class RecordMove:
    """One move as a record wrote it down: who played it, the move, what the record says
    it gave (a placement's points, a table draw's tile, the game clock before it), and the
    keys a tool added to it."""

    player: int
    move: Move
    score: int | None = None
    drawn: TileId | None = None
    clock_s: float | None = None
    unknown: JsonObject = JsonObject()

    @classmethod
    def read(cls, mode: Mode, entry: Any, hand: int, index: int) -> RecordMove:
        """The entry `index` of hand `hand` (`RecordError` when it is not a move)."""
        move = entry_to_move(mode, entry, hand, index)
        player = entry.get("player", 0)
        if mode.is_table and type(player) is not int:
            raise fail(hand, index, f"player must be a seat number, not {player!r}")
        score = entry.get("score") if move.action == PLACE else None
        if move.action == PLACE and "score" in entry and type(score) is not int:
            raise fail(hand, index, f"score must be a whole number, not {score!r}")
        drawn = None
        if mode.is_table and move.action == DRAW and "tile" in entry:
            try:
                drawn = parse_tile(entry["tile"])
            except RulesError as error:
                raise fail(hand, index, str(error)) from None
        clock = _seconds(entry["clock_s"], hand, index) if "clock_s" in entry else None
        player = player if mode.is_table else 0
        own = {*move_to_entry(mode, move, player, score, drawn), "clock_s"}
        rest = {key: value for key, value in entry.items() if key not in own}
        return cls(player, move, score, drawn, clock, JsonObject.of(rest))

    def entry(self, mode: Mode) -> MoveEntry:
        """The record entry that writes this move down."""
        written = move_to_entry(mode, self.move, self.player, self.score, self.drawn)
        if self.clock_s is not None:
            written["clock_s"] = self.clock_s
        for key, value in self.unknown.items:
            written[key] = thaw(value)  # type: ignore[literal-required]
        return written


def _read_moves(mode: Mode, moves: Any, hand: int) -> tuple[RecordMove, ...]:
    if not isinstance(moves, list):
        raise fail(hand, None, "moves must be a list")
    return tuple(RecordMove.read(mode, entry, hand, m) for m, entry in enumerate(moves))


def _read_result(result: Any, hand: int) -> tuple[int, ...] | str:
    if isinstance(result, str):
        return result
    if isinstance(result, list) and all(type(value) is int for value in result):
        return tuple(result)
    raise fail(hand, None, f"result must be a list of whole numbers or a word, not {result!r}")


@dataclass(frozen=True, slots=True)
class RecordHand:
    """One hand of a record: the stock it was dealt from (a view's hidden tiles are None;
    stacked solitaire: and the cut), its moves, its result once it has ended (table: each
    seat's points or chips; solitaire: "won" or "lost"), a timed game's clock and the
    moves an undo took back (`redo`, oldest undo first)."""

    stock: tuple[TileId | None, ...]
    cut: int | None = None
    moves: tuple[RecordMove, ...] = ()
    result: tuple[int, ...] | str | None = None
    clock_s: float | None = None
    redo: tuple[tuple[RecordMove, ...], ...] = ()
    layout: Layout = Layout(("stock", "moves"))

    @classmethod
    def dealt(
        cls, stock: tuple[TileId | None, ...], cut: int | None, moves: tuple[RecordMove, ...] = ()
    ) -> RecordHand:
        """A hand dealt from `stock` (stacked solitaire: cut at `cut`), played with `moves`
        (none: just dealt)."""
        order = ("stock", "moves") if cut is None else ("stock", "cut", "moves")
        return cls(stock, cut, moves, layout=Layout(order))

    @classmethod
    def read(cls, mode: Mode, hand: Mapping[str, Any], index: int) -> RecordHand:
        """Hand `index` of a record of `mode` (`RecordError` on a bad stock or move)."""
        stock = hand.get("stock")
        if not isinstance(stock, list):
            raise fail(index, None, "stock must be a list of 36 tile names")
        try:
            tiles = tuple(None if name is None else parse_tile(name) for name in stock)
        except RulesError as error:
            raise fail(index, None, f"stock: {error}") from None
        cut = None
        if mode is Mode.STACKED_SOLITAIRE:
            cut = hand.get("cut")
            if type(cut) is not int or not 0 <= cut <= 5:
                raise fail(index, None, f"cut must be 0 to 5, not {cut!r}")
        redo = hand.get("redo", [])
        return cls(
            tiles,
            cut,
            _read_moves(mode, hand.get("moves", []), index),
            _read_result(hand["result"], index) if "result" in hand else None,
            _seconds(hand["clock_s"], index, None) if "clock_s" in hand else None,
            tuple(_read_moves(mode, group, index) for group in redo),
            Layout.read(hand, _HAND_KEYS if cut is not None else _HAND_KEYS - {"cut"}),
        )

    @property
    def ended(self) -> bool:
        return self.result is not None

    @property
    def played(self) -> tuple[object, ...]:
        """What two copies of the hand must agree on: its stock, cut, moves and result
        (not the clock a server wrote, the moves to redo or a tool's keys)."""
        return (self.stock, self.cut, self.moves, self.result)

    def stock_names(self) -> list[str | None]:
        """The stock's names (None: a tile a view hides)."""
        return [None if tile is None else tile_name(tile) for tile in self.stock]

    def tiles(self, index: int) -> list[TileId]:
        """The stock as dealt (`RecordError` unless it holds each tile once: not a view's)."""
        if sorted(self.stock, key=lambda tile: -1 if tile is None else tile) != list(ALL_TILES):
            raise fail(index, None, "the stock must hold each of the 36 tiles exactly once")
        return [tile for tile in self.stock if tile is not None]

    def with_stock(self, stock: tuple[TileId | None, ...]) -> RecordHand:
        return replace(self, stock=stock)

    def with_move(self, move: RecordMove) -> RecordHand:
        return replace(self, moves=(*self.moves, move), layout=self.layout.having("moves"))

    def without_last_move(self) -> RecordHand:
        """The hand without its last move, and so without a result."""
        return replace(self, moves=self.moves[:-1]).with_result(None)

    def with_result(self, result: tuple[int, ...] | str | None) -> RecordHand:
        """The hand with `result` (None: none written)."""
        return replace(self, result=result, layout=self.layout.having("result", result is not None))

    def with_clock(self, seconds: float | None) -> RecordHand:
        """The hand's game clock `seconds` (None: none written)."""
        layout = self.layout.having("clock_s", seconds is not None)
        return replace(self, clock_s=seconds, layout=layout)

    def with_redo(self, redo: tuple[tuple[RecordMove, ...], ...]) -> RecordHand:
        return replace(self, redo=redo, layout=self.layout.having("redo", bool(redo)))

    def to_json(self, mode: Mode) -> dict[str, Any]:
        known: dict[str, Any] = {
            "stock": self.stock_names(),
            "moves": [move.entry(mode) for move in self.moves],
        }
        if self.cut is not None:
            known["cut"] = self.cut
        if self.result is not None:
            known["result"] = self.result if isinstance(self.result, str) else list(self.result)
        if self.clock_s is not None:
            known["clock_s"] = self.clock_s
        if self.redo:
            known["redo"] = [[move.entry(mode) for move in group] for group in self.redo]
        return self.layout.written(known)


_HAND_KEYS = frozenset({"stock", "cut", "moves", "result", "clock_s", "redo"})
_GAME_KEYS = ("seed", DAILY_KEY, UNDOS_KEY, LIGHT_KEY, ASSISTS_KEY)
"""The keys this game adds to a document, each the name of `RecordHeader`'s field."""
_HEADER_KEYS = frozenset({"format", "version", "mode", "rules", "players", "hands"})


@dataclass(frozen=True, slots=True)
class RecordHeader:
    """A record's document but its hands: the mode, the rules (`rules_written`: the
    object as read, kept to be written back as it was), the seats, and the keys this game
    adds (docs/record.md); `layout` keeps every key's place, the hands' among them, and
    the keys it does not know (a value of `light_out` or `assists` the game would not
    have written among them)."""

    mode: Mode
    rules: TableRules
    rules_written: JsonObject
    players: tuple[RecordPlayer, ...]
    seed: int | str | None = None
    daily: str | None = None
    undos: int | None = None
    light_out: int | None = None
    assists: tuple[str, ...] | None = None
    layout: Layout = Layout()

    @classmethod
    def read(cls, data: Mapping[str, Any]) -> RecordHeader:
        """The header of a document whose shape `shape.check_shape` has checked."""
        rules = data.get("rules", {})
        seed, daily, undos = data.get("seed"), data.get(DAILY_KEY), data.get(UNDOS_KEY)
        light, assists = data.get(LIGHT_KEY), data.get(ASSISTS_KEY)
        seed = seed if is_seed(seed) else None
        daily = daily if isinstance(daily, str) else None
        undos = undos if type(undos) is int and undos >= 0 else None
        light_out = light if type(light) is int and light >= 0 else None
        used = (
            tuple(assists)
            if isinstance(assists, dict) and all(on is True for on in assists.values())
            else None
        )
        typed = zip(_GAME_KEYS, (seed, daily, undos, light_out, used), strict=True)
        known = {key for key, value in typed if value is not None}
        return cls(
            Mode(data["mode"]),
            TableRules.from_dict(rules),
            JsonObject.of(rules),
            tuple(RecordPlayer.from_entry(player) for player in data["players"]),
            seed,
            daily,
            undos,
            light_out,
            used,
            Layout.read(data, known | _HEADER_KEYS),
        )

    def having(self, key: str, **changes: Any) -> Self:
        """The header with `changes` to its fields, `key` written when its value is."""
        header = replace(self, **changes)
        return replace(header, layout=header.layout.having(key, getattr(header, key) is not None))

    def to_json(self, hands: list[dict[str, Any]]) -> dict[str, Any]:
        known: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "mode": str(self.mode),
            "rules": thaw(self.rules_written),
            "players": [player.to_json() for player in self.players],
            "hands": hands,
        }
        for key, value in (
            ("seed", self.seed),
            (DAILY_KEY, self.daily),
            (UNDOS_KEY, self.undos),
            (LIGHT_KEY, self.light_out),
            (ASSISTS_KEY, None if self.assists is None else dict.fromkeys(self.assists, True)),
        ):
            if value is not None:
                known[key] = value
        return self.layout.written(known)
