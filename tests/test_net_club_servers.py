"""Version 2 across several servers on one Redis: one players' book for all
(game/net/tables/redis_book.py), a rated game's changes kept once whoever rates it."""

from __future__ import annotations

import json
from typing import Any

from game.net.tables.players import Card, CardsChanged, key_hash
from game.net.tables.redis_book import RedisBook
from tests.net_helpers import Inbox, Server, first_legal_entry, settle
from tests.test_net_club import key
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
    assert [card.pid for card in second.best(100)] == [ann.pid, bob.pid]


def test_the_book_in_redis_keeps_a_keys_hash_never_the_key(redis_server: RedisServer) -> None:
    book = RedisBook(redis_server.url)
    card = book.enter(key(7), "Gil")
    client = book.client
    everything = {name: client.hgetall(name) for name in client.keys("*")}
    assert key(7) not in json.dumps(everything)
    assert everything["contack:player-keys"] == {key_hash(key(7)): card.pid}
