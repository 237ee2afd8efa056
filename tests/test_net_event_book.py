"""Where a club keeps its events (game/net/tables/event_book.py, redis_events.py): a
record reads back as written; a damaged or hostile record in the files or in Redis is
one line on standard error, the others are read and it is left as it was; a write made
on a version another server changed since is refused; a table's result is recorded once
when two servers record it, and by a sweep when its server stopped before recording it;
a Swiss round two servers pair at once is seated once, each player told on their own
server; events the store lost are written back; a server's events outlive it on its
files."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
import redis

from game.net.tables.event_book import (
    ClubEvent,
    FileEventBook,
    event_record,
    read_event,
    record_text,
)
from game.net.tables.players import MemoryBook
from game.net.tables.redis_events import EVENTS, VERSIONS, RedisEventBook, news_of
from game.net.tables.redis_store import RedisStore
from game.net.tables.registry import Registry
from game.play.tournament import Event, EventRules, Result
from tests.net_helpers import ROOMY, ManualClock, dealer, play_out
from tests.test_net_club import club, hello, table_of
from tests.test_net_club_events import create_event, players, seat_everyone
from tools.redis_server import RedisServer


def an_event() -> ClubEvent:
    event = Event(EventRules("swiss", 1_790_000_000.0, rounds=3, seats=2))
    event.players = ["ann", "bob", "cid"]
    event.results = [Result(("ann", "bob"), (1, 2))]
    event.byes = ["cid"]
    event.round = 2
    event.playing = [("cid", "ann")]
    return ClubEvent(event, "ann", True, {"T1": ("cid", "ann")})


def test_an_event_record_reads_back_as_written() -> None:
    kept = an_event()
    again = read_event(record_text(kept), version=4)
    assert event_record(again) == event_record(kept)
    assert again.event.playing == kept.event.playing and again.version == 4
    assert again.event.standings() == kept.event.standings()


def damaged(**changes: Any) -> str:
    record = event_record(an_event())
    record.update(changes)
    return json.dumps(record)


HOSTILE = [
    "not json",
    "[]",
    '"a string"',
    damaged(kind="knockout"),
    damaged(seats=9),
    damaged(seats=True),
    damaged(rounds=0),
    damaged(start="soon"),
    damaged(players="ann"),
    damaged(players=[1, 2]),
    damaged(players=[""]),
    damaged(tables={"no such/code": ["ann"]}),
    damaged(tables=[]),
    damaged(results=[{"players": ["ann", "bob"], "places": [1]}]),
    damaged(results=[{"players": ["ann", "bob"], "places": [1, 99]}]),
    damaged(results=["ann"]),
    damaged(byes=None),
    damaged(round=-1),
    damaged(rated="yes"),
    damaged(creator=None),
]


@pytest.mark.parametrize("text", HOSTILE)
def test_a_damaged_record_is_one_line_of_refusal(text: str) -> None:
    with pytest.raises(ValueError) as refused:
        read_event(text)
    assert "\n" not in str(refused.value) and str(refused.value)


def test_a_damaged_event_file_is_named_and_left_while_the_others_are_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    book = FileEventBook(tmp_path)
    assert book.write("good", an_event())
    bad = book.folder / "bad.json"
    bad.write_text(damaged(seats=9))
    assert list(book.load()) == ["good"]
    (line,) = capsys.readouterr().err.splitlines()
    assert line.startswith("table server: cannot read event bad: ")
    assert bad.read_text() == damaged(seats=9)


@pytest.fixture
def store(redis_server: RedisServer) -> RedisStore:
    return RedisStore(redis_server.url)


def test_a_redis_write_on_a_version_changed_since_is_refused(store: RedisStore) -> None:
    one, other = RedisEventBook(store), RedisEventBook(store)
    assert one.write("E", an_event())
    read_by_other = other.read("E")
    assert read_by_other is not None and read_by_other.version == 1
    first = one.read("E")
    assert first is not None
    first.event.players.append("dee")
    assert one.write("E", first) and first.version == 2
    assert other.sync({"E": first}) == {}  # read only when changed since
    assert other.sync({"E": read_by_other})["E"].event.players[-1] == "dee"
    read_by_other.event.players.remove("cid")
    assert not other.write("E", read_by_other)  # made on version 1: refused
    kept = other.read("E")
    assert kept is not None and kept.event.players == ["ann", "bob", "cid", "dee"]


def test_damaged_events_in_redis_are_named_and_left_while_the_others_are_read(
    store: RedisStore, redis_server: RedisServer, capsys: pytest.CaptureFixture[str]
) -> None:
    book = RedisEventBook(store)
    assert book.write("good", an_event())
    raw = redis.Redis.from_url(redis_server.url, decode_responses=True)
    raw.hset(EVENTS, mapping={"notjson": "{", "noversion": record_text(an_event())})
    raw.hset(EVENTS, mapping={"badversion": record_text(an_event())})
    raw.hset(VERSIONS, mapping={"notjson": "1", "badversion": "one"})
    raw.hset(EVENTS, "bad key!", record_text(an_event()))  # not an event's id: never read
    assert list(book.load()) == ["good"]
    good = book.read("good")
    assert good is not None and book.sync({"good": good}) == {}
    assert book.read("notjson") is None
    lines = capsys.readouterr().err.splitlines()  # each said once, however often read
    assert sorted(line.split(":")[1] for line in lines) == [
        f" cannot read event {code}" for code in ("badversion", "notjson", "noversion")
    ]
    assert raw.hget(EVENTS, "notjson") == "{" and raw.hget(VERSIONS, "badversion") == "one"


@pytest.mark.parametrize(
    "body",
    [
        None,
        [],
        {"event": 5},
        {"event": "a b"},
        {"event": "E", "players": "ann"},
        {"event": "E", "players": [1]},
    ],
)
def test_news_that_is_not_news_is_not_read(body: object) -> None:
    assert news_of(body) is None


def on_redis_events(store: RedisStore, clock: ManualClock) -> Registry:
    registry = club(clock)
    registry.events.open(RedisEventBook(store))
    return registry


def test_a_tables_result_is_recorded_once_when_two_servers_record_it(store: RedisStore) -> None:
    clock = ManualClock()
    here, there = on_redis_events(store, clock), on_redis_events(store, clock)
    ann, bob = players(here, 2)
    code = create_event(ann, kind="arena", minutes=10)
    for inbox in (ann, bob):
        inbox.send({"type": "event-join", "event": code})
    ((table_code, holders),) = seat_everyone(here, [ann, bob]).items()
    there.events.sweep()  # the other server reads the event, its table playing
    table = table_of(here, table_code)
    play_out(table, holders)  # recorded here
    there.events.ended(table)  # and there too, as a server that took the table over would
    kept = RedisEventBook(store).read(code)
    assert kept is not None and len(kept.event.results) == 1
    (rematch,) = kept.tables  # the arena paired them again here: not lost there
    assert rematch != table_code and kept.tables == here.events.events[code].tables
    assert event_record(there.events.events[code]) == event_record(kept)


def test_a_servers_events_outlive_it_on_its_files(tmp_path: Path) -> None:
    clock = ManualClock()
    first = club(clock, tmp_path)
    first.events.open(FileEventBook(tmp_path))
    ann, bob = players(first, 2)
    code = create_event(ann, kind="arena", minutes=10)
    for inbox in (ann, bob):
        inbox.send({"type": "event-join", "event": code})
    ((table_code, _),) = seat_everyone(first, [ann]).items()  # Bob's seat waits
    again = club(clock, tmp_path)
    again.events.open(FileEventBook(tmp_path))
    bob, cid = hello(again, "Bob", 1, "10.0.1.1"), hello(again, "Cid", 2, "10.0.2.1")
    (listed,) = cid.send({"type": "events"})[0]["events"]
    assert (listed["event"], listed["players"], listed["by"]) == (code, 2, "Ann")
    assert again.events.events[code].tables == first.events.events[code].tables
    joined = cid.send({"type": "join", "table": table_code, "name": "Cid"})
    assert joined[0]["code"] == "not-your-seat"  # the table still seats its pairing only
    assert bob.send({"type": "join", "table": table_code, "name": "Bob"})[0]["type"] == "joined"


def test_a_sweep_records_an_ended_table_whose_server_stopped_before_recording_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    registry = club()
    ann, bob = players(registry, 2)
    code = create_event(ann, kind="arena", minutes=10)
    for inbox in (ann, bob):
        inbox.send({"type": "event-join", "event": code})
    ((table_code, holders),) = seat_everyone(registry, [ann, bob]).items()
    with monkeypatch.context() as stopped:  # the game ends, its result unrecorded
        stopped.setattr(registry.events, "ended", lambda table: None)
        play_out(table_of(registry, table_code), holders)
    assert registry.events.events[code].event.results == []
    registry.events.sweep()  # as a server that took the table over does
    (result,) = registry.events.events[code].event.results
    assert table_code not in registry.events.events[code].tables and len(result.players) == 2


def test_events_the_store_lost_are_written_back_by_a_server_that_holds_them(
    store: RedisStore, redis_server: RedisServer, capsys: pytest.CaptureFixture[str]
) -> None:
    book = RedisEventBook(store)
    kept, older = an_event(), an_event()
    assert book.write("kept", kept) and book.write("older", older)
    older.event.players.append("dee")
    assert book.write("older", older) and older.version == 2
    raw = redis.Redis.from_url(redis_server.url, decode_responses=True)
    raw.delete(EVENTS, VERSIONS)  # Redis restarted with nothing, then an older snapshot:
    raw.hset(EVENTS, "older", record_text(an_event()))
    raw.hset(VERSIONS, "older", "1")
    assert book.sync({"kept": kept, "older": older}) == {}
    again = RedisEventBook(store).load()
    assert {code: e.version for code, e in again.items()} == {"kept": 1, "older": 2}
    assert again["older"].event.players[-1] == "dee"
    (line,) = capsys.readouterr().err.splitlines()
    assert line == "table server: the store had lost events kept, older; written back"


class Relay:
    """The news between two servers in one process: what one tells, the other hears."""

    def __init__(self) -> None:
        self.to: Registry | None = None

    def tell(self, event: str, table: str = "", players: tuple[str, ...] = ()) -> None:
        assert self.to is not None
        self.to.events.heard(event, table, players)


def two_servers(store: RedisStore, clock: ManualClock) -> tuple[Registry, Registry]:
    """Two registries of one club (one players' book), their events in `store`, each
    telling the other its news."""
    book = MemoryBook()
    servers = [Registry(clock, limits=ROOMY, deal=dealer(), book=book) for _ in "ab"]
    for one, other in (servers, servers[::-1]):
        relay = Relay()
        relay.to = other
        one.events.open(RedisEventBook(store), relay)
    return servers[0], servers[1]


def test_a_swiss_round_two_servers_pair_at_once_is_seated_once_and_told_on_both(
    store: RedisStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = ManualClock()
    here, there = two_servers(store, clock)
    ann, bob = hello(here, "Ann", 0, "10.0.0.1"), hello(here, "Bob", 1, "10.0.1.1")
    cid, dee = hello(there, "Cid", 2, "10.0.2.1"), hello(there, "Dee", 3, "10.0.3.1")
    code = create_event(ann, kind="swiss", rounds=2)
    cid.send({"type": "event", "event": code})  # follows it on the other server
    for inbox in (ann, bob, cid, dee):
        assert inbox.send({"type": "event-join", "event": code})[0]["type"] == "event"
    assert cid.of_type("event")[-1]["players"] == 4  # every join told there
    read_there = copy.deepcopy(there.events.events[code])
    here.events.sweep()  # seats the first round
    with monkeypatch.context() as stale:  # there read the event just before here wrote
        stale.setitem(there.events.events, code, read_there)
        stale.setattr(there.events, "_refresh", lambda: None)
        there.events.sweep()  # pairs again on what it read: its write is refused
    kept = RedisEventBook(store).read(code)
    assert kept is not None and kept.event.round == 1
    told = [inbox.of_type("event-table") for inbox in (ann, bob, cid, dee)]
    assert [len(tables) for tables in told] == [1, 1, 1, 1]
    assert {tables[0]["table"] for tables in told} == set(kept.tables)
    assert len(there.tables) == 2  # the tables of its refused pairing, never told
    assert not set(kept.tables) & {table.code for table in there.tables.values()}
