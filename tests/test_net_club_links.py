"""A player's key on any computer (docs/protocol.md "Version 3", "Your key on any
computer") on the table server, without a network: a link code binds a second
computer's new key to the same player once, within ten minutes; replacing a key ends
every other key of the player, for good, across a restart; hostile messages are refused
in one line and change nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.net.key_messages import CODE_ALPHABET, CODE_LENGTH, shown_code, typed_code
from game.net.tables.key_news import CHANNEL, KeyNews
from game.net.tables.keys import CODE_LASTS_S
from game.net.tables.players import FileBook, MemoryBook, PlayerBook, key_hash
from game.net.tables.redis_book import RedisBook
from game.net.tables.registry import Registry
from tests.net_helpers import ROOMY, Inbox, ManualClock, dealer
from tests.test_net_club import club, create, hello, key
from tools.redis_server import RedisServer


def code_of(inbox: Inbox) -> str:
    (answer,) = inbox.send({"type": "link-code"})
    assert answer["type"] == "link-code", answer
    assert answer["expires_s"] == CODE_LASTS_S
    code: str = answer["code"]
    return code


def link(registry: Registry, code: str, number: int, address: str = "10.9.0.1") -> dict[str, Any]:
    """A connection that said no hello links the new key `key(number)` with `code`."""
    (answer,) = Inbox(registry, address).send({"type": "link", "code": code, "key": key(number)})
    return answer


def said_hello(registry: Registry, number: int) -> dict[str, Any]:
    (answer,) = Inbox(registry).send({"type": "hello", "name": "Ann", "key": key(number)})
    return answer


def test_a_link_code_binds_a_second_computers_new_key_to_the_same_player_and_seats() -> None:
    registry = club()
    ann = hello(registry, "Ann", 1)
    table = create(ann)
    ann.send({"type": "join", "table": table, "name": "Ann"})
    mine = ann.send({"type": "mine"})[0]
    code = code_of(ann)
    assert len(code) == CODE_LENGTH and set(code) <= set(CODE_ALPHABET)

    linked = link(registry, shown_code(code).lower(), 2)  # as a player may type it
    assert linked == {"type": "linked", "player": ann.messages[0]["player"]}
    second = hello(registry, "Ann", 2)
    assert second.messages[0]["player"] == ann.messages[0]["player"]
    assert second.send({"type": "mine"})[0] == mine
    assert said_hello(registry, 1)["player"] == ann.messages[0]["player"]  # the first too


def test_a_used_an_expired_or_an_earlier_code_is_refused_and_binds_nothing() -> None:
    clock = ManualClock()
    registry = club(clock)
    ann = hello(registry, "Ann", 1)
    used = code_of(ann)
    assert link(registry, used, 2)["type"] == "linked"
    assert link(registry, used, 3)["code"] == "bad-code"
    earlier, later = code_of(ann), code_of(ann)
    assert link(registry, earlier, 3)["code"] == "bad-code"  # a new code ends the one before
    clock.now += CODE_LASTS_S + 1
    assert link(registry, later, 3)["code"] == "bad-code"
    assert said_hello(registry, 3)["player"] != ann.messages[0]["player"]


def test_a_replaced_key_and_every_linked_one_are_refused_and_the_new_one_is_the_player() -> None:
    registry = club()
    ann = hello(registry, "Ann", 1)
    pid = ann.messages[0]["player"]
    assert link(registry, code_of(ann), 2)["type"] == "linked"
    waiting = code_of(ann)  # a code given before the key is replaced binds nothing after

    second = hello(registry, "Ann", 2)
    assert second.send({"type": "replace-key", "key": key(3)}) == [
        {"type": "new-key", "player": pid}
    ]
    for old in (1, 2):
        refused = said_hello(registry, old)
        assert refused["code"] == "old-key" and "\n" not in refused["message"]
    assert said_hello(registry, 3)["player"] == pid
    assert link(registry, waiting, 4)["code"] == "bad-code"
    for asked in ({"type": "mine"}, {"type": "link-code"}, {"type": "replace-key", "key": key(5)}):
        assert ann.send(asked)[0]["code"] == "no-player"  # the thief's open connection
    assert second.send({"type": "mine"})[0]["type"] == "my-tables"  # says the new key now
    assert code_of(second)
    assert said_hello(registry, 3)["player"] == pid


def test_a_connection_of_a_key_replaced_on_another_server_may_not_give_a_code() -> None:
    book = MemoryBook()  # two servers of one book
    one, other = (Registry(ManualClock(), limits=ROOMY, deal=dealer(), book=book) for _ in "ab")
    ann, thief = hello(one, "Ann", 1), hello(other, "Ann", 1)
    assert ann.send({"type": "replace-key", "key": key(2)})[0]["type"] == "new-key"
    assert thief.send({"type": "link-code"})[0]["code"] == "old-key"
    assert thief.send({"type": "replace-key", "key": key(3)})[0]["code"] == "old-key"
    assert said_hello(other, 2)["player"] == ann.messages[0]["player"]


def test_replaced_keys_stay_refused_across_a_restart(tmp_path: Path) -> None:
    registry = club(home=tmp_path)
    ann = hello(registry, "Ann", 1)
    ann.send({"type": "replace-key", "key": key(2)})
    again = club(home=tmp_path)
    assert said_hello(again, 1)["code"] == "old-key"
    assert said_hello(again, 2)["player"] == ann.messages[0]["player"]


@pytest.mark.parametrize(
    "message",
    [
        {"type": "link", "code": "ABCD", "key": key(2)},
        {"type": "link", "code": "ABCDEFGU", "key": key(2)},
        {"type": "link", "code": "A" * 400, "key": key(2)},
        {"type": "link", "code": 12345678, "key": key(2)},
        {"type": "link", "key": key(2)},
        {"type": "link", "code": "ABCDEFGH", "key": "short"},
        {"type": "replace-key", "key": "k" * 129},
        {"type": "replace-key"},
    ],
)
def test_a_bad_link_or_replace_is_refused_in_one_line_and_changes_nothing(
    message: dict[str, Any],
) -> None:
    registry = club()
    ann = hello(registry, "Ann", 1)
    code = code_of(ann)
    (refused,) = ann.send(message)
    assert refused["code"] == "bad-message" and "\n" not in refused["message"]
    assert link(registry, code, 2)["type"] == "linked"
    assert said_hello(registry, 1)["player"] == ann.messages[0]["player"]


def test_a_key_already_someones_is_not_bound_nor_made_the_only_key() -> None:
    registry = club()
    ann, bob = hello(registry, "Ann", 1), hello(registry, "Bob", 2)
    assert link(registry, code_of(ann), 2)["code"] == "bad-message"
    assert ann.send({"type": "replace-key", "key": key(2)})[0]["code"] == "bad-message"
    assert said_hello(registry, 2)["player"] == bob.messages[0]["player"]
    assert said_hello(registry, 1)["player"] == ann.messages[0]["player"]


def test_codes_and_replacing_need_hello_and_count_as_attempts() -> None:
    registry = Registry(ManualClock(), limits=ROOMY, deal=dealer(), book=MemoryBook())
    stranger = Inbox(registry)
    assert stranger.send({"type": "link-code"})[0]["code"] == "no-player"
    assert stranger.send({"type": "replace-key", "key": key(2)})[0]["code"] == "no-player"
    tight = Registry(ManualClock(), deal=dealer(), book=MemoryBook())
    guesses = [link(tight, "ABCDEFGH", 10 + n)["code"] for n in range(12)]
    assert guesses[0] == "bad-code" and guesses[-1] == "too-fast"


def test_what_a_player_types_is_read_as_crockford_reads_it() -> None:
    assert typed_code(" abcd-efgh ") == "ABCDEFGH"
    assert typed_code("oOiI-lL23") == "00111123"
    assert typed_code("ABCD-EFGU") is None
    assert typed_code("ABCDEFG") is None


def test_every_book_binds_replaces_and_keeps_replaced_keys(
    redis_server: RedisServer, tmp_path: Path
) -> None:
    books: list[PlayerBook] = [MemoryBook(), FileBook(tmp_path), RedisBook(redis_server.url)]
    for book in books:
        ann, bob = book.enter(key(1), "Ann"), book.enter(key(2), "Bob")
        assert book.bind(key_hash(key(3)), ann.pid)
        assert not book.bind(key_hash(key(2)), ann.pid)  # Bob's
        assert book.enter(key(3), "Ann").pid == ann.pid
        assert not book.replace(ann.pid, key_hash(key(4)), key_hash(key(2)))  # not Ann's key
        assert book.replace(ann.pid, key_hash(key(4)), key_hash(key(3)))
        assert [book.replaced(key_hash(key(n))) for n in (1, 2, 3, 4)] == [True, False, True, False]
        assert not book.bind(key_hash(key(1)), ann.pid)  # replaced for good
        assert book.enter(key(4), "Ann").pid == ann.pid
        assert book.enter(key(2), "Bob").pid == bob.pid
        book.offer(ann.pid, "first", 0.0, CODE_LASTS_S)
        book.offer(ann.pid, "second", 0.0, CODE_LASTS_S)
        assert book.redeem("first", 1.0) is None
        assert book.redeem("second", 1.0) == ann.pid
        assert book.redeem("second", 1.0) is None
    files = FileBook(tmp_path)  # the journal read again, then the book written whole
    ann_on_files = files.enter(key(4), "Ann").pid
    files._compact()
    again = FileBook(tmp_path)
    assert again.replaced(key_hash(key(3))) and not again.replaced(key_hash(key(4)))
    assert again.enter(key(4), "Ann").pid == ann_on_files


def test_a_server_that_subscribes_again_forgets_the_players_of_keys_replaced_meanwhile(
    redis_server: RedisServer,
) -> None:
    """Pub/sub keeps nothing for a server that was not listening: each (re)subscription
    looks at every key its connections said, and a player's news at theirs only."""
    one, other = (
        Registry(ManualClock(), limits=ROOMY, deal=dealer(), book=RedisBook(redis_server.url))
        for _ in "ab"
    )
    news = KeyNews(other, redis_server.url, RedisBook(redis_server.url))
    ann, there, bob = hello(one, "Ann", 1), hello(other, "Ann", 1), hello(other, "Bob", 3)
    assert ann.send({"type": "replace-key", "key": key(2)})[0]["type"] == "new-key"
    assert there.send({"type": "mine"})[0]["type"] == "my-tables"  # not listening meanwhile
    news.heard({"type": "subscribe", "channel": CHANNEL, "data": 1})
    assert there.send({"type": "mine"})[0]["code"] == "no-player"
    assert bob.send({"type": "mine"})[0]["type"] == "my-tables"
    again = hello(other, "Ann", 2)
    told = json.dumps({"player": ann.messages[0]["player"]})
    news.heard({"type": "message", "channel": CHANNEL, "data": told})
    assert again.send({"type": "mine"})[0]["type"] == "my-tables"  # its key is the new one
