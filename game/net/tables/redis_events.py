"""A club's events in Redis, for several servers on one store (`event_book.py`), in both
modes (every server holds every table, or each its own: `--own-tables`).

Each event is a field of the hash `contack:events` (its record) and of the hash
`contack:event-versions` (how many changes it has had); one Lua step writes a change
only when the version is the one the writer read, so a change another server made first
is never overwritten (`EventBook.write`). Once written, a change is published on the
channel `contack:event-news` (the event, and a table the pairing opened with its
players): every server reads the event again, tells its own followers the standings and
its own connections of those players their table. At each sweep a server reads the
versions, then the events changed since it last read them (news it missed while Redis
was away), and writes back those the store lost or holds older (Redis restarted with
less than it had; `_SEED` writes only there).
"""

from __future__ import annotations

import json
import logging
import secrets
import sys
from collections.abc import Mapping
from functools import partial
from typing import Any, Final

from game.net.event_messages import EVENT_ID
from game.net.tables.event_book import ClubEvent, read_event, record_text, unreadable
from game.net.tables.events import Events
from game.net.tables.redis_store import (
    PREFIX,
    TIMEOUT_S,
    RedisStore,
    answering,
    async_client_for,
    read_on,
)
from game.net.tables.turns import Unshared
from game.play.tournament import Table

EVENTS: Final = PREFIX + "events"
VERSIONS: Final = PREFIX + "event-versions"
NEWS: Final = PREFIX + "event-news"
LISTEN_S: Final = 1.0
"""How long the listener waits for news before it waits again."""

_WRITE: Final = """
local version = tonumber(redis.call('HGET', KEYS[2], ARGV[1]) or '0')
if version ~= tonumber(ARGV[2]) then return -1 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
redis.call('HSET', KEYS[2], ARGV[1], version + 1)
return version + 1
"""

_SEED: Final = """
local kept = redis.call('HGET', KEYS[2], ARGV[1])
if kept and (not tonumber(kept) or tonumber(kept) >= tonumber(ARGV[2])) then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
return 1
"""


class RedisEventBook:
    """The club's events in `store`'s Redis."""

    def __init__(self, store: RedisStore) -> None:
        self.store = store
        self._write = store.client.register_script(_WRITE)
        self._seed = store.client.register_script(_SEED)
        self._said: set[tuple[str, object]] = set()
        """The events, and their versions, already said to be unreadable."""

    def _event(self, code: str, text: object, version: object) -> ClubEvent | None:
        """The event of a stored record and version (None, said in one line once, when
        they cannot be read)."""
        try:
            if not isinstance(text, str) or not isinstance(version, str) or not version.isdigit():
                raise ValueError("its record or its version is missing or damaged")
            return read_event(text, int(version))
        except ValueError as error:
            if (code, version) not in self._said:
                self._said.add((code, version))
                unreadable(code, error)
            return None

    def load(self) -> dict[str, ClubEvent]:
        with answering(self.store.turns), self.store.client.pipeline(transaction=True) as reading:
            reading.hgetall(EVENTS)
            reading.hgetall(VERSIONS)
            records, versions = reading.execute()
        found = (
            (code, self._event(code, text, versions.get(code)))
            for code, text in sorted(records.items())
            if EVENT_ID.fullmatch(code)
        )
        return {code: club_event for code, club_event in found if club_event is not None}

    def read(self, code: str) -> ClubEvent | None:
        with answering(self.store.turns), self.store.client.pipeline(transaction=True) as reading:
            reading.hget(EVENTS, code)
            reading.hget(VERSIONS, code)
            text, version = reading.execute()
        return None if text is None else self._event(code, text, version)

    def sync(self, held: Mapping[str, ClubEvent]) -> dict[str, ClubEvent]:
        """The versions first (a few bytes an event), then the records of those changed."""
        with answering(self.store.turns):
            kept = self.store.client.hgetall(VERSIONS)
        versions = {str(code): str(version) for code, version in kept.items()}
        lost = {
            code for code, club_event in held.items() if _behind(versions.get(code), club_event)
        }
        self._write_back({code: held[code] for code in sorted(lost)})
        known = {code: str(club_event.version) for code, club_event in held.items()}
        codes = sorted(
            code
            for code, version in versions.items()
            if EVENT_ID.fullmatch(code) and code not in lost and version != known.get(code)
        )
        if not codes:
            return {}
        with answering(self.store.turns):
            records = self.store.client.hmget(EVENTS, codes)
        found = (
            (code, self._event(code, text, versions[code]))
            for code, text in zip(codes, records, strict=True)
        )
        return {code: club_event for code, club_event in found if club_event is not None}

    def _write_back(self, lost: Mapping[str, ClubEvent]) -> None:
        """Write back the events the store lost (each where it holds none, or an older
        version, still), said in one line."""
        for code, club_event in lost.items():
            args: list[str | int] = [code, club_event.version, record_text(club_event)]
            with answering(self.store.turns):
                self._seed(keys=[EVENTS, VERSIONS], args=args)
        if lost:
            codes = ", ".join(lost)
            print(f"table server: the store had lost events {codes}; written back", file=sys.stderr)

    def write(self, code: str, club_event: ClubEvent) -> bool:
        args: list[str | int] = [code, club_event.version, record_text(club_event)]
        with answering(self.store.turns):
            version = int(self._write(keys=[EVENTS, VERSIONS], args=args))
        if version < 0:
            return False
        club_event.version = version
        return True

    def forget(self, code: str) -> None:
        with (
            answering(self.store.turns),
            self.store.client.pipeline(transaction=True) as forgetting,
        ):
            forgetting.hdel(EVENTS, code)
            forgetting.hdel(VERSIONS, code)
            forgetting.execute()


def _behind(version: str | None, club_event: ClubEvent) -> bool:
    """Whether the store lost `club_event`, its version there `version` (None: none at
    all): an older version it holds is behind; a damaged one is left as it is."""
    return version is None or (version.isdigit() and int(version) < club_event.version)


def news_of(body: Any) -> tuple[str, str, Table] | None:
    """The event, table and players of news `body` (parsed; None when it is not news)."""
    if not isinstance(body, dict):
        return None
    code, table, players = body.get("event"), body.get("table", ""), body.get("players", [])
    if not isinstance(code, str) or EVENT_ID.fullmatch(code) is None:
        return None
    if not isinstance(table, str) or not isinstance(players, list):
        return None
    if not all(isinstance(player, str) for player in players):
        return None
    return code, table, tuple(players)


class RedisEventNews:
    """The news of the club's events, published to every server of `store` and heard
    from them for `events` (their work done in `turns`)."""

    def __init__(self, store: RedisStore, events: Events, turns: Unshared) -> None:
        self.store = store
        self.events = events
        self.turns = turns
        self.server = secrets.token_hex(8)

    def tell(self, event: str, table: str = "", players: Table = ()) -> None:
        body = {"from": self.server, "event": event, "table": table, "players": list(players)}
        try:
            with answering(self.store.turns):
                self.store.client.publish(NEWS, json.dumps(body))
        except OSError as error:  # written already: the others read it at their sweep
            print(f"table server: cannot tell event {event}'s news: {error}", file=sys.stderr)

    async def run(self) -> None:
        """Hear the other servers' news, until cancelled."""
        client = async_client_for(self.store.url, LISTEN_S + TIMEOUT_S)
        listening = client.pubsub(ignore_subscribe_messages=True)
        try:
            await listening.subscribe(NEWS)
            listen = partial(listening.get_message, timeout=LISTEN_S)
            async for heard in read_on(listen, "hear the events' news"):
                if heard is not None:
                    await self._heard(heard["data"])
        finally:
            await listening.aclose()  # type: ignore[no-untyped-call]
            await client.aclose()

    async def _heard(self, data: object) -> None:
        try:
            body = json.loads(data) if isinstance(data, str) else None
        except ValueError:
            body = None
        news = news_of(body)
        if body is None or news is None:
            print("table server: events' news that is not news, ignored", file=sys.stderr)
            return
        if body.get("from") == self.server:
            return
        try:
            await self.turns.run(partial(self.events.heard, *news))
        except Exception:
            logging.getLogger(__name__).exception("table server: an event's news failed")


def keep_events_in_redis(store: RedisStore, events: Events, turns: Unshared) -> RedisEventNews:
    """Keep `events` in `store`'s Redis, its news told to and heard from the other
    servers (its `run` hears them)."""
    news = RedisEventNews(store, events, turns)
    events.open(RedisEventBook(store), news)
    return news
