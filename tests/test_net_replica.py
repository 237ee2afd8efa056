"""Several table servers on one Redis (game/net/tables/replica.py, presence.py), in this
process: two registries, each with its own Redis clients, on one real redis-server. A
client may create on one, join, rejoin, watch or move on the other; every client of a
table sees every move once and in order; two servers racing for one turn accept one; a
computer's turn left waiting by a server that is gone is taken over; a seat held on one
server shows connected on the other, and away once it is let go or its server is gone."""

from __future__ import annotations

import json
from typing import Any

from game.net.messages import (
    create_frame,
    join_frame,
    move_frame,
    rejoin_frame,
    stand_in_frame,
    watch_frame,
)
from game.net.tables.presence import server_key
from game.net.tables.redis_store import RedisStore
from game.net.tables.registry import Registry
from game.net.tables.replica import TAKEOVER_S, differences
from game.net.tables.table import NetTable
from tests.net_helpers import (
    ROOMY,
    Inbox,
    ManualClock,
    Server,
    dealer,
    first_legal_entry,
    open_table,
    settle,
)
from tools.redis_server import RedisServer


def say_presence(*servers: Server) -> None:
    """Each server says which seats its connections hold (its chore every second), and
    the others take it in."""
    for server in servers:
        server.replica.keep_presence()
    settle(*servers)


def moves(inbox: Inbox) -> list[tuple[int, int, dict[str, Any]]]:
    return [(m["hand"], m["index"], m["move"]) for m in inbox.of_type("move")]


def recorded(table: NetTable) -> list[tuple[int, int, dict[str, Any]]]:
    """Every move of `table`'s record, as the server announces them."""
    return [
        (hand, index, move)
        for hand, entry in enumerate(table.record.to_json()["hands"])
        for index, move in enumerate(entry.get("moves", []))
    ]


def test_created_on_one_joined_on_the_other_every_client_sees_every_move_once_in_order(
    redis_server: RedisServer,
) -> None:
    a, b = Server.on(redis_server.url), Server.on(redis_server.url)
    code = Inbox(a.registry).send(create_frame(["remote", "remote", "ai:greedy"], {"hands": 2}))
    code = code[0]["table"]
    ann, bob = Inbox(a.registry, "10.0.1.1"), Inbox(b.registry, "10.0.2.1")
    assert ann.send(join_frame(code, "Ann"))[0]["seat"] == 0
    watcher = Inbox(b.registry, "10.0.3.1")
    watcher.send(watch_frame(code))  # read from Redis by b
    settle(a, b)
    assert bob.send(join_frame(code, "Bob"))[0]["seat"] == 1  # b's computer moves at once
    settle(a, b)
    seats = {0: (ann, a), 1: (bob, b)}
    for _ in range(400):
        table = b.table(code)
        if table.is_over():
            break
        inbox, server = seats[table.state.current]
        replies = inbox.send(move_frame(code, first_legal_entry(server.table(code))))
        assert not [r for r in replies if r["type"] == "error"], replies
        settle(a, b)
    final = b.table(code)
    assert final.is_over() and final.record.hand_count == 2
    assert a.table(code).record == final.record
    kept = RedisStore(redis_server.url).fetch(code)
    assert kept is not None and kept.record == final.record
    for inbox in (ann, bob, watcher):
        assert moves(inbox) == recorded(final)
        assert len(inbox.of_type("over")) == 1
    assert [len(inbox.of_type("view")) for inbox in (ann, bob, watcher)] == [3, 2, 3]
    told_by_a = [m["type"] for m in ann.messages][3:]  # after Ann's joined, view, presence
    assert told_by_a == [m["type"] for m in watcher.messages][1:]  # after the watcher's view


def test_two_servers_racing_for_one_turn_accept_one_and_the_other_is_told_it(
    redis_server: RedisServer,
) -> None:
    a, b = Server.on(redis_server.url), Server.on(redis_server.url)
    code = Inbox(a.registry).send(create_frame(["remote", "remote"]))[0]["table"]
    ann, bob = Inbox(a.registry, "10.0.1.1"), Inbox(a.registry, "10.0.1.2")
    tokens = [ann.send(join_frame(code, "Ann"))[0]["token"]]
    tokens.append(bob.send(join_frame(code, "Bob"))[0]["token"])
    seat = a.table(code).state.current
    again = Inbox(b.registry, "10.0.2.1")  # the same player on b too, with the seat's token
    assert again.send(rejoin_frame(code, tokens[seat]))[0]["type"] == "joined"
    settle(a, b)
    move = move_frame(code, first_legal_entry(a.table(code)))
    first = [ann, bob][seat].send(move)  # both servers at one version: neither knows
    second = again.send(move)
    assert [m["type"] for m in first] == ["move"]
    assert [m["type"] for m in second] == ["move", "error"]  # caught up, then refused
    assert second[1]["code"] == "not-your-turn"
    settle(a, b)
    kept = RedisStore(redis_server.url).fetch(code)
    assert kept is not None and len(kept.state.moves) == 1
    for inbox in (ann, bob, again):
        assert len(inbox.of_type("move")) == 1


def test_a_computer_turn_left_waiting_by_a_server_that_is_gone_is_taken_over(
    redis_server: RedisServer,
) -> None:
    gone = Server.on(redis_server.url, silent=True)  # its computers never answer
    b = Server.on(redis_server.url)
    code = Inbox(gone.registry).send(create_frame(["remote", "remote", "ai:greedy"]))
    code = code[0]["table"]
    ann, bob = Inbox(gone.registry, "10.0.1.1"), Inbox(gone.registry, "10.0.1.2")
    token = ann.send(join_frame(code, "Ann"))[0]["token"]
    again = Inbox(b.registry, "10.0.2.1")  # Ann on b too
    again.send(rejoin_frame(code, token))
    bob.send(join_frame(code, "Bob"))  # the game starts on the server that is going
    while (table := gone.table(code)).state.current != 2:
        [ann, bob][table.state.current].send(move_frame(code, first_legal_entry(table)))
    settle(gone, b)
    waiting = len(again.of_type("move"))
    assert b.table(code).flow.computer_to_act() == 2
    b.replica.take_over()
    assert len(again.of_type("move")) == waiting  # not waited long enough
    b.clock.now += TAKEOVER_S + 1
    b.replica.take_over()
    assert len(again.of_type("move")) == waiting + 1
    assert b.table(code).state.current != 2
    settle(gone, b)
    assert moves(ann) == moves(again) == recorded(b.table(code))


def seated_on_both(url: str) -> tuple[Server, Server, dict[str, Any], Inbox, Inbox]:
    """Two servers, a table of two seats created on the first, Ann at it on the first
    and Bob on the second, each server having said which seats it holds: the servers,
    the `created` answer, Ann's connection and Bob's."""
    a, b = Server.on(url), Server.on(url)
    created = Inbox(a.registry).send(create_frame(["remote", "remote"]))[0]
    ann, bob = Inbox(a.registry, "10.0.1.1"), Inbox(b.registry, "10.0.2.1")
    ann.send(join_frame(created["table"], "Ann"))
    bob.send(join_frame(created["table"], "Bob"))
    say_presence(a, b)
    return a, b, created, ann, bob


def test_a_seat_held_on_one_server_is_connected_on_the_other_and_not_given_away(
    redis_server: RedisServer,
) -> None:
    a, b, created, ann, bob = seated_on_both(redis_server.url)
    code, host = created["table"], created["host"]
    assert ann.of_type("presence")[-1]["connected"] == [True, True]
    assert bob.of_type("presence")[-1]["connected"] == [True, True]
    giving = stand_in_frame(code, host, 0, "greedy")
    assert Inbox(b.registry).send(giving)[0]["code"] == "not-your-seat"  # Ann is on a
    a.registry.disconnect(ann.peer)
    say_presence(a, b)
    assert bob.of_type("presence")[-1]["connected"] == [False, True]
    assert Inbox(b.registry).send(giving) == []  # given: the table is told
    assert bob.of_type("view")[-1]["record"]["players"][0]["kind"] == "ai:greedy"


def test_the_seats_held_on_a_server_that_is_gone_show_away_on_the_others(
    redis_server: RedisServer,
) -> None:
    a, b, _, _, bob = seated_on_both(redis_server.url)
    assert bob.of_type("presence")[-1]["connected"] == [True, True]
    a.replica.store.client.delete(server_key(a.replica.presence.server))  # it said no more
    b.replica.keep_presence()
    assert bob.of_type("presence")[-1]["connected"] == [False, True]


def say_frame(table: str, text: str) -> str:
    return json.dumps({"type": "say", "table": table, "text": text})


def test_a_line_said_on_one_server_reaches_every_client_on_the_other_once_in_order(
    redis_server: RedisServer,
) -> None:
    a, b, created, ann, bob = seated_on_both(redis_server.url)
    code = created["table"]
    watcher = Inbox(b.registry, "10.0.3.1")
    watcher.send(watch_frame(code))
    for number, text in enumerate(("hello", "hello", "good luck")):
        a.clock.now += 1.5  # one line a second
        assert ann.send(say_frame(code, text))[-1]["text"] == text
        if number != 1:
            settle(a, b)
    settle(a, b)
    for inbox in (ann, bob, watcher):
        said = inbox.of_type("said")
        assert [(line["seat"], line["name"], line["text"]) for line in said] == [
            (0, "Ann", "hello"),
            (0, "Ann", "hello"),
            (0, "Ann", "good luck"),
        ]
    fresh = Inbox(b.registry, "10.0.4.1")
    fresh.send(watch_frame(code))
    assert [line["text"] for line in fresh.of_type("view")[-1]["chat"]] == [
        "hello",
        "hello",
        "good luck",
    ]


def test_a_later_copy_whose_hand_clock_was_written_apart_goes_on_without_a_view() -> None:
    """The replica compares what was played (stocks, moves, results): a later copy of a
    timed table whose hand clock another server wrote at another moment is the same game,
    and its followers get its moves, not a new view."""
    registry = Registry(ManualClock(), limits=ROOMY, deal=dealer())
    rules = {"variant": "club", "time_limit_s": 600}
    table, holders, _tokens = open_table(registry, ["remote", "remote"], rules)
    earlier = table.saved_text()
    for _ in range(3):
        holders[table.state.current].send(move_frame(table.code, first_legal_entry(table)))
    saved = json.loads(table.saved_text())
    saved["hands"][-1]["clock_s"] += 5
    later = NetTable.from_saved(json.dumps(saved))
    frames = [json.loads(f) for f in differences(NetTable.from_saved(earlier), later, repr)]
    assert [frame["type"] for frame in frames].count("move") == 3
    assert "view" not in [frame["type"] for frame in frames]
