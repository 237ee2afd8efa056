"""The registry's writes to its store, and what a write the disk refuses means: a change
that must be on the disk before anyone hears of it (a table opened, a seat given, a
move) is refused with `not-saved` and undone; a whole save that only folds what the
journal holds already (after a deal, at the game's end) is tried again later.

Every failure is one line on standard error. The store is behind `Store`, so that a
store of another kind can take the files' place: Redis, for several servers
(`redis_store.py`), whose writes may also be `Stale`."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterable, Mapping
from typing import Protocol

from game.net.messages import NOT_SAVED, Refused
from game.net.tables.club_table import ChatLine
from game.net.tables.table import NetTable
from game.net.tables.takeback_journal import Note


class Store(Protocol):
    """Where tables are kept (`game.net.tables.store.TableStore`)."""

    def save(self, table: NetTable) -> None:
        """Write the table's whole save."""

    def append(self, table: NetTable, hand: int, index: int, entry: Mapping[str, object]) -> None:
        """Add one move, as recorded, to what is kept of the table."""

    def say(self, table: NetTable, line: ChatLine) -> None:
        """Add a line of chat to what is kept of the table (never its whole save)."""

    def takeback(self, table: NetTable, note: Note) -> None:
        """Add a take-back asked, answered or refused (`takeback_journal.py`) to what is
        kept of the table (never its whole save)."""

    def close(self, table: NetTable) -> None:
        """Keep the table for good, out of the open tables."""

    def discard(self, table: NetTable) -> None:
        """Forget a table nobody played."""

    def flush(self, tables: Iterable[NetTable]) -> list[str]:
        """Make what is kept of `tables` survive a power cut; a line for each failure."""


class Stale(Refused):
    """A change refused because another server changed the table first (several servers
    on one store): nothing was written, and this server's copy is behind the store's (the
    registry catches it up, then tries again against what the table is now)."""

    def __init__(self, code: str) -> None:
        super().__init__(NOT_SAVED, "the table changed on another server; nothing changed")
        self.table = code


def _said(action: str, error: OSError) -> None:
    print(f"table server: cannot {action}: {error}", file=sys.stderr)


def not_saved(error: OSError) -> Refused:
    """The refusal of a change the store could not keep (the OS's words, no path)."""
    reason = error.strerror or str(error)
    return Refused(NOT_SAVED, f"the server cannot save this table now ({reason}); nothing changed")


class Keeper:
    """Writes to a store (none: tables live in memory only)."""

    def __init__(self, store: Store | None) -> None:
        self.store = store

    def _write(self, action: str, write: Callable[[Store], None]) -> None:
        """Do `write`; `Refused(NOT_SAVED)` when the store refuses it."""
        if self.store is None:
            return
        try:
            write(self.store)
        except OSError as error:
            _said(action, error)
            raise not_saved(error) from None

    def save(self, table: NetTable) -> None:
        """Write the table's whole save before a change is told (`Refused` if it cannot)."""
        self._write("save a table", lambda store: store.save(table))

    def append(self, table: NetTable, hand: int, index: int, entry: Mapping[str, object]) -> None:
        """Write a move before it is told (`Refused` if it cannot)."""
        self._write("save a move", lambda store: store.append(table, hand, index, entry))

    def say(self, table: NetTable, line: ChatLine) -> None:
        """Write a line of chat before it is told (`Refused` if it cannot)."""
        self._write("save a line of chat", lambda store: store.say(table, line))

    def takeback(self, table: NetTable, note: Note) -> None:
        """Write a take-back asked, answered or refused before it is told (`Refused` if it
        cannot)."""
        self._write("save a take-back", lambda store: store.takeback(table, note))

    def save_if_can(self, table: NetTable) -> None:
        """Fold the journal into a whole save: a failure only costs a longer journal (a
        new hand is dealt again from the seed when the table reopens)."""
        with contextlib.suppress(Refused):
            self.save(table)

    def close(self, table: NetTable, played: bool) -> None:
        """Put away a table leaving the server: kept when anyone `played` at it."""
        if self.store is None:
            return
        try:
            (self.store.close if played else self.store.discard)(table)
        except OSError as error:
            _said("close a table", error)

    def flush(self, tables: Iterable[NetTable]) -> bool:
        """Make every table's writes durable (the server stops); whether all are."""
        if self.store is None:
            return True
        failures = self.store.flush(tables)
        for failure in failures:
            print(f"table server: {failure}", file=sys.stderr)
        return not failures
