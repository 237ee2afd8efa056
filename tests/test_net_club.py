"""Protocol version 2 on the table server (game/net/tables/club.py and its modules),
without a network: players who say hello, `mine`, the lobby followed on a stepped clock,
chat, tables that wait for days, rated tables, and a restart that keeps them all."""

from __future__ import annotations

import dataclasses
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from game import server
from game.ai.worker import InProcessAdviser
from game.net.club_messages import LOBBY_PAGE_MOST, LobbyFilter
from game.net.mirror import TableMirror
from game.net.replies import MAX_READ, MoveMessage, TableView, read_server_message
from game.net.tables import lobby, players
from game.net.tables.club import MINE_PAGE
from game.net.tables.limits import Limits
from game.net.tables.lobby import SHOWN_PER_NETWORK
from game.net.tables.players import FileBook, MemoryBook
from game.net.tables.ratings import ranks, rate
from game.net.tables.registry import Registry
from game.net.tables.store import TableStore
from game.net.tables.table import NetTable
from game.play.couch import new_couch_table
from game.play.table_flow import Turn
from game.rules.record.entries import PlayerEntry
from tests.net_helpers import (
    ROOMY,
    Inbox,
    ManualClock,
    checked,
    dealer,
    first_legal_entry,
    play_out,
)

DAY = 86_400.0


def key(number: int) -> str:
    """A player's key of the shape docs/protocol.md "Players" gives (40 characters)."""
    return f"key-{number:0>36}"


def club(clock: ManualClock | None = None, home: Path | None = None) -> Registry:
    """A registry (with a store and a players' book in `home`, when given)."""
    if home is None:
        return Registry(clock or ManualClock(), limits=ROOMY, deal=dealer(), book=MemoryBook())
    store = TableStore(home)
    registry = Registry(
        clock or ManualClock(), store=store, limits=ROOMY, deal=dealer(), book=FileBook(home)
    )
    registry.open(store.load())
    return registry


def hello(registry: Registry, name: str, number: int, address: str = "10.0.0.1") -> Inbox:
    """A connection that said hello as player `number`."""
    inbox = Inbox(registry, address)
    (welcome,) = inbox.send({"type": "hello", "name": name, "key": key(number)})
    assert welcome["type"] == "welcome", welcome
    return inbox


def create(inbox: Inbox, players: int = 2, **options: Any) -> str:
    frame = {"type": "create", "players": players, "seats": ["remote"] * players, **options}
    (created,) = inbox.send(frame)
    assert created["type"] == "created", created
    code: str = created["table"]
    return code


def table_of(registry: Registry, code: str) -> NetTable:
    return next(t for t in registry.tables.values() if t.code == code)


def seated(registry: Registry, code: str, names: list[str]) -> dict[int, Inbox]:
    """Players 0, 1, ... named `names` say hello and join `code`, one connection each."""
    holders = {}
    for number, name in enumerate(names):
        inbox = hello(registry, name, number, f"10.0.{number}.1")
        joined = inbox.send({"type": "join", "table": code, "name": "ignored"})[0]
        assert joined["type"] == "joined", joined
        holders[joined["seat"]] = inbox
    return holders


# --- players ---------------------------------------------------------------------------


def test_hello_welcomes_a_player_whose_public_id_is_random_and_whose_key_is_the_player() -> None:
    registry = club()
    first = Inbox(registry).send({"type": "hello", "name": " Ann\u200b ", "key": key(1)})[0]
    assert first["type"] == "welcome" and first["name"] == "Ann" and first["rating"] == 1000
    again = Inbox(registry).send({"type": "hello", "name": "Annie", "key": key(1)})[0]
    assert again["player"] == first["player"] and again["name"] == "Annie"
    other = club()
    elsewhere = Inbox(other).send({"type": "hello", "name": "Ann", "key": key(1)})[0]
    assert elsewhere["player"] != first["player"]  # made at random, not from the key
    assert key(1) not in json.dumps([first, again, elsewhere])


@pytest.mark.parametrize(
    "field",
    [
        {"key": "short"},
        {"key": "k" * 129},
        {"key": "k" * 31 + " "},
        {"key": "k" * 40 + "é"},
        {"key": 12345},
        {"name": ""},
        {"name": "\u200b\u202e "},
        {"name": "x" * 25},
        {"name": None},
    ],
)
def test_a_bad_key_or_name_is_refused_and_nothing_changes(field: dict[str, object]) -> None:
    registry = club()
    inbox = Inbox(registry)
    (refused,) = inbox.send({"type": "hello", "name": "Ann", "key": key(1), **field})
    assert refused["code"] == "bad-message" and "\n" not in refused["message"]
    assert inbox.send({"type": "mine"})[0]["code"] == "no-player"


def test_mine_and_a_rated_table_need_hello_first() -> None:
    inbox = Inbox(club())
    assert inbox.send({"type": "mine"})[0]["code"] == "no-player"
    frame = {"type": "create", "players": 2, "seats": ["remote", "remote"], "rated": True}
    assert inbox.send(frame)[0]["code"] == "no-player"
    assert inbox.send({**frame, "seats": ["remote", "ai:greedy"]})[0]["code"] == "bad-message"


def test_mine_lists_the_players_unfinished_seats_whose_turn_pace_and_who_sits_there() -> None:
    registry = club()
    code = create(Inbox(registry), 3, pace={"days": 3})
    holders = seated(registry, code, ["Ann", "Bob"])
    table = table_of(registry, code)
    seats = [{"kind": "remote", "name": name} for name in ("Ann", "Bob", None)]
    for seat, inbox in holders.items():
        token = inbox.of_type("joined")[0]["token"]
        (mine,) = inbox.send({"type": "mine"})
        assert mine == {
            "type": "my-tables",
            "tables": [
                {
                    "table": code,
                    "seat": seat,
                    "token": token,
                    "to_move": table.state.current == seat,
                    "pace": {"days": 3},
                    "seats": seats,
                }
            ],
            "next": None,
        }
    cy = hello(registry, "Cy", 2, "10.0.2.1")
    holders[cy.send({"type": "join", "table": code, "name": "Cy"})[0]["seat"]] = cy
    play_out(table, holders)
    assert holders[0].send({"type": "mine"})[0]["tables"] == []


# --- the lobby -------------------------------------------------------------------------


def test_the_lobby_lists_public_tables_with_a_free_seat_and_follows_at_most_once_a_second() -> None:
    clock = ManualClock()
    registry = club(clock)
    follower = Inbox(registry)
    empty = {"type": "lobby", "tables": [], "page": 1, "per_page": 300, "total": 0, "more": False}
    assert follower.send({"type": "lobby"}) == [empty]
    host = hello(registry, "Host", 9)
    code = create(host, 3, public=True, rated=True, pace={"days": 2}, rules={"hands": 2})
    create(host, 2)  # not public: never listed
    registry.club.lobby.tell()
    assert len(follower.of_type("lobby")) == 1  # changed, but within the second
    clock.now += 1
    registry.club.lobby.tell()
    listed = follower.of_type("lobby")[-1]["tables"]
    assert listed == [
        {
            "table": code,
            "players": 3,
            "free": 3,
            "seats": [{"kind": "remote", "name": None}] * 3,
            "rules": table_of(registry, code).record.rules.to_dict(),
            "pace": {"days": 2},
            "rated": True,
            "takebacks": False,
        }
    ]
    registry.club.lobby.tell()
    clock.now += 5
    registry.club.lobby.tell()
    assert len(follower.of_type("lobby")) == 2  # nothing changed: nothing sent
    hello(registry, "Ann", 1).send({"type": "join", "table": code, "name": "x"})
    clock.now += 1
    registry.club.lobby.tell()
    entry = follower.of_type("lobby")[-1]["tables"][0]
    assert entry["free"] == 2 and entry["seats"][0] == {"kind": "remote", "name": "Ann"}
    follower.send({"type": "lobby", "follow": False})
    for number in (2, 3):
        hello(registry, f"P{number}", number).send({"type": "join", "table": code, "name": "x"})
    clock.now += 1
    registry.club.lobby.tell()
    assert follower.of_type("lobby")[-1]["tables"] == [entry]  # no longer followed
    assert Inbox(registry).send({"type": "lobby"})[0]["tables"] == []  # full: not listed


def test_the_lobby_filters_by_seats_free_size_rated_and_pace_and_comes_in_pages() -> None:
    clock = ManualClock()
    registry = club(clock)
    host = hello(registry, "Host", 9)
    live_two = create(host, 2, public=True)
    host.send({"type": "join", "table": live_two, "name": "x"})
    rated_three = create(hello(registry, "Ro", 8, "10.0.8.1"), 3, public=True, rated=True)
    waits_four = create(hello(registry, "Wu", 7, "10.0.7.1"), 4, public=True, pace={"days": 3})
    ann = hello(registry, "Ann", 1)
    for code in (rated_three, waits_four):  # 1, 2 and 3 seats free
        ann.send({"type": "join", "table": code, "name": "x"})
    asker = Inbox(registry)

    def listed(**asked: Any) -> list[str]:
        (frame,) = asker.send({"type": "lobby", "follow": False, **asked})
        assert frame["type"] == "lobby", frame
        assert frame["total"] == len(frame["tables"]) and not frame["more"]
        return [entry["table"] for entry in frame["tables"]]

    assert set(listed()) == {live_two, rated_three, waits_four}
    assert set(listed(free=2)) == {rated_three, waits_four}
    assert listed(free=3) == [waits_four]
    assert listed(players=3) == [rated_three]
    assert listed(rated=True) == [rated_three] and rated_three not in listed(rated=False)
    assert listed(pace="days") == [waits_four]
    assert set(listed(pace="live")) == {live_two, rated_three}
    assert listed(pace="live", players=4) == [] and listed(free=6) == []
    for number in range(7):
        create(network_host(registry, number), 2, public=True)
    clock.now += 1  # a lobby is listed at most once a second
    everything = listed()
    assert len(everything) == 10
    pages = [asker.send({"type": "lobby", "page": n, "per_page": 4})[0] for n in (1, 2, 3)]
    assert [[e["table"] for e in page["tables"]] for page in pages] == [
        everything[:4],
        everything[4:8],
        everything[8:],
    ]
    assert [(p["page"], p["per_page"], p["total"], p["more"]) for p in pages] == [
        (1, 4, 10, True),
        (2, 4, 10, True),
        (3, 4, 10, False),
    ]
    past = asker.send({"type": "lobby", "page": 99, "per_page": 4, "players": 2})[0]
    assert (past["page"], past["total"], past["more"]) == (2, 8, False)  # the last page
    twos = [code for code in everything if code not in (rated_three, waits_four)]
    assert [entry["table"] for entry in past["tables"]] == twos[4:]


def test_a_follower_is_sent_its_own_filtered_page_when_it_changes() -> None:
    clock = ManualClock()
    registry = club(clock)
    rated, unrated = Inbox(registry), Inbox(registry)
    rated.send({"type": "lobby", "rated": True, "per_page": 5})
    unrated.send({"type": "lobby", "rated": False})
    create(hello(registry, "Host", 9), 2, public=True)  # unrated: the rated page is as it was
    clock.now += 1
    registry.club.lobby.tell()
    assert len(rated.of_type("lobby")) == 1 and len(unrated.of_type("lobby")) == 2
    code = create(hello(registry, "Ro", 8, "10.0.8.1"), 3, public=True, rated=True)
    clock.now += 1
    registry.club.lobby.tell()
    (entry,) = rated.of_type("lobby")[-1]["tables"]
    assert entry["table"] == code and rated.of_type("lobby")[-1]["per_page"] == 5
    assert len(unrated.of_type("lobby")) == 2


def test_the_pages_of_one_filter_asked_within_a_second_cost_one_pass_over_the_tables(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A flood of pages (every page number, every size) of one filter made one pass over
    every listed table each: 2,000 tables by 300 asks, 600,000 tests a second."""
    registry = club()
    for number in range(10):
        create(network_host(registry, number), 2, public=True)
    passes: list[object] = []
    admitted = lobby.Rank.admitted

    def counted(rank: lobby.Rank, shown: LobbyFilter) -> bool:
        passes.append(rank)
        return admitted(rank, shown)

    monkeypatch.setattr(lobby.Rank, "admitted", counted)
    asker = Inbox(registry)
    for size in (1, 3, 7):
        for page in range(1, 12):
            asker.send({"type": "lobby", "rated": False, "page": page, "per_page": size})
    assert len(passes) == 10
    last = asker.of_type("lobby")[-1]
    assert (last["page"], last["total"], len(last["tables"])) == (2, 10, 3)  # past the last


@pytest.mark.parametrize(
    "field",
    [
        {"free": 0},
        {"free": 7},
        {"free": "2"},
        {"free": True},
        {"players": 1},
        {"players": 8},
        {"players": 2.0},
        {"rated": "yes"},
        {"rated": 1},
        {"pace": {"days": 2}},
        {"pace": "slow"},
        {"pace": ["live"]},
        {"page": 0},
        {"page": -1},
        {"page": 10**9},
        {"page": None},
        {"per_page": 0},
        {"per_page": 301},
        {"per_page": 1.5},
    ],
)
def test_a_lobby_asked_with_a_bad_filter_or_page_is_refused_in_one_line(
    field: dict[str, object],
) -> None:
    registry = club()
    create(hello(registry, "Host", 9), 2, public=True)
    inbox = Inbox(registry)
    (refused,) = inbox.send({"type": "lobby", **field})
    assert refused["type"] == "error" and refused["code"] == "bad-message"
    assert "\n" not in refused["message"] and next(iter(field)) in refused["message"]
    registry.club.lobby.tell()
    assert inbox.of_type("lobby") == []  # not followed


@pytest.mark.parametrize(
    "field",
    [{"page": 0}, {"page": "2"}, {"per_page": 0}, {"per_page": 101}, {"me": 1}, {"me": "yes"}],
)
def test_a_board_asked_with_a_bad_page_is_refused_in_one_line(field: dict[str, object]) -> None:
    (refused,) = hello(club(), "Ann", 1).send({"type": "ratings", **field})
    assert refused["type"] == "error" and refused["code"] == "bad-message"
    assert "\n" not in refused["message"] and next(iter(field)) in refused["message"]


# --- chat ------------------------------------------------------------------------------


def test_a_line_said_reaches_everyone_at_the_table_and_every_view_carries_the_last_50() -> None:
    clock = ManualClock()
    registry = club(clock)
    code = create(Inbox(registry))
    holders = seated(registry, code, ["Ann", "Bob"])
    watcher = hello(registry, "Cy", 5)
    watcher.send({"type": "watch", "table": code})
    said = holders[1].send({"type": "say", "table": code, "text": "hola ¿qué tal? 🙂"})
    bob, cy = holders[1].messages[0]["player"], watcher.messages[0]["player"]
    line = {"type": "said", "table": code, "seat": 1, "name": "Bob", "player": bob}
    line["text"] = "hola ¿qué tal? 🙂"
    assert said == [line]
    assert holders[0].of_type("said") == watcher.of_type("said") == [line]
    clock.now += 1
    watcher.send({"type": "say", "table": code, "text": "gg"})
    watched = {**line, "seat": None, "name": "Cy", "player": cy, "text": "gg"}
    assert holders[0].of_type("said")[-1] == watched
    stranger = Inbox(registry)
    stranger.send({"type": "watch", "table": code})
    assert stranger.messages[0]["chat"] == holders[0].of_type("said")
    assert stranger.send({"type": "say", "table": code, "text": "hi"})[0]["code"] == "no-player"
    outsider = hello(registry, "Dee", 6)
    refused = outsider.send({"type": "say", "table": code, "text": "hi"})[0]
    assert refused["code"] == "not-your-seat"
    for number in range(60):
        clock.now += 1
        holders[number % 2].send({"type": "say", "table": code, "text": f"line {number}"})
    chat = Inbox(registry).send({"type": "watch", "table": code})[0]["chat"]
    assert [said["text"] for said in chat] == [f"line {n}" for n in range(10, 60)]


def test_seats_that_said_no_hello_count_as_their_network_and_a_player_as_one_across_tables() -> (
    None
):
    clock = ManualClock()
    registry = club(clock)
    first, second = create(Inbox(registry)), create(Inbox(registry))
    anonymous = [Inbox(registry, f"10.0.7.{n}") for n in (1, 2)]
    for inbox, code in zip(anonymous, (first, second), strict=True):
        assert inbox.send({"type": "join", "table": code, "name": "Nobody"})[0]["type"] == "joined"
    assert anonymous[0].send({"type": "say", "table": first, "text": "hi"})[0]["type"] == "said"
    refused = anonymous[1].send({"type": "say", "table": second, "text": "hi"})[0]
    assert refused["code"] == "too-fast"  # the same /24 network
    ann = [hello(registry, "Ann", 1, f"10.0.{n}.1") for n in (8, 9)]
    for inbox, code in zip(ann, (first, second), strict=True):
        inbox.send({"type": "join", "table": code, "name": "Ann"})
    assert ann[0].send({"type": "say", "table": first, "text": "hi"})[0]["type"] == "said"
    assert ann[1].send({"type": "say", "table": second, "text": "hi"})[0]["code"] == "too-fast"
    clock.now += 1
    assert ann[1].send({"type": "say", "table": second, "text": "hi"})[0]["type"] == "said"


def test_a_flood_of_lines_is_too_fast_and_keeps_nothing_of_it() -> None:
    clock = ManualClock()
    registry = club(clock)
    code = create(Inbox(registry))
    holders = seated(registry, code, ["Ann", "Bob"])
    replies = [holders[0].send({"type": "say", "table": code, "text": "spam"}) for _ in range(30)]
    assert replies[0][0]["type"] == "said"
    assert {reply[0]["code"] for reply in replies[1:]} == {"too-fast"}
    assert len(holders[1].of_type("said")) == 1 and len(table_of(registry, code).club.chat) == 1
    clock.now += 1
    assert holders[0].send({"type": "say", "table": code, "text": "ok"})[0]["type"] == "said"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "x" * 201,
        "two\nlines",
        "bell\x07",
        "\u200b ",
        5,
        None,
        "gg \u202eyou lost",  # shown "gg tsol uoy"
        "\u2066isolated\u2069",
        "two\u2028lines",
        "two\u2029paragraphs",
        "\u3164",  # a Hangul filler: a letter drawn as nothing
        "\u2800 \u2800",  # the blank Braille pattern
    ],
)
def test_a_bad_line_is_refused_and_nothing_is_said(text: object) -> None:
    registry = club()
    code = create(Inbox(registry))
    holders = seated(registry, code, ["Ann", "Bob"])
    (refused,) = holders[0].send({"type": "say", "table": code, "text": text})
    assert refused["code"] == "bad-message"
    assert not holders[1].of_type("said") and not table_of(registry, code).club.chat


# --- tables that wait ------------------------------------------------------------------


def test_a_table_that_waits_never_closes_and_a_seat_out_of_days_gets_one_stand_in_move() -> None:
    clock = ManualClock()
    registry = club(clock)
    code = create(Inbox(registry), pace={"days": 2}, stand_in="ai:random")
    holders = seated(registry, code, ["Ann", "Bob"])
    live = create(Inbox(registry))
    seated(registry, live, ["Cy", "Dee"])
    table = table_of(registry, code)
    first = table.state.current
    clock.now += 2 * DAY - 1
    assert registry.sweep() == [live]  # the live table closes for idleness, not this one
    assert not holders[0].of_type("move")
    clock.now += 30 * DAY
    assert registry.sweep() == []
    moves = holders[1 - first].of_type("move")
    assert [m["move"]["player"] for m in moves] == [first]  # one move, for the seat due
    assert table.record.players[first].kind == "human" and not table.is_computer(first)
    registry.sweep()
    assert len(holders[0].of_type("move")) == 1  # the next seat has its own two days
    clock.now += 2 * DAY
    registry.sweep()
    assert [m["move"]["player"] for m in holders[0].of_type("move")] == [first, 1 - first]
    seat = table.state.current  # the seat still plays its own moves
    reply = holders[seat].send({"type": "move", "table": code, "move": first_legal_entry(table)})
    assert reply[0]["type"] == "move"


# --- ratings ---------------------------------------------------------------------------


@pytest.mark.usefixtures("everyone_established")
def test_a_rated_three_seat_game_ends_with_ratings_ranked_by_the_totals() -> None:
    registry = club()
    host = hello(registry, "Host", 9)
    code = create(host, 3, rated=True, rules={"hands": 1})
    holders = seated(registry, code, ["Ann", "Bob", "Cy"])
    table = table_of(registry, code)
    play_out(table, holders)
    over = holders[0].of_type("over")[-1]
    assert all(inbox.of_type("over")[-1] == over for inbox in holders.values())
    totals = list(table.state.tally().standings)
    players = [inbox.of_type("welcome")[0]["player"] for inbox in holders.values()]
    seats = sorted(holders)
    ratings = over["ratings"]
    assert [r["player"] for r in ratings] == [players[seats.index(s)] for s in range(3)]
    assert all(r["before"] == 1000 for r in ratings)
    for a in range(3):
        for b in range(3):
            if totals[a] > totals[b]:
                assert ratings[a]["after"] > ratings[b]["after"]
            if totals[a] == totals[b]:
                assert ratings[a]["after"] == ratings[b]["after"]
    board = host.send({"type": "ratings"})[0]["players"]
    assert sorted(p["player"] for p in board) == sorted(players)  # the host never played
    assert all(p["games"] == 1 for p in board)
    assert [p["rating"] for p in board] == sorted((r["after"] for r in ratings), reverse=True)
    assert Inbox(registry).send({"type": "watch", "table": code})[1]["ratings"] == ratings


def test_equal_totals_share_a_place_and_its_rating() -> None:
    assert ranks([10, 5, 5, 12]) == [2, 3, 3, 1]
    cards = MemoryBook()
    players = [cards.enter(key(n), f"P{n}") for n in range(3)]
    after = rate(players, [3, 7, 3])
    assert after[0].mu == after[2].mu < after[1].mu and all(c.games == 1 for c in after)


def test_an_unrated_game_or_one_with_a_player_twice_carries_no_ratings() -> None:
    registry = club()
    code = create(Inbox(registry), rules={"hands": 1})
    holders = seated(registry, code, ["Ann", "Bob"])
    play_out(table_of(registry, code), holders)
    assert "ratings" not in holders[0].of_type("over")[-1]
    twice = hello(registry, "Ann", 0)
    code = create(twice, rated=True, rules={"hands": 1})
    for _ in range(2):
        twice.send({"type": "join", "table": code, "name": "x"})
    play_out(table_of(registry, code), {0: twice, 1: twice})
    assert "ratings" not in twice.of_type("over")[-1]
    assert twice.send({"type": "ratings"})[0]["players"] == []


# --- a restart, and what no frame carries ----------------------------------------------


@pytest.mark.usefixtures("everyone_established")
def test_a_restart_keeps_players_chat_tables_that_wait_and_ratings(tmp_path: Path) -> None:
    clock = ManualClock()
    registry = club(clock, tmp_path)
    rated = create(hello(registry, "Host", 9), rated=True, rules={"hands": 1})
    holders = seated(registry, rated, ["Ann", "Bob"])
    play_out(table_of(registry, rated), holders)
    ratings = holders[0].of_type("over")[-1]["ratings"]
    waiting = create(Inbox(registry), pace={"days": 5})
    holders = seated(registry, waiting, ["Ann", "Bob"])
    holders[0].send({"type": "say", "table": waiting, "text": "see you tomorrow"})
    table = table_of(registry, waiting)
    seat = table.state.current
    holders[seat].send({"type": "move", "table": waiting, "move": first_legal_entry(table)})
    mine = holders[0].send({"type": "mine"})[0]
    clock.now += 3 * DAY
    registry.save_all()

    again = club(clock, tmp_path)
    assert again.sweep() == []
    ann = hello(again, "Ann", 0)
    assert ann.messages[0]["player"] == holders[0].messages[0]["player"]
    assert ann.messages[0]["rating"] == ratings[0]["after"]
    assert ann.send({"type": "mine"})[0] == mine
    (view,) = Inbox(again).send({"type": "watch", "table": waiting})
    assert [said["text"] for said in view["chat"]] == ["see you tomorrow"]
    reopened = table_of(again, waiting)
    assert reopened.club.options.days == 5 and reopened.club.turn_since == clock.now - 3 * DAY
    board = ann.send({"type": "ratings"})[0]["players"]
    assert sorted(p["rating"] for p in board) == sorted(r["after"] for r in ratings)
    clock.now += 2 * DAY
    again.sweep()
    assert len(reopened.record.last_hand_moves()) == 2  # the days ran out across the restart


def test_no_frame_carries_a_key_and_a_token_reaches_only_its_seats_player() -> None:
    clock = ManualClock()
    registry = club(clock)
    code = create(hello(registry, "Host", 9), 3, public=True, rated=True, rules={"hands": 1})
    holders = seated(registry, code, ["Ann", "Bob", "Cy"])
    watcher = hello(registry, "Dee", 7)
    watcher.send({"type": "watch", "table": code})
    watcher.send({"type": "lobby"})
    for seat, inbox in holders.items():
        clock.now += 1
        inbox.send({"type": "say", "table": code, "text": f"hi from {seat}"})
        inbox.send({"type": "mine"})
        inbox.send({"type": "ratings"})
    play_out(table_of(registry, code), holders)
    inboxes = [*holders.values(), watcher]
    every_frame = "".join(frame for inbox in inboxes for frame in inbox.frames)
    assert not any(key(number) in every_frame for number in range(10))
    for seat, inbox in holders.items():
        token = inbox.of_type("joined")[0]["token"]
        assert all(token not in "".join(other.frames) for other in inboxes if other is not inbox)
        mine = [m for m in inbox.of_type("my-tables")[0]["tables"]]
        assert [(m["seat"], m["token"]) for m in mine] == [(seat, token)]


@pytest.mark.parametrize(
    "option",
    [
        {"pace": {"days": 0}},
        {"pace": {"days": 15}},
        {"pace": {"days": 2.5}},
        {"pace": "slow"},
        {"pace": {"days": 3, "hours": 1}},
        {"stand_in": "ai:nobody"},
        {"stand_in": "remote"},
        {"public": "yes"},
        {"rated": 1},
    ],
)
def test_a_create_with_a_bad_option_is_refused_and_opens_nothing(option: dict[str, Any]) -> None:
    registry = club()
    frame = {"type": "create", "players": 2, "seats": ["remote", "remote"], **option}
    (refused,) = hello(registry, "Ann", 1).send(frame)
    assert refused["code"] == "bad-message" and not registry.tables


@pytest.mark.usefixtures("everyone_established")
def test_a_rated_game_whose_save_missed_its_ratings_is_rated_once_when_reopened(
    tmp_path: Path,
) -> None:
    """The server stopped after the players' book kept a game's ratings and before the
    table's save held them: reopened, the table takes the book's, and nobody is rated
    twice."""
    registry = club(home=tmp_path)
    code = create(hello(registry, "Host", 9), rated=True, rules={"hands": 1})
    holders = seated(registry, code, ["Ann", "Bob"])
    play_out(table_of(registry, code), holders)
    ratings = holders[0].of_type("over")[-1]["ratings"]
    (saved,) = (tmp_path / "tables").glob(f"{code}*")
    record = json.loads(saved.read_text())
    record["server"]["club"]["ratings"] = None
    saved.write_text(json.dumps(record))

    again = club(home=tmp_path)
    _, over = Inbox(again).send({"type": "watch", "table": code})
    assert over["ratings"] == ratings
    board = hello(again, "Ann", 0).send({"type": "ratings"})[0]["players"]
    assert [p["games"] for p in board] == [1, 1]


# --- timed club games ------------------------------------------------------------------


def test_the_server_runs_a_timed_club_games_clock_and_ends_it_with_the_hand_in_play(
    tmp_path: Path,
) -> None:
    """Each move is played at the time the server's clock says since the last one; the
    game ends at the end of the hand in play once its minute has run out, a record
    `check` passes; a restart in the middle keeps the clock."""
    clock = ManualClock()
    registry = club(clock, tmp_path)
    rules = {"variant": "club", "time_limit_s": 60}
    code = create(Inbox(registry), rules=rules)
    holders = seated(registry, code, ["Ann", "Bob"])
    table = table_of(registry, code)
    for _ in range(3):
        clock.now += 7
        seat = table.state.current
        holders[seat].send({"type": "move", "table": code, "move": first_legal_entry(table)})
    assert table.state.clock_s == 21  # seven seconds before each move
    registry.save_all()
    registry = club(clock, tmp_path)
    table = table_of(registry, code)
    assert table.state.clock_s == 21
    holders = {}
    for seat, token in enumerate(t for t in table.tokens if t is not None):
        holders[seat] = Inbox(registry, f"10.0.{seat}.1")
        holders[seat].send({"type": "rejoin", "table": code, "token": token})
    while not table.is_over():
        clock.now += 7
        seat = table.state.current
        holders[seat].send({"type": "move", "table": code, "move": first_legal_entry(table)})
    record = holders[0].of_type("over")[-1]["record"]
    ended = [hand["clock_s"] for hand in record["hands"]]
    assert ended[-1] >= 60 and all(clock_s < 60 for clock_s in ended[:-1])
    mirror = None  # a client's copy, from its view and the moves announced, ends too
    for frame in holders[1].frames:
        message = read_server_message(frame)
        if isinstance(message, TableView):
            mirror = TableMirror(message.record)
        elif isinstance(message, MoveMessage) and mirror is not None:
            mirror.play(message)
    assert mirror is not None and mirror.state.is_terminal()
    assert checked(record).is_over()


def play_first_legal(table: NetTable, holders: dict[int, Inbox]) -> None:
    """The seat to act plays its first legal move."""
    move = first_legal_entry(table)
    replies = holders[table.state.current].send({"type": "move", "table": table.code, "move": move})
    assert not [reply for reply in replies if reply["type"] == "error"], replies


def test_a_timed_table_at_the_server_ends_as_the_same_game_in_a_window() -> None:
    """The server tells its table's flow the time that passed as a window's frames tell
    theirs, and the flow alone runs the clock and ends the game: the same moves at the
    same times make the same record, clocks and end included, a look between moves (a
    watcher coming) changing nothing."""
    clock = ManualClock()
    registry = club(clock)
    rules = {"variant": "club", "time_limit_s": 60}
    code = create(Inbox(registry), rules=rules)
    holders = seated(registry, code, ["Ann", "Bob"])
    table = table_of(registry, code)
    players: list[PlayerEntry] = [
        {"name": "Ann", "kind": "human"},
        {"name": "Bob", "kind": "human"},
    ]
    window = new_couch_table(
        {"rules": rules, "players": players}, InProcessAdviser(), table.record.seed or 0
    )
    watcher = Inbox(registry, "10.0.9.1")
    while not table.is_over():
        for _ in range(14):  # seven seconds of frames
            window.advance_clock(0.5)
        window.play(window.legal_moves()[0])
        if window.turn() is Turn.HAND_OVER:
            window.next_hand()
        clock.now += 3
        watcher.send({"type": "watch", "table": code})
        clock.now += 4
        play_first_legal(table, holders)
    assert window.turn() is Turn.GAME_OVER
    played = holders[0].of_type("over")[-1]["record"]["hands"]
    assert played == window.record.to_json()["hands"] and played[-1]["clock_s"] >= 60


def test_a_timed_tables_clock_stands_while_nobody_is_at_it_between_hands() -> None:
    """Once a hand has ended and the next is dealt, a table nobody is at is on hold (it
    plays nothing for nobody): its clock stands until a player is back, as the window's
    stands when the game is closed."""
    clock = ManualClock()
    registry = club(clock)
    code = create(Inbox(registry), rules={"variant": "club", "time_limit_s": 600})
    holders = seated(registry, code, ["Ann", "Bob"])
    table = table_of(registry, code)
    while table.record.hand_count == 1:
        clock.now += 7
        play_first_legal(table, holders)
    ended = table.state.clock_s
    clock.now += 1
    for inbox in holders.values():
        registry.disconnect(inbox.peer)
    clock.now += 100
    for seat, token in enumerate(table.tokens):
        assert token is not None
        holders[seat] = Inbox(registry, f"10.0.{seat}.2")
        holders[seat].send({"type": "rejoin", "table": code, "token": token})
    clock.now += 7
    play_first_legal(table, holders)
    assert table.record.to_json()["hands"][-1]["moves"][0]["clock_s"] == ended + 1 + 7


@pytest.mark.parametrize(
    "options",
    [
        {"rules": {"time_limit_s": 60}},  # a standard game has no time limit
        {"rules": {"variant": "club", "time_limit_s": 60}, "pace": {"days": 1}},
    ],
)
def test_a_timed_game_is_a_live_club_game(options: dict[str, Any]) -> None:
    registry = club()
    frame = {"type": "create", "players": 2, "seats": ["remote", "remote"], **options}
    assert Inbox(registry).send(frame)[0]["code"] == "bad-message" and not registry.tables


def network_host(registry: Registry, number: int) -> Inbox:
    """A connection from network `number` (10.1.N.1; networks 0 to 255)."""
    return Inbox(registry, f"10.1.{number}.1")


def test_the_lobby_lists_at_most_as_many_tables_as_fit_a_servers_frame() -> None:
    registry = club()
    for number in range(LOBBY_PAGE_MOST + 1):
        create(network_host(registry, number % 256), 2, public=True)
    first = create(hello(registry, "Host", 9), 7, public=True)
    for number in range(6):
        joiner = hello(registry, "\U0001f600" * 24, number)
        assert joiner.send({"type": "join", "table": first, "name": "x"})[0]["type"] == "joined"
    frame = Inbox(registry).send({"type": "lobby"})[0]
    assert len(frame["tables"]) == LOBBY_PAGE_MOST and frame["more"]
    assert frame["tables"][0]["table"] == first  # the fullest
    widest = len(json.dumps(frame["tables"][0]))  # written as the server writes: ASCII
    assert widest < 3000 and LOBBY_PAGE_MOST * widest < MAX_READ


def test_a_new_table_is_listed_however_many_tables_others_opened_before() -> None:
    """The lobby listed the 300 oldest tables: 300 junk tables from 30 networks hid every
    new one for good. It lists the fullest and newest first, a few of each network's."""
    clock = ManualClock()
    registry = club(clock)
    for number in range(LOBBY_PAGE_MOST):
        create(network_host(registry, number % 30), 2, public=True)
        clock.now += 1
    junk = {table.code for table in registry.tables.values()}
    new = create(hello(registry, "Ann", 1, "10.2.0.1"), 3, public=True)
    listed = [entry["table"] for entry in Inbox(registry).send({"type": "lobby"})[0]["tables"]]
    assert new in listed
    assert len(set(listed) & junk) == 30 * SHOWN_PER_NETWORK
    half = create(network_host(registry, 40), 2, public=True)
    hello(registry, "Bob", 2, "10.3.0.1").send({"type": "join", "table": half, "name": "x"})
    clock.now += 1  # a lobby is made at most once a second
    listed = [entry["table"] for entry in Inbox(registry).send({"type": "lobby"})[0]["tables"]]
    newest = max(junk, key=lambda code: table_of(registry, code).club.turn_since)
    assert listed[:2] == [half, newest]


def test_hellos_that_change_a_name_are_attempts_so_a_flood_of_new_names_is_too_fast() -> None:
    """Every hello that changed a name wrote the players' book: a flood of new names from
    one host took a normal move's round trip from 1.5 ms to 589 ms."""
    burst = Limits().join_burst
    registry = Registry(ManualClock(), limits=Limits(), deal=dealer(), book=MemoryBook())
    hello(registry, "Ann", 1)  # a new player: one attempt
    answers = [
        Inbox(registry).send({"type": "hello", "name": f"Ann {n}", "key": key(1)})[0]
        for n in range(burst)
    ]
    assert answers[0]["type"] == "welcome" and answers[-1]["code"] == "too-fast"
    assert hello(registry, answers[-2]["name"], 1)  # the name she has: no attempt
    assert hello(registry, "Bob", 2, "10.9.0.1")  # another network's player: welcome


def test_the_book_on_files_adds_a_line_a_change_and_is_written_whole_now_and_then(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(players, "COMPACT_LINES", 3)
    tmp_path /= "home"  # made with the book's first line
    book = FileBook(tmp_path)
    ann = book.enter(key(1), "Ann")
    book.enter(key(1), "Anne")
    journal = tmp_path / players.JOURNAL_FILE
    assert len(journal.read_text().splitlines()) == 2 and not (tmp_path / "players.json").exists()
    with journal.open("a") as torn:  # a crash in the middle of a line
        torn.write('{"players": {"')
    again = FileBook(tmp_path)
    assert again.card(ann.pid) == replace(ann, name="Anne")
    again.enter(key(2), "Bob")  # the third line: the book is written whole
    assert not journal.exists() and (tmp_path / "players.json").exists()
    again.enter(key(1), "Ann")
    last = FileBook(tmp_path)
    assert last.card(ann.pid) == ann and not last.changes(key(2), "Bob")


@pytest.mark.parametrize("text", ["{", '{"players": {"h": {"pid": 5}}, "games": {}}', "[]"])
def test_a_damaged_players_book_stops_the_server_with_one_line_and_is_left_as_it_was(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str
) -> None:
    book = tmp_path / "players.json"
    book.write_text(text)
    assert server.main(["--port", "0", "--home", str(tmp_path)]) == 1
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "players.json: not a players' book" in error
    assert book.read_text() == text


def test_a_table_nobody_but_its_opener_joined_closes_within_minutes_whatever_its_pace() -> None:
    """An unjoined table that waits lived its days (14 at most): 5,000 of them filled the
    server for good. Until someone else takes a seat, it lives as a live one does."""
    clock = ManualClock()
    registry = club(clock)
    opener = hello(registry, "Host", 9)
    code = create(opener, 3, pace={"days": 2}, public=True)
    opener.send({"type": "join", "table": code, "name": "x"})  # the opener's own seat
    clock.now += ROOMY.unjoined_s + 1
    assert registry.sweep() == [code] and not registry.tables
    code = create(opener, 3, pace={"days": 2}, public=True)
    hello(registry, "Ann", 1, "10.0.1.1").send({"type": "join", "table": code, "name": "x"})
    clock.now += 2 * DAY - 1
    assert registry.sweep() == []  # someone else's seat: it waits its days for the rest
    clock.now += 2
    assert registry.sweep() == [code] and not registry.tables


CAPPED = dataclasses.replace(ROOMY, tables_per_network=3, tables_per_player=4, seats_per_player=6)


def test_one_network_may_hold_only_so_many_open_tables_until_one_ends() -> None:
    """520 networks of 10 creates filled the server's 5,000 tables for everyone."""
    registry = Registry(ManualClock(), limits=CAPPED, deal=dealer(), book=MemoryBook())
    opener = Inbox(registry, "10.5.5.1")
    codes = [create(opener, 2) for _ in range(3)]
    refused = opener.send({"type": "create", "players": 2, "seats": ["remote"] * 2})
    assert refused[0]["code"] == "too-many-tables" and len(registry.tables) == 3
    other = create(Inbox(registry, "10.6.6.1"), 2)  # another network opens as before
    neighbour = Inbox(registry, "10.5.5.9")  # one of the same network takes no other seat
    assert neighbour.send({"type": "join", "table": other, "name": "x"})[0]["code"] == (
        "too-many-tables"
    )
    assert neighbour.send({"type": "join", "table": codes[0], "name": "x"})[0]["type"] == "joined"
    first = table_of(registry, codes[0])
    play_out(first, seated(registry, codes[0], ["Ann"]) | {0: neighbour})
    assert create(opener, 2)  # a game over: room for one more


def test_one_player_may_hold_only_so_many_tables_and_seats_from_any_networks() -> None:
    """One key from 1,500 networks opened 1,500 tables of seven and took all 10,500 seats."""
    registry = Registry(ManualClock(), limits=CAPPED, deal=dealer(), book=MemoryBook())
    codes, answers = [], []
    for number in range(6):
        player = hello(registry, "Eve", 1, f"10.7.{number}.1")
        refused = player.send({"type": "create", "players": 7, "seats": ["remote"] * 7})
        if refused[0]["type"] != "created":
            answers.append(refused[0]["code"])
            continue
        codes.append(refused[0]["table"])
        for seat in range(7):
            taker = hello(registry, "Eve", 1, f"10.8.{number * 7 + seat}.1")
            joined = taker.send({"type": "join", "table": codes[-1], "name": "x"})[0]
            answers.append(joined.get("code", "joined"))
    assert len(codes) == 4 and answers.count("joined") == 6  # tables, then seats, capped
    assert set(answers) == {"joined", "too-many-tables"}
    assert len(hello(registry, "Eve", 1).send({"type": "mine"})[0]["tables"]) == 6


def test_a_players_tables_come_in_pages_each_within_a_frame() -> None:
    registry = club()
    ann = hello(registry, "Ann", 1)
    codes = set()
    for _ in range(MINE_PAGE + 10):
        code = create(Inbox(registry, "10.9.9.1"), 2)
        assert ann.send({"type": "join", "table": code, "name": "x"})[0]["type"] == "joined"
        codes.add(code)
    first = ann.send({"type": "mine"})[0]
    assert len(first["tables"]) == MINE_PAGE and first["next"] == first["tables"][-1]["table"]
    second = ann.send({"type": "mine", "after": first["next"]})[0]
    assert len(second["tables"]) == 10 and second["next"] is None
    assert {seat["table"] for seat in first["tables"] + second["tables"]} == codes
    assert ann.send({"type": "mine", "after": "no such code"})[0]["code"] == "bad-message"


@pytest.mark.parametrize("pace", ["live", {"days": 1}])
def test_the_computers_of_a_table_that_waits_begin_a_hand_with_every_player_away(
    pace: object,
) -> None:
    """A live table's computers wait for someone before a new hand; a table that waits
    is played over days by players who are away, so its computers do not wait (or
    `mine` would say it is nobody's turn while nothing moves)."""
    registry = club()
    frame = {"type": "create", "players": 2, "seats": ["remote", "ai:greedy"], "pace": pace}
    code = Inbox(registry).send(frame)[0]["table"]
    (player,) = seated(registry, code, ["Ann"]).values()
    table = table_of(registry, code)
    registry.disconnect(player.peer)
    while table.state.moves:  # back to the start of the hand, the computer's to begin
        table.take_back()
    assert table.state.current == 1
    assert table.flow.computer_to_act() == (None if pace == "live" else 1)


@pytest.mark.parametrize(
    "damage",
    [
        {"ratings": [{"player": 5}]},
        {"chat": [{"seat": 9, "name": "A", "text": "hi"}]},
        {"chat": [{"seat": None, "name": "A", "text": "two\nlines"}]},
        {"days": 99},
        {"owners": ["p-1", "p-2", "p-3"]},
        {"public": "yes"},
    ],
)
def test_a_save_whose_club_state_is_damaged_is_named_and_left_where_it_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], damage: dict[str, object]
) -> None:
    registry = club(home=tmp_path)
    code = create(Inbox(registry))
    seated(registry, code, ["Ann", "Bob"])
    (saved,) = (tmp_path / "tables").glob(f"{code}*")
    record = json.loads(saved.read_text())
    record["server"]["club"].update(damage)
    saved.write_text(json.dumps(record))
    assert TableStore(tmp_path).load() == []
    assert "club state is damaged" in capsys.readouterr().err and saved.exists()


def test_a_known_players_hellos_are_not_attempts_at_tables_and_new_players_are() -> None:
    """The game says hello on every connection it opens (the menu's question, Play
    online, each table): a player going through their tables is not refused for it,
    while a network making new players one after another is (failed before: the
    eleventh hello of one player was too fast)."""
    burst = Limits().join_burst
    registry = Registry(ManualClock(), limits=Limits(), deal=dealer(), book=MemoryBook())
    ann = hello(registry, "Ann", 1)  # a new player: one attempt
    for _ in range(3 * burst):
        hello(registry, "Ann", 1)
    assert create(ann)  # her attempts are not spent on hellos
    answers = [
        Inbox(registry).send({"type": "hello", "name": "Bot", "key": key(number)})[0]
        for number in range(2, 2 + burst)
    ]
    assert answers[0]["type"] == "welcome" and answers[-1]["code"] == "too-fast"
