"""The messages a client sends (docs/protocol.md "Client to server"), read into typed values
on the server and written by the client library, and the `error` codes of a refusal.

Reading is defensive: a frame is JSON text read by `jsontext` (no NaN, no deep nesting,
no huge numbers), and anything not of the shape the protocol gives is refused with
`Refused(BAD_MESSAGE, ...)`. The words of a refusal are English for the log and the
developer; a client shows its player the words it has for the code.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Final, TypeVar

from game.ai.players import LEVELS
from game.net.club_messages import (
    CLUB_TYPES,
    ClubMessage,
    ClubOptions,
    LobbyRequest,
    RatingsRequest,
    club_options,
    read_club_message,
)
from game.net.event_messages import EVENT_TYPES, EventMessage, read_event_message
from game.net.games_messages import GAMES_TYPES, GamesMessage, read_games_message
from game.net.key_messages import KEY_TYPES, KeyMessage, read_key_message
from game.net.notice_messages import NOTICE_TYPES, NoticeRequest, read_notice_message
from game.net.takeback_messages import TAKEBACK_TYPES, TakebackMessage, read_takeback
from game.rules import jsontext
from game.rules.errors import RulesError
from game.rules.modes import Mode
from game.rules.moves import Move
from game.rules.record.entries import entry_to_move
from game.rules.seeds_names import cut_text, player_name
from game.rules.table_rules import MAX_PLAYERS, MIN_PLAYERS, TableRules

BAD_MESSAGE: Final = "bad-message"
NO_TABLE: Final = "no-table"
TABLE_FULL: Final = "table-full"
BAD_TOKEN: Final = "bad-token"
NOT_YOUR_SEAT: Final = "not-your-seat"
NOT_YOUR_TURN: Final = "not-your-turn"
ILLEGAL_MOVE: Final = "illegal-move"
TOO_FAST: Final = "too-fast"
SERVER_FULL: Final = "server-full"
"""A code this server adds (docs/protocol.md "Errors"): it holds as many tables as it may."""
TOO_MANY_TABLES: Final = "too-many-tables"
"""A code this server adds: a `create` or `join` past the unfinished tables (or seats)
one network or player may have."""
NOT_SAVED: Final = "not-saved"
"""A code this server adds: the change could not be written to its disk, so it was not
made (sent to everyone at the table, the first time a change of theirs is refused)."""
NO_PLAYER: Final = "no-player"
"""A message that needs `hello` first (version 2)."""
BAD_CODE: Final = "bad-code"
"""A `link` whose code is no player's: never given, spent, or expired (version 3)."""
OLD_KEY: Final = "old-key"
"""A key that was replaced: nobody's, for good (version 3)."""
REPLACED: Final = "replaced"
"""A code this server adds, sent unasked: a seat this connection held was taken back by
its token on another connection."""

REMOTE: Final = "remote"
AI_PREFIX: Final = "ai:"
CODE_LIMIT: Final = 64
"""The longest table code or seat token read (the server's own are far shorter)."""
_CODE: Final = re.compile(rf"[A-Za-z0-9_-]{{1,{CODE_LIMIT}}}")
"""What a code or token may hold: the server makes them of these letters."""
MAX_FRAME: Final = 64 * 1024
"""The largest frame a client may send, in bytes (docs/protocol.md "Transport")."""
NAME_LIMIT: Final = 200
"""The longest name read; what is kept of it is what a screen shows (`player_name`)."""


T = TypeVar("T")


class Refused(Exception):
    """A message the server refuses: `code` as docs/protocol.md "Errors" lists them, and why."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True)
class Create:
    """Open a table: each seat's kind ("remote" or "ai:LEVEL"), the rules, and the
    computer seats' names (the game's addition; a remote seat's comes with its join)
    and version 2's options. A `seed` is not read: the server deals, or the creator
    would know every stock."""

    seats: tuple[str, ...]
    rules: TableRules
    names: tuple[str | None, ...] = ()
    club: ClubOptions = field(default_factory=ClubOptions)


@dataclass(frozen=True)
class Join:
    """Take the first free remote seat of `table`."""

    table: str
    name: str


@dataclass(frozen=True)
class Rejoin:
    """Take back the seat of `token` at `table`."""

    table: str
    token: str


@dataclass(frozen=True)
class Watch:
    """Follow `table` without a seat."""

    table: str


@dataclass(frozen=True)
class MoveRequest:
    """Play `move` for `player` at `table`."""

    table: str
    player: int
    move: Move


@dataclass(frozen=True)
class StandIn:
    """The table's host gives away seat `seat` to a computer of `level` until its player
    takes it back (docs/protocol.md "Client to server")."""

    table: str
    host: str
    seat: int
    level: str


ClientMessage = (
    Create
    | Join
    | Rejoin
    | Watch
    | MoveRequest
    | StandIn
    | ClubMessage
    | KeyMessage
    | NoticeRequest
    | TakebackMessage
    | GamesMessage
    | EventMessage
)


def bad(message: str) -> Refused:
    return Refused(BAD_MESSAGE, message)


def _code(data: Mapping[str, object], key: str) -> str:
    """A table code or a token: letters, digits, `_` and `-`, as the server makes them."""
    value = data.get(key)
    if not isinstance(value, str) or _CODE.fullmatch(value) is None:
        raise bad(f"{key} must be 1 to {CODE_LIMIT} letters, digits, '_' or '-'")
    return value


def _name(value: object) -> str | None:
    """A name as the game keeps one (`player_name`: no control, format or surrogate
    characters, trimmed, cut to what a screen shows); None when nothing visible is left."""
    if not isinstance(value, str) or not 0 < len(value) <= NAME_LIMIT:
        raise bad(f"a name is text of 1 to {NAME_LIMIT} characters")
    return player_name(value, 0, fallback="") or None


def _seat_kind(kind: object) -> str:
    if kind == REMOTE:
        return REMOTE
    if isinstance(kind, str) and kind.startswith(AI_PREFIX) and kind[3:] in LEVELS:
        return kind
    levels = ", ".join(AI_PREFIX + level for level in LEVELS)
    raise bad(f"a seat is 'remote' or one of {levels}, not {cut_text(repr(kind))}")


def _create(data: Mapping[str, object]) -> Create:
    players = data.get("players")
    if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise bad(f"players must be a whole number from {MIN_PLAYERS} to {MAX_PLAYERS}")
    kinds = data.get("seats", [REMOTE] * players)
    if not isinstance(kinds, list) or len(kinds) != players:
        raise bad("seats must list one kind for each of the players")
    seats = tuple(_seat_kind(kind) for kind in kinds)
    if REMOTE not in seats:
        raise bad("a table needs at least one remote seat")
    try:
        rules = TableRules.from_dict(data.get("rules", {}))
    except (RulesError, TypeError) as error:
        raise bad(str(error)) from None
    if rules.partners and players != 4:
        raise bad("partners needs exactly 4 players")
    if rules.timed and not rules.club:
        raise bad("a time limit is a club game's (RULES.md): rules.variant must be 'club'")
    club = _club(club_options, data)
    if rules.timed and club.days is not None:
        raise bad("a timed game is played live, not over days")
    if club.rated and any(kind != REMOTE for kind in seats):
        raise bad("a rated table has no computer seats")
    return Create(seats, rules, _seat_names(data.get("names"), players), club)


def _club(read: Callable[[Mapping[str, object]], T], data: Mapping[str, object]) -> T:
    """What a version 2 reader reads of `data`; its `ValueError` refused as a bad message."""
    try:
        return read(data)
    except ValueError as error:
        raise bad(str(error)) from None


def _seat_names(names: object, players: int) -> tuple[str | None, ...]:
    if names is None:
        return ()
    if not isinstance(names, list) or len(names) != players:
        raise bad("names must list one name (or null) for each of the players")
    return tuple(None if name is None else _name(name) for name in names)


def _move(data: Mapping[str, object]) -> MoveRequest:
    table = _code(data, "table")
    entry = data.get("move")
    if not isinstance(entry, dict):
        raise bad("move must be an object")
    player = entry.get("player")
    if type(player) is not int:
        raise bad("move.player must be a seat number")
    try:
        move = entry_to_move(Mode.TABLE, entry, 0, 0)
    except RulesError as error:
        raise bad(str(error).removeprefix("hand 0 move 0: ")) from None
    return MoveRequest(table, player, move)


def _stand_in(data: Mapping[str, object]) -> StandIn:
    seat = data.get("seat")
    if type(seat) is not int:
        raise bad("seat must be a seat number")
    level = _seat_kind(AI_PREFIX + str(data.get("level")))
    return StandIn(_code(data, "table"), _code(data, "host"), seat, level[len(AI_PREFIX) :])


def read_client_message(text: str | bytes) -> ClientMessage:
    """The message in one frame; `Refused(BAD_MESSAGE)` when it is not one."""
    if isinstance(text, bytes):
        raise bad("messages are text frames")
    if len(text) > MAX_FRAME // 4 and len(text.encode()) > MAX_FRAME:
        raise bad("a message is at most 64 KiB")
    try:
        data = jsontext.parse(text)
    except ValueError as error:
        raise bad(str(error)) from None
    if not isinstance(data, dict):
        raise bad("a message is a JSON object")
    kind = data.get("type")
    if kind == "create":
        return _create(data)
    if kind == "join":
        return Join(_code(data, "table"), _name(data.get("name")) or "")
    if kind == "rejoin":
        return Rejoin(_code(data, "table"), _code(data, "token"))
    if kind == "watch":
        return Watch(_code(data, "table"))
    if kind == "move":
        return _move(data)
    if kind == "stand-in":
        return _stand_in(data)
    if isinstance(kind, str) and kind in CLUB_TYPES:
        if kind == "say":
            table = _code(data, "table")
        else:  # the table whose page of `mine` is asked for
            table = _code(data, "after") if kind == "mine" and "after" in data else ""
        return _club(partial(read_club_message, kind, table), data)
    if isinstance(kind, str) and kind in KEY_TYPES:
        return _club(partial(read_key_message, kind), data)
    if isinstance(kind, str) and kind in NOTICE_TYPES:
        return _club(read_notice_message, data)
    if isinstance(kind, str) and kind in TAKEBACK_TYPES:
        return _club(partial(read_takeback, kind, _code(data, "table")), data)
    if isinstance(kind, str) and kind in GAMES_TYPES:
        table = _code(data, "table") if kind == "game" else ""
        return _club(partial(read_games_message, kind, table), data)
    if isinstance(kind, str) and kind in EVENT_TYPES:
        return _club(partial(read_event_message, kind), data)
    raise bad(f"unknown message type {cut_text(repr(kind))}")


# --- written by a client --------------------------------------------------------------


def _frame(data: Mapping[str, object]) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


@dataclass(frozen=True)
class TablePace:
    """How long each move of a table may take: live (`days` 0, the default), or `days`
    days a move (docs/protocol.md "Tables that wait")."""

    days: int = 0

    @property
    def live(self) -> bool:
        return self.days == 0

    def to_data(self) -> object:
        return "live" if self.live else {"days": self.days}


@dataclass(frozen=True)
class ClubTableOptions:
    """What a club's `create` adds (docs/protocol.md "The lobby"): listed in the lobby or by
    invitation, rated or not, its pace, the level that plays a move whose days ran out
    ("" leaves the server's default), and whether its players may take a move back
    (version 3, "Take-backs"; None leaves the server's default: unless rated)."""

    public: bool = False
    rated: bool = False
    pace: TablePace = TablePace()
    stand_in: str = ""
    takebacks: bool | None = None

    def to_data(self) -> dict[str, object]:
        data: dict[str, object] = {"public": self.public, "rated": self.rated}
        data["pace"] = self.pace.to_data()
        if self.stand_in:
            data["stand_in"] = AI_PREFIX + self.stand_in
        if self.takebacks is not None:
            data["takebacks"] = self.takebacks
        return data


def create_frame(
    seats: list[str],
    rules: Mapping[str, object] | None = None,
    seed: int | str | None = None,
    names: Sequence[str | None] | None = None,
    club: ClubTableOptions | None = None,
) -> str:
    """The `create` message for a table of these seats (`names`: each computer seat's
    name, None for the others; `club`: a club table's options)."""
    data: dict[str, object] = {"type": "create", "players": len(seats), "seats": seats}
    data["rules"] = rules or {}
    if seed is not None:
        data["seed"] = seed
    if names is not None:
        data["names"] = list(names)
    if club is not None:
        data.update(club.to_data())
    return _frame(data)


def join_frame(table: str, name: str) -> str:
    return _frame({"type": "join", "table": table, "name": name})


def rejoin_frame(table: str, token: str) -> str:
    return _frame({"type": "rejoin", "table": table, "token": token})


def watch_frame(table: str) -> str:
    return _frame({"type": "watch", "table": table})


def stand_in_frame(table: str, host: str, seat: int, level: str) -> str:
    """Give away seat `seat` to a computer of `level` (the host's token `host`)."""
    return _frame({"type": "stand-in", "table": table, "host": host, "seat": seat, "level": level})


def move_frame(table: str, entry: Mapping[str, object]) -> str:
    """The `move` message for a move written as a record entry (with its `player`)."""
    return _frame({"type": "move", "table": table, "move": entry})


def hello_frame(name: str, key: str, was: str = "") -> str:
    """Who this connection is: the player's name and key (the one message a key is in),
    and the key the player moves from at this club, if any."""
    return _frame({"type": "hello", "name": name, "key": key} | ({"was": was} if was else {}))


def mine_frame(after: str | None = None) -> str:
    """Ask for the player's tables: the first page, or the one after table `after`."""
    return _frame({"type": "mine"} if after is None else {"type": "mine", "after": after})


def lobby_frame(asked: LobbyRequest) -> str:
    """A page of the lobby, followed until asked with `follow` false."""
    return _frame(asked.to_data())


def say_frame(table: str, text: str) -> str:
    return _frame({"type": "say", "table": table, "text": text})


def ratings_frame(asked: RatingsRequest) -> str:
    """A page of the ratings board (or the asking player's)."""
    return _frame(asked.to_data())
