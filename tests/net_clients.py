"""Clients for the table server's tests over loopback: a server run in the test's event
loop on a free port, and a bot connection that plays the first legal move for its seats,
knowing the position only from what the server sends (a `TableMirror`)."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Callable
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from game.ai.worker import InProcessAdviser
from game.net.messages import join_frame, move_frame, rejoin_frame
from game.net.mirror import TableMirror
from game.net.remote_match import RemoteMatch
from game.net.replies import MoveMessage, read_server_message
from game.net.server import TableServer
from game.net.table_opening import TableOpening
from game.net.tables.registry import Registry
from game.rules.record.document import GameRecord
from tests.conftest import GUARD_S
from tests.net_helpers import bot_move

MAX_READ = 16 * 1024 * 1024


@contextlib.asynccontextmanager
async def serving(registry: Registry) -> AsyncIterator[str]:
    """`registry` served on a free loopback port while the block runs; its address."""
    loop = asyncio.get_running_loop()
    stop: asyncio.Future[None] = loop.create_future()
    ready: asyncio.Future[str] = loop.create_future()
    task = asyncio.create_task(TableServer(registry).run("127.0.0.1", 0, stop, ready.set_result))
    try:
        yield await ready
    finally:
        stop.set_result(None)
        await task


class Bot:
    """One connection holding seats of one table, playing each its first legal move."""

    def __init__(self, connection: ClientConnection, table: str) -> None:
        self.connection = connection
        self.table = table
        self.seats: dict[int, str] = {}
        self.mirror: TableMirror | None = None
        self.received: list[dict[str, Any]] = []
        self.sent_at: tuple[int, int] | None = None

    @classmethod
    async def joining(cls, url: str, table: str, name: str, source: str | None = None) -> Bot:
        """A bot seated at `table` (connecting from the loopback address `source`)."""
        local = None if source is None else (source, 0)
        bot = cls(await connect(url, max_size=MAX_READ, local_addr=local), table)
        await bot.connection.send(join_frame(table, name))
        await bot.until("view")
        return bot

    @classmethod
    async def rejoining(cls, url: str, table: str, tokens: dict[int, str]) -> Bot:
        bot = cls(await connect(url, max_size=MAX_READ), table)
        for token in tokens.values():
            await bot.connection.send(rejoin_frame(table, token))
            await bot.until("view")
        return bot

    async def until(self, kind: str) -> dict[str, Any]:
        """Read (and follow) messages up to the next of type `kind`."""
        while True:
            message = await self.read()
            if message["type"] == kind:
                return message

    async def read(self) -> dict[str, Any]:
        """The next message; those of this bot's table are followed (it may watch others)."""
        text = await self.connection.recv()
        message: dict[str, Any] = json.loads(text)
        self.received.append(message)
        typed = read_server_message(text)
        if message.get("table", self.table) != self.table:
            pass
        elif message["type"] == "joined":
            self.seats[message["seat"]] = message["token"]
        elif message["type"] == "view":
            self.mirror = TableMirror(GameRecord.parse(message["record"]))
        elif isinstance(typed, MoveMessage) and self.mirror is not None:
            self.mirror.play(typed)
        return message

    async def move_if_mine(self) -> None:
        move = bot_move(self.mirror, self.seats)
        if move is not None and self.sent_at != move[0]:
            self.sent_at = move[0]
            await self.connection.send(move_frame(self.table, move[1]))

    async def play(self, stop_after: int | None = None) -> dict[str, Any]:
        """Play until the game is over (its `over` message) or `stop_after` moves were
        announced."""
        announced = 0
        await self.move_if_mine()
        while True:
            message = await self.read()
            if message["type"] == "over":
                return message
            if message["type"] == "error":
                raise AssertionError(message)
            announced += message["type"] == "move"
            if stop_after is not None and announced >= stop_after:
                return message
            await self.move_if_mine()


# --- the game window's side (game/net/remote_match.py) --------------------------------

FRAMES = 5000
"""The most steps any game here takes."""


def sit_down(opening: TableOpening) -> RemoteMatch:
    """Wait for the seats and the view (each event at once), the match made."""
    adviser = InProcessAdviser()
    for _ in range(100):
        match = opening.ready(adviser)
        if match is not None:
            return match
        assert opening.failure is None, opening.failure
        event = opening.link.client.wait(GUARD_S)
        assert event is not None, "the table was not sat at"
        opening.receive(event)
    raise AssertionError("the table was not sat at")


def wait_until(match: RemoteMatch, done: Callable[[], bool]) -> None:
    for _ in range(FRAMES):
        if done():
            return
        event = match.link.client.wait(GUARD_S)
        assert event is not None, "nothing came"
        match.receive(event)
    raise AssertionError("never came")
