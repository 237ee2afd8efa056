"""The client library the game window uses to play at a table server.

A `TableClient` runs the WebSocket connection in a background thread with its own
asyncio loop. The window hands it messages (`create`, `join`, `rejoin`, `watch`,
`move`, `stand_in`), which return at once, and takes what arrived with `poll()` once per frame, as
typed values (`game.net.replies`) and `Connected` / `Disconnected` notes; it never
waits. A lost connection is tried again by itself, and on its return every seat this
client held is taken back by its token and every table it watched is followed again.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from game import news
from game.net.messages import (
    create_frame,
    join_frame,
    move_frame,
    rejoin_frame,
    stand_in_frame,
    watch_frame,
)
from game.net.replies import Joined, ServerMessage, read_server_message

MAX_READ: Final = 16 * 1024 * 1024
"""The largest frame read from the server (the record of a long game)."""
RETRY_S: Final = (0.5, 1.0, 2.0, 5.0)
"""The waits between tries to connect again, the last one repeated."""


@dataclass(frozen=True)
class Connected:
    """The connection is open (again)."""

    address: str


@dataclass(frozen=True)
class Disconnected:
    """The connection was lost or could not be made; `retrying` when it is tried again."""

    reason: str
    retrying: bool


ClientEvent = ServerMessage | Connected | Disconnected


class TableClient:
    """One connection to a table server, run in its own thread."""

    def __init__(self, address: str, retry_s: Sequence[float] = RETRY_S) -> None:
        self.address = address
        self.retry_s = tuple(retry_s)
        self._events: queue.SimpleQueue[ClientEvent] = queue.SimpleQueue()
        self._loop = asyncio.new_event_loop()
        self._outbox: asyncio.Queue[str] = asyncio.Queue()
        self._closing = asyncio.Event()
        self._seats: dict[tuple[str, int], str] = {}
        self._watched: set[str] = set()
        self._thread = threading.Thread(target=self._run, name="contack-table-client", daemon=True)

    # --- the window's side ----------------------------------------------------------------

    def start(self) -> TableClient:
        """Start connecting (in the background); returns the client."""
        self._thread.start()
        return self

    @property
    def running(self) -> bool:
        """Whether the connection's thread still runs (until `close`)."""
        return self._thread.is_alive()

    def poll(self) -> list[ClientEvent]:
        """Everything that arrived since the last call, in order (never waits)."""
        events = []
        with contextlib.suppress(queue.Empty):
            while True:
                events.append(self._events.get_nowait())
        return events

    def wait(self, timeout: float) -> ClientEvent | None:
        """The next event, waiting up to `timeout` seconds (tools and tests; the window
        polls)."""
        try:
            return self._events.get(timeout=timeout)
        except queue.Empty:
            return None

    def create(
        self,
        seats: list[str],
        rules: dict[str, Any] | None = None,
        seed: int | str | None = None,
        names: Sequence[str | None] | None = None,
    ) -> None:
        self._send(create_frame(seats, rules, seed, names))

    def join(self, table: str, name: str) -> None:
        self._send(join_frame(table, name))

    def rejoin(self, table: str, token: str) -> None:
        self._send(rejoin_frame(table, token))

    def watch(self, table: str) -> None:
        if not self._loop.is_closed():
            self._loop.call_soon_threadsafe(self._watched.add, table)
        self._send(watch_frame(table))

    def stand_in(self, table: str, host: str, seat: int, level: str) -> None:
        """As the table's host (`host`, from `Created`), give away seat `seat` to a
        computer of `level` until its player comes back."""
        self._send(stand_in_frame(table, host, seat, level))

    def move(self, table: str, entry: dict[str, Any]) -> None:
        """Ask for a move, written as a record entry with its `player`."""
        self._send(move_frame(table, entry))

    def close(self, timeout: float = 5.0) -> None:
        """Close the connection and end the thread."""
        if self._thread.is_alive():
            self._loop.call_soon_threadsafe(self._closing.set)
            self._thread.join(timeout)

    def _send(self, frame: str) -> None:
        if not self._loop.is_closed():  # after `close`, a message goes nowhere
            self._loop.call_soon_threadsafe(self._outbox.put_nowait, frame)

    # --- the connection's thread -----------------------------------------------------------

    def _tell(self, event: ClientEvent) -> None:
        """Hand `event` to the window, which may be asleep: it is news (`game.news`)."""
        self._events.put(event)
        news.arrived()

    def _run(self) -> None:
        try:
            self._loop.run_until_complete(self._connect_while_open())
        finally:
            self._loop.close()

    async def _connect_while_open(self) -> None:
        tries = 0
        while not self._closing.is_set():
            reason = await self._session()
            if reason is None:
                tries = 0
                continue
            if self._closing.is_set():
                break
            self._tell(Disconnected(reason, retrying=True))
            wait = self.retry_s[min(tries, len(self.retry_s) - 1)]
            tries += 1
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._closing.wait(), wait)
        self._tell(Disconnected("closed", retrying=False))

    async def _session(self) -> str | None:
        """One connection, until it is lost (the reason) or the client closes (None)."""
        try:
            async with connect(self.address, max_size=MAX_READ, open_timeout=10) as connection:
                self._tell(Connected(self.address))
                for (table, _seat), token in self._seats.items():
                    await connection.send(rejoin_frame(table, token))
                for table in self._watched:
                    await connection.send(watch_frame(table))
                return await self._exchange(connection)
        except (OSError, TimeoutError, InvalidHandshake, InvalidURI) as error:
            return str(error) or type(error).__name__
        except ConnectionClosed as closed:
            return str(closed)

    async def _exchange(self, connection: ClientConnection) -> str | None:
        closing: asyncio.Task[Any] = asyncio.create_task(self._closing.wait())
        tasks = [
            asyncio.create_task(self._read(connection)),
            asyncio.create_task(self._write(connection)),
            closing,
        ]
        done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        for task in tasks:
            task.cancel()
        if closing in done:
            return None if self._closing.is_set() else "closed"
        for task in done:
            error = task.exception()
            if error is not None:
                return str(error) or type(error).__name__
        return "the server closed the connection"

    async def _read(self, connection: ClientConnection) -> None:
        async for text in connection:
            message = read_server_message(text)
            if message is None:
                continue
            if isinstance(message, Joined):
                self._seats[(message.table, message.seat)] = message.token
            self._tell(message)

    async def _write(self, connection: ClientConnection) -> None:
        while True:
            frame = await self._outbox.get()
            await connection.send(frame)
