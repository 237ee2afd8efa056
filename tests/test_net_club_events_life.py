"""Events as a club's operator and players expect them, in the registry without a network
(docs/protocol.md "Arenas and Swiss events", docs/server.md): an event's pace, its
tables opened with it, and every way such a table ends or closes counted once; a
member's cap of events not over; a Swiss event nobody came to ends at its start; the
list shows the events not over and the last ones over, and the store forgets those over
for a day; each line of the standings says whether its player is still in."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from game.net.messages import move_frame
from game.net.tables.club import final_totals
from game.net.tables.club_table import DAY_S
from game.net.tables.event_book import FileEventBook, read_event
from game.net.tables.events import MOST_OVER_LISTED
from game.net.tables.limits import Limits
from game.net.tables.ratings import ranks
from game.net.tables.redis_events import EVENTS, VERSIONS
from game.net.tables.redis_store import RedisStore
from game.net.tables.registry import Registry
from game.net.tables.table import NetTable
from game.server import limit_setting
from tests.net_helpers import Inbox, ManualClock, first_legal_entry
from tests.test_net_club import club, hello, table_of
from tests.test_net_club_events import create_event, players, seat_everyone
from tests.test_net_event_book import damaged, two_servers
from tools.redis_server import RedisServer


def an_arena_at_one_table(
    registry: Registry, **fields: Any
) -> tuple[str, NetTable, dict[int, Inbox], list[Inbox]]:
    """Ann and Bob in a new arena, seated at its first table: the event, the table, its
    seats' connections, and Ann's and Bob's."""
    ann, bob = players(registry, 2)
    code = create_event(ann, kind="arena", minutes=10, **fields)
    for inbox in (ann, bob):
        inbox.send({"type": "event-join", "event": code})
    ((table, holders),) = seat_everyone(registry, [ann, bob]).items()
    return code, table_of(registry, table), holders, [ann, bob]


def results(registry: Registry, code: str) -> list[tuple[tuple[str, ...], tuple[int, ...]]]:
    return [(r.players, r.places) for r in registry.events.events[code].event.results]


def play_to_the_last_move(table: NetTable, holders: dict[int, Inbox]) -> None:
    """The seats play their first legal move until the next would end the game."""
    while True:
        ahead = table.state.clone()
        ahead.apply(ahead.legal_moves()[0])
        if ahead.is_terminal():
            return
        holders[table.state.current].send(move_frame(table.code, first_legal_entry(table)))


# --- pace --------------------------------------------------------------------------------


def test_an_events_pace_is_listed_and_its_tables_are_opened_with_it() -> None:
    registry = club()
    code, table, _, (ann, _bob) = an_arena_at_one_table(registry, pace={"days": 3})
    assert table.club.options.days == 3
    (listed,) = ann.send({"type": "events"})[0]["events"]
    assert listed["pace"] == {"days": 3}
    assert ann.send({"type": "event", "event": code})[0]["pace"] == {"days": 3}
    live = create_event(ann, kind="swiss", rounds=2)
    assert ann.send({"type": "event", "event": live})[0]["pace"] == "live"


@pytest.mark.parametrize("pace", [{"days": 0}, {"days": 15}, {"days": "2"}, "slow", None, []])
def test_a_hostile_pace_is_one_line_of_refusal(pace: object) -> None:
    registry = club()
    (ann,) = players(registry, 1)
    (refused,) = ann.send({"type": "event-create", "kind": "arena", "minutes": 5, "pace": pace})
    assert (refused["code"], "\n" in refused["message"]) == ("bad-message", False)
    assert registry.events.events == {}


def test_a_days_table_ended_by_a_stand_in_counts_once() -> None:
    clock = ManualClock()
    registry = club(clock)
    code, table, holders, _ = an_arena_at_one_table(registry, pace={"days": 1})
    play_to_the_last_move(table, holders)
    for _ in range(20):  # the seat to act lets its day run out: a stand-in moves for it
        clock.now += DAY_S + 1
        registry.sweep()
        registry.events.sweep()
        if table.is_over():
            break
    assert table.is_over()
    registry.sweep()
    registry.events.sweep()
    by_seat = ranks(final_totals(table))
    owners = [table.club.owner(seat) for seat in range(2)]
    ((seated, places),) = results(registry, code)
    assert places == tuple(by_seat[owners.index(player)] for player in seated)


def test_a_days_table_whose_player_never_came_closes_after_its_days_and_counts_once() -> None:
    clock = ManualClock()
    registry = club(clock)
    ann, bob = players(registry, 2)
    code = create_event(ann, kind="arena", minutes=10, pace={"days": 2})
    for inbox in (ann, bob):
        inbox.send({"type": "event-join", "event": code})
    ((table, _),) = seat_everyone(registry, [ann]).items()  # Bob never takes his seat
    clock.now += DAY_S + 1
    assert registry.sweep() == []  # it waits its days, past a live table's idle day
    clock.now += DAY_S
    assert registry.sweep() == [table]
    registry.sweep()
    registry.events.sweep()
    rows = bob.send({"type": "event", "event": code})[0]["standings"]
    assert [(row["name"], row["points"], row["games"]) for row in rows] == [
        ("Ann", 2, 1),
        ("Bob", 0, 1),
    ]


def test_a_table_closed_after_its_game_ended_unrecorded_counts_by_its_end(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clock = ManualClock()
    registry = club(clock)
    code, table, holders, _ = an_arena_at_one_table(registry)
    with monkeypatch.context() as unwritten:  # the store refused the result at the end
        unwritten.setattr(registry.events.book, "write", failing_write)
        play_out_moves(table, holders)
    assert results(registry, code) == []
    clock.now += registry.limits.idle_s + 1
    assert registry.sweep() == [table.code]  # closed before a sweep of events recorded it
    by_seat = ranks(final_totals(table))
    owners = [table.club.owner(seat) for seat in range(2)]
    ((seated, places),) = results(registry, code)
    assert places == tuple(by_seat[owners.index(player)] for player in seated)


def failing_write(code: str, club_event: object) -> bool:
    raise OSError("disk full")


def play_out_moves(table: NetTable, holders: dict[int, Inbox]) -> None:
    while not table.is_over():
        holders[table.state.current].send(move_frame(table.code, first_legal_entry(table)))


# --- an operator's limits ----------------------------------------------------------------


def test_a_member_may_have_a_few_events_not_over_and_more_once_one_is_over() -> None:
    clock = ManualClock()
    registry = club(clock)
    ann, bob = players(registry, 2)
    short = create_event(ann, kind="arena", minutes=1)
    for _ in range(registry.limits.events_per_player - 1):
        create_event(ann, kind="swiss", rounds=3, start=clock.now + 3600)
    (refused,) = ann.send({"type": "event-create", "kind": "arena", "minutes": 5})
    assert (refused["code"], refused["message"]) == (
        "event-closed",
        "a member may have 3 events not over at once",
    )
    create_event(bob, kind="arena", minutes=5)  # another member's are their own
    clock.now += 61
    registry.events.sweep()
    assert registry.events.events[short].told_over
    create_event(ann, kind="arena", minutes=5)
    assert limit_setting("events_per_player=5") == ("events_per_player", 5)
    assert Registry(clock, limits=Limits(events_per_player=5)).events.per_player == 5


def test_a_swiss_event_nobody_came_to_ends_at_its_start_told_to_its_followers() -> None:
    clock = ManualClock()
    registry = club(clock)
    ann, bob = players(registry, 2)
    code = create_event(ann, kind="swiss", rounds=3, start=clock.now + 600)
    bob.send({"type": "event", "event": code})
    ann.send({"type": "event-join", "event": code})  # one player: no table
    registry.events.sweep()
    assert [frame["over"] for frame in bob.of_type("event")] == [False, False]
    clock.now += 600
    registry.events.sweep()
    registry.events.sweep()
    told = bob.of_type("event")
    assert [frame["over"] for frame in told] == [False, False, True]
    assert told[-1]["round"] == 0 and not ann.of_type("event-table")
    (refused,) = bob.send({"type": "event-join", "event": code})
    assert refused["code"] == "event-closed"


def over_events(registry: Registry, clock: ManualClock, creator: Inbox, count: int) -> list[str]:
    """`count` arenas of a minute, each over (told) a minute after the last."""
    codes = []
    for _ in range(count):
        codes.append(create_event(creator, kind="arena", minutes=1))
        clock.now += 61
        registry.events.sweep()
    return codes


def test_the_list_shows_the_events_not_over_and_the_last_ones_over() -> None:
    clock = ManualClock()
    registry = club(clock)
    ann, bob = players(registry, 2)
    over = over_events(registry, clock, ann, MOST_OVER_LISTED + 5)
    going = create_event(bob, kind="arena", minutes=60)
    listed = {entry["event"] for entry in bob.send({"type": "events"})[0]["events"]}
    assert listed == {going, *over[5:]}
    assert bob.send({"type": "event", "event": over[0]})[0]["over"]  # kept, not listed


def test_events_over_for_a_day_are_forgotten_from_the_files(tmp_path: Path) -> None:
    clock = ManualClock()
    registry = club(clock, tmp_path)
    registry.events.open(FileEventBook(tmp_path))
    ann, bob = players(registry, 2)
    old, recent = over_events(registry, clock, ann, 2)
    going = create_event(ann, kind="arena", minutes=60 * 24)
    clock.now += DAY_S - 61
    registry.events.sweep()
    assert set(registry.events.events) == {recent, going}
    assert {path.stem for path in (tmp_path / "events").glob("*.json")} == {recent, going}
    assert bob.send({"type": "event", "event": old})[0]["code"] == "no-event"


def test_events_over_for_a_day_are_forgotten_from_redis_by_every_server(
    redis_server: RedisServer,
) -> None:
    clock = ManualClock()
    here, there = two_servers(RedisStore(redis_server.url), clock)
    ann = hello(here, "Ann", 0, "10.0.0.1")
    (old,) = over_events(here, clock, ann, 1)
    there.events.sweep()
    assert old in there.events.events
    clock.now += DAY_S
    here.events.sweep()
    there.events.sweep()  # forgets its copy too: never writes it back
    here.events.sweep()
    assert old not in here.events.events and old not in there.events.events
    raw = RedisStore(redis_server.url).client
    assert not raw.hexists(EVENTS, old) and not raw.hexists(VERSIONS, old)


# --- who is in ---------------------------------------------------------------------------


def test_each_line_of_the_standings_says_whether_its_player_is_still_in() -> None:
    registry = club()
    code, table, holders, (_ann, bob) = an_arena_at_one_table(registry)
    play_out_moves(table, holders)
    rows = bob.send({"type": "event-leave", "event": code})[0]["standings"]
    assert {row["name"]: row["joined"] for row in rows} == {"Ann": True, "Bob": False}
    rows = bob.send({"type": "event-join", "event": code})[0]["standings"]
    assert {row["name"]: row["joined"] for row in rows} == {"Ann": True, "Bob": True}


@pytest.mark.parametrize(
    "changes", [{"days": 15}, {"days": "3"}, {"too_few": "yes"}, {"over_at": "yesterday"}]
)
def test_a_damaged_pace_end_or_time_of_end_in_a_record_is_one_line_of_refusal(
    changes: dict[str, object],
) -> None:
    with pytest.raises(ValueError) as refused:
        read_event(damaged(**changes))
    assert "\n" not in str(refused.value) and str(refused.value)
