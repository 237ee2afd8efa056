"""Events at their edges, in the registry without a network
(docs/protocol.md "Arenas and Swiss events"): an arena's last table ending after its
time, an event made to start too far ahead, the order a table's end and the next table
are told in, a player who leaves."""

from __future__ import annotations

from game.net.event_messages import MOST_AHEAD_S
from game.net.tables.limits import Limits
from game.net.tables.players import MemoryBook
from game.net.tables.registry import Registry
from tests.net_helpers import ManualClock, play_out
from tests.test_net_club import club, hello, table_of
from tests.test_net_club_events import create_event, players, seat_everyone


def test_an_arena_whose_last_table_ends_after_its_time_is_told_over_once() -> None:
    clock = ManualClock()
    registry = club(clock)
    ann, bob, cid = players(registry, 3)
    code = create_event(ann, kind="arena", minutes=1)
    cid.send({"type": "event", "event": code})
    for inbox in (ann, bob):
        inbox.send({"type": "event-join", "event": code})
    ((table, holders),) = seat_everyone(registry, [ann, bob]).items()
    clock.now += 61
    play_out(table_of(registry, table), holders)
    registry.events.sweep()
    told = [frame["over"] for frame in cid.of_type("event")]
    assert told.count(True) == 1 and told[-1], told


def test_an_event_may_not_start_more_than_thirty_days_ahead() -> None:
    clock = ManualClock()
    registry = club(clock)
    (ann,) = players(registry, 1)
    late = clock.now + MOST_AHEAD_S + 1
    (refused,) = ann.send({"type": "event-create", "kind": "swiss", "rounds": 1, "start": late})
    assert (refused["type"], refused["code"]) == ("error", "bad-message"), refused
    assert registry.events.events == {}
    create_event(ann, kind="swiss", rounds=1, start=clock.now + MOST_AHEAD_S)


def test_a_table_s_end_is_told_before_the_next_table_of_its_event() -> None:
    registry = club()
    ann, bob = players(registry, 2)
    code = create_event(ann, kind="arena", minutes=10)
    ann.send({"type": "event", "event": code})
    for inbox in (ann, bob):
        inbox.send({"type": "event-join", "event": code})
    ((table, holders),) = seat_everyone(registry, [ann, bob]).items()
    play_out(table_of(registry, table), holders)
    told = [m["type"] for m in ann.messages if m["type"] in ("over", "event-table", "event")]
    assert told[-3:] == ["over", "event", "event-table"], told  # the end, its result, anew


def test_a_player_who_leaves_an_arena_plays_on_and_is_seated_no_more() -> None:
    registry = club()
    ann, bob, cid = players(registry, 3)
    code = create_event(ann, kind="arena", minutes=10)
    for inbox in (ann, bob, cid):
        inbox.send({"type": "event-join", "event": code})
    ((table, holders),) = seat_everyone(registry, [ann, bob]).items()
    (left,) = ann.send({"type": "event-leave", "event": code})
    assert (left["type"], left["players"]) == ("event", 2)
    play_out(table_of(registry, table), holders)
    assert [len(i.of_type("event-table")) for i in (ann, bob, cid)] == [1, 2, 1]
    rows = cid.send({"type": "event", "event": code})[0]["standings"]
    assert {row["name"]: row["games"] for row in rows} == {"Ann": 1, "Bob": 1, "Cid": 0}


def test_joining_and_leaving_events_count_as_attempts_and_reading_them_does_not() -> None:
    limits = Limits(messages_per_s=1e6, message_burst=10**6)  # the attempts' own, as served
    registry = Registry(ManualClock(), limits=limits, book=MemoryBook())
    ann = hello(registry, "Ann", 0)
    code = create_event(ann, kind="arena", minutes=10)
    for _ in range(3 * limits.join_burst):
        assert ann.send({"type": "event", "event": code})[0]["type"] == "event"
        assert ann.send({"type": "events"})[0]["type"] == "events"
    kinds = {ann.send({"type": "event-leave", "event": code})[0]["type"] for _ in range(20)}
    assert kinds == {"event", "error"}
    (refused,) = ann.send({"type": "event-join", "event": code})
    assert refused["code"] == "too-fast"
