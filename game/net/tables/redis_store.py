"""The server's tables in Redis, for several servers on one store (`python -m game.server
--store redis://HOST:PORT/DB`); the files of `store.py` stay the default.

Each open table is a hash `contack:table:CODE` (`save`: its whole save; `version`: how
many changes it has had) and a list `contack:journal:CODE` (each move and line of chat
since that save, a line as the files' journal holds it); the set `contack:open` names
the open tables and the hash `contack:closed` keeps the saves of the closed ones. One
Lua script makes every change in one atomic step: it checks that the table's version is
the one this server's copy is at (when another server changed the table first, nothing
is written: `Stale`), writes the change, counts it, and appends it to the stream
`contack:changes` that every server follows (`replica.py`), so that each change is kept
and announced together.

Writes use redis-py's synchronous client: a change is in Redis before anyone hears of
it (a loopback round trip is about 0.1 ms). A Redis that does not answer within
`TIMEOUT_S` is an `OSError` (the change is refused `not-saved`), never a hang; a write is
not sent twice (a retried write could be counted twice).
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import sys
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Final

import redis
from redis.backoff import NoBackoff
from redis.exceptions import RedisError
from redis.retry import Retry

from game.net.tables.club_table import ChatLine
from game.net.tables.keeping import Stale
from game.net.tables.store import journal_line, play_journal, said_line
from game.net.tables.table import NetTable
from game.rules.errors import RulesError

PREFIX: Final = "contack:"
OPEN: Final = PREFIX + "open"
CLOSED: Final = PREFIX + "closed"
CHANGES: Final = PREFIX + "changes"
CHANGES_KEPT: Final = 100_000
"""About how many changes the stream keeps (a server that falls further behind reads a
table again whole: `replica.py`)."""
TIMEOUT_S: Final = 2.0

_WRITE: Final = """
local version = tonumber(redis.call('HGET', KEYS[1], 'version') or '0')
if version ~= tonumber(ARGV[2]) then return {0, version} end
local kind, now = ARGV[3], version + 1
local told = {'code', ARGV[1], 'version', now, 'kind', kind}
if kind == 'save' then
  redis.call('HSET', KEYS[1], 'version', now, 'save', ARGV[4])
  redis.call('DEL', KEYS[2])
  redis.call('SADD', KEYS[3], ARGV[1])
  table.insert(told, 'digest')
  table.insert(told, ARGV[5])
elseif kind == 'move' or kind == 'said' then
  redis.call('RPUSH', KEYS[2], ARGV[4])
  redis.call('HSET', KEYS[1], 'version', now)
  table.insert(told, 'move')
  table.insert(told, ARGV[4])
else
  if kind == 'closed' then redis.call('HSET', KEYS[5], ARGV[1], ARGV[4]) end
  redis.call('DEL', KEYS[1], KEYS[2])
  redis.call('SREM', KEYS[3], ARGV[1])
  now = 0
end
redis.call('XADD', KEYS[4], 'MAXLEN', '~', ARGV[6], '*', unpack(told))
return {1, now}
"""


@dataclass(frozen=True)
class Kept:
    """A table as the store holds it: its whole save, the journal's lines since (one
    change each), and its version."""

    save: str
    journal: list[str]
    version: int

    @property
    def saved_at(self) -> int:
        """The version of the whole save."""
        return self.version - len(self.journal)


def table_key(code: str) -> str:
    return f"{PREFIX}table:{code}"


def journal_key(code: str) -> str:
    return f"{PREFIX}journal:{code}"


def digest(text: str) -> str:
    """What a change's save is known by in the stream (its text stays in the table)."""
    return hashlib.sha256(text.encode("utf-8", "backslashreplace")).hexdigest()


@contextlib.contextmanager
def answering() -> Iterator[None]:
    """Redis's failures as the `OSError` a store gives (its details for the log only)."""
    try:
        yield
    except RedisError as error:
        raise OSError(errno.EIO, "the store does not answer", str(error)) from None


def client_for(url: str, timeout_s: float) -> redis.Redis:
    """A synchronous client of `url` that gives up after `timeout_s` and never retries."""
    return redis.Redis.from_url(
        url,
        decode_responses=True,
        encoding_errors="backslashreplace",  # a lone surrogate, as the files write it
        socket_timeout=timeout_s,
        socket_connect_timeout=timeout_s,
        retry=Retry(NoBackoff(), 0),
    )


class RedisStore:
    """The tables on the Redis at `url`; `versions` holds the version of each table as
    this server's copy of it is."""

    def __init__(self, url: str, timeout_s: float = TIMEOUT_S) -> None:
        self.url = url
        self.client = client_for(url, timeout_s)
        self._write = self.client.register_script(_WRITE)
        self.versions: dict[str, int] = {}

    def check(self) -> None:
        """`OSError` unless the store answers."""
        with answering():
            self.client.ping()

    def _change(self, table: NetTable, kind: str, text: str = "", known_by: str = "") -> bool:
        """Write a change of `kind` to `table` if its copy here is the store's latest;
        whether it was written (the new version is this copy's)."""
        code = table.code
        keys = [table_key(code), journal_key(code), OPEN, CHANGES, CLOSED]
        expected = self.versions.get(code, 0)
        with answering():
            written, version = self._write(
                keys=keys, args=[code, expected, kind, text, known_by, CHANGES_KEPT]
            )
        if not written:
            return False
        if version:
            self.versions[code] = int(version)
        else:
            self.versions.pop(code, None)
        return True

    def save(self, table: NetTable) -> None:
        """Write the table's whole save, which holds every move of its journal (`Stale`
        when another server changed it first)."""
        text = table.saved_text()
        if not self._change(table, "save", text, digest(text)):
            raise Stale(table.code)

    def append(self, table: NetTable, hand: int, index: int, entry: Mapping[str, object]) -> None:
        """Add one move to the table's journal (`Stale` when another server changed it
        first)."""
        if not self._change(table, "move", journal_line(table, hand, index, entry)):
            raise Stale(table.code)

    def say(self, table: NetTable, line: ChatLine) -> None:
        """Add a line of chat to the table's journal, told in the stream as a `said`
        change (`Stale` when another server changed the table first)."""
        if not self._change(table, "said", said_line(line)):
            raise Stale(table.code)

    def close(self, table: NetTable) -> None:
        """Keep the table for good, out of the open tables (left open when another server
        has changed it since: it is not idle there)."""
        self._change(table, "closed", table.saved_text())

    def discard(self, table: NetTable) -> None:
        """Forget a table nobody played (unless another server has changed it since)."""
        self._change(table, "discarded")

    def flush(self, tables: Iterable[NetTable]) -> list[str]:
        """Nothing to do: every change is in Redis before it is told (Redis's own
        `appendonly` keeps it across a power cut)."""
        return []

    def last_change(self) -> str:
        """The stream's last change: a server that reads the tables now follows the
        changes after it."""
        with answering():
            last = self.client.xrevrange(CHANGES, count=1)
        identity = last[0][0] if last else None
        return identity if isinstance(identity, str) else "0-0"

    def read(self, code: str) -> Kept | None:
        """What the store holds of open table `code` now (None: it is not open)."""
        with answering(), self.client.pipeline(transaction=True) as reading:
            reading.hmget(table_key(code), ["version", "save"])
            reading.lrange(journal_key(code), 0, -1)
            (version, save), journal = reading.execute()
        return None if save is None else Kept(save, journal, int(version))

    def fetch(self, code: str) -> NetTable | None:
        """Open table `code` as the store holds it now (None when it is not open there),
        its version noted as this copy's; `RulesError` when its save cannot be reopened."""
        kept = self.read(code)
        if kept is None:
            return None
        table = NetTable.from_saved(kept.save)
        play_journal(table, kept.journal)
        self.versions[code] = kept.version
        return table

    def load(self) -> list[NetTable]:
        """Every open table, reopened; one that cannot be is named on standard error and
        left as it is."""
        with answering():
            codes = sorted(code for code in self.client.smembers(OPEN) if isinstance(code, str))
        tables = []
        for code in codes:
            try:
                table = self.fetch(code)
            except RulesError as error:
                print(f"table server: cannot reopen table {code}: {error}", file=sys.stderr)
                continue
            if table is not None:
                tables.append(table)
        return tables
