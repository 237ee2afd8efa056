"""A real `python -m game.server` under the attacks of issue 38: self-playing tables of
masters beside a friends' table, a client that never reads, and idle connections past
the descriptor limit. Each wait is bounded (`GUARD_S`); nothing sleeps."""

from __future__ import annotations

import asyncio
import json
import socket
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect
from websockets.sync.client import ClientConnection
from websockets.sync.client import connect as sync_connect

from game.net.messages import create_frame, join_frame, watch_frame
from game.net.tables.store import TableStore
from tests.conftest import GUARD_S
from tests.net_clients import Bot
from tests.net_process import (
    LIMITS,
    Player,
    descriptor_limit,
    end,
    moves_of,
    start_server,
)

HOSTILE = "127.0.1.1"
FRIENDS = "127.0.2.1"


async def opened(url: str, source: str, seats: list[str]) -> str:
    async with connect(url, local_addr=(source, 0)) as host:
        await host.send(create_frame(seats, {"hands": 1000}))
        code: str = json.loads(await host.recv())["table"]
        return code


async def hostile_tables(
    url: str, count: int
) -> tuple[list[str], list[asyncio.Task[dict[str, Any]]]]:
    """`count` tables of one network, each a seat it plays at once and six masters:
    their codes and the tasks playing them."""
    codes = [await opened(url, HOSTILE, ["remote"] + ["ai:master"] * 6) for _ in range(count)]
    bots = [await Bot.joining(url, code, "Eve", HOSTILE) for code in codes]
    return codes, [asyncio.create_task(bot.play()) for bot in bots]


async def waits_for_the_computer(friend: Bot, answers: int) -> list[int]:
    """For each of `answers` turns of seat 1 (the computer) at `friend`'s table: how many
    moves of other tables `friend` watches came between the move that gave it the turn
    and its answer (one connection sees every table's moves in the server's order)."""
    between: list[int] = []
    waiting: int | None = None
    while len(between) < answers:
        await friend.move_if_mine()
        message = await friend.read()
        if message["type"] != "move":
            continue
        if message["table"] != friend.table:
            waiting = None if waiting is None else waiting + 1
        elif message["move"]["player"] == 1 and waiting is not None:
            between.append(waiting)
            waiting = None
        elif friend.mirror is not None and friend.mirror.state.current == 1:
            waiting = 0
    return between


def test_a_friends_computer_answers_beside_a_networks_self_playing_tables_of_masters(
    tmp_path: Path,
) -> None:
    async def scenario(url: str) -> list[int]:
        hostile, playing = await hostile_tables(url, 3)
        code = await opened(url, FRIENDS, ["remote", "ai:greedy"])
        friend = await Bot.joining(url, code, "Ann", FRIENDS)
        for other in hostile:
            await friend.connection.send(watch_frame(other))
        between = await waits_for_the_computer(friend, 8)
        for task in playing:
            task.cancel()
        await friend.connection.close()
        return between

    server, url = start_server(tmp_path)
    try:
        between = asyncio.run(asyncio.wait_for(scenario(url), GUARD_S))
    finally:
        end(server)
    assert max(between) <= 1, between  # one worker of masters ends its move, no more


def test_a_client_that_asks_and_never_reads_is_dropped_and_the_others_are_served(
    tmp_path: Path,
) -> None:
    # views asked for as fast as a message goes: the rates are lifted for this client
    many = 10**9
    rates = [f"{name}={many}" for name in ("messages_per_s", "message_burst", "joins_per_s")]
    rates.append(f"join_burst={many}")
    options = [part for rate in rates for part in ("--limit", rate)]
    server, url = start_server(tmp_path, None, *options)
    try:
        with sync_connect(url) as host:
            host.send(create_frame(["remote"] * 3))
            code = json.loads(host.recv(timeout=GUARD_S))["table"]
        with sync_connect(url) as ann:
            ann.send(join_frame(code, "Ann"))
            view = len(json.dumps(until(ann, "view")))
            assert until(ann, "presence")["connected"] == [True, False, False]
            # no compression, a small receive buffer and room for 16 frames: past those,
            # Eve's socket is not read (the kernels between still hold some megabytes)
            with sync_connect(
                url, sock=small_socket(url), compression=None, max_queue=16, close_timeout=0
            ) as eve:
                eve.send(join_frame(code, "Eve"))
                for _ in range(8 * 1024 * 1024 // view):
                    eve.send(watch_frame(code))
                eve.send(join_frame(code, "Eve again"))  # taken if the server kept Eve
                assert until(ann, "presence")["connected"] == [True, True, False]
                assert until(ann, "view")["record"]["players"][1]["name"] == "Eve"
                told = until(ann, "presence", "view")
                assert told["type"] == "presence", "the server kept a client that never reads"
                assert told["connected"] == [True, False, False]
            ann.send(watch_frame(code))
            assert len(json.dumps(until(ann, "view"))) > view  # the others are served
    finally:
        errors = end(server)
    assert "Traceback" not in errors


def until(connection: ClientConnection, *kinds: str) -> dict[str, Any]:
    """The next message of one of `kinds` (those before it are passed over)."""
    while True:
        message: dict[str, Any] = json.loads(connection.recv(timeout=GUARD_S))
        if message["type"] in kinds:
            return message


def small_socket(url: str) -> socket.socket:
    """A socket to the server at `url` whose receive buffer is small."""
    connection = socket.socket()
    connection.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    connection.connect(address(url))
    return connection


@LIMITS
def test_idle_connections_past_the_descriptor_limit_are_refused_and_the_store_keeps_working(
    tmp_path: Path,
) -> None:
    # 256 descriptors: room for 128 connections (128 are kept for those being accepted,
    # the store and the workers), 112 admitted at once and 16 being refused; at most 64
    # admitted from one address
    server, url = start_server(tmp_path, descriptor_limit(256))
    idle: list[socket.socket] = []

    def flood(host: str, count: int) -> None:
        for _ in range(count):
            idle.append(socket.create_connection(address(url), GUARD_S, (host, 0)))

    try:
        with sync_connect(url, source_address=("127.0.3.1", 0)) as connection:
            player = Player(connection, "")
            opened = player.ask(create_frame(["remote", "remote"], {"hands": 100}), "created")
            player.table = opened["table"]
            for name in ("Ann", "Bob"):
                player.ask(join_frame(player.table, name), "view")
            assert player.play(4) is None
            flood("127.0.4.1", 70)  # 64 admitted, 6 refused
            assert idle[-1].recv(100).startswith(b"HTTP/1.1 503")  # at once, unasked
            flood("127.0.5.1", 50)  # 47 admitted (112 in all), 3 refused
            flood("127.0.6.1", 1)  # the admitted room is full: refused
            assert idle[-1].recv(100).startswith(b"HTTP/1.1 503")
            flood("127.0.7.1", 40)  # past the room: closed at once, and nothing fails
            assert player.play(20) is None  # every move saved: the store has its files
            announced = player.moves()
    finally:
        errors = end(server)
        for idler in idle:
            idler.close()
    assert "Too many open files" not in errors and "Traceback" not in errors
    assert moves_of(TableStore(tmp_path).load()[0].record.to_json()) == announced


def address(url: str) -> tuple[str, int]:
    host, port = url.removeprefix("ws://").rsplit(":", 1)
    return host, int(port)
