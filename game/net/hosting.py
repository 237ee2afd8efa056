"""The table server in a background thread of the game (its "Host a table"): the same
`TableServer` as `python -m game.server`, on its own asyncio loop, started and stopped
from the window's thread without waiting on a frame.

Give its registry a thinker of its own (`AdvisedThinker(WorkerPool())`): the registry
runs in the server's thread, and a `WorkerPool` is used from one thread only."""

from __future__ import annotations

import asyncio
import threading

from game.net.server import TableServer, finish
from game.net.tables.registry import Registry


class HostedServer:
    """A registry served from a thread. Touch the registry only once it has stopped."""

    def __init__(self, registry: Registry, host: str, port: int) -> None:
        self.registry = registry
        self.host = host
        self.port = port
        self.address: str | None = None
        self._ready = threading.Event()
        self._failure: OSError | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Future[None] | None = None
        self._thread = threading.Thread(target=self._run, name="contack-table-server", daemon=True)

    def start(self, timeout: float = 10.0) -> str:
        """Listen; the address (`OSError` when the address cannot be listened on)."""
        self._thread.start()
        self._ready.wait(timeout)
        if self._failure is not None:
            raise self._failure
        if self.address is None:
            raise OSError(f"the table server did not start within {timeout} s")
        return self.address

    def stop(self, timeout: float = 10.0) -> None:
        """Close every connection, save every table, end the thread."""
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(finish, stop)
        self._thread.join(timeout)

    def _listening(self, address: str) -> None:
        self.address = address
        self._ready.set()

    def _run(self) -> None:
        try:
            asyncio.run(self._serve())
        except OSError as error:
            self._failure = error
        finally:
            self._ready.set()

    async def _serve(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop = self._loop.create_future()
        await TableServer(self.registry).run(self.host, self.port, self._stop, self._listening)
