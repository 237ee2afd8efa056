"""Version 2 across several servers on one Redis, in this process (two registries, each
with its own Redis clients, on one real redis-server): one players' book for all
(game/net/tables/redis_book.py), a rated game's changes kept once whoever sees its end,
the lobby and `mine` of the whole club on every server, and a seat out of its days
played by one server's stand-in."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from game.net.tables.players import Card, CardsChanged, key_hash
from game.net.tables.redis_book import RedisBook
from game.net.tables.redis_store import RedisStore
from tests.net_helpers import Inbox, Server, first_legal_entry, settle
from tests.test_net_club import DAY, create, key
from tools.redis_server import RedisServer


def hello(server: Server, name: str, number: int) -> Inbox:
    inbox = Inbox(server.registry, f"10.0.{number}.1")
    (welcome,) = inbox.send({"type": "hello", "name": name, "key": key(number)})
    assert welcome["type"] == "welcome", welcome
    return inbox


def join(inbox: Inbox, code: str) -> dict[str, Any]:
    joined: dict[str, Any] = inbox.send({"type": "join", "table": code, "name": "x"})[0]
    assert joined["type"] == "joined", joined
    return joined


def play_across(code: str, seats: dict[int, Inbox], *servers: Server) -> None:
    """Each seat plays its first legal move on its connection's server until the game
    ends, every server taking in the changes after each."""
    for _ in range(2000):
        table = servers[0].table(code)
        if table.is_over():
            return
        inbox = seats[table.state.current]
        replies = inbox.send({"type": "move", "table": code, "move": first_legal_entry(table)})
        assert not [r for r in replies if r["type"] == "error"], replies
        settle(*servers)
    raise AssertionError("the game did not end")


@pytest.mark.usefixtures("everyone_established")
def test_one_key_is_one_player_on_every_server_and_a_game_rated_on_one_shows_on_the_other(
    redis_server: RedisServer,
) -> None:
    a, b = Server.on(redis_server.url), Server.on(redis_server.url)
    ann, again = hello(a, "Ann", 1), hello(b, "Annie", 1)
    assert again.messages[0]["player"] == ann.messages[0]["player"]
    bob = hello(b, "Bob", 2)
    code = create(ann, rated=True, rules={"hands": 1})
    settle(b)
    seats = {join(ann, code)["seat"]: ann, join(bob, code)["seat"]: bob}
    settle(a, b)
    play_across(code, seats, a, b)
    (over_a,), (over_b,) = ann.of_type("over"), bob.of_type("over")
    assert over_a["ratings"] == over_b["ratings"]
    for board in (
        again.send({"type": "ratings"})[0]["players"],
        hello(a, "Cy", 3).send({"type": "ratings"})[0]["players"],
    ):
        assert sorted(p["name"] for p in board) == ["Annie", "Bob"]  # the last hello's name
        assert all(p["games"] == 1 for p in board)
    welcome = hello(b, "Ann", 1).messages[0]
    mine = next(r for r in over_a["ratings"] if r["player"] == welcome["player"])
    assert welcome["rating"] == mine["after"]


@pytest.mark.usefixtures("everyone_established")
def test_a_game_is_rated_once_whichever_server_rates_it_and_never_from_stale_ratings(
    redis_server: RedisServer,
) -> None:
    first, second = RedisBook(redis_server.url), RedisBook(redis_server.url)
    ann, bob = first.enter(key(1), "Ann"), second.enter(key(2), "Bob")
    won = [Card(ann.pid, "Ann", 30.0, 7.0, 1), Card(bob.pid, "Bob", 20.0, 7.0, 1)]
    lost = [Card(ann.pid, "Ann", 20.0, 7.0, 1), Card(bob.pid, "Bob", 30.0, 7.0, 1)]
    told = [{"player": ann.pid, "before": 1000, "after": 1040}]
    assert first.rated("g1", told, won) == told  # type: ignore[arg-type]
    assert second.rated("g1", [], lost) == told  # the second server sees the same end
    assert second.card(ann.pid) == won[0] and first.card(bob.pid) == won[1]
    try:  # rated from the cards of before g1: its players' cards changed meanwhile
        second.rated("g2", [], lost)
    except CardsChanged:
        pass
    else:
        raise AssertionError("a game was rated from stale cards")
    assert second.game("g2") is None and first.card(ann.pid) == won[0]
    assert [card.pid for card in second.board(0, 100).cards] == [ann.pid, bob.pid]


@pytest.mark.usefixtures("everyone_established")
def test_a_rated_game_ended_on_a_server_that_stopped_before_rating_is_rated_by_another(
    redis_server: RedisServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    a, b = Server.on(redis_server.url), Server.on(redis_server.url)
    ann, bob = hello(a, "Ann", 1), hello(a, "Bob", 2)
    code = create(ann, rated=True, rules={"hands": 1})
    seats = {join(ann, code)["seat"]: ann, join(bob, code)["seat"]: bob}
    settle(a, b)
    watcher = Inbox(b.registry, "10.0.9.1")
    watcher.send({"type": "watch", "table": code})
    monkeypatch.setattr(a.registry.club, "rate", lambda table: False)  # it stops first
    play_across(code, seats, a, b)
    assert "ratings" not in ann.of_type("over")[-1]
    (over,) = watcher.of_type("over")
    assert [r["before"] for r in over["ratings"]] == [1000, 1000]
    board = hello(b, "Cy", 3).send({"type": "ratings"})[0]["players"]
    assert sorted(p["name"] for p in board) == ["Ann", "Bob"]


@pytest.mark.usefixtures("everyone_established")
def test_the_board_comes_in_pages_and_me_is_the_page_the_asking_player_is_on(
    redis_server: RedisServer,
) -> None:
    a, b = Server.on(redis_server.url), Server.on(redis_server.url)
    book = RedisBook(redis_server.url)
    for number in range(12):  # P00 the best, P11 the last
        card = book.enter(key(number), f"P{number:02}")
        book.rated(f"g{number}", [], [replace(card, mu=40.0 - number, games=1)])
    first = hello(a, "P00", 0)
    pages = [first.send({"type": "ratings", "page": n, "per_page": 5})[0] for n in (1, 2, 3)]
    assert [[row["name"] for row in page["players"]] for page in pages] == [
        [f"P{n:02}" for n in range(5)],
        [f"P{n:02}" for n in range(5, 10)],
        ["P10", "P11"],
    ]
    assert [(p["page"], p["total"], p["more"], p["me"]) for p in pages] == [
        (1, 12, True, 1),
        (2, 12, True, 1),
        (3, 12, False, 1),
    ]
    mine = hello(b, "P07", 7).send({"type": "ratings", "me": True, "per_page": 5})[0]
    assert (mine["page"], mine["me"]) == (2, 8) and mine["players"][2]["name"] == "P07"
    new = hello(b, "Nea", 50).send({"type": "ratings", "me": True, "per_page": 5})[0]
    assert (new["page"], new["me"], len(new["players"])) == (1, None, 5)  # not on the board
    assert Inbox(b.registry).send({"type": "ratings", "me": True})[0]["code"] == "no-player"
    old = Inbox(a.registry).send({"type": "ratings"})[0]  # as a client before pages asks
    assert (len(old["players"]), old["per_page"], old["more"], old["me"]) == (12, 100, False, None)
    past = first.send({"type": "ratings", "page": 9, "per_page": 5})[0]
    assert past["page"] == 3 and [row["name"] for row in past["players"]] == ["P10", "P11"]


def test_a_public_table_opened_on_one_server_is_in_the_others_lobby_and_mine(
    redis_server: RedisServer,
) -> None:
    a, b = Server.on(redis_server.url), Server.on(redis_server.url)  # both started first
    follower = hello(b, "Dee", 4)
    assert follower.send({"type": "lobby"})[0]["tables"] == []
    ann = hello(a, "Ann", 1)
    code = create(ann, 3, public=True, pace={"days": 2})
    token = join(ann, code)["token"]
    settle(b)
    b.clock.now += 1
    b.registry.club.lobby.tell()
    (entry,) = follower.of_type("lobby")[-1]["tables"]
    assert (entry["table"], entry["free"], entry["pace"]) == (code, 2, {"days": 2})
    (seat,) = hello(b, "Ann", 1).send({"type": "mine"})[0]["tables"]
    assert (seat["table"], seat["token"], seat["pace"]) == (code, token, {"days": 2})
    join(follower, code)  # joined on b, and seen so on a
    settle(a)
    (entry,) = hello(a, "Eve", 5).send({"type": "lobby"})[0]["tables"]
    assert entry["free"] == 1


def test_each_servers_lobby_filters_and_pages_the_whole_clubs_tables(
    redis_server: RedisServer,
) -> None:
    a, b = Server.on(redis_server.url), Server.on(redis_server.url)
    codes = [
        create(hello(a, f"Host {n}", 10 + n), 2 + n % 3, public=True, rated=n % 2 == 0)
        for n in range(6)
    ]  # on a: 2, 3, 4, 2, 3, 4 seats, every other rated
    settle(b)
    follower = hello(b, "Dee", 4)
    (rated,) = follower.send({"type": "lobby", "rated": True, "per_page": 2})
    assert (rated["total"], rated["more"], len(rated["tables"])) == (3, True, 2)
    (last,) = follower.send({"type": "lobby", "rated": True, "per_page": 2, "page": 2})
    shown = {entry["table"] for entry in rated["tables"] + last["tables"]}
    assert shown == {codes[0], codes[2], codes[4]} and not last["more"]
    (threes,) = follower.send({"type": "lobby", "players": 3, "free": 3})
    assert {entry["table"] for entry in threes["tables"]} == {codes[1], codes[4]}
    join(hello(a, "Eve", 5), codes[4])  # on a: a seat of a three taken, so 2 free
    settle(b)
    b.clock.now += 1  # b lists its lobby again
    b.registry.club.lobby.tell()
    (entry,) = follower.of_type("lobby")[-1]["tables"]  # it follows its last page
    assert entry["table"] == codes[1]


def test_a_seat_out_of_its_days_is_played_once_when_every_server_sweeps(
    redis_server: RedisServer,
) -> None:
    a, b = Server.on(redis_server.url), Server.on(redis_server.url)
    ann, bob = hello(a, "Ann", 1), hello(b, "Bob", 2)
    code = create(ann, pace={"days": 1})
    settle(b)
    join(ann, code)
    join(bob, code)
    settle(a, b)
    for server in (a, b):
        server.clock.now += 2 * DAY
    a.registry.sweep()
    b.registry.sweep()  # its copy at the same version: its stand-in's move is stale
    settle(a, b)
    b.registry.sweep()  # the next seat has its own day: nothing more
    settle(a, b)
    kept = RedisStore(redis_server.url).fetch(code)
    assert kept is not None and len(kept.state.moves) == 1
    for inbox in (ann, bob):
        assert [m["index"] for m in inbox.of_type("move")] == [0]
    assert a.table(code).record == b.table(code).record == kept.record


def test_the_book_in_redis_keeps_a_keys_hash_never_the_key(redis_server: RedisServer) -> None:
    book = RedisBook(redis_server.url)
    card = book.enter(key(7), "Gil")
    client = book.client
    everything = {  # the players' keys, and each player's keys (a set)
        name: sorted(client.smembers(name)) if client.type(name) == "set" else client.hgetall(name)
        for name in client.keys("*")
    }
    assert key(7) not in json.dumps(everything)
    assert everything["contack:player-keys"] == {key_hash(key(7)): card.pid}


def test_a_line_said_over_a_change_made_on_another_server_is_said_once(
    redis_server: RedisServer,
) -> None:
    """Bob joins on b, and Ann at once says a line on a, whose copy has not taken Bob's
    join in yet: a takes it in and says the line then (it was refused 'too-fast', as the
    first try had counted it)."""
    a, b = Server.on(redis_server.url), Server.on(redis_server.url)
    ann = hello(a, "Ann", 1)
    code = create(ann, 2)
    join(ann, code)
    settle(b)
    bob = hello(b, "Bob", 2)
    join(bob, code)  # not taken in on a yet
    replies = ann.send({"type": "say", "table": code, "text": "good luck"})
    assert [reply["type"] for reply in replies if reply["type"] in ("said", "error")] == ["said"]
    settle(b)
    assert [said["text"] for said in bob.of_type("said")] == ["good luck"]
