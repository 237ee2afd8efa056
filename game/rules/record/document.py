"""The record document (`.contack.json`, RECORD.md): its header checked once when it is
read, typed values out (`record_values`), the few changes a game in play writes, and the
stable text it is written as. `game.rules.record` replays and keeps it in step with a game.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Sequence
from typing import Any, Final

from game.rules import jsontext
from game.rules.errors import RecordError, RulesError
from game.rules.modes import Mode
from game.rules.record.entries import fail
from game.rules.record.values import RecordHand, RecordMove, RecordPlayer
from game.rules.seeds_names import SEED_DIGITS, is_seed, player_name, trim_names
from game.rules.table_rules import MAX_PLAYERS, MIN_PLAYERS, TableRules

FORMAT: Final = "contack-record"
VERSION: Final = 1
DAILY_KEY: Final = "daily"
"""The record key that marks a daily deal; its value is the date, YYYY-MM-DD (a key this
game adds to RECORD.md's, as are the three below)."""
UNDOS_KEY: Final = "undos"
ASSISTS_KEY: Final = "assists"
REDO_KEY: Final = "redo"
_DATE: Final = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


# --- the document ---------------------------------------------------------------------


class GameRecord:
    """A record document. Keys this code does not know are kept and written back."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        self._last_moves: tuple[RecordMove, ...] | None = None

    def __eq__(self, other: object) -> bool:
        """Two records are equal when their documents are."""
        return isinstance(other, GameRecord) and other.data == self.data

    __hash__ = None  # type: ignore[assignment]  # a record changes as the game goes on

    @classmethod
    def new(
        cls,
        mode: Mode,
        players: list[dict[str, Any]],
        rules: TableRules | None = None,
        **extra: Any,
    ) -> GameRecord:
        data: dict[str, Any] = {"format": FORMAT, "version": VERSION, "mode": mode}
        data["rules"] = (rules or TableRules()).to_dict()
        data["players"] = players
        data.update(extra)
        data["hands"] = []
        return cls(data)

    @classmethod
    def from_json(cls, text: str | bytes) -> GameRecord:
        """Parse and check the document's shape (not its moves: `replay` does that)."""
        try:
            data = jsontext.parse(text)
        except ValueError as error:
            raise RecordError(f"record: {error}") from None
        record = cls(data)
        record.validate_header()
        return record

    def validate_header(self) -> None:
        data = self.data
        if not isinstance(data, dict):
            raise RecordError("record: not a JSON object")
        if data.get("format") != FORMAT:
            raise RecordError(f"record: format must be {FORMAT!r}, not {data.get('format')!r}")
        if data.get("version") != VERSION:
            raise RecordError(f"record: version {data.get('version')!r} is not supported")
        if data.get("mode") not in tuple(Mode):
            raise RecordError(f"record: unknown mode {data.get('mode')!r}")
        mode = Mode(data["mode"])
        try:
            self.rules.validate()
        except (RulesError, TypeError) as error:
            raise RecordError(f"record: {error}") from None
        players = data.get("players")
        if not isinstance(players, list):
            raise RecordError("record: players must be a list")
        low, high = (MIN_PLAYERS, MAX_PLAYERS) if mode.is_table else (1, 1)
        if not low <= len(players) <= high:
            raise RecordError(
                f"record: a {mode} record has {low} to {high} players, not {len(players)}"
            )
        for seat, player in enumerate(players):
            kind = player.get("kind") if isinstance(player, dict) else None
            if kind != "human" and not (isinstance(kind, str) and kind.startswith("ai:")):
                raise RecordError(f"record: players[{seat}].kind must be 'human' or 'ai:<level>'")
        if mode.is_table and self.rules.partners and len(players) != 4:
            raise RecordError("record: partners needs exactly 4 players")
        hands = data.get("hands")
        if not isinstance(hands, list) or not all(isinstance(h, dict) for h in hands):
            raise RecordError("record: hands must be a list of objects")
        if mode.is_solitaire and len(hands) > 1:
            raise RecordError("record: a solitaire record has one hand")
        self._validate_game_keys()

    def _validate_game_keys(self) -> None:
        """The keys this game adds to RECORD.md's (`seed`, `daily`, `undos`, a hand's
        `redo`): absent, or of the shape the game reads, so that a record `check` accepts
        always opens in the game."""
        data = self.data
        if "seed" in data and not is_seed(data["seed"]):
            raise RecordError(
                "record: seed must be a whole number of at most "
                f"{SEED_DIGITS} digits or a word of letters and digits "
                f"(at most {SEED_DIGITS} characters)"
            )
        daily = data.get("daily")
        if "daily" in data and not (isinstance(daily, str) and _DATE.fullmatch(daily)):
            raise RecordError("record: daily must be a date written YYYY-MM-DD")
        undos = data.get("undos")
        if "undos" in data and not (type(undos) is int and undos >= 0):
            raise RecordError("record: undos must be a whole number from 0 up")
        for h, hand in enumerate(data["hands"]):
            redo = hand.get("redo")
            if "redo" in hand and not (
                isinstance(redo, list)
                and all(
                    isinstance(group, list)
                    and group
                    and all(isinstance(entry, dict) for entry in group)
                    for group in redo
                )
            ):
                raise fail(h, None, "redo must be a list of lists of moves")

    @property
    def mode(self) -> Mode:
        return Mode(self.data["mode"])

    @property
    def rules(self) -> TableRules:
        rules = self.data.get("rules", {})
        if not isinstance(rules, dict):
            raise RecordError("record: rules must be an object")
        try:
            return TableRules.from_dict(rules)
        except TypeError as error:
            raise RecordError(f"record: bad rules ({error})") from None

    @property
    def seed(self) -> int | str | None:
        """The seed the deals came from, when the record says (None otherwise)."""
        seed = self.data.get("seed")
        return seed if is_seed(seed) else None

    @property
    def daily(self) -> str | None:
        """The date of the daily deal this is (YYYY-MM-DD), when it is one."""
        daily = self.data.get(DAILY_KEY)
        return daily if isinstance(daily, str) else None

    @property
    def undos(self) -> int:
        """How many times the game's humans used undo (for the statistics)."""
        undos = self.data.get(UNDOS_KEY, 0)
        return undos if type(undos) is int and undos >= 0 else 0

    @undos.setter
    def undos(self, count: int) -> None:
        self.data[UNDOS_KEY] = count

    @property
    def assists(self) -> dict[str, bool]:
        """The help a solitaire player used (hints, undo, auto-play), by name."""
        assists = self.data.get(ASSISTS_KEY)
        if not isinstance(assists, dict):
            return {}
        return {str(name): True for name, used in assists.items() if used}

    @assists.setter
    def assists(self, used: dict[str, bool]) -> None:
        self.data[ASSISTS_KEY] = dict(used)

    @property
    def players(self) -> tuple[RecordPlayer, ...]:
        return tuple(RecordPlayer.from_entry(p) for p in self.data["players"])

    def names(self, fallback: str = "Seat {number}") -> list[str]:
        """Each seat's name as the screens show it (`seeds_names.player_name`)."""
        return [player_name(p.name, seat, fallback) for seat, p in enumerate(self.players)]

    def player_entries(self) -> list[dict[str, Any]]:
        """Copies of the `players` entries, as a setup takes them for a new game."""
        return [dict(p) for p in self.data["players"]]

    def trim_names(self) -> None:
        """Write each name as the screens show it (`seeds_names.trim_names`)."""
        trim_names(self.data["players"])

    @property
    def hands(self) -> tuple[RecordHand, ...]:
        """Every hand, read (`RecordError` on a bad stock or move)."""
        return tuple(
            RecordHand.read(self.mode, hand, index) for index, hand in enumerate(self.data["hands"])
        )

    @property
    def hand_count(self) -> int:
        return len(self.data["hands"])

    @property
    def last_hand_ended(self) -> bool:
        """Whether the last hand has its result (False for a record with no hands)."""
        hands = self.data["hands"]
        return bool(hands) and "result" in hands[-1]

    def last_hand_moves(self) -> tuple[RecordMove, ...]:
        """The moves of the last hand (read once per change of the record)."""
        if self._last_moves is None:
            hand = self.data["hands"][-1]
            index = len(self.data["hands"]) - 1
            self._last_moves = tuple(
                RecordMove.read(self.mode, entry, index, m)
                for m, entry in enumerate(hand.get("moves", []))
            )
        return self._last_moves

    def copy(self) -> GameRecord:
        """An independent copy (a later move of this game leaves it as it is)."""
        return GameRecord(copy.deepcopy(self.data))

    def only_hand(self, index: int, moves: Sequence[RecordMove], result: Any = None) -> GameRecord:
        """A copy whose hands are those before `index` and hand `index` dealt again with
        `moves` (and `result`, when given) instead of its own."""
        data = copy.deepcopy(self.data)
        hand = {"stock": data["hands"][index]["stock"]}
        if "cut" in data["hands"][index]:
            hand["cut"] = data["hands"][index]["cut"]
        hand["moves"] = [move.entry(self.mode) for move in moves]
        if result is not None:
            hand["result"] = result
        data["hands"] = [*data["hands"][:index], hand]
        return GameRecord(data)

    # the last hand's redo list: moves taken back and not played again yet, kept in the
    # record so that a resumed game can redo them

    def redo_groups(self) -> list[tuple[RecordMove, ...]]:
        """Each undo's moves, oldest undo first (`RecordError` on a bad entry)."""
        groups = self.data["hands"][-1].get(REDO_KEY, [])
        index = len(self.data["hands"]) - 1
        return [
            tuple(RecordMove.read(self.mode, entry, index, m) for m, entry in enumerate(group))
            for group in groups
        ]

    def push_redo(self, moves: Sequence[RecordMove]) -> None:
        hand = self.data["hands"][-1]
        hand.setdefault(REDO_KEY, []).append([move.entry(self.mode) for move in moves])

    def pop_redo(self) -> None:
        """Drop the last undo's group (and the list with its last group)."""
        hand = self.data["hands"][-1]
        groups = hand.get(REDO_KEY)
        if groups:
            groups.pop()
        if not groups:
            hand.pop(REDO_KEY, None)

    def clear_redo(self) -> None:
        self.data["hands"][-1].pop(REDO_KEY, None)

    def set_hand_clock(self, seconds: float) -> None:
        """Timed games: the game clock of the hand under way, as saved."""
        self.data["hands"][-1]["clock_s"] = round(seconds, 3)

    # written by RecordedGame as moves are played and taken back

    def start_hand(self, hand: dict[str, Any]) -> None:
        self.data["hands"].append(hand)
        self._last_moves = None

    def last_hand(self) -> dict[str, Any]:
        """The last hand's entry, to be written into (RecordedGame only)."""
        self._last_moves = None
        hand: dict[str, Any] = self.data["hands"][-1]
        return hand

    def dumps(self) -> str:
        """The document as text: one key per line, one move per line, stable bytes."""
        return _format(self.data) + "\n"


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
