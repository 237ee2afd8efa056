"""Who works on a registry when (game/net/tables/turns.py), for a server on Redis: work
runs in threads, one at a time; one that waits on the store lets other work go on, but
a table it has taken stays its own until it ends; what the work sends is sent in the
loop, in order. Every wait is on an event, bounded by `GUARD_S`."""

from __future__ import annotations

import asyncio
import threading

from game.net.tables.turns import Shared
from tests.conftest import GUARD_S


def test_work_waiting_on_the_store_lets_other_work_go_on_but_keeps_its_table() -> None:
    turns = Shared()
    done: list[str] = []
    waiting, answered = threading.Event(), threading.Event()

    def move() -> None:  # a move on table T, its write slow to come back
        turns.take(b"T")
        done.append("move played")
        with turns.waiting():
            waiting.set()
            assert answered.wait(GUARD_S)
        done.append("move told")

    def watch() -> None:  # a watch of T: after the move, never between
        turns.take(b"T")
        done.append("T watched")

    def lobby() -> None:
        done.append("lobby")

    async def scenario() -> None:
        loop = asyncio.get_running_loop()
        moving = loop.create_task(turns.run(move))
        assert await loop.run_in_executor(None, waiting.wait, GUARD_S)
        watching = loop.create_task(turns.run(watch))
        await asyncio.wait_for(turns.run(lobby), GUARD_S)
        assert done == ["move played", "lobby"]
        answered.set()
        await asyncio.wait_for(asyncio.gather(moving, watching), GUARD_S)

    try:
        asyncio.run(scenario())
    finally:
        answered.set()
        turns.close()
    assert done == ["move played", "lobby", "move told", "T watched"]


def test_what_work_sends_is_sent_in_the_loop_in_the_order_it_was_sent() -> None:
    turns = Shared()
    sent: list[tuple[str, bool]] = []

    async def scenario() -> None:
        loop_thread = threading.get_ident()
        send = turns.in_loop(
            lambda frame: sent.append((frame, threading.get_ident() == loop_thread))
        )

        def work() -> None:
            for number in range(100):
                send(f"frame {number}")

        await turns.run(work)
        while len(sent) < 100:  # the loop's turns to call what was asked of it
            await asyncio.sleep(0)

    try:
        asyncio.run(asyncio.wait_for(scenario(), GUARD_S))
    finally:
        turns.close()
    assert sent == [(f"frame {number}", True) for number in range(100)]
