"""A take-back asked at a table (docs/protocol.md "Take-backs"): who asked, the move it
takes back, the seats still to answer and until when they may; and how a table's save
and journal keep it (`to_json`, `read_asked`), so that every server of a store, and a
server started again, knows it."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Final


@dataclass(frozen=True)
class Asked:
    """Seat `seat` asks to take back move `index` of hand `hand` (and every move after
    it); the seats `waiting` have until `until` to answer. `NOTHING_ASKED` while nobody
    asks."""

    seat: int = -1
    hand: int = -1
    index: int = -1
    waiting: frozenset[int] = frozenset()
    until: float = math.inf

    @property
    def pending(self) -> bool:
        return self.seat >= 0

    @property
    def move(self) -> tuple[int, int, int]:
        """The take-back as refused ones are remembered: (seat, hand, move)."""
        return self.seat, self.hand, self.index

    def accepted_by(self, seat: int) -> Asked:
        """What is left to answer once `seat` has accepted."""
        return replace(self, waiting=self.waiting - {seat})

    def to_json(self) -> dict[str, object]:
        """The take-back as a save or a journal keeps it (one pending: `until` is a time)."""
        move = {"seat": self.seat, "hand": self.hand, "index": self.index}
        return move | {"waiting": sorted(self.waiting), "until": self.until}


NOTHING_ASKED: Final = Asked()


def _seat(value: object, seats: int) -> int:
    if type(value) is not int or not 0 <= value < seats:
        raise ValueError(f"a take-back names no seat of the table: {value!r}")
    return value


def read_asked(kept: object, seats: int) -> Asked:
    """The take-back `kept` (`to_json`'s, parsed) at a table of `seats` seats; only its
    move when it keeps no more (`ValueError`, `KeyError` or `TypeError` when damaged)."""
    if not isinstance(kept, dict):
        raise TypeError("a take-back is not an object")
    hand, index = kept["hand"], kept["index"]
    if type(hand) is not int or type(index) is not int or min(hand, index) < 0:
        raise ValueError("a take-back's move is not a hand and an index")
    until, waiting = kept.get("until", math.inf), kept.get("waiting", [])
    if not isinstance(until, (int, float)) or not isinstance(waiting, list):
        raise TypeError("a take-back's waiting seats or time are damaged")
    others = frozenset(_seat(seat, seats) for seat in waiting)
    return Asked(_seat(kept["seat"], seats), hand, index, others, float(until))


def read_seat(value: object, seats: int) -> int | None:
    """The seat `value` names at a table of `seats` seats (None: none)."""
    return None if value is None else _seat(value, seats)


def read_refused(kept: object, seats: int) -> set[tuple[int, int, int]]:
    """The take-backs refused at a table of `seats` seats, as its save keeps them: a list
    of (seat, hand, move) (`ValueError`, `KeyError` or `TypeError` when damaged)."""
    if not isinstance(kept, list):
        raise TypeError("the take-backs refused are not a list")
    refused = set()
    for seat, hand, index in kept:
        refused.add(read_asked({"seat": seat, "hand": hand, "index": index}, seats).move)
    return refused
