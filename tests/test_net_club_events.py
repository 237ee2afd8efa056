"""A club's arenas and Swiss events in the registry, without a network (docs/protocol.md
"Arenas and Swiss events"): events created, listed, joined and followed; the sweep seats
the paired players at club tables and tells them; each table's end goes into the
standings, told live; hostile messages are one line of refusal and change nothing."""

from __future__ import annotations

from typing import Any

import pytest

from game.net.tables.registry import Registry
from tests.net_helpers import Inbox, ManualClock, play_out
from tests.test_net_club import club, hello, table_of

NAMES = ["Ann", "Bob", "Cid", "Dee"]


def players(registry: Registry, count: int) -> list[Inbox]:
    return [hello(registry, NAMES[n], n, f"10.0.{n}.1") for n in range(count)]


def create_event(inbox: Inbox, **fields: Any) -> str:
    (created,) = inbox.send({"type": "event-create", **fields})
    assert created["type"] == "event-created", created
    code: str = created["event"]
    return code


def seat_everyone(registry: Registry, inboxes: list[Inbox]) -> dict[str, dict[int, Inbox]]:
    """Each player joins the table the last `event-table` told them: the tables' seats."""
    tables: dict[str, dict[int, Inbox]] = {}
    for inbox in inboxes:
        told = inbox.of_type("event-table")
        if not told:
            continue
        code = told[-1]["table"]
        joined = inbox.send({"type": "join", "table": code, "name": "x"})[0]
        assert joined["type"] == "joined", joined
        tables.setdefault(code, {})[joined["seat"]] = inbox
    return tables


def test_an_arena_seats_its_players_and_keeps_standings_from_the_tables_ends() -> None:
    clock = ManualClock()
    registry = club(clock)
    ann, bob, cid, dee = players(registry, 4)
    code = create_event(ann, kind="arena", minutes=10, rated=True)
    (listed,) = dee.send({"type": "events"})[0]["events"]
    assert (listed["event"], listed["kind"], listed["players"], listed["by"]) == (
        code,
        "arena",
        0,
        "Ann",
    )
    dee.send({"type": "event", "event": code})
    for inbox in (ann, bob, cid, dee):
        answers = inbox.send({"type": "event-join", "event": code})
        assert answers[0]["type"] == "event", answers
    assert [len(i.of_type("event-table")) for i in (ann, bob, cid, dee)] == [1, 1, 1, 1]
    tables = seat_everyone(registry, [ann, bob, cid, dee])
    assert len(tables) == 2
    for table_code, holders in tables.items():
        table = table_of(registry, table_code)
        assert table.club.options.rated
        play_out(table, holders)
    last = dee.of_type("event")[-1]
    assert last["players"] == 4
    rows = last["standings"]
    assert sum(row["points"] for row in rows) == 4  # 2 a game, whoever won
    assert all(row["games"] == 1 for row in rows)
    assert {row["name"] for row in rows} == set(NAMES)
    clock.now += 601
    registry.sweep()
    assert dee.send({"type": "events"})[0]["events"][0]["over"]


def test_a_swiss_event_gives_the_odd_player_a_bye() -> None:
    registry = club()
    ann, bob, cid = players(registry, 3)
    code = create_event(ann, kind="swiss", rounds=1)
    for inbox in (ann, bob, cid):
        inbox.send({"type": "event-join", "event": code})
    registry.events.sweep()
    told = {
        name: len(i.of_type("event-table")) for name, i in zip(NAMES, (ann, bob, cid), strict=False)
    }
    assert sorted(told.values()) == [0, 1, 1]
    rows = cid.send({"type": "event", "event": code})[0]["standings"]
    bye = next(name for name, count in told.items() if count == 0)
    assert (rows[0]["place"], rows[0]["name"], rows[0]["points"]) == (1, bye, 2)
    assert rows[0]["games"] == 0
    late = hello(registry, "Dee", 3, "10.0.3.1")
    (refused,) = late.send({"type": "event-join", "event": code})
    assert (refused["type"], refused["code"]) == ("error", "event-closed")


@pytest.mark.parametrize(
    "frame",
    [
        {"type": "event-create", "kind": "knockout", "minutes": 5},
        {"type": "event-create", "kind": "arena"},
        {"type": "event-create", "kind": "arena", "minutes": 5, "seats": 8},
        {"type": "event-create", "kind": "arena", "minutes": 5, "start": "soon"},
        {"type": "event-create", "kind": "arena", "minutes": 5, "start": float("inf")},
        {"type": "event-create", "kind": "swiss", "rounds": 3, "minutes": 5},
        {"type": "event-create", "kind": "arena", "minutes": True},
        {"type": "event-create", "kind": "arena", "minutes": 5, "rated": "yes"},
        {"type": "event-join", "event": "x" * 65},
        {"type": "event-join"},
        {"type": "event", "event": "a", "follow": 1},
    ],
)
def test_hostile_event_messages_are_one_line_of_refusal(frame: dict[str, Any]) -> None:
    registry = club()
    (ann,) = players(registry, 1)
    (refused,) = ann.send(frame)
    assert (refused["type"], refused["code"]) == ("error", "bad-message"), refused
    assert "\n" not in refused["message"]
    assert registry.events.events == {}


def test_events_need_hello_and_an_event_that_exists() -> None:
    registry = club()
    stranger = Inbox(registry)
    (refused,) = stranger.send({"type": "event-create", "kind": "arena", "minutes": 5})
    assert refused["code"] == "no-player"
    (ann,) = players(registry, 1)
    (refused,) = ann.send({"type": "event-join", "event": "nothing"})
    assert refused["code"] == "no-event"


def test_an_event_table_seats_only_the_players_paired_there() -> None:
    registry = club()
    ann, bob, cid = players(registry, 3)
    code = create_event(ann, kind="swiss", rounds=1)
    for inbox in (ann, bob, cid):
        inbox.send({"type": "event-join", "event": code})
    registry.events.sweep()
    (bye,) = [i for i in (ann, bob, cid) if not i.of_type("event-table")]
    (table,) = {i.of_type("event-table")[0]["table"] for i in (ann, bob, cid) if i is not bye}
    (refused,) = bye.send({"type": "join", "table": table, "name": "x"})
    assert (refused["type"], refused["code"]) == ("error", "not-your-seat")
    (refused,) = Inbox(registry, "10.9.9.9").send({"type": "join", "table": table, "name": "x"})
    assert refused["code"] == "not-your-seat"


def test_a_table_closed_unfinished_loses_it_for_the_player_who_never_came() -> None:
    clock = ManualClock()
    registry = club(clock)
    ann, bob = players(registry, 2)
    code = create_event(ann, kind="arena", minutes=1)
    for inbox in (ann, bob):
        inbox.send({"type": "event-join", "event": code})
    registry.sweep()
    table = ann.of_type("event-table")[0]["table"]
    assert ann.send({"type": "join", "table": table, "name": "x"})[0]["type"] == "joined"
    clock.now += max(registry.limits.unjoined_s, registry.limits.idle_s) + 1
    assert table in registry.sweep()
    rows = bob.send({"type": "event", "event": code})[0]["standings"]
    assert [(row["name"], row["points"], row["games"]) for row in rows] == [
        ("Ann", 2, 1),
        ("Bob", 0, 1),
    ]
    assert bob.send({"type": "events"})[0]["events"][0]["over"]


def test_followers_are_told_once_when_an_arena_ends_with_no_table_playing() -> None:
    clock = ManualClock()
    registry = club(clock)
    ann, bob = players(registry, 2)
    code = create_event(ann, kind="arena", minutes=1)
    ann.send({"type": "event-join", "event": code})
    bob.send({"type": "event", "event": code})
    clock.now += 60
    registry.events.sweep()
    registry.events.sweep()
    told = [frame["over"] for frame in bob.of_type("event")]
    assert told == [False, True]
