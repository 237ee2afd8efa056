"""The take-back messages of protocol version 3 (docs/protocol.md "Take-backs"): a player
asks to take back their last move, the table's other players accept or refuse, and the
server tells everyone what is asked, refused and taken back.

`read_takeback` reads a client's message for `game.net.messages` (`ValueError` with
the one line it is refused with); the `*_frame` functions write both sides' frames.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

TAKEBACK_TYPES: Final = frozenset({"takeback", "takeback-answer"})
"""The types of message a client sends that version 3's take-backs add."""
NO_TAKEBACK: Final = "no-takeback"
"""A code version 3 adds: a take-back that may not be asked or answered now."""
ANSWER_S: Final = 60.0
"""How long a player has to answer a take-back: one who does not has refused it."""


@dataclass(frozen=True)
class TakebackAsk:
    """Seat `seat` asks to take back its last move at `table`."""

    table: str
    seat: int


@dataclass(frozen=True)
class TakebackAnswer:
    """Seat `seat` accepts (`accept`) or refuses the take-back asked at `table`."""

    table: str
    seat: int
    accept: bool


TakebackMessage = TakebackAsk | TakebackAnswer


def read_takeback(kind: str, table: str, data: Mapping[str, object]) -> TakebackMessage:
    """The take-back message of type `kind` at `table` (its code read by the caller)."""
    seat = data.get("seat")
    if type(seat) is not int:
        raise ValueError("seat must be a seat number")
    if kind == "takeback":
        return TakebackAsk(table, seat)
    accept = data.get("accept")
    if type(accept) is not bool:
        raise ValueError("accept must be true or false")
    return TakebackAnswer(table, seat, accept)


def _frame(data: Mapping[str, object]) -> str:
    return json.dumps(data, separators=(",", ":"))


def takeback_frame(table: str, seat: int) -> str:
    """Ask to take back seat `seat`'s last move (a client's)."""
    return _frame({"type": "takeback", "table": table, "seat": seat})


def takeback_answer_frame(table: str, seat: int, accept: bool) -> str:
    """Seat `seat`'s answer to the take-back asked (a client's)."""
    return _frame({"type": "takeback-answer", "table": table, "seat": seat, "accept": accept})


def asked_frame(
    table: str, seat: int, hand: int, index: int, waiting: Sequence[int], answer_s: float
) -> str:
    """Seat `seat` asks to take back move `index` of hand `hand` and those after it; the
    seats in `waiting` have still `answer_s` seconds to answer (the server's)."""
    data = {"type": "takeback-asked", "table": table, "seat": seat, "hand": hand}
    return _frame(data | {"index": index, "waiting": list(waiting), "answer_s": answer_s})


def refused_frame(table: str, seat: int, by: int | None) -> str:
    """Seat `seat`'s take-back was refused by seat `by` (None: an answer did not come
    in time) (the server's)."""
    return _frame({"type": "takeback-refused", "table": table, "seat": seat, "by": by})


def took_back_frame(table: str, seat: int, hand: int, index: int) -> str:
    """Seat `seat`'s take-back was accepted: move `index` of hand `hand` and every move
    after it are taken back (the server's)."""
    data = {"type": "took-back", "table": table, "seat": seat, "hand": hand, "index": index}
    return _frame(data)
