"""The messages the server sends (docs/protocol.md "Server to client"): written by the server
as frames, and read by the client library into typed values.

A client ignores what it does not know (a newer server's messages and fields), so
`read_server_message` answers None for a message of a type it does not know; one of a
type it knows is read as strictly as a record file: a frame that is not of its shape or
over its sizes raises `BadReply` with a one-line reason (the client then drops the
connection).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from game.net.club_answers import (
    ClubMessage,
    RatingOutcome,
    Said,
    read_chat,
    read_club_answer,
    read_rating_changes,
)
from game.net.event_answers import EVENT_ANSWERS, EventAnswer, read_event_answer
from game.net.games_answers import GamesAnswer, read_games_answer
from game.net.messages import REPLACED
from game.net.reply_fields import BadReply, read_code, read_count
from game.net.takeback_answers import TAKEBACK_ANSWERS, TakebackNews, read_takeback_answer
from game.rules import jsontext
from game.rules.errors import RecordError, RulesError
from game.rules.modes import Mode
from game.rules.record.document import GameRecord
from game.rules.record.values import RecordMove
from game.rules.seeds_names import cut_text
from game.rules.table_rules import MAX_PLAYERS, MIN_PLAYERS

MAX_READ: Final = 1024 * 1024
"""The largest frame a server sends (docs/protocol.md: a long game's `view` or `over`)."""
ERROR_TEXT_LIMIT: Final = 1000
"""The longest words an `error` may carry (the server's own are one short line)."""


def _frame(data: Mapping[str, object]) -> str:
    """One frame's text: ASCII, so that any text a client sent (a lone surrogate
    included) is sent back whole."""
    return json.dumps(data, separators=(",", ":"))


def created_frame(table: str, host: str) -> str:
    """A table was opened; `host` is the token of its host (a field this server adds:
    it lets the host give an away seat to a computer)."""
    return _frame({"type": "created", "table": table, "host": host})


def joined_frame(table: str, seat: int, token: str) -> str:
    return _frame({"type": "joined", "table": table, "seat": seat, "token": token})


def view_frame(
    table: str, view: Mapping[str, object], chat: Sequence[Mapping[str, object]] = ()
) -> str:
    """A table's view, with the last lines of its chat (`said` messages, version 2)."""
    return _frame({"type": "view", "table": table, "record": view, "chat": list(chat)})


def move_frame(table: str, hand: int, index: int, entry: Mapping[str, object]) -> str:
    return _frame({"type": "move", "table": table, "hand": hand, "index": index, "move": entry})


def over_frame(
    table: str, record: Mapping[str, object], ratings: Sequence[Mapping[str, object]] | None = None
) -> str:
    """The game has ended: the whole record, and a rated game's ratings (version 2)."""
    data = {"type": "over", "table": table, "record": record}
    return _frame(data if ratings is None else {**data, "ratings": list(ratings)})


def error_frame(code: str, message: str, table: str | None = None) -> str:
    """A refusal; `table` names the table when it is told to everyone there."""
    data = {"type": "error", "code": code, "message": message}
    return _frame(data if table is None else {**data, "table": table})


def replaced_frame(table: str, seat: int) -> str:
    """Seat `seat` was taken back by its token on another connection: an `error` (so a
    client that knows no more shows its words) that also names the table and the seat."""
    message = f"seat {seat} was taken back on another connection"
    return _frame(
        {"type": "error", "code": REPLACED, "message": message, "table": table, "seat": seat}
    )


def presence_frame(table: str, connected: list[bool]) -> str:
    """Which seats have a connection now (docs/protocol.md "Server to client":
    a seat without one shows as away)."""
    return _frame({"type": "presence", "table": table, "connected": connected})


# --- read by a client -----------------------------------------------------------------


@dataclass(frozen=True)
class Created:
    table: str
    host: str = ""


@dataclass(frozen=True)
class Joined:
    table: str
    seat: int
    token: str


@dataclass(frozen=True)
class TableView:
    """What a seat may see of the table: a record whose hand under way names only the
    tiles dealt and drawn (`None` for each tile still in the stock)."""

    table: str
    record: GameRecord
    chat: tuple[Said, ...] = ()
    """The table's last chat lines (a version-2 server's)."""


@dataclass(frozen=True)
class MoveMessage:
    """Move `index` of hand `hand`, as recorded (a draw names its tile, a placement its
    score)."""

    table: str
    hand: int
    index: int
    move: RecordMove


@dataclass(frozen=True)
class GameOver:
    """The whole record; a rated game's `ratings` say what it did to each player's."""

    table: str
    record: GameRecord
    ratings: tuple[RatingOutcome, ...] = ()


@dataclass(frozen=True)
class ErrorReply:
    code: str
    message: str


@dataclass(frozen=True)
class Presence:
    table: str
    connected: tuple[bool, ...]


ServerMessage = (
    Created
    | Joined
    | TableView
    | MoveMessage
    | GameOver
    | ErrorReply
    | Presence
    | ClubMessage
    | TakebackNews
    | GamesAnswer
    | EventAnswer
)


def _error(data: Mapping[str, object]) -> ErrorReply:
    message = data.get("message")
    if not isinstance(message, str) or len(message) > ERROR_TEXT_LIMIT:
        raise BadReply(f"an error's message is text of at most {ERROR_TEXT_LIMIT} characters")
    return ErrorReply(read_code(data, "code"), message)


def _record(data: Mapping[str, object]) -> GameRecord:
    record = data.get("record")
    if not isinstance(record, dict):
        raise BadReply("record is not an object")
    try:
        return GameRecord.parse(record)
    except RecordError as error:
        raise BadReply(str(error)) from None


def _move(table: str, data: Mapping[str, object]) -> MoveMessage:
    hand, index = read_count(data, "hand"), read_count(data, "index")
    try:
        move = RecordMove.read(Mode.TABLE, data.get("move"), hand, index)
    except RulesError as error:
        raise BadReply(str(error)) from None
    if not 0 <= move.player < MAX_PLAYERS:
        raise BadReply(f"hand {hand} move {index}: no seat {move.player}")
    return MoveMessage(table, hand, index, move)


def _presence(table: str, data: Mapping[str, object]) -> Presence:
    connected = data.get("connected")
    if not isinstance(connected, list) or not MIN_PLAYERS <= len(connected) <= MAX_PLAYERS:
        raise BadReply(f"connected is not a list of {MIN_PLAYERS} to {MAX_PLAYERS} seats")
    if not all(type(value) is bool for value in connected):
        raise BadReply("connected lists true or false for each seat")
    return Presence(table, tuple(connected))


def _read(data: Mapping[str, object]) -> ServerMessage | None:
    kind = data.get("type")
    if not isinstance(kind, str):
        raise BadReply("a message has a type")
    if kind == "error":
        return _error(data)
    if kind in TAKEBACK_ANSWERS:
        return read_takeback_answer(kind, data)
    if kind in EVENT_ANSWERS:
        return read_event_answer(kind, data)
    if kind not in ("created", "joined", "view", "over", "move", "presence"):
        club = read_club_answer(kind, data)
        return read_games_answer(kind, data) if club is None else club  # None: ignored
    table = read_code(data, "table")
    if kind == "created":
        return Created(table, read_code(data, "host") if "host" in data else "")
    if kind == "joined":
        return Joined(table, read_count(data, "seat", MAX_PLAYERS), read_code(data, "token"))
    if kind == "view":
        return TableView(table, _record(data), read_chat(table, data))
    if kind == "over":
        return GameOver(table, _record(data), read_rating_changes(data))
    if kind == "move":
        return _move(table, data)
    return _presence(table, data)


def read_server_message(text: str | bytes) -> ServerMessage | None:
    """The message in one frame from the server; None for one of a type this client does
    not know; `BadReply` for a frame that is not a message of the protocol."""
    if not isinstance(text, str):
        raise BadReply("the server sent a binary frame")
    if len(text) > MAX_READ:
        raise BadReply(f"a frame over {MAX_READ // 1024} KiB")
    try:
        data = jsontext.parse(text)
    except ValueError as error:
        raise BadReply(f"not JSON ({error})") from None
    if not isinstance(data, dict):
        raise BadReply("a message is a JSON object")
    try:
        return _read(data)
    except BadReply as error:
        kind = cut_text(str(data.get("type")), 20)
        raise BadReply(f"a {kind!r} message: {error}") from None
