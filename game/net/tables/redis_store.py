"""The server's tables in Redis, for several servers on one store (`python -m game.server
--store redis://HOST:PORT/DB`, or any of `redis_address.FORMS`); the files of `store.py`
stay the default.

Each open table is a hash `contack:table:CODE` (`save`: its whole save; `version`: how
many changes it has had) and a list `contack:journal:CODE` (each move and line of chat
since that save, a line as the files' journal holds it, and each take-back asked,
answered or refused: `takeback_journal.py`); the set `contack:open` names the open
tables and the hash `contack:closed` keeps the saves of the closed ones. One
Lua script makes every change in one atomic step: it checks that the store is the club
this server joined (`contack:club`, the club's generation: when Redis lost what it held,
nothing is written: `Lost`) and that the table's version is the one this server's copy
is at (when another server changed the table first, nothing is written: `Stale`),
writes the change, counts it, and appends it to the stream `contack:changes` that every
server follows (`replica.py`), so that each change is kept and announced together.
`seed` writes back a table to a store that lost it or holds it older.

Writes use redis-py's synchronous client, in the server's threads, never its loop
(`turns.py`): a change is in Redis before anyone hears of it (a loopback round trip is
about 0.1 ms). A Redis that does not answer within `TIMEOUT_S` is an `OSError` (the
change is refused `not-saved`), never a hang; a write is not sent twice (a retried write
could be counted twice).
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import hashlib
import json
import secrets
import sys
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Final, Protocol, TypeVar

import redis
import redis.asyncio
import redis.asyncio.sentinel
import redis.sentinel
from redis.backoff import NoBackoff
from redis.exceptions import RedisError
from redis.retry import Retry

from game.net.tables.archive import NO_ARCHIVE, Archive
from game.net.tables.club_table import ChatLine
from game.net.tables.keeping import Stale
from game.net.tables.redis_address import sentinels
from game.net.tables.store import journal_line, play_journal, said_line
from game.net.tables.table import NetTable
from game.net.tables.takeback_journal import Note
from game.net.tables.turns import UNSHARED, Unshared
from game.rules.errors import RulesError

PREFIX: Final = "contack:"
OPEN: Final = PREFIX + "open"
CLOSED: Final = PREFIX + "closed"
CHANGES: Final = PREFIX + "changes"
CLUB: Final = PREFIX + "club"
"""The club's generation: a token the first server of an empty store writes. A store
whose token is not the one a server joined is not the store it left (Redis restarted
with nothing kept, or flushed): every write checks it (`Lost`)."""
CHANGES_KEPT: Final = 100_000
"""About how many changes the stream keeps (a server that falls further behind reads a
table again whole: `replica.py`)."""
TIMEOUT_S: Final = 2.0

_WRITE: Final = """
if redis.call('GET', KEYS[6]) ~= ARGV[7] then return {-1, 0} end
local version = tonumber(redis.call('HGET', KEYS[1], 'version') or '0')
local owner = ARGV[8] ~= '' and redis.call('GET', KEYS[7])
if ARGV[8] ~= '' then
  local leased = redis.call('EXISTS', KEYS[8]) == 1
  if not leased or (owner and owner ~= ARGV[8]) or (not owner and version ~= 0) then
    return {-2, version}
  end
end
if version ~= tonumber(ARGV[2]) then return {0, version} end
if ARGV[8] ~= '' and not owner then redis.call('SET', KEYS[7], ARGV[8]) end
local kind, now = ARGV[3], version + 1
local told = {'code', ARGV[1], 'version', now, 'kind', kind}
if kind == 'save' then
  redis.call('HSET', KEYS[1], 'version', now, 'save', ARGV[4])
  redis.call('DEL', KEYS[2])
  redis.call('SADD', KEYS[3], ARGV[1])
  table.insert(told, 'digest')
  table.insert(told, ARGV[5])
elseif kind == 'move' or kind == 'said' or kind == 'takeback' then
  redis.call('RPUSH', KEYS[2], ARGV[4])
  redis.call('HSET', KEYS[1], 'version', now)
  table.insert(told, 'move')
  table.insert(told, ARGV[4])
else
  if kind == 'closed' then redis.call('HSET', KEYS[5], ARGV[1], ARGV[4]) end
  redis.call('DEL', KEYS[1], KEYS[2], KEYS[7])
  redis.call('SREM', KEYS[3], ARGV[1])
  now = 0
end
redis.call('XADD', KEYS[4], 'MAXLEN', '~', ARGV[6], '*', unpack(told))
return {1, now}
"""

_JOIN: Final = """
local club = redis.call('GET', KEYS[1])
if club then return club end
redis.call('SET', KEYS[1], ARGV[1])
return ARGV[1]
"""

_SEED: Final = """
if redis.call('GET', KEYS[6]) ~= ARGV[6] then return {-1, 0} end
local version = tonumber(redis.call('HGET', KEYS[1], 'version') or '0')
if version >= tonumber(ARGV[2]) or redis.call('HEXISTS', KEYS[5], ARGV[1]) == 1 then
  return {0, version}
end
redis.call('HSET', KEYS[1], 'version', ARGV[2], 'save', ARGV[3])
redis.call('DEL', KEYS[2])
redis.call('SADD', KEYS[3], ARGV[1])
redis.call('XADD', KEYS[4], 'MAXLEN', '~', ARGV[5], '*',
  'code', ARGV[1], 'version', ARGV[2], 'kind', 'save', 'digest', ARGV[4])
return {1, tonumber(ARGV[2])}
"""


class Summarizer(Protocol):
    """What a store keeps beside each table for the servers that do not hold it
    (`summaries.py`)."""

    def changed(self, table: NetTable) -> None:
        """`table` changed (written)."""

    def closed(self, table: NetTable) -> None:
        """`table` was closed or discarded."""


class NoSummaries:
    """Nothing beside the tables: every server holds every table (`replica.py`)."""

    def changed(self, table: NetTable) -> None:
        pass

    def closed(self, table: NetTable) -> None:
        pass


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


def owner_key(code: str) -> str:
    """Which server owns open table `code` (`ownership.py`)."""
    return f"{PREFIX}owner:{code}"


def alive_key(server: str) -> str:
    """Present while `server`'s lease on its tables holds (`ownership.py`)."""
    return f"{PREFIX}alive:{server}"


def digest(text: str) -> str:
    """What a change's save is known by in the stream (its text stays in the table)."""
    return hashlib.sha256(text.encode("utf-8", "backslashreplace")).hexdigest()


@contextlib.contextmanager
def answering(turns: Unshared) -> Iterator[None]:
    """Around a call to Redis: other work goes on meanwhile (`turns`), and Redis's
    failures are the `OSError` a store gives (its details for the log only)."""
    with turns.waiting():
        try:
            yield
        except RedisError as error:
            # redis-py follows a lost master's name with the Sentinels' clients, at length
            why = str(error).partition(" : <")[0]
            raise OSError(errno.EIO, "the store does not answer", why) from None


class Disowned(Stale):
    """A change refused because this server does not own the table (its lease lapsed and
    another server took the table over): nothing was written, and the server lets the
    table go (`ownership.Owned`)."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.message = "the table is served by another server now; nothing changed"


class Lost(Stale):
    """A change refused because the store is not the one this server joined (it lost
    what it held): nothing was written; the server writes back what it holds
    (`replica.Replica.restore`), then tries again."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.message = "the server's store lost its tables; nothing changed"


@contextlib.contextmanager
def lost_unsaved() -> Iterator[None]:
    """A `Lost` store, or a table another server owns now, as the `OSError` of a write
    that could not be made."""
    try:
        yield
    except Lost:
        raise OSError(errno.EIO, "the store lost the club's tables") from None
    except Disowned:
        raise OSError(errno.EIO, "another server serves the table now") from None


def client_for(url: str, timeout_s: float) -> redis.Redis:
    """A synchronous client of `url` (any of `redis_address.FORMS`) that gives up after
    `timeout_s` and never retries."""
    options: dict[str, Any] = {
        "decode_responses": True,
        "encoding_errors": "backslashreplace",  # a lone surrogate, as the files write it
        "socket_timeout": timeout_s,
        "socket_connect_timeout": timeout_s,
        "retry": Retry(NoBackoff(), 0),
    }
    found = sentinels(url)
    if found is None:
        return redis.Redis.from_url(url, **options)
    watchers = redis.sentinel.Sentinel(  # type: ignore[no-untyped-call]
        found.hosts, socket_timeout=timeout_s, socket_connect_timeout=timeout_s
    )
    client: redis.Redis = watchers.master_for(  # type: ignore[no-untyped-call]
        found.master, db=found.db, username=found.username, password=found.password, **options
    )
    return client


READ_AGAIN_S: Final = 1.0
"""How long a reader waits before reading again a Redis that did not answer."""

Read = TypeVar("Read")


async def read_on(read: Callable[[], Awaitable[Read]], what: str) -> AsyncIterator[Read]:
    """What `read()` reads, again and again: while Redis does not answer, one line says
    the server cannot `what` (until it answers again), and the read is tried again every
    `READ_AGAIN_S`."""
    failing = False
    while True:
        try:
            result = await read()
        except (RedisError, OSError) as error:
            if not failing:
                print(f"table server: cannot {what}: {error}", file=sys.stderr)
            failing = True
            await asyncio.sleep(READ_AGAIN_S)
            continue
        failing = False
        yield result


def async_client_for(url: str, timeout_s: float) -> redis.asyncio.Redis:
    """An asyncio client of `url` (any of `redis_address.FORMS`) that gives up after
    `timeout_s`."""
    options: dict[str, Any] = {
        "decode_responses": True,
        "encoding_errors": "backslashreplace",
        "socket_timeout": timeout_s,
    }
    found = sentinels(url)
    if found is None:
        return redis.asyncio.Redis.from_url(url, **options)
    watchers = redis.asyncio.sentinel.Sentinel(  # type: ignore[no-untyped-call]
        found.hosts, socket_timeout=timeout_s
    )
    client: redis.asyncio.Redis = watchers.master_for(
        found.master, db=found.db, username=found.username, password=found.password, **options
    )
    return client


class RedisStore:
    """The tables on the Redis at `url`, finished games moved to `archive` once closed;
    `versions` holds the version of each table as this server's copy of it is."""

    def __init__(
        self,
        url: str,
        timeout_s: float = TIMEOUT_S,
        turns: Unshared = UNSHARED,
        archive: Archive = NO_ARCHIVE,
    ) -> None:
        self.url = url
        self.archive = archive
        self.turns = turns
        self.client = client_for(url, timeout_s)
        self._write = self.client.register_script(_WRITE)
        self._join = self.client.register_script(_JOIN)
        self._seed = self.client.register_script(_SEED)
        self.versions: dict[str, int] = {}
        self.club = ""
        """The club's generation this server joined (`join`)."""
        self.summaries: Summarizer = NoSummaries()
        self.owner = ""
        """This server's name when each table is owned by one server (`ownership.py`):
        then a change is written only while this server holds the table's lease (the
        first change of a new table makes it this server's); "" when every server
        writes every table (`replica.py`)."""

    def check(self) -> None:
        """`OSError` unless the store answers."""
        with answering(self.turns):
            self.client.ping()

    def join(self) -> bool:
        """Join the club the store holds now: its generation, written first when the
        store has none (an empty store). Whether it is not the one joined before."""
        with answering(self.turns):
            club = str(self._join(keys=[CLUB], args=[secrets.token_hex(16)]))
        joined, self.club = self.club, club
        return joined != club

    def lost(self) -> bool:
        """Whether the store is no longer the one this server joined (it lost what it
        held: restarted empty, or flushed)."""
        with answering(self.turns):
            return self.client.get(CLUB) != self.club

    def durability(self) -> str:
        """In one line, how much of the club a restart of Redis would lose, when it may
        lose any ("" when every change is on its disk: `appendonly yes`)."""
        try:
            with answering(self.turns):
                appendonly = self.client.config_get("appendonly").get("appendonly")
                save = self.client.config_get("save").get("save")
        except OSError as error:
            return f"cannot ask the store whether it keeps the club on its disk ({error})"
        if appendonly == "yes":
            return ""
        if not save:
            return (
                "the store keeps nothing on its disk (appendonly no, no save): a "
                "restart of Redis loses every table and player; run it with appendonly yes"
            )
        return (
            f"the store keeps only snapshots on its disk (appendonly no, save {save}): a "
            "restart of Redis loses the changes since the last; run it with appendonly yes"
        )

    def _change(self, table: NetTable, kind: str, text: str = "", known_by: str = "") -> bool:
        """Write a change of `kind` to `table` if its copy here is the store's latest;
        whether it was written (the new version is this copy's). `Lost` when the store
        is not the one this server joined: nothing is written."""
        code = table.code
        keys = [table_key(code), journal_key(code), OPEN, CHANGES, CLOSED, CLUB]
        keys += [owner_key(code), alive_key(self.owner)]
        expected = self.versions.get(code, 0)
        args: list[str | int] = [code, expected, kind, text, known_by, CHANGES_KEPT, self.club]
        args.append(self.owner)
        with answering(self.turns):
            written, version = self._write(keys=keys, args=args)
        if written == -1:
            raise Lost(code)
        if written == -2:
            raise Disowned(code)
        if not written:
            return False
        if version:
            self.versions[code] = int(version)
            self.summaries.changed(table)
        else:
            self.versions.pop(code, None)
            self.summaries.closed(table)
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

    def takeback(self, table: NetTable, note: Note) -> None:
        """Add a take-back asked, answered or refused to the table's journal, told in the
        stream as a `takeback` change (`Stale` when another server changed the table
        first)."""
        if not self._change(table, "takeback", json.dumps(note)):
            raise Stale(table.code)

    def close(self, table: NetTable) -> None:
        """Keep the table for good, out of the open tables (left open when another server
        has changed it since: it is not idle there)."""
        with lost_unsaved():
            closed = self._change(table, "closed", table.saved_text())
        if closed:
            self.archive.take(self, table.code)

    def closed_codes(self) -> list[str]:
        """The codes of the closed games in `contack:closed`."""
        with answering(self.turns):
            return sorted(code for code in self.client.hkeys(CLOSED) if isinstance(code, str))

    def closed_text(self, code: str) -> str | None:
        """Closed game `code`'s save (None: not in `contack:closed`)."""
        with answering(self.turns):
            text = self.client.hget(CLOSED, code)
        return text if isinstance(text, str) else None

    def forget_closed(self, code: str) -> None:
        """Delete closed game `code` from `contack:closed` (it is archived)."""
        with answering(self.turns):
            self.client.hdel(CLOSED, code)

    def discard(self, table: NetTable) -> None:
        """Forget a table nobody played (unless another server has changed it since)."""
        with lost_unsaved():
            self._change(table, "discarded")

    def seed(self, table: NetTable) -> int:
        """Write the whole save of `table`, held here, to a store that lost it or holds
        an older version of it (which the copy here goes on from); the store's version
        of it, this copy's when it was written (`Lost` when the store is not the one
        this server joined)."""
        code, text = table.code, table.saved_text()
        keys = [table_key(code), journal_key(code), OPEN, CHANGES, CLOSED, CLUB]
        version = self.versions.get(code, 0)
        with answering(self.turns):
            written, kept = self._seed(
                keys=keys, args=[code, version, text, digest(text), CHANGES_KEPT, self.club]
            )
        if written == -1:
            raise Lost(code)
        return int(kept) if not written else version

    def flush(self, tables: Iterable[NetTable]) -> list[str]:
        """Nothing to do: every change is in Redis before it is told (Redis's own
        `appendonly` keeps it across a power cut)."""
        return []

    def last_change(self) -> str:
        """The stream's last change: a server that reads the tables now follows the
        changes after it."""
        with answering(self.turns):
            last = self.client.xrevrange(CHANGES, count=1)
        identity = last[0][0] if last else None
        return identity if isinstance(identity, str) else "0-0"

    def read(self, code: str) -> Kept | None:
        """What the store holds of open table `code` now (None: it is not open)."""
        with answering(self.turns), self.client.pipeline(transaction=True) as reading:
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
        with answering(self.turns):
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
