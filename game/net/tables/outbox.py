"""A connection's frames on their way out, in the order the registry sends them. A short
frame is written at once while nothing waits and the system takes what is written (the
write buffer holds under `FRAGMENT`); the others are queued and written by one task that
waits for each to leave, so a peer that reads slowly holds at most
`Limits.outbox_frames` frames and `Limits.outbox_bytes` bytes here. Past either, or when
frames wait and none leaves for `Limits.stall_s`, the connection is dropped: its peer
does not read, and the keepalive pings cannot tell (a ping waits behind the unsent
frames).

A long frame (a long game's view) is written in fragments, so that what sits in the
write buffer is a fragment, never a whole copy of it per connection."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import struct
from collections import deque
from collections.abc import Iterator

from websockets.asyncio.server import ServerConnection, broadcast
from websockets.exceptions import ConnectionClosed
from websockets.frames import CloseCode

from game.net.tables.limits import Limits

FRAGMENT = 64 * 1024
"""The longest piece of a frame written at once, in characters (frames are ASCII), and
what the write buffer may hold for a frame to be written at once."""


def _pieces(frame: str) -> str | Iterator[str]:
    if len(frame) <= FRAGMENT:
        return frame
    return (frame[start : start + FRAGMENT] for start in range(0, len(frame), FRAGMENT))


class Outbox:
    """The frames waiting for `connection`; `run` writes them."""

    def __init__(self, connection: ServerConnection, limits: Limits) -> None:
        self.connection = connection
        self.limits = limits
        self._frames: deque[str] = deque()
        self._size = 0
        self._ready = asyncio.Event()
        self._ending = False
        self.dropped = False

    def put(self, frame: str) -> None:
        """Queue `frame` (ASCII JSON: a character is a byte); past the limits, drop the
        connection instead."""
        if self.dropped or self._ending:
            return
        if (
            not self._frames
            and len(frame) <= FRAGMENT
            and self.connection.transport.get_write_buffer_size() < FRAGMENT
        ):
            broadcast([self.connection], frame)  # nothing waits: written now
            return
        limits = self.limits
        if self._frames and (
            len(self._frames) >= limits.outbox_frames
            or self._size + len(frame) > limits.outbox_bytes
        ):
            self.drop()
            return
        self._frames.append(frame)
        self._size += len(frame)
        self._ready.set()

    def end(self) -> None:
        """Close the connection once the frames queued so far have left (it kept
        sending refused messages)."""
        self._ending = True
        self._ready.set()

    def drop(self) -> None:
        """End the connection at once, whatever waits for it: reset, so that the system
        forgets what its own buffers still hold for the peer (a closed socket would keep
        megabytes until the peer reads them or the system gives up)."""
        self.dropped = True
        self._frames.clear()
        self._size = 0
        sock = self.connection.transport.get_extra_info("socket")
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        self.connection.transport.abort()

    async def run(self) -> None:
        """Write the frames as they come, until the connection ends."""
        try:
            while True:
                await self._ready.wait()
                self._ready.clear()
                while self._frames:
                    frame = self._frames[0]
                    async with asyncio.timeout(self.limits.stall_s):
                        await self.connection.send(_pieces(frame))
                    if self._frames:  # not dropped meanwhile
                        self._frames.popleft()
                        self._size -= len(frame)
                if self._ending:
                    async with asyncio.timeout(self.limits.stall_s):
                        await self.connection.close(CloseCode.POLICY_VIOLATION, "refused")
                    return
        except TimeoutError:
            self.drop()
        except ConnectionClosed:
            pass
