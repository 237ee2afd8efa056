"""A connection's frames on their way out (game/net/tables/outbox.py): a peer that does not read
holds at most so many frames and bytes, then is dropped; a long frame goes in pieces;
frames that wait too long to leave drop the connection too."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Iterable
from typing import cast

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from game.net.tables.limits import Limits
from game.net.tables.outbox import FRAGMENT, Outbox


class Peer:
    """A connection whose peer takes a frame only when the test lets it."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.pieces: list[int] = []
        self.taken = asyncio.Semaphore(0)
        self.aborted = False
        self.transport = self

    async def send(self, message: str | Iterable[str]) -> None:
        pieces = [message] if isinstance(message, str) else list(message)
        await self.taken.acquire()
        if self.aborted:
            raise ConnectionClosed(None, None)
        self.pieces.append(len(pieces))
        self.sent.append("".join(pieces))

    def abort(self) -> None:
        self.aborted = True

    def get_extra_info(self, name: str) -> None:
        """No socket here."""

    def get_write_buffer_size(self) -> int:
        return FRAGMENT  # the system takes nothing at once: every frame is queued


@contextlib.asynccontextmanager
async def writing(**limits: float) -> AsyncIterator[tuple[Peer, Outbox]]:
    """A peer and the outbox of its connection, written while the block runs."""
    peer = Peer()
    box = Outbox(cast(ServerConnection, peer), Limits(**limits))  # type: ignore[arg-type]
    writer = asyncio.create_task(box.run())
    try:
        yield peer, box
    finally:
        writer.cancel()


async def settled() -> None:
    """Let the writer task run until it waits again."""
    for _ in range(5):
        await asyncio.sleep(0)


def test_a_peer_that_does_not_read_is_dropped_past_the_frames_it_may_hold() -> None:
    async def scenario() -> None:
        async with writing(outbox_frames=3) as (peer, box):
            for number in range(3):
                box.put(f"frame {number}")
            await settled()
            assert not peer.aborted
            box.put("frame 3")
            assert peer.aborted and box.dropped
            box.put("frame 4")
            peer.taken.release()
            await settled()
            assert peer.sent == []  # nothing more goes to a dropped connection

    asyncio.run(scenario())


def test_a_reading_peer_gets_every_frame_in_order_and_one_large_frame_always_fits() -> None:
    async def scenario() -> None:
        async with writing(outbox_bytes=100) as (peer, box):
            frames = ["v" * 150, "a", "b"]  # a view alone may pass the bytes
            for frame in frames:
                box.put(frame)
                peer.taken.release()
                await settled()
            assert peer.sent == frames and not peer.aborted
            box.put("c" * 99)
            box.put("d" * 2)
            assert peer.aborted

    asyncio.run(scenario())


def test_a_long_frame_is_written_in_pieces() -> None:
    async def scenario() -> None:
        async with writing() as (peer, box):
            view = "x" * (2 * FRAGMENT + 5)
            box.put(view)
            box.put("short")
            peer.taken.release()
            peer.taken.release()
            await settled()
            assert peer.sent == [view, "short"] and peer.pieces == [3, 1]

    asyncio.run(scenario())


def test_frames_that_wait_too_long_to_leave_drop_the_connection() -> None:
    async def scenario() -> None:
        async with writing(stall_s=0) as (peer, box):
            box.put("never taken")
            for _ in range(100):
                await asyncio.sleep(0)
                if peer.aborted:
                    break
            assert peer.aborted

    asyncio.run(scenario())
