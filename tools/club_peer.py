"""A small club server for the tests and screenshots of the game's club side (Play
online), until `game.server` speaks version 2: a real `websockets` server on loopback
whose tables are a real `Registry` (create, join, rejoin, watch, move), and which answers
the messages of docs/protocol.md "Version 2" (hello, mine, lobby, say, ratings) as that
page says, from what the test set (`lobby_tables`, `board`). It keeps every frame each connection
sent (`received`), so that a test can see where a key went."""

from __future__ import annotations

import asyncio
import concurrent.futures
import hashlib
import json
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Final, TypeVar

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game.net.replies import error_frame
from game.net.tables.limits import Limits
from game.net.tables.lobby import seats_of
from game.net.tables.registry import Registry
from game.net.tables.table import NetTable

R = TypeVar("R")
GUARD_S = 120.0
"""The longest a step waits on the server's thread: only a hung one waits this long."""
VERSION_2_TYPES: Final = ("hello", "mine", "lobby", "say", "ratings")
VERSION_3_GAMES: Final = ("games", "game")
"""Version 3's messages of Your games: this club, of version 2, knows none of them."""
ROOMY = Limits(messages_per_s=1e6, message_burst=10**6, joins_per_s=1e6, join_burst=10**6)
"""Limits no test or screenshot reaches."""


@dataclass(eq=False)
class PeerConnection:
    """One connection to the club: who said hello on it, its seats, what it sent."""

    connection: ServerConnection
    outbox: asyncio.Queue[str] = field(default_factory=asyncio.Queue)
    frames: list[str] = field(default_factory=list)
    key: str = ""
    name: str = ""
    seats: dict[str, int] = field(default_factory=dict)
    following: bool = False

    def send(self, data: dict[str, Any] | str) -> None:
        self.outbox.put_nowait(data if isinstance(data, str) else json.dumps(data))

    async def write(self) -> None:
        while True:
            await self.connection.send(await self.outbox.get())


class ClubPeer:
    """The scripted club (start with `running`)."""

    def __init__(self, seed: int = 7) -> None:
        """`seed` deals every table (a test's or a shot's games are dealt alike)."""
        self.registry = Registry(time.time, limits=ROOMY, deal=lambda: seed)
        self.connections: list[PeerConnection] = []
        self.lobby_tables: list[dict[str, Any]] = []
        self.board: list[dict[str, Any]] = []
        self.version = 2
        """1: answer version 2's messages as a server that knows none of them."""
        self.my_tables: list[dict[str, Any]] | None = None
        """What `mine` answers (None: the seats each key took here)."""
        self.mine_page: int | None = None
        """How many seats a `my-tables` page lists, each table's code its cursor (None: all
        in one, with no `next`, as an older club answers)."""
        self.chat: dict[str, list[dict[str, Any]]] = {}
        self.notices: dict[str, Any] = {"address": None, "confirmed": False, "on": True}
        """What `notices` answers (version 3), whatever it asks to change."""
        self.seats_of: dict[str, list[tuple[str, int, str]]] = {}
        """Each key's seats: (table, seat, token)."""
        self.address = ""
        self._loop = asyncio.new_event_loop()
        self._stop: asyncio.Future[None] | None = None
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    # --- the test's side ----------------------------------------------------------------

    @property
    def received(self) -> list[str]:
        """Every frame any connection sent, in order per connection."""
        return [frame for peer in list(self.connections) for frame in peer.frames]

    def call(self, work: Callable[[], R]) -> R:
        """Run `work` in the server's thread (its state lives there); its result."""
        future: concurrent.futures.Future[R] = concurrent.futures.Future()

        def run() -> None:
            future.set_result(work())

        self._loop.call_soon_threadsafe(run)
        return future.result(GUARD_S)

    def publish_lobby(self) -> None:
        """Tell every follower the lobby as it is now (the test changed it)."""

        def publish() -> None:
            for peer in self.connections:
                if peer.following:
                    self._lobby(peer)

        self.call(publish)

    def drop_everyone(self) -> None:
        """Close every connection as a lost network would (clients try again)."""

        def drop() -> None:
            for peer in self.connections:
                peer.connection.transport.abort()

        self.call(drop)

    def table(self, code: str) -> NetTable:
        return next(t for t in self.registry.tables.values() if t.code == code)

    # --- the server's thread --------------------------------------------------------------

    def _run(self) -> None:
        self._loop.run_until_complete(self._serve())

    async def _serve(self) -> None:
        self._stop = self._loop.create_future()
        async with serve(self._handle, "127.0.0.1", 0) as server:
            port = server.sockets[0].getsockname()[1]
            self.address = f"ws://127.0.0.1:{port}"
            self._ready.set()
            await self._stop

    async def _handle(self, connection: ServerConnection) -> None:
        peer = PeerConnection(connection)
        self.connections.append(peer)
        registered = self.registry.connect(lambda text: self._out(peer, text), "127.0.0.1")
        writer = asyncio.create_task(peer.write())
        try:
            async for frame in connection:
                assert isinstance(frame, str)
                peer.frames.append(frame)
                if not self._answer(peer, frame):
                    self.registry.receive(registered, frame)
        except ConnectionClosed:
            pass  # dropped: the client tries again
        finally:
            self.registry.disconnect(registered)
            writer.cancel()

    def _out(self, peer: PeerConnection, text: str) -> None:
        """A frame of the registry's, with what version 2 adds to it."""
        data = json.loads(text)
        if data["type"] == "joined":
            peer.seats[data["table"]] = data["seat"]
            seats = self.seats_of.setdefault(peer.key, []) if peer.key else []
            seat = (data["table"], data["seat"], data["token"])
            if peer.key and seat not in seats:
                seats.append(seat)
        if data["type"] == "view":
            data["chat"] = self.chat.get(data["table"], [])[-50:]
        peer.send(data)

    def _answer(self, peer: PeerConnection, frame: str) -> bool:
        """Answer a version 2 message (False: the registry's to answer)."""
        data = json.loads(frame)
        kind = data.get("type")
        unknown = VERSION_2_TYPES if self.version == 1 else ()
        if kind in (*unknown, *VERSION_3_GAMES):  # a club of an older version knows none
            peer.send(error_frame("bad-message", f"unknown message type {kind!r}"))
        elif kind == "hello":
            peer.key, peer.name = data["key"], data["name"]
            public = public_name(peer.key)
            rated = (row["rating"] for row in self.board if row["player"] == public)
            welcome = {"type": "welcome", "player": public, "name": peer.name}
            peer.send({**welcome, "rating": next(rated, 1500)})
        elif kind in ("mine", "lobby", "say", "ratings") and not peer.key:
            peer.send(error_frame("no-player", "hello first"))
        elif kind == "mine":
            peer.send(self._page(self._mine(peer.key), data.get("after")))
        elif kind == "lobby":
            peer.following = data.get("follow", True)
            if peer.following:
                self._lobby(peer)
        elif kind == "say":
            self._say(peer, data["table"], data["text"])
        elif kind == "ratings":
            peer.send({"type": "ratings", "players": self.board})
        elif kind == "link-code":
            peer.send({"type": "link-code", "code": LINK_CODE, "expires_s": 600})
        elif kind == "notices":
            peer.send({"type": "notices", **self.notices})
        else:
            return False
        return True

    def _lobby(self, peer: PeerConnection) -> None:
        peer.send({"type": "lobby", "tables": self.lobby_tables})

    def _page(self, seats: list[dict[str, Any]], after: str | None) -> dict[str, Any]:
        """The `my-tables` page of `seats` after table `after` (`mine_page`)."""
        if self.mine_page is None:
            return {"type": "my-tables", "tables": seats}
        codes = [seat["table"] for seat in seats]
        start = 0 if after is None else codes.index(after) + 1
        page = seats[start : start + self.mine_page]
        more = start + self.mine_page < len(seats)
        return {"type": "my-tables", "tables": page, "next": page[-1]["table"] if more else None}

    def _mine(self, key: str) -> list[dict[str, Any]]:
        if self.my_tables is not None:
            return self.my_tables
        mine = []
        for code, seat, token in self.seats_of.get(key, []):
            table = self.table(code)
            if table.is_over():
                continue
            state = table.state
            to_move = table.started and not state.hand_over and state.current_player == seat
            entry = {"table": code, "seat": seat, "token": token, "to_move": to_move}
            mine.append({**entry, "pace": {"days": 3}, "seats": seats_of(table)})
        return mine

    def _say(self, peer: PeerConnection, table: str, text: str) -> None:
        said = {"type": "said", "table": table, "seat": peer.seats.get(table), "name": peer.name}
        said |= {"player": public_name(peer.key), "text": text}
        self.chat.setdefault(table, []).append(said)
        for other in self.connections:
            if table in other.seats:
                other.send(said)

    def start(self) -> None:
        self._thread.start()
        self._ready.wait(GUARD_S)

    def stop(self) -> None:
        stop = self._stop
        if stop is not None:
            self._loop.call_soon_threadsafe(stop.set_result, None)
        self._thread.join(GUARD_S)
        self._loop.close()


LINK_CODE = "7KQ2M9XD"  # untranslated: a code
"""The link code the scripted club gives."""


def public_name(key: str) -> str:
    """The name a key's player goes by in public here (its welcome's `player`)."""
    return hashlib.sha256(key.encode()).hexdigest()[:12]


@contextmanager
def running(seed: int = 7) -> Iterator[ClubPeer]:
    """A club peer listening on loopback (its `address`), stopped afterwards."""
    peer = ClubPeer(seed)
    peer.start()
    try:
        yield peer
    finally:
        peer.stop()
