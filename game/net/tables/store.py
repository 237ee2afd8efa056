"""Where the server keeps its tables: one record file per table in its own folder
(`HOME/tables/CODE.contack.json`, written atomically), and beside it the table's journal
(`CODE.moves`): each move, each line of chat and each take-back asked, answered or
refused since that save, one JSON line appended before it is announced. A whole save is
written when a table opens, a seat is taken, a hand is dealt and the game ends, and
empties the journal; a move costs one short append instead of a rewrite (replacing a
file by a rename makes ext4 write it out at once: 1.6 ms a move on this machine, 10 µs
an append). An append the disk cuts short is taken back, so the journal holds whole
lines only. Reopening reads the save and plays the journal's moves on it (dealing the
next hand where the journal goes on into it), its chat and take-backs kept; a line cut
short by a crash ends it. A closed table's save is moved to
`HOME/closed/`; a table nobody joined is deleted. When the server stops, the tables
whose journal holds moves are saved whole and one sync of the disk makes every file
durable (one sync for all: 5,000 saves each waiting for the disk took 23 s). The file
names are the server's own codes; nothing a client sends ever names a file."""

from __future__ import annotations

import contextlib
import json
import os
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Final

from game.net.tables.archive import NO_ARCHIVE, Archive
from game.net.tables.club_table import ChatLine, chat_line
from game.net.tables.table import NetTable
from game.net.tables.takeback_journal import Note, take_in
from game.persist.atomic import append_line, write_text_atomically
from game.persist.files import read_bounded
from game.persist.records import RECORD_SUFFIX
from game.rules import jsontext
from game.rules.errors import RulesError

OPEN_DIR: Final = "tables"
CLOSED_DIR: Final = "closed"
JOURNAL_SUFFIX: Final = ".moves"


class TableStore:
    """The tables of a server whose folder is `home`, its finished games moved to
    `archive` once closed."""

    def __init__(self, home: Path, archive: Archive = NO_ARCHIVE) -> None:
        self.open_dir = home / OPEN_DIR
        self.closed_dir = home / CLOSED_DIR
        self.archive = archive
        self._journaled: set[str] = set()
        """The codes of the tables whose journal holds moves that no whole save holds."""

    def _path(self, folder: Path, table: NetTable) -> Path:
        return folder / f"{table.code}{RECORD_SUFFIX}"

    def _journal(self, code: str) -> Path:
        return self.open_dir / f"{code}{JOURNAL_SUFFIX}"

    def save(self, table: NetTable, durable: bool = False) -> None:
        """Write the table's whole save (`durable`: wait for the disk too), which holds
        every move of its journal, then empty the journal."""
        write_text_atomically(self._path(self.open_dir, table), table.saved_text(), durable)
        self._journal(table.code).unlink(missing_ok=True)
        self._journaled.discard(table.code)

    def append(self, table: NetTable, hand: int, index: int, entry: Mapping[str, object]) -> None:
        """Add move `index` of hand `hand`, as recorded, to the table's journal."""
        self._add(table, journal_line(table, hand, index, entry))

    def say(self, table: NetTable, line: ChatLine) -> None:
        """Add a line of chat to the table's journal: it costs its own size, not a save."""
        self._add(table, said_line(line))

    def takeback(self, table: NetTable, note: Note) -> None:
        """Add a take-back asked, answered or refused to the table's journal."""
        self._add(table, json.dumps(note))

    def _add(self, table: NetTable, text: str) -> None:
        """Add `text` to the table's journal: the whole line or, when the disk refuses
        part of it (`OSError`), nothing."""
        append_line(self._journal(table.code), text)
        self._journaled.add(table.code)

    def close(self, table: NetTable) -> None:
        """Keep the table for good: its whole save, moved out of the open tables."""
        if table.code in self._journaled:
            self.save(table)
        self.closed_dir.mkdir(parents=True, exist_ok=True)
        os.replace(self._path(self.open_dir, table), self._path(self.closed_dir, table))
        self.archive.take(self, table.code)

    def closed_codes(self) -> list[str]:
        """The codes of the closed games in `closed/`."""
        if not self.closed_dir.is_dir():
            return []
        paths = self.closed_dir.glob(f"*{RECORD_SUFFIX}")
        return sorted(path.name.removesuffix(RECORD_SUFFIX) for path in paths)

    def closed_text(self, code: str) -> str | None:
        """Closed game `code`'s save (None: not in `closed/`)."""
        try:
            return read_bounded(self.closed_dir / f"{code}{RECORD_SUFFIX}").decode()
        except FileNotFoundError:
            return None

    def forget_closed(self, code: str) -> None:
        """Delete closed game `code` from `closed/` (it is archived)."""
        (self.closed_dir / f"{code}{RECORD_SUFFIX}").unlink(missing_ok=True)

    def discard(self, table: NetTable) -> None:
        """Delete a table nobody joined."""
        self._journal(table.code).unlink(missing_ok=True)
        self._path(self.open_dir, table).unlink(missing_ok=True)
        self._journaled.discard(table.code)

    def flush(self, tables: Iterable[NetTable]) -> list[str]:
        """Save whole each table whose journal holds moves, then have the disk keep every
        file written; a line for each table that could not be saved."""
        each_waits = not hasattr(os, "sync")  # Windows: each save waits for the disk
        failures = []
        for table in tables:
            if each_waits or table.code in self._journaled:
                try:
                    self.save(table, durable=each_waits)
                except OSError as error:
                    failures.append(f"cannot save table {table.code}: {error}")
        if not each_waits:
            os.sync()
        return failures

    def load(self) -> list[NetTable]:
        """Every open table saved, reopened; a save that cannot be is named on standard
        error and left where it is. What writes cut short by a kill left is removed."""
        tables = []
        if not self.open_dir.is_dir():
            return []
        for partial in self.open_dir.glob(".tmp-*.part"):
            with contextlib.suppress(OSError):
                partial.unlink()
        paths = sorted(self.open_dir.glob(f"*{RECORD_SUFFIX}"))
        for path in paths:
            try:
                table = NetTable.from_saved(read_bounded(path))
                self._catch_up(table)
                tables.append(table)
            except (OSError, RulesError) as error:
                print(f"table server: cannot reopen {path.name}: {error}", file=sys.stderr)
        return tables

    def _catch_up(self, table: NetTable) -> None:
        """Play the journal's moves that the save does not hold yet."""
        path = self._journal(table.code)
        if not path.exists():
            return
        self._journaled.add(table.code)
        play_journal(table, read_bounded(path).splitlines())


def journal_line(table: NetTable, hand: int, index: int, entry: Mapping[str, object]) -> str:
    """Move `index` of hand `hand` of `table`, as recorded, as a journal keeps it: one
    line of JSON, with when the table was last played."""
    line = {"hand": hand, "index": index, "move": entry, "active": table.last_active}
    return json.dumps(line)


def said_line(line: ChatLine) -> str:
    """A line of chat as a journal keeps it: one line of JSON."""
    return json.dumps({"said": line})


def heard(table: NetTable, written: object) -> ChatLine | None:
    """The line of chat a journal's line `written` (parsed) holds, now kept at `table`
    (None: it holds a move); `ValueError`, `KeyError` or `TypeError` when it is damaged."""
    if not isinstance(written, dict) or "said" not in written:
        return None
    line = chat_line(written["said"], len(table.tokens))
    table.club.chat.append(line)
    return line


def play_journal(table: NetTable, lines: Iterable[str | bytes]) -> None:
    """Play the moves, keep the lines of chat and take in the take-backs of journal
    `lines` that `table`'s save does not hold yet; a line cut short by a crash (or one
    that cannot be played as written) ends the journal."""
    for line in lines:
        try:
            written = jsontext.parse(line)
            if heard(table, written) is not None:
                continue
            if take_in(table, written, table.looked_at) is not None:  # its frames: untold
                continue
            hand, index = written["hand"], written["index"]
            table.catch_up(hand, index, written["move"], written["active"])
        except (ValueError, KeyError, TypeError):
            return
