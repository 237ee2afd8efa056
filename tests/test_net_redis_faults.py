"""A club's servers on a Redis that fails them (issue 51), on real redis-server processes:
a Redis flushed, or killed with nothing on its disk and started again empty, is noticed
(the club's generation, `contack:club`) and every server writes back the tables it holds,
so no announced move is lost and no two copies go two ways; a Redis that keeps nothing
on its disk, or that refuses CONFIG, is said at start; a Redis asleep (`DEBUG SLEEP`)
slows only the work that waits on it, never the server's loop."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import time
from pathlib import Path

import pytest
import redis
from websockets.sync.client import connect

from game.net.messages import create_frame, join_frame, move_frame
from game.net.tables.redis_store import RedisStore, journal_key, table_key
from tests.conftest import GUARD_S
from tests.net_helpers import Inbox, Server, bot_move, first_legal_entry, settle
from tests.net_process import Player, end, moves_of, start_server
from tests.test_net_club import create
from tests.test_net_club_process import in_threads
from tests.test_net_club_servers import hello, join
from tools.club_servers import start_servers
from tools.redis_server import RedisServer, start_redis

LOST = "lost the club's tables"


def play(code: str, seats: dict[int, Inbox], servers: tuple[Server, ...], moves: int) -> None:
    """Each seat to act plays its first legal move on its own server, `moves` times, every
    server taking in the changes after each."""
    for _ in range(moves):
        table = servers[0].table(code)
        replies = seats[table.state.current].send(
            {"type": "move", "table": code, "move": first_legal_entry(table)}
        )
        assert [r["type"] for r in replies if r["type"] == "error"] == [], replies
        settle(*servers)


def announced(inbox: Inbox) -> list[tuple[int, int]]:
    return [(move["hand"], move["index"]) for move in inbox.of_type("move")]


def two_servers_at_a_table(url: str) -> tuple[str, dict[int, Inbox], tuple[Server, Server]]:
    """Ann on server a and Bob on server b at one table, 8 moves played across them."""
    a, b = Server.on(url), Server.on(url)
    ann = hello(a, "Ann", 1)
    code = create(ann, 2, rules={"hands": 2})
    settle(b)
    bob = hello(b, "Bob", 2)
    seats = {join(ann, code)["seat"]: ann, join(bob, code)["seat"]: bob}
    settle(a, b)
    play(code, seats, (a, b), 8)
    return code, seats, (a, b)


def after_the_loss(
    url: str,
    code: str,
    seats: dict[int, Inbox],
    servers: tuple[Server, Server],
    moves_before: int = 0,
) -> None:
    """Play 4 more moves across both servers, each noticing the loss as its chores do;
    every move announced once to each seat, and the store, a and b holding one record."""
    for server in servers:
        server.replica.keep_club()
        settle(*servers)
    play(code, seats, servers, 4)
    kept = RedisStore(url).fetch(code)
    assert kept is not None
    a, b = servers
    assert kept.record == a.table(code).record == b.table(code).record
    hands = kept.record.to_json()["hands"]
    moves = [
        (hand, index)
        for hand, entry in enumerate(hands)
        for index in range(len(entry.get("moves", [])))
    ]
    assert len(moves) == 12 + moves_before
    for inbox in seats.values():
        assert announced(inbox) == moves


def test_a_flushed_redis_is_noticed_and_no_announced_move_is_lost_nor_told_twice(
    redis_server: RedisServer, capsys: pytest.CaptureFixture[str]
) -> None:
    code, seats, (a, b) = two_servers_at_a_table(redis_server.url)
    capsys.readouterr()
    redis.Redis.from_url(redis_server.url).flushall()
    b_seat = next(seat for seat, inbox in seats.items() if inbox.registry is b.registry)
    played = 0
    while a.table(code).state.current != b_seat:  # b's write is the first after the flush
        play(code, seats, (a, b), 1)
        played += 1
    after_the_loss(redis_server.url, code, seats, (a, b), played)
    said = [line for line in capsys.readouterr().err.splitlines() if LOST in line]
    assert len(said) == 2, said  # each server, once


def test_a_redis_killed_with_nothing_on_disk_and_started_empty_gets_every_table_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = start_redis(tmp_path / "redis", kept=False)
    try:
        code, seats, servers = two_servers_at_a_table(first.url)
        os.kill(first.process.pid, signal.SIGKILL)
        first.process.wait()
        port = int(first.url.rsplit(":", 1)[1].split("/")[0])
        again = start_redis(tmp_path / "redis", kept=False, port=port)
    finally:
        first.close()
    try:
        assert redis.Redis.from_url(again.url).keys("*") == []
        capsys.readouterr()
        after_the_loss(again.url, code, seats, servers)
        said = [line for line in capsys.readouterr().err.splitlines() if LOST in line]
        assert len(said) == 2, said
    finally:
        again.close()


def said_lost(server: subprocess.Popen[str]) -> str:
    """The line in which `server` says its store lost the club's tables (read as it
    comes)."""
    assert server.stderr is not None
    while LOST not in (line := server.stderr.readline()):
        assert line, "the server ended without saying so"
    return line


def test_two_real_servers_playing_through_a_flushed_redis_lose_no_announced_move(
    redis_server: RedisServer, tmp_path: Path
) -> None:
    """Ann on one `python -m game.server`, Bob on another, each in its threads: 4 moves,
    Redis flushed, 4 more, none refused; Redis holds every move announced, and each
    server said what happened."""
    servers = [start_server(tmp_path / name, None, "--store", redis_server.url) for name in "ab"]
    try:
        with connect(servers[0][1]) as on_a, connect(servers[1][1]) as on_b:
            created = Player(on_a, "").ask(
                create_frame(["remote", "remote"], {"hands": 2}), "created"
            )
            ann, bob = Player(on_a, created["table"]), Player(on_b, created["table"])
            ann.ask(join_frame(ann.table, "Ann"), "view")
            bob.ask(join_frame(bob.table, "Bob"), "view")
            assert in_threads(lambda: ann.play(4), lambda: bob.play(4)) == [None, None]
            redis.Redis.from_url(redis_server.url).flushall()
            assert in_threads(lambda: ann.play(4), lambda: bob.play(4)) == [None, None]
            said = [said_lost(server) for server, _ in servers]
        told = ann.moves()
        assert len(told) == 8 and bob.moves() == told
    finally:
        logs = [end(server) for server, _ in servers]
    kept = RedisStore(redis_server.url).fetch(ann.table)
    assert kept is not None and moves_of(kept.record.to_json()) == told
    assert all(line.startswith("table server: the store redis://") for line in said)
    assert "Traceback" not in "".join(logs), logs


def test_a_redis_that_keeps_nothing_on_its_disk_is_said_in_one_line_at_start(
    tmp_path: Path,
) -> None:
    forgetful = start_redis(tmp_path / "redis", kept=False)
    try:
        server, _ = start_server(tmp_path / "home", None, "--store", forgetful.url)
        said = end(server).splitlines()
    finally:
        forgetful.close()
    assert said == [
        "table server: the store keeps nothing on its disk (appendonly no, no save): a "
        "restart of Redis loses every table and player; run it with appendonly yes"
    ]


def test_a_redis_keeping_only_snapshots_is_told_and_one_refusing_config_is_said(
    redis_server: RedisServer,
) -> None:
    store = RedisStore(redis_server.url)
    assert store.durability() == ""
    client = redis.Redis.from_url(redis_server.url)
    client.config_set("appendonly", "no")
    client.config_set("save", "3600 1")
    assert store.durability() == (
        "the store keeps only snapshots on its disk (appendonly no, save 3600 1): a "
        "restart of Redis loses the changes since the last; run it with appendonly yes"
    )
    client.acl_setuser(
        "player", enabled=True, passwords=["+secret"], keys=["*"], commands=["+@all", "-config"]
    )
    refused = RedisStore(redis_server.url.replace("//", "//player:secret@")).durability()
    assert refused.startswith("cannot ask the store whether it keeps the club on its disk (")


def test_a_redis_asleep_slows_only_the_work_that_waits_on_it_never_the_loop(
    tmp_path: Path,
) -> None:
    """A move waits on a Redis asleep for 3 s; a lobby asked for meanwhile on another
    connection is answered at once, and the server's loop is never late by a second."""
    servers = start_servers(tmp_path, "redis", 1)
    try:
        assert servers.redis is not None
        with connect(servers.addresses[0]) as seated, connect(servers.addresses[0]) as looker:
            seated.send(create_frame(["remote", "remote"]))
            code = json.loads(seated.recv(timeout=GUARD_S))["table"]
            player = Player(seated, code)
            for name in ("Ann", "Bob"):
                player.ask(join_frame(code, name), "presence")
            move = bot_move(player.mirror, player.seats)
            assert move is not None
            servers.measure()
            host, port = servers.redis.url.removeprefix("redis://").split("/")[0].split(":")
            with socket.create_connection((host, int(port)), timeout=GUARD_S) as sleeper:
                sleeper.sendall(b"PING\r\n")  # Redis has taken the connection in
                assert sleeper.recv(16) == b"+PONG\r\n"
                sleeper.sendall(b"DEBUG SLEEP 3\r\n")
                seated.send(move_frame(code, move[1]))
                asked = time.monotonic()
                looker.send(json.dumps({"type": "lobby", "follow": False}))
                lobby = json.loads(looker.recv(timeout=GUARD_S))
                lobby_s = time.monotonic() - asked
                while (answer := player.read())["type"] not in ("move", "error"):
                    pass
                move_s = time.monotonic() - asked
                assert sleeper.recv(16) == b"+OK\r\n"
            servers.measure(False)
    finally:
        figures = servers.stop()
    assert lobby["type"] == "lobby" and answer["type"] in ("move", "error")
    assert lobby_s < 1.0 < move_s, (lobby_s, move_s)
    assert figures[0]["lag_ms_max"] < 1000, figures


def test_a_redis_gone_back_to_an_older_copy_of_a_table_gets_the_later_one_back(
    redis_server: RedisServer,
) -> None:
    """Redis restored from an older snapshot of a table (its club the same): the next
    write finds the store behind, writes the table back, and goes on; nothing lost."""
    url = redis_server.url
    code, seats, servers = two_servers_at_a_table(url)
    client = redis.Redis.from_url(url)
    older = {}
    for key in (table_key(code), journal_key(code)):
        dumped = client.dump(key)
        assert isinstance(dumped, bytes)
        older[key] = dumped
    play(code, seats, servers, 4)
    for key, kept_then in older.items():
        client.restore(key, 0, kept_then, replace=True)
    play(code, seats, servers, 2)
    kept = RedisStore(url).fetch(code)
    assert kept is not None
    assert kept.record == servers[0].table(code).record == servers[1].table(code).record
    assert len(announced(seats[0])) == 14 == len(list(moves_of(kept.record.to_json())))
