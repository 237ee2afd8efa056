"""A take-back asked at a table (docs/protocol.md "Take-backs"): who asked, the move it
takes back, the seats still to answer and until when they may."""

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


NOTHING_ASKED: Final = Asked()
