"""A real `python -m game.server` under the attacks of issue 38: self-playing tables of
masters beside a friends' table, a client that never reads, and idle connections past
the descriptor limit. Each wait is bounded (`GUARD_S`); nothing sleeps."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

from game.net.messages import create_frame, watch_frame
from tests.net_clients import Bot
from tests.net_process import GUARD_S, end, start_server

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
