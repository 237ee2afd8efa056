"""The messages the server sends (PROTOCOL.md "Server to client"): written by the server
as frames, and read by the client library into typed values.

A client ignores what it does not know (a newer server's messages and fields), so
`read_server_message` answers None for a message it cannot read rather than failing.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from game.net.messages import REPLACED
from game.rules import jsontext
from game.rules.errors import RulesError
from game.rules.record import GameRecord
from game.rules.record_moves import TABLE
from game.rules.record_values import RecordMove


def _frame(data: dict[str, Any]) -> str:
    """One frame's text: ASCII, so that any text a client sent (a lone surrogate
    included) is sent back whole."""
    return json.dumps(data, separators=(",", ":"))


def created_frame(table: str, host: str) -> str:
    """A table was opened; `host` is the token of its host (a field this server adds:
    it lets the host give an away seat to a computer)."""
    return _frame({"type": "created", "table": table, "host": host})


def joined_frame(table: str, seat: int, token: str) -> str:
    return _frame({"type": "joined", "table": table, "seat": seat, "token": token})


def view_frame(table: str, view: dict[str, Any]) -> str:
    return _frame({"type": "view", "table": table, "record": view})


def move_frame(table: str, hand: int, index: int, entry: dict[str, Any]) -> str:
    return _frame({"type": "move", "table": table, "hand": hand, "index": index, "move": entry})


def over_frame(table: str, record: dict[str, Any]) -> str:
    return _frame({"type": "over", "table": table, "record": record})


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
    """Which seats have a connection now (a message this server adds to PROTOCOL.md's:
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


@dataclass(frozen=True)
class MovePlayed:
    """Move `index` of hand `hand`, as recorded (a draw names its tile, a placement its
    score)."""

    table: str
    hand: int
    index: int
    move: RecordMove


@dataclass(frozen=True)
class GameOver:
    table: str
    record: GameRecord


@dataclass(frozen=True)
class ErrorReply:
    code: str
    message: str


@dataclass(frozen=True)
class Presence:
    table: str
    connected: tuple[bool, ...]


ServerMessage = Created | Joined | TableView | MovePlayed | GameOver | ErrorReply | Presence


def _read(data: dict[str, Any]) -> ServerMessage | None:
    kind = data.get("type")
    table = data.get("table")
    if kind == "error":
        return ErrorReply(str(data.get("code")), str(data.get("message")))
    if not isinstance(table, str):
        return None
    if kind == "created":
        host = data.get("host")
        return Created(table, host if isinstance(host, str) else "")
    if kind == "joined" and type(data.get("seat")) is int and isinstance(data.get("token"), str):
        return Joined(table, data["seat"], data["token"])
    if kind in ("view", "over") and isinstance(data.get("record"), dict):
        record = GameRecord(data["record"])
        return TableView(table, record) if kind == "view" else GameOver(table, record)
    if kind == "move" and type(data.get("hand")) is int and type(data.get("index")) is int:
        move = RecordMove.read(TABLE, data.get("move"), data["hand"], data["index"])
        return MovePlayed(table, data["hand"], data["index"], move)
    connected = data.get("connected")
    if kind == "presence" and isinstance(connected, list):
        return Presence(table, tuple(value is True for value in connected))
    return None


def read_server_message(text: str | bytes) -> ServerMessage | None:
    """The message in one frame from the server; None for one this client cannot read."""
    try:
        data = jsontext.parse(text)
        return _read(data) if isinstance(data, dict) else None
    except (ValueError, RulesError, AttributeError):
        return None
