"""Chat at a club's table on real servers (docs/protocol.md "Chat"): a line costs its own
size in the store, never a rewrite of the table's save."""

from __future__ import annotations

import json
from pathlib import Path

import redis
from websockets.sync.client import ClientConnection, connect

from game.net.messages import join_frame
from game.net.tables.redis_store import journal_key, table_key
from tests.net_process import Player, end, start_server
from tests.test_net_club import key
from tools.redis_server import RedisServer

LINE = "a line of chat, " * 12 + "the end."
"""About 200 characters."""


def seated_pair(on_ann: ClientConnection, on_bob: ClientConnection) -> tuple[Player, Player]:
    """Ann (who opens the table) and Bob, on connections of their own, seated at a table
    of two."""
    ann = Player(on_ann, "")
    ann.ask(json.dumps({"type": "hello", "name": "Ann", "key": key(1)}), "welcome")
    create = {"type": "create", "players": 2, "seats": ["remote"] * 2, "rules": {"hands": 2}}
    code = ann.table = ann.ask(json.dumps(create), "created")["table"]
    ann.ask(join_frame(code, "Ann"), "view")
    bob = Player(on_bob, code)
    bob.ask(json.dumps({"type": "hello", "name": "Bob", "key": key(2)}), "welcome")
    bob.ask(join_frame(code, "Bob"), "view")
    return ann, bob


def say(player: Player, text: str) -> None:
    said = player.ask(json.dumps({"type": "say", "table": player.table, "text": text}), "said")
    assert said["text"] == text


def test_a_line_of_chat_is_appended_to_the_tables_journal_on_files(tmp_path: Path) -> None:
    """Before, each line rewrote the table's whole save (400 KB a line at 250 hands)."""
    server, address = start_server(tmp_path / "home")
    try:
        with connect(address) as on_ann, connect(address) as on_bob:
            ann, bob = seated_pair(on_ann, on_bob)
            code = ann.table
            save = tmp_path / "home" / "tables" / f"{code}.contack.json"
            journal = save.with_name(f"{code}.moves")
            before = save.stat()
            say(bob, LINE)
    finally:
        assert "Traceback" not in end(server)
    after = save.stat()
    assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns)
    (written,) = journal.read_text().splitlines()
    assert json.loads(written)["said"]["text"] == LINE and len(written) < len(LINE) + 100
    again, again_address = start_server(tmp_path / "home")  # the line outlives a restart
    try:
        with connect(again_address, max_size=2**24) as watching:
            watcher = Player(watching, code)
            view = watcher.ask(json.dumps({"type": "watch", "table": code}), "view")
    finally:
        end(again)
    assert [line["text"] for line in view["chat"]] == [LINE]


def test_a_line_of_chat_is_pushed_to_the_tables_journal_in_redis(
    redis_server: RedisServer, tmp_path: Path
) -> None:
    """Before, each line wrote the table's whole save to Redis (340 KB at 250 hands)."""
    server, address = start_server(tmp_path / "home", None, "--store", redis_server.url)
    store = redis.Redis.from_url(redis_server.url, decode_responses=True)
    try:
        with connect(address) as on_ann, connect(address) as on_bob:
            ann, _ = seated_pair(on_ann, on_bob)
            save = store.hget(table_key(ann.table), "save")
            say(ann, LINE)
            assert store.hget(table_key(ann.table), "save") == save
            (written,) = store.lrange(journal_key(ann.table), 0, -1)
        assert json.loads(written)["said"]["text"] == LINE and len(written) < len(LINE) + 100
    finally:
        store.close()
        assert "Traceback" not in end(server)


def heard(player: Player) -> tuple[set[str], list[str]]:
    """The lines said that `player`'s connection hears, and the codes of its refusals, up
    to the answer of a `mine` sent after its line (one line said is awaited)."""
    lines: set[str] = set()
    refused: list[str] = []
    answered = False
    while not (lines and answered):
        message = player.read()
        lines |= {message["text"]} if message["type"] == "said" else set()
        refused += [message["code"]] if message["type"] == "error" else []
        answered = answered or message["type"] == "my-tables"
    return lines, refused


def test_one_player_says_one_line_a_second_whichever_server_and_connection_says_it(
    redis_server: RedisServer, tmp_path: Path
) -> None:
    """Ann holds her seat on one server and watches her table from the other, and says a
    line on each at once: one is said, the other is too fast (before: each connection
    had its own second, 16 lines in 10 s from two servers, 9.8 a second from 10
    watchers)."""
    first, first_address = start_server(tmp_path / "a", None, "--store", redis_server.url)
    second, second_address = start_server(tmp_path / "b", None, "--store", redis_server.url)
    try:
        with (
            connect(first_address) as on_ann,
            connect(first_address) as on_bob,
            connect(second_address) as elsewhere,
        ):
            ann, _ = seated_pair(on_ann, on_bob)
            watching = Player(elsewhere, ann.table)
            watching.ask(json.dumps({"type": "hello", "name": "Ann", "key": key(1)}), "welcome")
            watching.ask(json.dumps({"type": "watch", "table": ann.table}), "view")
            for player, text in ((ann, "one"), (watching, "two")):
                player.connection.send(
                    json.dumps({"type": "say", "table": ann.table, "text": text})
                )
            for player in (ann, watching):
                player.connection.send(json.dumps({"type": "mine"}))
            (seated_lines, seated_refused), (watching_lines, watching_refused) = map(
                heard, (ann, watching)
            )
    finally:
        assert "Traceback" not in end(first) + end(second)
    assert len(seated_lines) == 1 and seated_lines == watching_lines  # one line, said to both
    assert seated_refused + watching_refused == ["too-fast"]
