"""The daily deal: for each solitaire, one winnable deal per date, the same for everyone.

The deal comes from the date alone (no network, no clock but the one asked): candidate
deal numbers are drawn from a hash of the mode and the date, and the first one the solver
wins within a fixed number of positions is the day's deal. The solver's search is
deterministic and bounded by positions, not seconds, so every machine picks the same
deal however fast it is.
"""

from __future__ import annotations

import datetime
import hashlib
from typing import Any, Final

from game.ai.solver import Solver
from game.rules.modes import Mode
from game.rules.record.document import DAILY_KEY, GameRecord
from game.rules.record.entries import PlayerEntry
from game.rules.record.recorded_game import RecordedGame

DAILY_MODES: Final = (Mode.DRAW_SOLITAIRE, Mode.STACKED_SOLITAIRE)
NODE_BUDGET: Final = 300_000
"""Positions the solver may search to prove a candidate winnable."""
MAX_CANDIDATES: Final = 200
PLAYER: Final[PlayerEntry] = {"name": "Player", "kind": "human"}


def candidate_deals(mode: str, day: datetime.date) -> list[int]:
    """The deal numbers tried for `day`, in order (1 to 999,999)."""
    deals = []
    for index in range(MAX_CANDIDATES):
        digest = hashlib.sha256(f"contack daily {mode} {day.isoformat()} {index}".encode())
        deals.append(int.from_bytes(digest.digest()[:8], "big") % 999_999 + 1)
    return deals


def new_deal(mode: str, deal: int, **extra: Any) -> RecordedGame:
    """Deal number `deal` of solitaire `mode`, with no moves."""
    return RecordedGame.new_solitaire(mode, PLAYER.copy(), deal, **extra)


def daily_deal(mode: str, day: datetime.date) -> int:
    """The deal number of `mode`'s daily deal on `day`: always one the solver wins."""
    for deal in candidate_deals(mode, day):
        state = new_deal(mode, deal).solitaire_state()
        result = Solver(state).step(NODE_BUDGET)
        if result is not None and result.winnable:
            return deal
    raise RuntimeError(f"no winnable {mode} deal among {MAX_CANDIDATES} for {day}")


def daily_record(mode: str, day: datetime.date) -> RecordedGame:
    """The daily deal of `mode` on `day` as a game with no moves, marked with its date."""
    return new_deal(mode, daily_deal(mode, day), **{DAILY_KEY: day.isoformat()})


def record_day(record: GameRecord) -> datetime.date | None:
    """The date of a daily deal's record (None for any other record)."""
    text = record.daily
    if text is None:
        return None
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        return None
