"""The game window against a hostile server (or anyone in the middle): every frame is
read as strictly as a record file (game/net/reader.py), and a bad one is refused in one
line and the connection dropped, never tried again. A thousand seeded mutations of a
real server's frames, fed to a table, never raise; a fake server on loopback sends a
joined window a view of another number of seats, and a 15 MB error: each is said in one
line, and the window goes on."""

from __future__ import annotations

import asyncio
import json
import random
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from websockets.asyncio.server import ServerConnection, broadcast, serve

from game.ai.worker import InProcessAdviser
from game.app import App
from game.net.client import BAD_SERVER, Disconnected, TableClient
from game.net.reader import ServerReader
from game.net.remote_match import RemoteMatch, TableLink
from game.net.replies import TableView, joined_frame, view_frame
from game.net.reply_fields import BadReply
from game.net.tables.registry import Registry
from game.scenes.menus.menu import MenuScene
from game.scenes.online.join import JoinScene
from game.scenes.online.remote import OnlineTable
from game.scenes.table.scene import TableScene
from game.ui.widgets.notices import LONGEST, Notices
from tests.conftest import GUARD_S, AppMaker
from tests.drive import Input
from tests.net_helpers import (
    ROOMY,
    ManualClock,
    broken_text,
    first_legal_entry,
    mutated,
    open_table,
)
from tests.test_scenes_online_remote import until_seated

CODE = "TABLE1"


def server_frames(players: int, moves: int = 12) -> tuple[list[dict[str, Any]], str]:
    """What seat 1 of a real table of `players` remote seats was sent while `moves`
    moves were played (joined, view, presence, moves), and its token."""
    registry = Registry(ManualClock(), limits=ROOMY)
    table, inboxes, tokens = open_table(registry, ["remote"] * players, {"hands": 2})
    for _ in range(moves):
        inbox = inboxes[table.state.current]
        inbox.send({"type": "move", "table": table.code, "move": first_legal_entry(table)})
    frames = [{**message, "table": CODE} for message in inboxes[1].messages]
    return [frame for frame in frames if "table" in frame], tokens[1]


def view_message(players: int) -> dict[str, Any]:
    frames, _token = server_frames(players, moves=0)
    return next(frame for frame in frames if frame["type"] == "view")


# --- a thousand hostile frames ---------------------------------------------------------


class Table:
    """A window's table on a client that reads what a hostile server sends."""

    def __init__(self, client: TableClient, view: dict[str, Any], token: str) -> None:
        self.reader = ServerReader()
        first = self.reader.read(json.dumps(view))
        assert isinstance(first, TableView)
        link = TableLink(client, CODE, {1: token})
        self.match = RemoteMatch(link, first, InProcessAdviser())

    def take(self, frame: str | bytes) -> bool:
        """Give the table one frame; False once its connection is dropped."""
        match = self.match
        try:
            message = self.reader.read(frame)
        except BadReply as refused:
            assert "\n" not in str(refused) and len(str(refused)) < 400
            match.receive(Disconnected(str(refused), False, BAD_SERVER))
        else:
            if message is not None:
                match.receive(message)
        for _step in range(3):  # as the table screen does each frame
            match.flow.advance_clock(0.0)
            match.flow.poll()
            match.flow.turn()
        words = [match.waiting_words(), *(match.seat_note(s) for s in range(match.flow.players))]
        assert all(word is None or isinstance(word, str) for word in words)
        assert len(match.connection.seats) == match.flow.players == 2
        assert match.mirror.state.players == 2 and len(match.flow.names) == 2
        return not match.connection.dropped


def test_a_thousand_hostile_frames_never_break_a_table() -> None:
    frames, token = server_frames(2)
    view = next(frame for frame in frames if frame["type"] == "view")
    others = [view_message(3), {"type": "error", "code": "too-fast", "message": "wait"}]
    client = TableClient("ws://127.0.0.1:9", retry_s=[60]).start()
    rng = random.Random(38)
    table, dropped = Table(client, view, token), 0
    try:
        for _ in range(1000):
            message = rng.choice(frames + others)
            frame: str | bytes | dict[str, Any] = message
            if rng.random() < 0.3:
                frame = broken_text(rng, message)
            elif rng.random() < 0.8:
                frame = mutated(rng, message)
            if not table.take(json.dumps(frame) if isinstance(frame, dict) else frame):
                assert table.match.take_notices()[-1].startswith("The table's server sent")
                table, dropped = Table(client, view, token), dropped + 1
    finally:
        client.close()
    assert 300 < dropped < 1000


# --- a fake server on loopback, and a real window --------------------------------------


class FakeServer:
    """A server on a free loopback port that answers a join with a seat and a view, and
    sends whatever a test gives it to every connection."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        self.connections: set[ServerConnection] = set()
        self.address = ""
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._stop: asyncio.Future[None] | None = None
        self._thread = threading.Thread(target=self._loop.run_until_complete, args=(self._serve(),))

    async def _serve(self) -> None:
        self._stop = self._loop.create_future()
        async with serve(self._answer, "127.0.0.1", 0, max_size=None) as server:
            self.address = f"127.0.0.1:{server.sockets[0].getsockname()[1]}"
            self._ready.set()
            await self._stop

    async def _answer(self, connection: ServerConnection) -> None:
        self.connections.add(connection)
        async for text in connection:
            if json.loads(text)["type"] == "join":
                await connection.send(joined_frame(CODE, 1, "T" * 32))
                await connection.send(view_frame(CODE, self.view["record"]))

    def send(self, frame: str) -> None:
        self._loop.call_soon_threadsafe(broadcast, self.connections, frame)

    def __enter__(self) -> FakeServer:
        self._thread.start()
        assert self._ready.wait(GUARD_S)
        return self

    def __exit__(self, *_exc: object) -> None:
        stop = self._stop
        if stop is not None:
            self._loop.call_soon_threadsafe(stop.set_result, None)
        self._thread.join(GUARD_S)
        self._loop.close()


@pytest.fixture
def fake_server() -> Iterator[FakeServer]:
    with FakeServer(view_message(2)) as server:
        yield server


def joined(app: App, server: FakeServer) -> TableScene[OnlineTable]:
    """The window joins the fake server's table from the menu, as a player would."""
    drive, menu = Input(app), app.scene
    assert isinstance(menu, MenuScene)
    drive.click(menu.buttons["join"])
    join = app.scene
    assert isinstance(join, JoinScene)
    join.invitation.text = f"contack://{server.address}/{CODE}"
    drive.click(join.join)
    return until_seated(app, join)


def dropped(app: App, table: TableScene[OnlineTable]) -> str:
    """Frames, each after one event of the table's connection, until it is dropped; what
    the window said."""
    client = table.role.remote.link.client
    for _ in range(20):
        event = client.wait(GUARD_S)
        assert event is not None, "the connection was not dropped"
        table.role.remote.receive(event)
        app.run_frames(2)
        if isinstance(event, Disconnected) and not event.retrying:
            break
    assert app.scene is table and table.role.remote.connection.dropped
    said = [text for text in app.notices if "sent something wrong" in text]
    assert len(said) == 1 and len(said[0]) <= LONGEST, app.notices
    assert table.status_text() == ("The server sent something wrong: the connection is closed.",)
    client.close()
    assert not client.running
    return said[0]


def test_a_view_of_another_number_of_seats_is_refused(
    make_app: AppMaker, fake_server: FakeServer
) -> None:
    app = make_app(speed="instant")
    table = joined(app, fake_server)
    assert table.role.remote.flow.players == 2
    fake_server.send(json.dumps(view_message(3)))
    assert "2 seats, not 3" in dropped(app, table)
    assert table.role.remote.flow.players == 2 and len(table.role.remote.flow.names) == 2


def test_a_huge_error_frame_is_refused_at_once(make_app: AppMaker, fake_server: FakeServer) -> None:
    app = make_app(speed="instant")
    table = joined(app, fake_server)
    huge = {"type": "error", "code": "bad-message", "message": "A" * (15 * 1024 * 1024)}
    fake_server.send(json.dumps(huge))
    assert "KiB" in dropped(app, table)


def test_a_notice_cuts_what_it_would_measure() -> None:
    notices = Notices()
    notices.add("A" * (15 * 1024 * 1024), 0)
    assert len(notices.texts[0]) == LONGEST
