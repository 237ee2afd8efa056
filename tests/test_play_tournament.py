"""A club's events without a server: arena and Swiss pairing, standings, the clock."""

from __future__ import annotations

from collections import Counter
from itertools import combinations, permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.play.tournament import (
    Event,
    EventRules,
    Result,
    Table,
    arena_tables,
    standings,
    swiss_round,
)

NAMES = [f"p{i}" for i in range(10)]


def test_a_game_scores_two_a_seat_beaten_and_one_a_seat_tied() -> None:
    assert Result(("a", "b"), (1, 2)).points() == {"a": 2, "b": 0}
    assert Result(("a", "b"), (1, 1)).points() == {"a": 1, "b": 1}
    assert Result(("a", "b", "c", "d"), (2, 1, 2, 4)).points() == {
        "a": 3,
        "b": 6,
        "c": 3,
        "d": 0,
    }


def test_standings_break_ties_by_opponents_points_then_fewer_games() -> None:
    results = [
        Result(("a", "c"), (1, 2)),
        Result(("b", "d"), (1, 2)),
        Result(("c", "d"), (1, 2)),
        Result(("e", "d"), (1, 1)),
        Result(("f", "d"), (1, 1)),
    ]
    table = standings(list("abcdef"), results, [], 2)
    assert [(s.place, s.player, s.points) for s in table] == [
        (1, "d", 2),
        (2, "c", 2),
        (3, "a", 2),
        (3, "b", 2),
        (5, "e", 1),
        (5, "f", 1),
    ]
    assert [s.opponents for s in table] == [6, 4, 2, 2, 2, 2]
    assert standings(["a", "b", "c"], [Result(("a", "b"), (1, 1))], ["c"], 2)[0].player == "c"


def test_a_bye_scores_a_win_against_the_tables_other_seats() -> None:
    table = standings(["a", "b"], [], ["a"], 3)
    assert (table[0].player, table[0].points, table[0].games) == ("a", 4, 0)


def test_an_arena_seats_nobody_straight_back_with_their_last_table() -> None:
    last: dict[str, Table] = {"a": ("a", "b"), "b": ("a", "b")}
    assert arena_tables(["a", "b", "c", "d"], last, 2, False) == [("a", "c"), ("b", "d")]
    assert arena_tables(["a", "b", "c"], last, 2, False) == [("a", "c")]
    assert arena_tables(["b", "a", "c"], last, 2, False) == [("b", "c")]
    assert arena_tables(["a", "b"], last, 2, rematch=False) == []
    assert arena_tables(["a", "b"], last, 2, rematch=True) == [("a", "b")]
    assert arena_tables(["a", "b", "c"], {}, 2, False) == [("a", "b")]


def test_swiss_gives_the_bye_to_the_lowest_ranked_without_one() -> None:
    tables, byes = swiss_round(["a", "b", "c", "d", "e"], {}, {"e": 1}, 2)
    assert byes == ["d"]
    assert tables == [("a", "b"), ("c", "e")]


def test_swiss_pairs_again_only_when_nothing_else_is_left() -> None:
    met = {"a": frozenset("b"), "b": frozenset("a")}
    assert swiss_round(["a", "b", "c", "d"], met, {}, 2) == ([("a", "c"), ("b", "d")], [])
    everyone = {p: frozenset("ab") for p in "ab"}
    assert swiss_round(["a", "b"], everyone, {}, 2) == ([("a", "b")], [])


def test_an_arena_pairs_from_its_start_until_its_end() -> None:
    event = Event(EventRules("arena", start=100.0, minutes=1))
    for player in "abcd":
        event.join(player, now=0.0)
    assert event.pair(now=99.0) == []
    assert event.pair(now=100.0) == [("a", "b"), ("c", "d")]
    event.finish(("a", "b"), [2, 1])
    assert event.pair(now=110.0) == []
    event.finish(("c", "d"), [1, 2])
    assert event.pair(now=120.0) == [("b", "c"), ("a", "d")]
    event.finish(("b", "c"), [1, 1])
    event.finish(("a", "d"), [1, 2])
    assert not event.over(now=159.0)
    assert event.pair(now=160.0) == []
    assert event.over(now=160.0)
    with pytest.raises(ValueError, match="no more players"):
        event.join("e", now=160.0)


def test_a_swiss_event_seats_a_round_once_the_last_has_finished() -> None:
    event = Event(EventRules("swiss", start=0.0, rounds=2))
    for player in "abc":
        event.join(player, now=0.0)
    first = event.pair(now=0.0)
    assert (first, event.byes, event.round) == ([("a", "b")], ["c"], 1)
    with pytest.raises(ValueError, match="no more players"):
        event.join("d", now=1.0)
    assert event.pair(now=1.0) == []
    event.finish(("a", "b"), [1, 2])
    assert event.pair(now=2.0) == [("c", "a")]
    assert event.byes == ["c", "b"]
    event.finish(("c", "a"), [1, 2])
    assert event.pair(now=3.0) == []
    assert event.over(now=3.0)
    assert [(s.player, s.points) for s in event.standings()] == [
        ("c", 4),
        ("a", 2),
        ("b", 2),
    ]


def test_a_player_who_left_is_seated_no_more_but_keeps_their_standing() -> None:
    event = Event(EventRules("arena", start=0.0, minutes=10))
    for player in "abc":
        event.join(player, now=0.0)
    assert event.pair(now=0.0) == [("a", "b")]
    event.finish(("a", "b"), [1, 2])
    event.leave("a")
    assert event.pair(now=1.0) == [("b", "c")]
    assert event.standings()[0].player == "a"


def test_events_refuse_tables_they_cannot_seat() -> None:
    with pytest.raises(ValueError, match="2 to 7"):
        EventRules("arena", start=0.0, minutes=5, seats=8)
    with pytest.raises(ValueError, match="length"):
        EventRules("swiss", start=0.0, rounds=0)


def _fresh_exists(players: list[str], met: dict[str, frozenset[str]], seats: int) -> bool:
    """Whether any bye choice and any tables leave no two players together again."""
    count = len(players) % seats
    for byes in combinations(players, count):
        rest = [p for p in players if p not in byes]
        for order in permutations(rest):
            tables = [order[i : i + seats] for i in range(0, len(order), seats)]
            if all(
                b not in met.get(a, frozenset())
                for table in tables
                for a, b in combinations(table, 2)
            ):
                return True
    return False


@settings(max_examples=60, deadline=None)
@given(
    size=st.integers(2, 7),
    seats=st.sampled_from([2, 2, 3]),
    meetings=st.lists(st.tuples(st.integers(0, 6), st.integers(0, 6)), max_size=12),
)
def test_swiss_repeats_no_pairing_where_avoidable(
    size: int, seats: int, meetings: list[tuple[int, int]]
) -> None:
    players = NAMES[:size]
    met: dict[str, frozenset[str]] = {}
    for i, j in meetings:
        if i < size and j < size and i != j:
            a, b = players[i], players[j]
            met[a] = met.get(a, frozenset()) | {b}
            met[b] = met.get(b, frozenset()) | {a}
    tables, byes = swiss_round(players, met, {}, seats)
    seated = [p for table in tables for p in table]
    assert sorted(seated + byes) == sorted(players)
    assert all(len(table) == seats for table in tables)
    repeats = any(
        b in met.get(a, frozenset()) for table in tables for a, b in combinations(table, 2)
    )
    assert not repeats or not _fresh_exists(players, met, seats)


@settings(max_examples=40, deadline=None)
@given(
    kind=st.sampled_from(["arena", "swiss"]),
    size=st.integers(2, 9),
    seats=st.sampled_from([2, 2, 3, 4]),
    steps=st.lists(st.tuples(st.integers(0, 9), st.integers(0, 4)), max_size=40),
)
def test_events_seat_nobody_twice_and_standings_sum_the_results(
    kind: str, size: int, seats: int, steps: list[tuple[int, int]]
) -> None:
    rules = EventRules("arena" if kind == "arena" else "swiss", 0.0, 60, 4, seats)
    event = Event(rules)
    for player in NAMES[:size]:
        event.join(player, now=0.0)
    now = 0.0
    for pick, outcome in steps:
        now += 30.0
        event.pair(now)
        seated = Counter(p for table in event.playing for p in table)
        assert all(count == 1 for count in seated.values())
        if event.playing:
            table = event.playing[pick % len(event.playing)]
            places = [1 + (outcome + i) % len(table) for i in range(len(table))]
            event.finish(table, places)
    points = Counter({p: 0 for p in NAMES[:size]})
    for result in event.results:
        points.update(result.points())
    for player in event.byes:
        points[player] += 2 * (seats - 1)
    assert {s.player: s.points for s in event.standings()} == dict(points)
    games = Counter(p for r in event.results for p in r.players)
    assert {s.player: s.games for s in event.standings()} == {p: games[p] for p in points}
