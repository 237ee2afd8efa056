"""Version 2 through the real WebSocket server (game/net/server.py) on loopback: two
players say hello, find a public rated table in the lobby, chat, play it out, and its
`over` carries their ratings."""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

import pytest
from websockets.asyncio.client import connect

from game.net.hosting import HostedServer
from game.net.replies import MAX_READ
from game.net.tables.registry import Registry
from tests.conftest import GUARD_S
from tests.net_clients import Bot, serving
from tests.net_helpers import ROOMY, ManualClock, dealer
from tests.test_net_club import key


async def said_hello(url: str, name: str, number: int) -> Bot:
    """A connection that said hello (its bot follows no table yet)."""
    bot = Bot(await connect(url, max_size=MAX_READ), "")
    await bot.connection.send(json.dumps({"type": "hello", "name": name, "key": key(number)}))
    await bot.until("welcome")
    return bot


async def ask(bot: Bot, message: dict[str, Any], answer: str) -> dict[str, Any]:
    await bot.connection.send(json.dumps(message))
    return await bot.until(answer)


def test_two_players_find_a_rated_table_in_the_lobby_chat_and_are_rated() -> None:
    registry = Registry(ManualClock(), limits=ROOMY, deal=dealer())
    overs: list[dict[str, Any]] = []

    async def scenario() -> None:
        async with serving(registry) as url:
            ann, bob = [await said_hello(url, name, n) for n, name in enumerate(["Ann", "Bob"])]
            create = {"type": "create", "players": 2, "seats": ["remote"] * 2, "public": True}
            created = await ask(ann, {**create, "rated": True, "rules": {"hands": 1}}, "created")
            lobby = await ask(bob, {"type": "lobby"}, "lobby")
            assert [entry["table"] for entry in lobby["tables"]] == [created["table"]]
            for bot in (ann, bob):
                bot.table = created["table"]
                await ask(bot, {"type": "join", "table": bot.table, "name": "x"}, "view")
            line = {"type": "say", "table": bot.table, "text": "suerte"}
            said = await ask(ann, line, "said")
            assert (
                await bob.until("said")
                == said
                == {**line, "type": "said", "seat": 0, "name": "Ann", "player": said["player"]}
            )
            overs.extend(await asyncio.gather(ann.play(), bob.play()))
            mine = await ask(ann, {"type": "mine"}, "my-tables")
            assert mine["tables"] == []
            for bot in (ann, bob):
                await bot.connection.close()

    async def main() -> None:
        async with asyncio.timeout(GUARD_S):
            await scenario()

    asyncio.run(main())
    assert overs[0] == overs[1] and len(overs[0]["ratings"]) == 2
    assert {rating["before"] for rating in overs[0]["ratings"]} == {1000}


def test_no_log_of_the_server_holds_a_players_key(
    table_server: HostedServer, caplog: pytest.LogCaptureFixture
) -> None:
    """websockets logs every frame at DEBUG: a hello with its key too, unless the
    server's connections log at INFO at the least."""
    caplog.set_level(logging.DEBUG)

    async def hello() -> None:
        assert table_server.address is not None
        await (await said_hello(table_server.address, "Ann", 1)).connection.close()

    asyncio.run(hello())
    served = [record.getMessage() for record in caplog.records if "client" not in record.name]
    ends = (key(1)[:12], key(1)[-12:])  # websockets shortens a long frame in the middle
    assert served and not [line for line in served for end in ends if end in line]
