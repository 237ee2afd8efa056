"""Where the server keeps its tables: one record file per table in its own folder
(`HOME/tables/CODE.contack.json`, written atomically after every change), moved to
`HOME/closed/` when the table closes. The file names are the server's own codes; nothing
a client sends ever names a file."""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path
from typing import Final

from game.net.table import NetTable
from game.persist.atomic import write_text_atomically
from game.persist.files import read_bounded
from game.persist.records import RECORD_SUFFIX
from game.rules.errors import RulesError

OPEN_DIR: Final = "tables"
CLOSED_DIR: Final = "closed"


class TableStore:
    """The tables of a server whose folder is `home`."""

    def __init__(self, home: Path) -> None:
        self.open_dir = home / OPEN_DIR
        self.closed_dir = home / CLOSED_DIR

    def _path(self, folder: Path, table: NetTable) -> Path:
        return folder / f"{table.code}{RECORD_SUFFIX}"

    def save(self, table: NetTable, durable: bool = False) -> None:
        """Write the table's save (`durable`: wait for the disk too)."""
        write_text_atomically(self._path(self.open_dir, table), table.saved_text(), durable)

    def close(self, table: NetTable) -> None:
        """Save the table for good and move it out of the open tables."""
        self.save(table, durable=True)
        self.closed_dir.mkdir(parents=True, exist_ok=True)
        os.replace(self._path(self.open_dir, table), self._path(self.closed_dir, table))

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
                tables.append(NetTable.from_saved(read_bounded(path)))
            except (OSError, RulesError) as error:
                print(f"table server: cannot reopen {path.name}: {error}", file=sys.stderr)
        return tables
