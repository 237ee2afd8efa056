"""A take-back asked, answered or refused as a table's journal keeps it (docs/protocol.md
"Take-backs"): one note each, written before anyone hears of it as a move is
(`Keeper.takeback`); the server that wrote it, each other server of a store that reads it
from the store's stream, and a server that reopens the table take it in alike
(`take_in`), and each tells its own followers what it says.

`asked_note` and `refused_note` make the notes; `take_in` reads one into a table (a
line of the journal that is not a take-back's is left to the others)."""

from __future__ import annotations

import math
from typing import Final

from game.net.tables.table import NetTable
from game.net.tables.takeback_asked import NOTHING_ASKED, Asked, read_asked, read_seat
from game.net.takeback_messages import asked_frame, refused_frame

ASKED_KEY: Final = "takeback-asked"
REFUSED_KEY: Final = "takeback-refused"

Note = dict[str, object]
"""A journal's line of a take-back, before it is written as JSON."""


def asked_note(asked: Asked) -> Note:
    """Take-back `asked` is asked, or has been accepted by some: who is still waited for."""
    return {ASKED_KEY: asked.to_json()}


def refused_note(asked: Asked, by: int | None, at: float) -> Note:
    """Take-back `asked` was refused by seat `by` (None: by time) at time `at`, from which
    the seat to act waits for its move again."""
    move = {"seat": asked.seat, "hand": asked.hand, "index": asked.index}
    return {REFUSED_KEY: move | {"by": by, "at": at}}


def asked_of(table: NetTable, now: float) -> str:
    """The `takeback-asked` frame of the take-back asked at `table`, with the whole
    seconds left at `now` to answer it (at least one: the sweep refuses it soon)."""
    asked = table.asked
    left = float(max(1, math.ceil(asked.until - now)))
    waiting = sorted(asked.waiting)
    return asked_frame(table.code, asked.seat, asked.hand, asked.index, waiting, left)


def take_in(table: NetTable, written: object, now: float) -> list[str] | None:
    """Take the journal's line `written` (parsed) in at `table` when it is a take-back's:
    the frames that tell it at `now` (None: it is not a take-back's line; `ValueError`,
    `KeyError` or `TypeError` when it is damaged)."""
    if not isinstance(written, dict):
        return None
    seats = len(table.tokens)
    if ASKED_KEY in written:
        table.asked = read_asked(written[ASKED_KEY], seats)
        return [asked_of(table, now)]
    if REFUSED_KEY in written:
        kept = written[REFUSED_KEY]
        refused = read_asked(kept, seats)
        by, at = read_seat(kept.get("by"), seats), kept["at"]
        if not isinstance(at, (int, float)):
            raise TypeError("a take-back's time of refusal is damaged")
        table.asked = NOTHING_ASKED
        table.refused.add(refused.move)
        table.club.turn_since = float(at)
        return [refused_frame(table.code, refused.seat, by)]
    return None
