"""The table server on the network: a WebSocket endpoint (the `websockets` library's
asyncio server) in front of a `Registry`.

Each connection's text frames go to the registry one by one; its answers are written
at once with `broadcast` (no waiting on a slow reader: a connection that stops reading
is dropped by the keepalive pings), so every follower of a table gets the same frames
in the same order. Frames over 64 KiB close the connection (`max_size`), as PROTOCOL.md
allows. Computers think in the game's worker process, polled here; idle tables are swept
once a minute. `run_server` is what `python -m game.server` and the game's "Host a
table" run.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from collections.abc import Callable
from functools import partial

from websockets.asyncio.server import Server, ServerConnection, broadcast, serve
from websockets.exceptions import ConnectionClosed
from websockets.frames import CloseCode

from game.net.messages import MAX_FRAME
from game.net.registry import Registry
from game.net.thinking import AdvisedThinker

POLL_S = 0.01
"""How often the computers' thinking is asked for answers."""
SWEEP_S = 10.0
"""How often idle tables are looked for, and computers whose move the disk refused try
again."""
PING_S = 20.0
"""Keepalive: a connection that answers no ping within this is closed."""


def _send(connection: ServerConnection, frame: str) -> None:
    broadcast([connection], frame)


def address_of(server: Server) -> str:
    """The `ws://ADDRESS:PORT` the server listens on (its first socket)."""
    host, port = server.sockets[0].getsockname()[:2]
    return f"ws://[{host}]:{port}" if ":" in host else f"ws://{host}:{port}"


def finish(stop: asyncio.Future[None]) -> None:
    """Have a server's `run` end (once)."""
    if not stop.done():
        stop.set_result(None)


class TableServer:
    """A registry served over WebSocket."""

    def __init__(self, registry: Registry) -> None:
        self.registry = registry
        self._ending: set[asyncio.Task[None]] = set()

    def _end(self, connection: ServerConnection) -> None:
        """Close a connection that keeps sending refused messages."""
        task = asyncio.create_task(connection.close(CloseCode.POLICY_VIOLATION, "refused"))
        self._ending.add(task)
        task.add_done_callback(self._ending.discard)

    async def handle(self, connection: ServerConnection) -> None:
        """One connection, from its first frame to its last."""
        remote = connection.remote_address
        address = str(remote[0] if remote else "")
        end = partial(self._end, connection)
        peer = self.registry.connect(partial(_send, connection), address, end)
        try:
            async for frame in connection:
                self.registry.receive(peer, frame)
        except ConnectionClosed:
            pass  # a lost connection: its seats show as away
        finally:
            self.registry.disconnect(peer)

    async def _every(self, seconds: float, work: Callable[[], object]) -> None:
        """Do `work` every `seconds`; a failure is logged and the chore goes on."""
        while True:
            await asyncio.sleep(seconds)
            try:
                work()
            except Exception:
                logging.getLogger(__name__).exception("table server: %s failed", work)

    async def run(
        self,
        host: str,
        port: int,
        stop: asyncio.Future[None],
        ready: Callable[[str], None] = lambda address: None,
    ) -> bool:
        """Serve until `stop` is done, then close every connection and save every table
        to the disk; `ready` is told the address once the server listens. Whether every
        table is saved."""
        chores = [asyncio.create_task(self._every(SWEEP_S, self.registry.sweep))]
        thinker = self.registry.thinker
        if isinstance(thinker, AdvisedThinker):
            chores.append(asyncio.create_task(self._every(POLL_S, thinker.poll)))
        try:
            async with serve(
                self.handle, host, port, max_size=MAX_FRAME, ping_interval=PING_S
            ) as server:
                ready(address_of(server))
                await stop
        finally:
            for chore in chores:
                chore.cancel()
        return self.registry.save_all()


async def run_server(
    registry: Registry, host: str, port: int, ready: Callable[[str], None]
) -> bool:
    """Serve `registry` until SIGTERM or SIGINT (`python -m game.server`); whether every
    table was saved at the end."""
    loop = asyncio.get_running_loop()
    stop: asyncio.Future[None] = loop.create_future()
    for number in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError, RuntimeError):  # Windows: Ctrl+C only
            loop.add_signal_handler(number, finish, stop)
    return await TableServer(registry).run(host, port, stop, ready)
