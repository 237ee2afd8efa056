"""The table server over loopback WebSocket (game/net/server.py): a whole game among three
clients and a computer, a client that drops and comes back by its token, frames that are
refused or too large leave the server serving. Computers think in-process here."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from game.net.messages import create_frame, watch_frame
from game.net.tables.registry import Registry
from tests.conftest import GUARD_S
from tests.net_clients import Bot, serving
from tests.net_helpers import ROOMY, ManualClock, broken_text, checked, dealer, mutated


def run(scenario: Callable[[Registry], Awaitable[None]]) -> Registry:
    registry = Registry(ManualClock(), limits=ROOMY, deal=dealer())

    async def main() -> None:
        async with asyncio.timeout(GUARD_S):
            await scenario(registry)

    asyncio.run(main())
    return registry


async def create(url: str, seats: list[str], rules: dict[str, object]) -> str:
    async with connect(url) as host:
        await host.send(create_frame(seats, rules))
        code: str = json.loads(await host.recv())["table"]
        return code


def test_a_whole_game_among_three_clients_and_a_computer() -> None:
    overs: list[dict[str, Any]] = []

    async def scenario(registry: Registry) -> None:
        async with serving(registry) as url:
            code = await create(url, ["remote", "remote", "ai:greedy", "remote"], {"hands": 2})
            bots = [await Bot.joining(url, code, name) for name in ("Ann", "Bob", "Cy")]
            overs.extend(await asyncio.gather(*(bot.play() for bot in bots)))
            for bot in bots:
                await bot.connection.close()

    run(scenario)
    records = [over["record"] for over in overs]
    assert records[0] == records[1] == records[2]
    game = checked(records[0])
    assert game.is_over() and len(records[0]["hands"]) == 2
    assert any(m["player"] == 2 for hand in records[0]["hands"] for m in hand["moves"])


def test_a_dropped_client_comes_back_by_its_token_and_the_game_goes_on() -> None:
    overs: list[dict[str, Any]] = []

    async def scenario(registry: Registry) -> None:
        async with serving(registry) as url:
            code = await create(url, ["remote", "remote"], {"hands": 1})
            ann, bob = [await Bot.joining(url, code, name) for name in ("Ann", "Bob")]
            await asyncio.gather(ann.play(stop_after=6), bob.play(stop_after=6))
            tokens = ann.seats
            await ann.connection.close()
            away = await bob.until("presence")
            assert away["connected"].count(False) == 1
            back = await Bot.rejoining(url, code, tokens)
            assert (await bob.until("presence"))["connected"] == [True, True]
            assert back.mirror is not None and bob.mirror is not None
            # the same players and moves (each mirror fills the unseen stock its own way)
            seen = [m.recorded.record.to_json() for m in (back.mirror, bob.mirror)]
            assert seen[0]["players"] == seen[1]["players"]
            assert [h["moves"] for h in seen[0]["hands"]] == [h["moves"] for h in seen[1]["hands"]]
            overs.extend(await asyncio.gather(back.play(), bob.play()))
            await back.connection.close()
            await bob.connection.close()

    run(scenario)
    assert overs[0]["record"] == overs[1]["record"]
    assert checked(overs[0]["record"]).is_over()


@pytest.mark.parametrize("frame", [b"\x00binary", "{", '{"type": "move"}'])
def test_a_refused_frame_keeps_the_connection(frame: str | bytes) -> None:
    async def scenario(registry: Registry) -> None:
        async with serving(registry) as url, connect(url) as client:
            await client.send(frame)
            assert json.loads(await client.recv())["code"] == "bad-message"
            await client.send(watch_frame("nope"))
            assert json.loads(await client.recv())["code"] == "no-table"

    run(scenario)


def test_a_client_offering_compression_is_answered_without_it_and_served() -> None:
    """Per-message deflate held 50 KB of memory for each connection (200 of a table's
    340 KB at 1,000 tables on two servers) to shrink frames of about 130 bytes: the
    server declines it, and a client that offers it (websockets' default) is served."""

    async def scenario(registry: Registry) -> None:
        async with serving(registry) as url, connect(url) as client:
            answer = client.response
            assert answer is not None and "Sec-WebSocket-Extensions" not in answer.headers
            await client.send(watch_frame("nope"))
            assert json.loads(await client.recv())["code"] == "no-table"

    run(scenario)


def test_an_oversized_frame_closes_only_its_own_connection() -> None:
    async def scenario(registry: Registry) -> None:
        async with serving(registry) as url:
            code = await create(url, ["remote", "remote"], {})
            async with connect(url) as hostile, connect(url) as other:
                await hostile.send(json.dumps({"type": "watch", "table": code, "x": "y" * 70_000}))
                with pytest.raises(ConnectionClosed) as closed:
                    await hostile.recv()
                assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
                await other.send(watch_frame(code))
                assert json.loads(await other.recv())["type"] == "view"

    run(scenario)


def test_hostile_frames_over_the_socket_leave_the_server_serving_the_other_table() -> None:
    overs: list[dict[str, Any]] = []
    refused: list[str] = []

    async def attack(url: str, target: str) -> None:
        rng = random.Random(28)
        templates: list[dict[str, Any]] = [
            {"type": "move", "table": target, "move": {"player": 0, "draw": True}},
            {"type": "join", "table": target, "name": "Eve"},
            {"type": "rejoin", "table": target, "token": "x" * 32},
            {"type": "watch", "table": target},
            {"type": "create", "players": 2, "rules": {"hands": 1}},
        ]
        hostile = await connect(url)
        for _ in range(300):
            message = rng.choice(templates)
            frame = broken_text(rng, message) if rng.random() < 0.3 else mutated(rng, message)
            try:
                await hostile.send(frame if isinstance(frame, (str, bytes)) else json.dumps(frame))
                reply = json.loads(await hostile.recv())
                refused.append(reply.get("code", ""))
            except ConnectionClosed:  # an oversized frame closes its connection
                hostile = await connect(url)
        await hostile.close()

    async def scenario(registry: Registry) -> None:
        async with serving(registry) as url:
            code = await create(url, ["remote", "remote"], {"hands": 2})
            bots = [await Bot.joining(url, code, name) for name in ("Ann", "Bob")]
            ann, bob, _ = await asyncio.gather(bots[0].play(), bots[1].play(), attack(url, code))
            overs.extend((ann, bob))
            for bot in bots:
                await bot.connection.close()

    run(scenario)
    assert overs[0]["record"] == overs[1]["record"]
    assert checked(overs[0]["record"]).is_over()
    assert refused.count("bad-message") > 100 and "not-your-seat" in refused


def test_a_connection_that_keeps_sending_refused_frames_is_closed() -> None:
    async def scenario(registry: Registry) -> None:
        async with serving(registry) as url, connect(url) as client:
            for _ in range(registry.limits.refusals_in_a_row):
                await client.send("{")
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    assert json.loads(await client.recv())["code"] == "bad-message"
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008

    run(scenario)
