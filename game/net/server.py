"""The table server on the network: a WebSocket endpoint (the `websockets` library's
asyncio server) in front of a `Registry`.

Each connection's text frames go to the registry one by one; its answers go to the
connection's `Outbox`, written in order by one task, so every follower of a table gets
the same frames in the same order and one that stops reading is dropped, not kept in
memory. Frames over 64 KiB close the connection (`max_size`), as docs/protocol.md "Transport" says.
Frames go as they are: the server declines per-message deflate (`compression=None`),
which cost 50 KB of memory for each connection's compression state (200 of a table's
340 KB at 1,000 tables of four on two servers) and a sixth of the servers' CPU per
move, to shrink moves of about 130 bytes and views of a few KB (13 KB after eight hands).
Connections are counted as they are accepted (`Gate`), below the descriptors the
process may open (some are kept for the store and the workers): past the limit per host
or in all, a new one is answered HTTP 503 at once, before its request (which may never
come), and closed when its client closes or after `REFUSING_S`; when even the refusals
under way fill the room, it is closed at once. Computers think in the game's worker
processes, polled here; tables are swept every few seconds. On Redis, the registry's
work is done in threads, never in the loop (`turns.py`): a slow Redis slows only the
work that waits on it.
Given a TLS context it serves `wss://` (a club's server on the internet; a proxy in
front of it that ends TLS serves as well). A connection from a proxy it trusts
(`TrustedProxies`) is counted, once its request comes, as the client the proxy names in
`X-Forwarded-For`, or in the PROXY protocol's (v1) first line, for the limits per host
and per network alike.
A plain HTTP GET of a page the registry serves (the turn notices' stop link) is
answered instead of a handshake (`with_pages`).
`run_server` is what `python -m game.server` and the game's "Host a table" run.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import ssl
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from functools import partial
from http import HTTPStatus

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from game.net.messages import MAX_FRAME
from game.net.tables.limits import (
    NO_PROXIES,
    PROXY_LINE,
    PROXY_LINE_BYTES,
    Entry,
    Gate,
    TrustedProxies,
    proxy_source,
)
from game.net.tables.outbox import Outbox
from game.net.tables.registry import Registry
from game.net.tables.thinking import AdvisedThinker

try:
    import resource
except ImportError:  # Windows
    resource = None  # type: ignore[assignment]

POLL_S = 0.01
"""How often the computers' thinking is asked for answers while a move is being thought
(an idle server does not look: a hundred looks a second cost 1.4% of a core)."""
SWEEP_S = 10.0
"""How often idle tables are looked for, and computers whose move the disk refused try
again."""
EVENTS_S = 1.0
"""How often the club's events are paired by the clock: an event starts (a Swiss event's
first round is seated) within a second of its start."""
LOBBY_S = 1.0
"""How often the lobby's followers are sent the lobby, if it has changed."""
PING_S = 20.0
"""Keepalive: a connection that answers no ping within this is closed."""
BACKLOG = 64
"""Connections waiting to be accepted; asyncio accepts up to this many at once, before
the gate sees them."""
KEPT_DESCRIPTORS = BACKLOG + 64
"""Descriptors never given to connections: those being accepted at once, the store's
files, the workers' pipes, the listening sockets, standard input and output."""
REFUSING_S = 2.0
"""How long a refused connection may take to read its answer and close."""
FULL = "This table server is full; try again later.\n"
FORWARDED = "X-Forwarded-For"
CONNECTION_LOG = logging.getLogger("game.net.server.connection")
"""The connections' log: websockets writes every frame to it at DEBUG, a club's hello
with its player's key among them, so it never logs below INFO, whatever the server's
level."""
CONNECTION_LOG.setLevel(logging.INFO)


def address_of(server: Server, secure: bool = False) -> str:
    """The `ws://ADDRESS:PORT` (`wss://` when `secure`) the server listens on (its first
    socket)."""
    host, port = server.sockets[0].getsockname()[:2]
    scheme = "wss" if secure else "ws"
    return f"{scheme}://[{host}]:{port}" if ":" in host else f"{scheme}://{host}:{port}"


def finish(stop: asyncio.Future[None]) -> None:
    """Have a server's `run` end (once)."""
    if not stop.done():
        stop.set_result(None)


def connection_room(wanted: int) -> int:
    """How many connections may be open at once: `wanted`, or fewer when this process
    may open fewer files (its soft limit, read now) than those and the kept ones."""
    if resource is None:
        return wanted
    descriptors = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    if descriptors == resource.RLIM_INFINITY:
        return wanted
    return max(1, min(wanted, descriptors - KEPT_DESCRIPTORS))


def peer_address(connection: ServerConnection) -> str:
    remote = connection.remote_address
    return str(remote[0] if remote else "")


class CountedConnection(ServerConnection):
    """A connection as the gate counts it: `address` is who it is counted as (its peer,
    or the client a trusted proxy forwards, once its request says who)."""

    entry = Entry.DROPPED
    address = ""


def gated(gate: Gate) -> type[CountedConnection]:
    """Connections that `gate` counts: one it does not let in is answered HTTP 503 and
    closed as soon as it is accepted (before its handshake, which may never come)."""

    class GatedConnection(CountedConnection):
        proxy_line_due = False
        """Whether its first bytes may be a PROXY protocol line (it comes from a trusted
        proxy, and nothing has come yet)."""
        heading = b""

        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            super().connection_made(transport)
            self.count(peer_address(self))
            self.proxy_line_due = gate.proxies.trusts(self.address)

        def count(self, address: str) -> None:
            """Count it as `address`: answered HTTP 503 and closed when refused."""
            self.address = address
            self.entry = gate.enter(address)
            if self.entry is Entry.REFUSED:  # the answer, then the end of what is sent
                self.protocol.send_response(self.protocol.reject(503, FULL))
                self.send_data()
                self.loop.call_later(REFUSING_S, self.transport.abort)
            elif self.entry is Entry.DROPPED:
                self.transport.abort()

        def data_received(self, data: bytes) -> None:
            if not self.proxy_line_due:
                super().data_received(data)
                return
            self.heading += data
            if not self.heading.startswith(PROXY_LINE[: len(self.heading)]):
                self.proxy_line_due = False  # a request as any other: no PROXY line
                super().data_received(self.heading)
                return
            line, ended, rest = self.heading.partition(b"\r\n")
            if not ended and len(self.heading) < PROXY_LINE_BYTES:
                return  # the rest of the line is on its way
            self.proxy_line_due = False
            try:
                source = proxy_source(line if ended else self.heading)
            except (ValueError, UnicodeDecodeError):
                self.transport.abort()  # as the protocol says of a line it cannot read
                return
            if source is not None and self.entry is Entry.ADMITTED:
                gate.leave(self.address, self.entry)
                self.count(source)
            if rest:
                super().data_received(rest)

        def connection_lost(self, exc: Exception | None) -> None:
            super().connection_lost(exc)
            gate.leave(self.address, self.entry)

    return GatedConnection


def forwarded(gate: Gate) -> Callable[[ServerConnection, Request], Response | None]:
    """The handshake's check (`process_request`) that counts a connection from a trusted
    proxy again as the client its `X-Forwarded-For` names: answered HTTP 503 when that
    client is over its limit. From anyone else, the header changes nothing."""

    def counted(connection: ServerConnection, request: Request) -> Response | None:
        assert isinstance(connection, CountedConnection)
        client = gate.proxies.client(connection.address, request.headers.get_all(FORWARDED))
        if client == connection.address:
            return None
        gate.leave(connection.address, connection.entry)
        connection.address = client
        connection.entry = gate.enter(client)
        if connection.entry is Entry.ADMITTED:
            return None
        return connection.protocol.reject(503, FULL)

    return counted


def with_pages(
    registry: Registry, check: Callable[[ServerConnection, Request], Response | None]
) -> Callable[[ServerConnection, Request], Awaitable[Response | None]]:
    """The handshake's check that first answers a plain HTTP GET of a page the
    registry serves (the turn notices' stop link), then does `check`."""

    async def answered(connection: ServerConnection, request: Request) -> Response | None:
        if not registry.notices.serves(request.path):  # a handshake: no thread's turn
            return check(connection, request)
        page = await registry.turns.run(partial(registry.notices.page, request.path))
        if page is None:
            return check(connection, request)
        return connection.respond(HTTPStatus(page[0]), page[1])

    return answered


Task = Callable[[], Coroutine[object, object, None]]
"""Work a server does while it serves (following the other servers of its store)."""


class TableServer:
    """A registry served over WebSocket, with `tasks` running beside it."""

    def __init__(
        self,
        registry: Registry,
        tasks: Sequence[Task] = (),
        proxies: TrustedProxies = NO_PROXIES,
    ) -> None:
        self.registry = registry
        self.tasks = tasks
        limits = registry.limits
        room = connection_room(limits.max_connections)
        self.gate = Gate(limits.connections_per_host, room, proxies)

    async def handle(self, connection: ServerConnection) -> None:
        """One connection, from its first frame to its last."""
        assert isinstance(connection, CountedConnection)  # `gated`'s
        outbox = Outbox(connection, self.registry.limits)
        writer = asyncio.create_task(outbox.run())
        turns = self.registry.turns
        peer = self.registry.connect(
            turns.in_loop(outbox.put), connection.address, turns.in_loop(outbox.end)
        )
        try:
            async for frame in connection:
                await turns.run(partial(self.registry.receive, peer, frame))
        except ConnectionClosed:
            pass  # a lost connection: its seats show as away
        finally:
            await turns.run(partial(self.registry.disconnect, peer))
            writer.cancel()

    async def _every(
        self, seconds: float, work: Callable[[], object], due: Callable[[], bool] = lambda: True
    ) -> None:
        """Do `work` every `seconds` when it is `due`."""
        while True:
            await self._after(seconds, work, due)

    async def _after(
        self, seconds: float, work: Callable[[], object], due: Callable[[], bool]
    ) -> None:
        """Do `work` in `seconds` if it is `due` then; a failure is logged and the server
        goes on."""
        await asyncio.sleep(seconds)
        if not due():
            return
        try:
            await self.registry.turns.run(work)
        except Exception:
            logging.getLogger(__name__).exception("table server: %s failed", work)

    async def _answer(self, thinker: AdvisedThinker) -> None:
        """Hand the computers their moves as they are chosen: looked for every `POLL_S`
        while a move is being thought; else asleep until one starts."""
        loop = asyncio.get_running_loop()
        started = asyncio.Event()

        def wake() -> None:  # (from any thread)
            loop.call_soon_threadsafe(started.set)

        thinker.started = wake
        try:
            while True:
                while thinker.thinking():
                    await self._after(POLL_S, thinker.poll, thinker.answered)
                await started.wait()
                started.clear()
        finally:  # the loop may close: a move started later wakes nobody
            thinker.started = lambda: None

    async def run(
        self,
        host: str,
        port: int,
        stop: asyncio.Future[None],
        ready: Callable[[str], None] = lambda address: None,
        tls: ssl.SSLContext | None = None,
    ) -> bool:
        """Serve until `stop` is done, then close every connection and save every table
        to the disk; `ready` is told the address once the server listens. Whether every
        table is saved. With `tls`, it serves `wss://`."""
        chores = [
            asyncio.create_task(self._every(SWEEP_S, self.registry.sweep)),
            asyncio.create_task(self._every(EVENTS_S, self.registry.events.sweep)),
            asyncio.create_task(self._every(LOBBY_S, self.registry.club.lobby.tell)),
        ]
        chores += [asyncio.create_task(task()) for task in self.tasks]
        thinker = self.registry.thinker
        if isinstance(thinker, AdvisedThinker):
            chores.append(asyncio.create_task(self._answer(thinker)))
        try:
            async with serve(
                self.handle,
                host,
                port,
                max_size=MAX_FRAME,
                ping_interval=PING_S,
                create_connection=gated(self.gate),
                process_request=with_pages(self.registry, forwarded(self.gate)),
                backlog=BACKLOG,
                ssl=tls,
                logger=CONNECTION_LOG,
                compression=None,
            ) as server:
                ready(address_of(server, secure=tls is not None))
                await stop
        finally:
            for chore in chores:
                chore.cancel()
        return await self.registry.turns.run(self.registry.save_all)


async def run_server(
    registry: Registry,
    host: str,
    port: int,
    ready: Callable[[str], None],
    tls: ssl.SSLContext | None = None,
    tasks: Sequence[Task] = (),
    proxies: TrustedProxies = NO_PROXIES,
) -> bool:
    """Serve `registry` until SIGTERM or SIGINT (`python -m game.server`), `tasks` beside
    it, counting the clients `proxies` forward; whether every table was saved at the end."""
    loop = asyncio.get_running_loop()
    stop: asyncio.Future[None] = loop.create_future()
    for number in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError, RuntimeError):  # Windows: Ctrl+C only
            loop.add_signal_handler(number, finish, stop)
    return await TableServer(registry, tasks, proxies).run(host, port, stop, ready, tls)
