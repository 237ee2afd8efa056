"""Which server serves each table, when several servers share one Redis and each table
is owned by one of them (`python -m game.server --store redis://... --own-tables`).

A server's lease is the key `contack:alive:ID`, set for `lease_s` (3 s unless
`--limit lease_s=...`) and renewed every third of it (one key a server, whatever its
tables); a table's owner is the key
`contack:owner:CODE`, naming the server. A table is served by its owner while the owner's
lease holds; a server that finds the table's owner without a lease (killed, or stopped)
takes it over (`claim`, one Lua step: no two servers take one table). Every write to a
table checks, in the same Lua step as the write (`redis_store._WRITE`), that the writer
owns the table and its lease holds, so a server whose lease lapsed (stalled past it)
never writes a table another has taken over since (`Disowned`). A new table is its
creator's from its first write. A server does not start on a Redis a server of the other
mode serves (`refuse_other_mode`).
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from typing import Final

import redis.asyncio

from game.net.tables.limits import Limits
from game.net.tables.presence import server_key
from game.net.tables.redis_store import OPEN, PREFIX, RedisStore, alive_key, answering, owner_key

ALIVE: Final = PREFIX + "alive:"


class OtherMode(OSError):
    """A server of the other mode serves the Redis."""


def refuse_other_mode(store: RedisStore, owning: bool) -> None:
    """`OtherMode` when a live server of the other mode serves `store`'s Redis (`owning`:
    this one owns tables): a server holding every table writes any table, so it would
    write a table another server owns, and neither would see the other's moves."""
    seen = server_key("*") if owning else alive_key("*")
    with answering(store.turns):
        other = next(iter(store.client.scan_iter(match=seen, count=1000)), None)
    if other is not None:
        mode = "without" if owning else "with"
        raise OtherMode(
            f"a server {mode} --own-tables serves it (or did seconds ago): every server of "
            "one Redis runs with --own-tables, or none does"
        )


_CLAIM: Final = """
if redis.call('SISMEMBER', KEYS[2], ARGV[2]) == 0 then return '' end
local owner = redis.call('GET', KEYS[1])
if owner and owner ~= ARGV[1] and redis.call('EXISTS', ARGV[3] .. owner) == 1 then
  return owner
end
redis.call('SET', KEYS[1], ARGV[1])
return ARGV[1]
"""

_ORPHANS: Final = """
local found = {}
for _, code in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  local owner = redis.call('GET', ARGV[1] .. code)
  if not owner or redis.call('EXISTS', ARGV[2] .. owner) == 0 then
    table.insert(found, code)
    if #found >= tonumber(ARGV[3]) then break end
  end
end
return found
"""


class Leases:
    """This server's lease and its claims on tables, in `store` (whose writes it makes
    check the lease)."""

    def __init__(self, store: RedisStore, lease_s: float = Limits.lease_s) -> None:
        self.store = store
        self.lease_ms = round(lease_s * 1000)
        self.renew_s = lease_s / 3
        """How often the lease is renewed (well inside it)."""
        self.server = secrets.token_hex(8)
        store.owner = self.server
        client = store.client
        self._claim = client.register_script(_CLAIM)
        self._orphans = client.register_script(_ORPHANS)

    def renew(self) -> bool:
        """Hold this server's lease for `lease_ms` more; whether it held until now (when
        it had lapsed, any of its tables may have been taken over meanwhile)."""
        with answering(self.store.turns):
            was = self.store.client.set(alive_key(self.server), 1, px=self.lease_ms, get=True)
        return was is not None

    async def renewed(self, client: redis.asyncio.Redis) -> bool:
        """`renew`, with `client`, an asyncio client of the store."""
        was = await client.set(alive_key(self.server), 1, px=self.lease_ms, get=True)
        return was is not None

    def release(self) -> None:
        """Give up the lease (the server stops): the other servers take its tables over
        at once."""
        with answering(self.store.turns):
            self.store.client.delete(alive_key(self.server))

    def claim(self, code: str) -> str:
        """The server that serves open table `code`: its owner while its lease holds,
        else this server, which takes it over ("" when no such table is open)."""
        with answering(self.store.turns):
            owner = self._claim(keys=[owner_key(code), OPEN], args=[self.server, code, ALIVE])
        return str(owner)

    def mine(self, codes: Iterable[str]) -> set[str]:
        """Those of `codes` this server owns."""
        ordered = list(codes)
        if not ordered:
            return set()
        with answering(self.store.turns):
            owners = self.store.client.mget([owner_key(code) for code in ordered])
        return {code for code, owner in zip(ordered, owners, strict=True) if owner == self.server}

    def alive(self, servers: Iterable[str]) -> set[str]:
        """Those of `servers` whose lease holds."""
        ordered = sorted(servers)
        if not ordered:
            return set()
        with answering(self.store.turns):
            found = self.store.client.mget([alive_key(server) for server in ordered])
        return {server for server, held in zip(ordered, found, strict=True) if held}

    def orphans(self, count: int) -> list[str]:
        """Up to `count` open tables that no server with a lease owns."""
        with answering(self.store.turns):
            found = self._orphans(keys=[OPEN], args=[PREFIX + "owner:", ALIVE, count])
        return [str(code) for code in found]
