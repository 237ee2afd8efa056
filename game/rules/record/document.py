"""The record document (`.contack.json`, docs/record.md): read once into frozen typed values
(`record.values`: the header, the hands and their moves), changed by making new values (a
game in play writes its moves, seats and the keys this game adds through `GameRecord`'s
methods), and written as stable text. `game.rules.record` replays and keeps it in step
with a game.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping, Sequence
from dataclasses import replace
from typing import Any, Final

from game.rules import jsontext
from game.rules.errors import RecordError
from game.rules.modes import Mode
from game.rules.record.entries import PlayerEntry
from game.rules.record.shape import FORMAT, VERSION, check_shape
from game.rules.record.values import (
    ASSISTS_KEY,
    DAILY_KEY,
    LIGHT_KEY,
    UNDOS_KEY,
    RecordHand,
    RecordHeader,
    RecordMove,
    RecordPlayer,
    thaw,
)
from game.rules.seeds_names import player_name
from game.rules.table_rules import TableRules
from game.rules.tiles import TileId

__all__ = ["ASSISTS_KEY", "DAILY_KEY", "LIGHT_KEY", "UNDOS_KEY", "GameRecord"]

# --- the document ---------------------------------------------------------------------


_OWN: Final = object()
"""The key to `GameRecord`'s constructor, which only this module holds: a record comes in by
`GameRecord.parse` (or `from_json`, or `new`), its shape checked, never past it."""


class GameRecord:
    """A game's record: its header and its hands, frozen values a change replaces (so a
    copy costs nothing and a value handed out never changes). Keys this code does not
    know are kept and written back."""

    def __init__(self, header: RecordHeader, hands: tuple[RecordHand, ...], key: object) -> None:
        """The record of these values (this module's own use: others `parse` or `new`)."""
        if key is not _OWN:
            raise TypeError("a GameRecord comes from GameRecord.parse or GameRecord.new")
        self._header = header
        self._hands = hands

    def __eq__(self, other: object) -> bool:
        """Two records are equal when their headers and hands are."""
        return isinstance(other, GameRecord) and (other._header, other._hands) == (
            self._header,
            self._hands,
        )

    __hash__ = None  # type: ignore[assignment]  # a record changes as the game goes on

    @classmethod
    def new(
        cls,
        mode: Mode,
        players: Sequence[Mapping[str, object]],
        rules: TableRules | None = None,
        **extra: Any,
    ) -> GameRecord:
        """A record of a game set up and not dealt yet; `extra`: keys written before the hands."""
        data: dict[str, Any] = {"format": FORMAT, "version": VERSION, "mode": mode}
        data["rules"] = (rules or TableRules()).to_dict()
        data["players"] = players
        data.update(extra)
        data["hands"] = []
        return cls(RecordHeader.read(data), (), _OWN)

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
        """The record a JSON document holds, its shape and each move's checked
        (`RecordError` when it is not one; the replay checks that the moves may be
        played): the one way a file's or a message's record comes in."""
        check_shape(data)
        assert isinstance(data, dict)  # check_shape refuses anything else
        header = RecordHeader.read(data)
        hands = tuple(RecordHand.read(header.mode, hand, h) for h, hand in enumerate(data["hands"]))
        return cls(header, hands, _OWN)

    def to_json(self) -> dict[str, Any]:
        """The document as JSON values of its own: what a file or a message carries."""
        return self._header.to_json([hand.to_json(self.mode) for hand in self._hands])

    @property
    def mode(self) -> Mode:
        return self._header.mode

    @property
    def rules(self) -> TableRules:
        return self._header.rules

    @property
    def seed(self) -> int | str | None:
        """The seed the deals came from, when the record says (None otherwise)."""
        return self._header.seed

    @property
    def daily(self) -> str | None:
        """The date of the daily deal this is (YYYY-MM-DD), when it is one."""
        return self._header.daily

    @property
    def undos(self) -> int:
        """How many times the game's humans used undo (for the statistics)."""
        return self._header.undos or 0

    @undos.setter
    def undos(self, count: int) -> None:
        self._header = self._header.having(UNDOS_KEY, undos=count)

    @property
    def assists(self) -> dict[str, bool]:
        """The help a solitaire player used (hints, undo, auto-play), by name."""
        return dict.fromkeys(self._header.assists or (), True)

    @assists.setter
    def assists(self, used: dict[str, bool]) -> None:
        names = tuple(name for name, on in used.items() if on)
        self._header = self._header.having(ASSISTS_KEY, assists=names)

    @property
    def players(self) -> tuple[RecordPlayer, ...]:
        return self._header.players

    @property
    def human_seats(self) -> tuple[int, ...]:
        return tuple(seat for seat, player in enumerate(self.players) if player.is_human)

    def names(self, fallback: str = "Seat {number}") -> list[str]:
        """Each seat's name as the screens show it (`seeds_names.player_name`)."""
        return [player_name(p.name, seat, fallback) for seat, p in enumerate(self.players)]

    def player_entries(self) -> list[PlayerEntry]:
        """The `players` entries as JSON values, as a setup takes them for a new game."""
        return [player.to_json() for player in self.players]  # type: ignore[misc]

    def trim_names(self) -> None:
        """Write each name as the screens show it (`seeds_names.trim_names`)."""
        players = tuple(player.trimmed(seat) for seat, player in enumerate(self.players))
        self._header = replace(self._header, players=players)

    def set_player(self, seat: int, *, kind: str | None = None, name: str | None = None) -> None:
        """Write seat `seat`'s `kind` and `name` (each when given; an empty name is none)."""
        player = self.players[seat]
        if kind is not None:
            player = player.with_kind(kind)
        if name is not None:
            player = player.with_name(name)
        players = (*self.players[:seat], player, *self.players[seat + 1 :])
        self._header = replace(self._header, players=players)

    def drop_seed(self) -> None:
        """Forget the deal's seed (a position, not a deal)."""
        self._header = self._header.having("seed", seed=None)

    def take_key(self, key: str) -> Any:
        """Remove a key the record does not know (a server's own) and give its value."""
        value = self._header.layout.unknown.get(key)
        self._header = replace(self._header, layout=self._header.layout.having(key, False))
        return thaw(value)

    @property
    def light_out(self) -> int | None:
        """The move at which a solitaire's still-winnable light went out (None: it did not,
        or the key holds what this game would not have written)."""
        return self._header.light_out

    @light_out.setter
    def light_out(self, move: int | None) -> None:
        self._header = self._header.having(LIGHT_KEY, light_out=move)

    @property
    def hands(self) -> tuple[RecordHand, ...]:
        """Every hand."""
        return self._hands

    @property
    def hand_count(self) -> int:
        return len(self._hands)

    def results(self) -> list[Any]:
        """Each ended hand's result as written (a list of numbers, or a word)."""
        return [
            hand.result if isinstance(hand.result, str) else list(hand.result)
            for hand in self._hands
            if hand.result is not None
        ]

    def moves_by(self, seats: Collection[int], hand: int) -> int:
        """How many moves of hand `hand` seats `seats` played (a table's; not checked)."""
        if not self.mode.is_table:
            return 0
        return sum(move.player in seats for move in self._hands[hand].moves)

    def move_count(self, hand: int) -> int:
        """How many moves hand `hand` holds."""
        return len(self._hands[hand].moves)

    def set_stock(self, hand: int, stock: Sequence[TileId | None]) -> None:
        """Write hand `hand`'s stock (a view's copy learning the order of its tiles)."""
        self._set_hand(hand, self._hands[hand].with_stock(tuple(stock)))

    def hidden_view(self, shown: int | None) -> GameRecord:
        """The record as any seat may see it (docs/protocol.md): no seed, and the tiles of
        the last hand's stock from `shown` on hidden (None: all shown, the hand has ended)."""
        view = self.copy()
        view.drop_seed()
        if shown is not None:
            stock = self._hands[-1].stock
            hidden = (*stock[:shown], *[None] * len(stock[shown:]))
            view._set_hand(-1, self._hands[-1].with_stock(hidden))
        return view

    @property
    def last_hand_ended(self) -> bool:
        """Whether the last hand has its result (False for a record with no hands)."""
        return bool(self._hands) and self._hands[-1].ended

    def last_hand_moves(self) -> tuple[RecordMove, ...]:
        """The moves of the last hand."""
        return self._hands[-1].moves

    def last_move(self) -> RecordMove:
        """The last move of the last hand."""
        return self._hands[-1].moves[-1]

    def copy(self) -> GameRecord:
        """An independent copy (a later move of this game leaves it as it is): the same
        frozen values."""
        return GameRecord(self._header, self._hands, _OWN)

    def only_hand(
        self, index: int, moves: Sequence[RecordMove], result: Sequence[int] | str | None = None
    ) -> GameRecord:
        """A copy whose hands are those before `index` and hand `index` dealt again with
        `moves` (and `result`, when given) instead of its own."""
        hand = self._hands[index]
        again = RecordHand.dealt(hand.stock, hand.cut, tuple(moves))
        if result is not None:
            again = again.with_result(_result(result))
        return GameRecord(self._header, (*self._hands[:index], again), _OWN)

    def _set_hand(self, index: int, hand: RecordHand) -> None:
        hands = list(self._hands)
        hands[index] = hand
        self._hands = tuple(hands)

    # the last hand's redo list: moves taken back and not played again yet, kept in the
    # record so that a resumed game can redo them

    def redo_groups(self) -> list[tuple[RecordMove, ...]]:
        """Each undo's moves, oldest undo first."""
        return list(self._hands[-1].redo)

    def push_redo(self, moves: Sequence[RecordMove]) -> None:
        hand = self._hands[-1]
        self._set_hand(-1, hand.with_redo((*hand.redo, tuple(moves))))

    def pop_redo(self) -> None:
        """Drop the last undo's group (and the list with its last group)."""
        hand = self._hands[-1]
        self._set_hand(-1, hand.with_redo(hand.redo[:-1]))

    def clear_redo(self) -> None:
        self._set_hand(-1, self._hands[-1].with_redo(()))

    def set_hand_clock(self, seconds: float) -> None:
        """Timed games: the game clock of the hand under way, as saved."""
        self._set_hand(-1, self._hands[-1].with_clock(round(seconds, 3)))

    # written by RecordedGame as moves are played and taken back

    def start_hand(self, stock: Sequence[TileId], cut: int | None) -> None:
        """A new last hand dealt from `stock` (stacked solitaire: cut at `cut`), no moves."""
        self._hands = (*self._hands, RecordHand.dealt(tuple(stock), cut))

    def append_move(self, move: RecordMove) -> None:
        """Write `move` down as the last hand's next: the one way a move comes into a
        record."""
        self._set_hand(-1, self._hands[-1].with_move(move))

    def take_back_move(self) -> None:
        """Strike the last hand's last move (and its result, if it had one)."""
        self._set_hand(-1, self._hands[-1].without_last_move())

    def write_hand(self, result: Sequence[int] | str | None, clock_s: float | None) -> None:
        """Write the last hand's `result` (None: none yet) and, in a timed game, its game
        clock, after the result (a table's clock is written again each time)."""
        hand = self._hands[-1]
        if self.mode is Mode.TABLE:
            hand = hand.with_clock(None)
        if result is not None:
            hand = hand.with_result(_result(result))
        if clock_s is not None:
            hand = hand.with_clock(round(clock_s, 3))
        self._set_hand(-1, hand)

    def dumps(self, extra: Mapping[str, Any] | None = None, *, compact: bool = False) -> str:
        """The document as text: one key per line, one move per line, stable bytes; with
        the keys of `extra` too (a server's own), in their place or after the others.
        `compact`: on one line (an autosave, written after every move)."""
        document = {**self.to_json(), **(extra or {})}
        if compact:
            return json.dumps(document, ensure_ascii=False)
        return _format(document) + "\n"


def _result(result: Sequence[int] | str) -> tuple[int, ...] | str:
    """A hand's result as the rules give it (a list of numbers, or a word) as a value."""
    return result if isinstance(result, str) else tuple(result)


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
