"""What a version 3 server tells of take-backs (docs/protocol.md "Take-backs"), read by
the client as strictly as every other message (`BadReply` for a frame of the wrong
shape)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from game.net.reply_fields import BadReply, read_code, read_count, read_number
from game.rules.table_rules import MAX_PLAYERS

TAKEBACK_ANSWERS: Final = frozenset({"takeback-asked", "takeback-refused", "took-back"})
"""The types of message a server sends of take-backs."""


@dataclass(frozen=True)
class TakebackAsked:
    """Seat `seat` asks to take back move `index` of hand `hand` and those after it; the
    seats `waiting` have still to answer, within `answer_s` seconds."""

    table: str
    seat: int
    hand: int
    index: int
    waiting: tuple[int, ...]
    answer_s: float


@dataclass(frozen=True)
class TakebackRefused:
    """Seat `seat`'s take-back was refused by seat `by` (None: not answered in time)."""

    table: str
    seat: int
    by: int | None


@dataclass(frozen=True)
class TookBackMessage:
    """Seat `seat`'s take-back was accepted: move `index` of hand `hand` and every move
    after it are taken back."""

    table: str
    seat: int
    hand: int
    index: int


TakebackNews = TakebackAsked | TakebackRefused | TookBackMessage


def _seat(data: Mapping[str, object], key: str) -> int:
    return read_count(data, key, MAX_PLAYERS)


def _waiting(data: Mapping[str, object]) -> tuple[int, ...]:
    waiting = data.get("waiting")
    if not isinstance(waiting, list) or not 0 < len(waiting) < MAX_PLAYERS:
        raise BadReply(f"waiting is not a list of 1 to {MAX_PLAYERS - 1} seats")
    return tuple(_seat({"seat": seat}, "seat") for seat in waiting)


def read_takeback_answer(kind: str, data: Mapping[str, object]) -> TakebackNews:
    """The take-back message of type `kind` (one of `TAKEBACK_ANSWERS`)."""
    table, seat = read_code(data, "table"), _seat(data, "seat")
    if kind == "takeback-refused":
        return TakebackRefused(table, seat, None if data.get("by") is None else _seat(data, "by"))
    hand, index = read_count(data, "hand"), read_count(data, "index")
    if kind == "took-back":
        return TookBackMessage(table, seat, hand, index)
    answer_s = read_number(data, "answer_s")
    if answer_s <= 0:
        raise BadReply("answer_s is not a time to answer")
    return TakebackAsked(table, seat, hand, index, _waiting(data), answer_s)
