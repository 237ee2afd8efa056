"""The client library the game window uses to play at a table server.

A `TableClient` runs the WebSocket connection in a background thread with its own
asyncio loop. The window hands it messages (`create`, `join`, `rejoin`, `watch`,
`move`, `stand_in`; at a club `mine`, `lobby`, `say`, `ratings`, and a key's
`link_code`, `link`, `replace_key`, a player's finished games, `games` and `game`, and
the club's events, `event`), which return at once, and takes what arrived with `poll()`
once per frame, as typed values (`game.net.replies`) and `Connected` / `Disconnected`
notes; it never waits. A client made with a `ClubIdentity` says it first on every
connection (docs/protocol.md "Players"), the one message its key is ever in (a new key
is in its one `link` or `replace_key`). A lost connection is tried again by itself, and
on its return the client says `hello` again, every seat it held is taken back by its
token, every table it watched is followed again, and so is the lobby.
What the server sends is read strictly (`game.net.reader`): a frame that is not a
message of the protocol, or contradicts its table, drops the connection for good.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
import queue
import socket
import threading
from collections.abc import Awaitable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
from websockets.frames import CloseCode

from game import news
from game.net.club_messages import LobbyRequest, RatingsRequest
from game.net.event_messages import EventMessage, event_request_frame
from game.net.games_messages import GAMES_PAGE_SIZE, game_frame, games_frame
from game.net.key_messages import link_code_frame, link_frame, replace_key_frame
from game.net.messages import (
    ClubTableOptions,
    create_frame,
    hello_frame,
    join_frame,
    lobby_frame,
    mine_frame,
    move_frame,
    ratings_frame,
    rejoin_frame,
    say_frame,
    stand_in_frame,
    watch_frame,
)
from game.net.notice_messages import notices_request
from game.net.reader import ServerReader
from game.net.replies import MAX_READ, Joined, ServerMessage
from game.net.reply_fields import BadReply
from game.net.takeback_messages import takeback_answer_frame, takeback_frame

EVERY_TABLE: Final = LobbyRequest()
"""The lobby as a client before filters and pages asked for it: its first 300 tables."""
BEST: Final = RatingsRequest()
"""The ratings board's first page: the best 100."""
RETRY_S: Final = (0.5, 1.0, 2.0, 5.0)
"""The waits between tries to connect again, the last one repeated."""
CLOSE_S: Final = 1.0
"""The longest a closing waits for the server's answer (`close` waits on it)."""

UNREACHABLE: Final = "unreachable"
"""No way to that address from here (no route, no such name)."""
REFUSED: Final = "refused"
"""The computer there answers, but nothing listens at that port."""
TIMED_OUT: Final = "timed-out"
"""Nothing answered in time."""
NOT_A_TABLE: Final = "not-a-table"
"""Something answers there, but not a table server."""
LOST: Final = "lost"
"""An open connection broke."""
HOST_LEFT: Final = "host-left"
"""The server closed the connection as it shut down (close code 1001, going away)."""
BAD_SERVER: Final = "bad-server"
"""The server sent what cannot be: the connection is dropped, never tried again."""
CLOSED: Final = "closed"
"""This client was closed."""
CONNECTION_LOG: Final = logging.getLogger("game.net.client.connection")
"""The connection's log: websockets writes every frame to it at DEBUG, a club's hello
with its key among them, so it never logs below INFO, whatever the program's level."""
CONNECTION_LOG.setLevel(logging.INFO)
_UNREACHABLE_ERRORS: Final = frozenset(
    {errno.EHOSTUNREACH, errno.ENETUNREACH, errno.EADDRNOTAVAIL, errno.ENETDOWN}
)


@dataclass(frozen=True)
class Connected:
    """The connection is open (again)."""

    address: str


@dataclass(frozen=True)
class Disconnected:
    """The connection was lost or could not be made; `retrying` when it is tried again.
    `cause` says why (UNREACHABLE, REFUSED, ... CLOSED), `reason` in a developer's
    words."""

    reason: str
    retrying: bool
    cause: str = LOST


ClientEvent = ServerMessage | Connected | Disconnected


@dataclass(frozen=True)
class ClubIdentity:
    """Who a club's client is: the player's name and secret key at that club, and the
    key to move from there ("": none; docs/protocol.md "Players"); never in a repr."""

    name: str
    key: str = field(repr=False)
    was: str = field(default="", repr=False)


def failed_to_connect(error: Exception) -> Disconnected:
    """Why a connection could not be made or was lost, from the error that said so."""
    reason = str(error) or type(error).__name__
    if isinstance(error, ConnectionClosed):
        sent, received = error.sent, error.rcvd
        if received is not None and received.code == CloseCode.GOING_AWAY:
            return Disconnected(reason, True, HOST_LEFT)
        if sent is not None and sent.code == CloseCode.MESSAGE_TOO_BIG:
            return Disconnected(f"a frame over {MAX_READ // 1024} KiB", False, BAD_SERVER)
        return Disconnected(reason, True, LOST)
    if isinstance(error, InvalidURI | InvalidHandshake):
        return Disconnected(reason, True, NOT_A_TABLE)
    every_address_refused = (  # asyncio's "Multiple exceptions: [Errno 111] ..., ..."
        getattr(error, "errno", 0) is None and f"[Errno {errno.ECONNREFUSED}]" in reason
    )
    if isinstance(error, ConnectionRefusedError) or every_address_refused:
        return Disconnected(reason, True, REFUSED)
    if isinstance(error, TimeoutError) or getattr(error, "errno", None) == errno.ETIMEDOUT:
        return Disconnected(reason, True, TIMED_OUT)
    if isinstance(error, socket.gaierror) or getattr(error, "errno", None) in _UNREACHABLE_ERRORS:
        return Disconnected(reason, True, UNREACHABLE)
    return Disconnected(reason, True, LOST)


class TableClient:
    """One connection to a table server, run in its own thread."""

    def __init__(
        self, address: str, retry_s: Sequence[float] = RETRY_S, hello: ClubIdentity | None = None
    ) -> None:
        self.address = address
        self.retry_s = tuple(retry_s)
        self.hello = hello
        self._events: queue.SimpleQueue[ClientEvent] = queue.SimpleQueue()
        self._loop = asyncio.new_event_loop()
        self._outbox: asyncio.Queue[str] = asyncio.Queue()
        self._closing = asyncio.Event()
        self._seats: dict[tuple[str, int], str] = {}
        self._watched: set[str] = set()
        self._following: LobbyRequest | None = None
        """The lobby's page this client follows (asked again on a new connection)."""
        self._opened = 0
        """How many connections were opened (what the first asks is in the outbox)."""
        self._reader = ServerReader()
        self._refused = ""
        """Why the connection was dropped for good ("" while it was not)."""
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
        rules: Mapping[str, object] | None = None,
        names: Sequence[str | None] | None = None,
        club: ClubTableOptions | None = None,
    ) -> None:
        """Open a table (the server deals: a seed is never offered); `club`: a club
        table's options."""
        self._send(create_frame(seats, rules, names=names, club=club))

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

    def move(self, table: str, entry: Mapping[str, object]) -> None:
        """Ask for a move, written as a record entry with its `player`."""
        self._send(move_frame(table, entry))

    def takeback(self, table: str, seat: int) -> None:
        """Ask to take back seat `seat`'s last move (version 3)."""
        self._send(takeback_frame(table, seat))

    def answer_takeback(self, table: str, seat: int, accept: bool) -> None:
        """Seat `seat` accepts or refuses the take-back asked at `table` (version 3)."""
        self._send(takeback_answer_frame(table, seat, accept))

    def mine(self, after: str | None = None) -> None:
        """Ask for this player's unfinished tables (`MyTables`): the first page, or the
        one after table `after` (a page's `next`)."""
        self._send(mine_frame(after))

    def lobby(self, asked: LobbyRequest = EVERY_TABLE) -> None:
        """Ask for a page of the lobby and follow it (a fresh `LobbyTables` whenever it
        changes), or stop following it (`asked.follow` false)."""
        following = asked if asked.follow else None
        if not self._loop.is_closed():
            self._loop.call_soon_threadsafe(setattr, self, "_following", following)
        self._send(lobby_frame(asked))

    def say(self, table: str, text: str) -> None:
        """A chat line at `table`."""
        self._send(say_frame(table, text))

    def ratings(self, asked: RatingsRequest = BEST) -> None:
        """Ask for a page of the ratings board (`Ratings`)."""
        self._send(ratings_frame(asked))

    def link_code(self) -> None:
        """Ask for a code that links another computer to this player (`LinkCode`)."""
        self._send(link_code_frame())

    def link(self, code: str, key: str) -> None:
        """Bind the new key `key` to the player who gave link code `code` (`Linked`)."""
        self._send(link_frame(code, key))

    def replace_key(self, key: str) -> None:
        """Make the new key `key` this player's only key (`NewKey`)."""
        self._send(replace_key_frame(key))

    def notices(self, address: str = "", code: str = "", on: bool | None = None) -> None:
        """Ask for the player's turn notices (`NoticeSettings`), changing one first: a new
        address, the code mailed to it, or the switch (version 3)."""
        self._send(notices_request(address, code, on))

    def games(self, page: int, per_page: int = GAMES_PAGE_SIZE) -> None:
        """Ask for a page of this player's finished games, newest first (`GamesPage`)."""
        self._send(games_frame(page, per_page))

    def game(self, table: str) -> None:
        """Ask for finished game `table`'s whole record (`GameAnswer`)."""
        self._send(game_frame(table))

    def event(self, message: EventMessage) -> None:
        """Create, list, join, leave or follow the club's events (version 3; the answers
        are `game.net.event_answers`')."""
        self._send(event_request_frame(message))

    def close(self, timeout: float = 5.0) -> None:
        """Close the connection and end the thread."""
        if self._thread.is_alive():
            with contextlib.suppress(RuntimeError):  # its loop closed as the thread ends
                self._loop.call_soon_threadsafe(self._closing.set)
            self._thread.join(timeout)

    def drop(self, reason: str) -> None:
        """Close the connection for good, without waiting: the server sent what cannot be
        (`reason`); the last event is `Disconnected(reason, False, BAD_SERVER)`."""
        if not self._loop.is_closed():
            self._loop.call_soon_threadsafe(self._refuse, reason)

    def _send(self, frame: str) -> None:
        if not self._loop.is_closed():  # after `close`, a message goes nowhere
            self._loop.call_soon_threadsafe(self._outbox.put_nowait, frame)

    # --- the connection's thread -----------------------------------------------------------

    def _refuse(self, reason: str) -> None:
        self._refused = self._refused or reason
        self._closing.set()

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
            lost = await self._session()
            if lost is None:
                tries = 0
                continue
            if lost.cause == BAD_SERVER:
                self._refuse(lost.reason)
            if self._closing.is_set():
                break
            self._tell(lost)
            wait = self.retry_s[min(tries, len(self.retry_s) - 1)]
            tries += 1
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._closing.wait(), wait)
        if self._refused:
            self._tell(Disconnected(self._refused, False, BAD_SERVER))
        else:
            self._tell(Disconnected("closed", False, CLOSED))

    async def _session(self) -> Disconnected | None:
        """One connection, until it is lost (why) or the client closes (None)."""
        try:
            opening = connect(
                self.address,
                max_size=MAX_READ,
                open_timeout=10,
                close_timeout=CLOSE_S,
                logger=CONNECTION_LOG,
            )
            connection = await self._open_unless_closed(opening)
            if connection is None:
                return None
            async with connection:
                self._tell(Connected(self.address))
                if self.hello is not None:
                    hello = self.hello
                    await connection.send(hello_frame(hello.name, hello.key, hello.was))
                for (table, _seat), token in self._seats.items():
                    await connection.send(rejoin_frame(table, token))
                for table in self._watched:
                    await connection.send(watch_frame(table))
                if self._following is not None and self._opened:
                    await connection.send(lobby_frame(self._following))
                self._opened += 1
                return await self._exchange(connection)
        except (OSError, TimeoutError, InvalidHandshake, InvalidURI, ConnectionClosed) as error:
            return failed_to_connect(error)

    async def _open_unless_closed(
        self, opening: Awaitable[ClientConnection]
    ) -> ClientConnection | None:
        """The connection `opening` makes (its error raised), or None when the client
        closes first: a server that takes the connection and never answers its handshake
        is given up at once, not after the handshake's time runs out (the window that
        closes the client would wait for it)."""
        opened = asyncio.ensure_future(opening)
        closing = asyncio.create_task(self._closing.wait())
        await asyncio.wait((opened, closing), return_when=asyncio.FIRST_COMPLETED)
        closing.cancel()
        if opened.done():
            return opened.result()
        opened.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await opened
        return None

    async def _exchange(self, connection: ClientConnection) -> Disconnected | None:
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
            return None
        for task in done:
            error = task.exception()
            if isinstance(error, BadReply):
                return Disconnected(str(error), False, BAD_SERVER)
            if isinstance(error, Exception):
                return failed_to_connect(error)
        if connection.close_code == CloseCode.GOING_AWAY:
            return Disconnected("the server is going away", True, HOST_LEFT)
        return Disconnected("the server closed the connection", True, LOST)

    async def _read(self, connection: ClientConnection) -> None:
        async for text in connection:
            message = self._reader.read(text)
            if message is None:
                continue
            if isinstance(message, Joined):
                self._seats[(message.table, message.seat)] = message.token
            self._tell(message)

    async def _write(self, connection: ClientConnection) -> None:
        while True:
            frame = await self._outbox.get()
            await connection.send(frame)
