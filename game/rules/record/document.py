"""The record document (`.contack.json`, docs/record.md): its header checked once when it is
read, typed values out (`record_values`), the few changes a game in play writes, and the
stable text it is written as. `game.rules.record` replays and keeps it in step with a game.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping, Sequence
from typing import Any, Final

from game.rules import jsontext
from game.rules.errors import RecordError
from game.rules.modes import Mode
from game.rules.record.entries import HandEntry, PlayerEntry
from game.rules.record.shape import FORMAT, VERSION, check_shape, read_rules
from game.rules.record.values import RecordHand, RecordMove, RecordPlayer
from game.rules.seeds_names import is_seed, player_name, trim_names
from game.rules.table_rules import TableRules
from game.rules.tiles import TileId, tile_name

DAILY_KEY: Final = "daily"
"""The record key that marks a daily deal; its value is the date, YYYY-MM-DD (a key this
game adds: docs/record.md "Keys this game adds", as are the three below)."""
UNDOS_KEY: Final = "undos"
LIGHT_KEY: Final = "light_out"
"""The record key of the move at which a solitaire's still-winnable light went out (1:
the first move; 0: the deal could not be won from its start)."""
ASSISTS_KEY: Final = "assists"
REDO_KEY: Final = "redo"


# --- the document ---------------------------------------------------------------------


_OWN: Final = object()
"""The key to `GameRecord`'s constructor, which only this module holds: a record comes in by
`GameRecord.parse` (or `from_json`, or `new`), its shape checked, never past it."""


class GameRecord:
    """A record document. Keys this code does not know are kept and written back."""

    def __init__(self, document: dict[str, Any], key: object) -> None:
        """Wrap `document` as it is (this module's own use: others `parse` or `new`)."""
        if key is not _OWN:
            raise TypeError("a GameRecord comes from GameRecord.parse or GameRecord.new")
        self._document = document
        self._last_moves: tuple[RecordMove, ...] | None = None

    def __eq__(self, other: object) -> bool:
        """Two records are equal when their documents are."""
        return isinstance(other, GameRecord) and other._document == self._document

    __hash__ = None  # type: ignore[assignment]  # a record changes as the game goes on

    @classmethod
    def new(
        cls,
        mode: Mode,
        players: Sequence[Mapping[str, object]],
        rules: TableRules | None = None,
        **extra: Any,
    ) -> GameRecord:
        data: dict[str, Any] = {"format": FORMAT, "version": VERSION, "mode": mode}
        data["rules"] = (rules or TableRules()).to_dict()
        data["players"] = players
        data.update(extra)
        data["hands"] = []
        return cls(data, _OWN)

    @classmethod
    def from_json(cls, text: str | bytes) -> GameRecord:
        """Parse and check the document's shape (not its moves: `replay` does that)."""
        try:
            data = jsontext.parse(text)
        except ValueError as error:
            raise RecordError(f"record: {error}") from None
        return cls.parse(data)

    @classmethod
    def parse(cls, data: object) -> GameRecord:
        """The record a JSON document holds, its shape checked (`RecordError` when it is
        not one): the one way a file's or a message's record comes in. It keeps `data`."""
        record = cls(data, _OWN)  # type: ignore[arg-type]  # validate_header refuses a non-object
        record.validate_header()
        return record

    def to_json(self) -> dict[str, Any]:
        """The document as JSON values (a copy): what a file or a message carries."""
        document: dict[str, Any] = _copied(self._document)
        return document

    def validate_header(self) -> None:
        """Check the document's shape (`record.shape`); `RecordError` when it is wrong."""
        check_shape(self._document)

    @property
    def mode(self) -> Mode:
        return Mode(self._document["mode"])

    @property
    def rules(self) -> TableRules:
        return read_rules(self._document)

    @property
    def seed(self) -> int | str | None:
        """The seed the deals came from, when the record says (None otherwise)."""
        seed = self._document.get("seed")
        return seed if is_seed(seed) else None

    @property
    def daily(self) -> str | None:
        """The date of the daily deal this is (YYYY-MM-DD), when it is one."""
        daily = self._document.get(DAILY_KEY)
        return daily if isinstance(daily, str) else None

    @property
    def undos(self) -> int:
        """How many times the game's humans used undo (for the statistics)."""
        undos = self._document.get(UNDOS_KEY, 0)
        return undos if type(undos) is int and undos >= 0 else 0

    @undos.setter
    def undos(self, count: int) -> None:
        self._document[UNDOS_KEY] = count

    @property
    def assists(self) -> dict[str, bool]:
        """The help a solitaire player used (hints, undo, auto-play), by name."""
        assists = self._document.get(ASSISTS_KEY)
        if not isinstance(assists, dict):
            return {}
        return {str(name): True for name, used in assists.items() if used}

    @assists.setter
    def assists(self, used: dict[str, bool]) -> None:
        self._document[ASSISTS_KEY] = dict(used)

    @property
    def players(self) -> tuple[RecordPlayer, ...]:
        return tuple(RecordPlayer.from_entry(p) for p in self._document["players"])

    @property
    def human_seats(self) -> tuple[int, ...]:
        return tuple(seat for seat, player in enumerate(self.players) if player.is_human)

    def names(self, fallback: str = "Seat {number}") -> list[str]:
        """Each seat's name as the screens show it (`seeds_names.player_name`)."""
        return [player_name(p.name, seat, fallback) for seat, p in enumerate(self.players)]

    def player_entries(self) -> list[PlayerEntry]:
        """Copies of the `players` entries, as a setup takes them for a new game."""
        players: list[PlayerEntry] = _copied(self._document["players"])
        return players

    def trim_names(self) -> None:
        """Write each name as the screens show it (`seeds_names.trim_names`)."""
        trim_names(self._document["players"])

    def set_player(self, seat: int, *, kind: str | None = None, name: str | None = None) -> None:
        """Write seat `seat`'s `kind` and `name` (each when given; an empty name is none)."""
        player = self._document["players"][seat]
        if kind is not None:
            player["kind"] = kind
        if name == "":
            player.pop("name", None)
        elif name is not None:
            player["name"] = name

    def drop_seed(self) -> None:
        """Forget the deal's seed (a position, not a deal)."""
        self._document.pop("seed", None)

    def take_key(self, key: str) -> Any:
        """Remove a key the record does not know (a server's own) and give its value."""
        return self._document.pop(key, None)

    @property
    def light_out(self) -> int | None:
        """The move at which a solitaire's still-winnable light went out (None: it did not,
        or the key holds what this game would not have written)."""
        value = self._document.get(LIGHT_KEY)
        return value if type(value) is int and value >= 0 else None

    @light_out.setter
    def light_out(self, move: int | None) -> None:
        if move is None:
            self._document.pop(LIGHT_KEY, None)
        else:
            self._document[LIGHT_KEY] = move

    @property
    def hands(self) -> tuple[RecordHand, ...]:
        """Every hand, read (`RecordError` on a bad stock or move)."""
        return tuple(
            RecordHand.read(self.mode, hand, index)
            for index, hand in enumerate(self._document["hands"])
        )

    @property
    def hand_count(self) -> int:
        return len(self._document["hands"])

    def hand_entries(self) -> list[Mapping[str, Any]]:
        """The hands as written, for the replay in `recorded_game` to check: readers
        outside `game.rules.record` take `hands`, `results` or `moves_by`."""
        hands: list[Mapping[str, Any]] = self._document["hands"]
        return hands

    def results(self) -> list[Any]:
        """Each ended hand's result as written."""
        return [hand["result"] for hand in self._document["hands"] if "result" in hand]

    def moves_by(self, seats: Collection[int], hand: int) -> int:
        """How many moves of hand `hand` seats `seats` played, as written (not checked)."""
        moves = self._document["hands"][hand].get("moves")
        if not isinstance(moves, list):
            return 0
        return sum(isinstance(entry, dict) and entry.get("player") in seats for entry in moves)

    def move_count(self, hand: int) -> int:
        """How many moves hand `hand` holds."""
        moves = self._document["hands"][hand].get("moves", [])
        return len(moves) if isinstance(moves, list) else 0

    def stock_names(self, hand: int) -> list[str | None]:
        """The names of hand `hand`'s stock as written (None: a tile a view hides)."""
        stock = self._document["hands"][hand].get("stock")
        return [n if isinstance(n, str) else None for n in stock] if isinstance(stock, list) else []

    def set_stock_names(self, hand: int, names: Sequence[str | None]) -> None:
        """Write hand `hand`'s stock (a view's copy learning the order of its tiles)."""
        self._document["hands"][hand]["stock"] = list(names)

    def hidden_view(self, shown: int | None) -> dict[str, Any]:
        """The document as any seat may see it (docs/protocol.md), as JSON values of its own:
        no seed, and the tiles of the last hand's stock from `shown` on as None (None: all
        shown, the hand has ended)."""
        view = self.copy()
        view.drop_seed()
        if shown is not None:
            names = view.stock_names(-1)
            view.set_stock_names(-1, [*names[:shown], *[None] * len(names[shown:])])
        return view._document

    @property
    def last_hand_ended(self) -> bool:
        """Whether the last hand has its result (False for a record with no hands)."""
        hands = self._document["hands"]
        return bool(hands) and "result" in hands[-1]

    def last_hand_moves(self) -> tuple[RecordMove, ...]:
        """The moves of the last hand (read once per change of the record)."""
        if self._last_moves is None:
            hand = self._document["hands"][-1]
            index = len(self._document["hands"]) - 1
            self._last_moves = tuple(
                RecordMove.read(self.mode, entry, index, m)
                for m, entry in enumerate(hand.get("moves", []))
            )
        return self._last_moves

    def last_move(self) -> RecordMove:
        """The last move of the last hand, read alone (a table server reads it after each
        move; `last_hand_moves` reads the whole hand again after every change)."""
        index = len(self._document["hands"]) - 1
        moves = self._document["hands"][-1]["moves"]
        return RecordMove.read(self.mode, moves[-1], index, len(moves) - 1)

    def copy(self) -> GameRecord:
        """An independent copy (a later move of this game leaves it as it is)."""
        return GameRecord(_copied(self._document), _OWN)

    def only_hand(self, index: int, moves: Sequence[RecordMove], result: Any = None) -> GameRecord:
        """A copy whose hands are those before `index` and hand `index` dealt again with
        `moves` (and `result`, when given) instead of its own."""
        data = _copied(self._document)
        hand = {"stock": data["hands"][index]["stock"]}
        if "cut" in data["hands"][index]:
            hand["cut"] = data["hands"][index]["cut"]
        hand["moves"] = [move.entry(self.mode) for move in moves]
        if result is not None:
            hand["result"] = result
        data["hands"] = [*data["hands"][:index], hand]
        return GameRecord(data, _OWN)

    # the last hand's redo list: moves taken back and not played again yet, kept in the
    # record so that a resumed game can redo them

    def redo_groups(self) -> list[tuple[RecordMove, ...]]:
        """Each undo's moves, oldest undo first (`RecordError` on a bad entry)."""
        groups = self._document["hands"][-1].get(REDO_KEY, [])
        index = len(self._document["hands"]) - 1
        return [
            tuple(RecordMove.read(self.mode, entry, index, m) for m, entry in enumerate(group))
            for group in groups
        ]

    def push_redo(self, moves: Sequence[RecordMove]) -> None:
        hand = self._document["hands"][-1]
        hand.setdefault(REDO_KEY, []).append([move.entry(self.mode) for move in moves])

    def pop_redo(self) -> None:
        """Drop the last undo's group (and the list with its last group)."""
        hand = self._document["hands"][-1]
        groups = hand.get(REDO_KEY)
        if groups:
            groups.pop()
        if not groups:
            hand.pop(REDO_KEY, None)

    def clear_redo(self) -> None:
        self._document["hands"][-1].pop(REDO_KEY, None)

    def set_hand_clock(self, seconds: float) -> None:
        """Timed games: the game clock of the hand under way, as saved."""
        self._document["hands"][-1]["clock_s"] = round(seconds, 3)

    # written by RecordedGame as moves are played and taken back

    def start_hand(self, stock: Sequence[TileId], cut: int | None) -> None:
        """A new last hand dealt from `stock` (stacked solitaire: cut at `cut`), no moves."""
        hand: HandEntry = {"stock": [tile_name(tile) for tile in stock]}
        if cut is not None:
            hand["cut"] = cut
        hand["moves"] = []
        self._document["hands"].append(hand)
        self._last_moves = None

    def append_move(self, move: RecordMove) -> None:
        """Write `move` down as the last hand's next."""
        self._document["hands"][-1]["moves"].append(move.entry(self.mode))
        self._last_moves = None

    def take_back_move(self) -> None:
        """Strike the last hand's last move (and its result, if it had one)."""
        hand = self._document["hands"][-1]
        hand["moves"].pop()
        hand.pop("result", None)
        self._last_moves = None

    def write_hand(self, result: object, clock_s: float | None) -> None:
        """Write the last hand's `result` (None: none yet) and, in a timed game, its game
        clock, after the result (a table's clock is written again each time)."""
        hand = self._document["hands"][-1]
        if self.mode is Mode.TABLE:
            hand.pop("clock_s", None)
        if result is not None:
            hand["result"] = result
        if clock_s is not None:
            hand["clock_s"] = round(clock_s, 3)

    def dumps(self, extra: Mapping[str, Any] | None = None, *, compact: bool = False) -> str:
        """The document as text: one key per line, one move per line, stable bytes; with
        the keys of `extra` too (a server's own), in their place or after the others.
        `compact`: on one line (an autosave, written after every move, with no copy of
        the document: a copy of a long game's record cost an autosave most of its time)."""
        if compact:
            return json.dumps({**self._document, **(extra or {})}, ensure_ascii=False)
        return _format({**self._document, **(extra or {})}) + "\n"


def _copied(value: Any) -> Any:
    """A copy of a document's JSON values: 2.4 times quicker than copy.deepcopy, which
    notes every object for references a document never shares (a table server copies a
    record twice for each view it sends)."""
    if isinstance(value, dict):
        return {key: _copied(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_copied(item) for item in value]
    return value


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def _format(data: dict[str, Any]) -> str:
    lines = []
    for key, value in data.items():
        if key == "hands" and isinstance(value, list) and value:
            hands = []
            for hand in value:
                parts = []
                for hkey, hvalue in hand.items():
                    if hkey == "moves" and isinstance(hvalue, list) and hvalue:
                        moves = ",\n      ".join(_compact(m) for m in hvalue)
                        parts.append(f'"moves": [\n      {moves}]')
                    else:
                        parts.append(f"{_compact(hkey)}: {_compact(hvalue)}")
                hands.append("{" + ",\n     ".join(parts) + "}")
            lines.append('"hands": [\n    ' + ",\n    ".join(hands) + "\n  ]")
        else:
            lines.append(f"{_compact(key)}: {_compact(value)}")
    return "{\n  " + ",\n  ".join(lines) + "\n}"
