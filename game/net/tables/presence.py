"""Who is connected to a table's seats, across the servers of one Redis: each server says
which seats of each table its own connections hold (on the stream of changes, and in
the hash `contack:here:CODE` for a server that reads the table later), and that it is
alive (`contack:server:ID`, which expires); a seat is connected when any live server's
connection holds it. So every server's followers hear the same presence, and a host
never gives a computer a seat whose player is connected to another server.

A server says what changed about once a second (`publish`): presence is the one thing a
table's followers hear up to a second late across servers."""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Mapping
from typing import Final

from redis.typing import EncodableT, FieldT

from game.net.tables.redis_store import CHANGES, CHANGES_KEPT, PREFIX, RedisStore, answering
from game.net.tables.table import NetTable

ALIVE_S: Final = 15
"""How long a server counts as alive after it last said so."""
KEPT_S: Final = 86_400
"""How long a table's hash of seats held is kept after it last changed."""


def here_key(code: str) -> str:
    return f"{PREFIX}here:{code}"


def server_key(server: str) -> str:
    return f"{PREFIX}server:{server}"


def seats_text(seats: Iterable[bool]) -> str:
    return "".join("1" if held else "0" for held in seats)


class SeatsHeld:
    """This server's part in who is connected where (`server`: its name in the store)."""

    def __init__(self, store: RedisStore) -> None:
        self.store = store
        self.server = secrets.token_hex(8)
        self.held: dict[str, dict[str, str]] = {}
        """For each table: the seats each other server's connections hold ("0110")."""
        self._said: dict[str, str] = {}
        """The seats this server last said it holds, per table."""

    def beat(self) -> set[str]:
        """Say this server is alive; forget what servers no longer alive held. The codes
        of the tables whose seats held elsewhere changed."""
        others = {server for held in self.held.values() for server in held}
        with answering(self.store.turns):
            self.store.client.set(server_key(self.server), 1, ex=ALIVE_S)
            alive = self._alive(others)
        changed = set()
        for code, held in self.held.items():
            for server in set(held) - alive:
                del held[server]
                changed.add(code)
        return changed

    def _alive(self, servers: set[str]) -> set[str]:
        ordered = sorted(servers)
        found = self.store.client.mget([server_key(s) for s in ordered]) if ordered else []
        return {server for server, value in zip(ordered, found, strict=True) if value}

    def publish(self, tables: Iterable[NetTable]) -> None:
        """Say which seats of `tables` (every table held here: the others are forgotten)
        this server's connections hold, where it changed."""
        said, codes = {}, set()
        for table in tables:
            codes.add(table.code)
            seats = seats_text(bool(holders) for holders in table.holders)
            if seats != self._said.get(table.code, "0" * len(seats)):
                said[table.code] = seats
        for gone in (set(self._said) | set(self.held)) - codes:
            self._said.pop(gone, None)
            self.held.pop(gone, None)
        if not said:
            return
        with answering(self.store.turns), self.store.client.pipeline(transaction=False) as saying:
            for code, seats in said.items():
                saying.hset(here_key(code), self.server, seats)
                saying.expire(here_key(code), KEPT_S)
                told: dict[FieldT, EncodableT] = {
                    "kind": "presence",
                    "code": code,
                    "server": self.server,
                    "seats": seats,
                }
                saying.xadd(CHANGES, told, maxlen=CHANGES_KEPT, approximate=True)
            saying.execute()
        self._said.update(said)

    def lost(self) -> None:
        """The store lost what this server said: say it all again at the next `publish`."""
        self._said.clear()

    def heard(self, change: Mapping[str, str]) -> bool:
        """Take in another server's word of the seats it holds; whether it is news."""
        server, code = change.get("server", ""), change.get("code", "")
        if server == self.server:
            return False
        held = self.held.setdefault(code, {})
        news = held.get(server) != change.get("seats", "")
        held[server] = change.get("seats", "")
        return news

    def read(self, code: str) -> None:
        """What the other live servers hold of table `code`, read from its hash (a table
        this server reads now)."""
        with answering(self.store.turns):
            held = self.store.client.hgetall(here_key(code))
            others = {s: v for s, v in held.items() if isinstance(s, str) and s != self.server}
            alive = self._alive(set(others))
        self.held[code] = {s: str(v) for s, v in others.items() if s in alive}

    def show(self, table: NetTable) -> bool:
        """Set which seats of `table` are held elsewhere; whether that changed."""
        seats = len(table.tokens)
        elsewhere = [False] * seats
        for held in self.held.get(table.code, {}).values():
            for seat, flag in enumerate(held[:seats]):
                elsewhere[seat] = elsewhere[seat] or flag == "1"
        changed = elsewhere != table.held_elsewhere
        table.held_elsewhere = elsewhere
        return changed
