"""The client library (game/net/client.py) against a server hosted in a thread
(game/net/hosting.py), on loopback: the window's side never waits (it polls); a game is
played to its end through it; a lost connection comes back by itself and takes its seats
back by their tokens."""

from __future__ import annotations

import socket
from pathlib import Path
from typing import TypeVar

from game.net.client import ClientEvent, Connected, Disconnected, TableClient
from game.net.hosting import HostedServer
from game.net.mirror import TableMirror
from game.net.replies import Created, GameOver, Joined, MoveMessage, TableView
from game.net.tables.registry import Registry
from game.net.tables.store import TableStore
from game.rules.modes import Mode
from tests.conftest import GUARD_S
from tests.net_helpers import ROOMY, ManualClock, bot_move, checked

E = TypeVar("E")


def hosted(home: Path | None = None, port: int = 0) -> HostedServer:
    store = TableStore(home) if home is not None else None
    registry = Registry(ManualClock(), store=store, limits=ROOMY)
    if store is not None:
        registry.open(store.load())
    server = HostedServer(registry, "127.0.0.1", port)
    server.start()
    return server


def next_of(client: TableClient, kind: type[E], seen: list[ClientEvent] | None = None) -> E:
    while True:
        event = client.wait(GUARD_S)
        assert event is not None, f"no {kind.__name__} came"
        if seen is not None:
            seen.append(event)
        if isinstance(event, kind):
            return event


class Driver:
    """Plays every seat its client holds with the first legal move, from what arrives."""

    def __init__(self, client: TableClient, table: str) -> None:
        self.client = client
        self.table = table
        self.seats: set[int] = set()
        self.mirror: TableMirror | None = None
        self.asked: tuple[int, int] | None = None

    def follow(self, event: ClientEvent) -> None:
        if isinstance(event, Joined):
            self.seats.add(event.seat)
        elif isinstance(event, TableView):
            self.mirror = TableMirror(event.record)
        elif isinstance(event, MoveMessage) and self.mirror and self.mirror.follows(event):
            self.mirror.play(event)

    def move_if_mine(self) -> None:
        move = bot_move(self.mirror, self.seats)
        if move is not None and self.asked != move[0]:
            self.asked = move[0]
            self.client.move(self.table, move[1])

    def play(self, moves: int | None = None) -> GameOver | None:
        """Play until the game is over or `moves` moves were announced."""
        announced = 0
        while moves is None or announced < moves:
            self.move_if_mine()
            event = self.client.wait(GUARD_S)
            assert event is not None, "the game stalled"
            self.follow(event)
            if isinstance(event, GameOver):
                return event
            announced += isinstance(event, MoveMessage)
        return None


def test_polling_never_waits_and_a_server_that_is_not_there_is_said_so() -> None:
    client = TableClient("ws://127.0.0.1:9", retry_s=[60]).start()
    try:
        polled = client.poll()  # at once, with what came so far (maybe nothing yet)
        lost = next((e for e in polled if isinstance(e, Disconnected)), None)
        lost = lost or next_of(client, Disconnected)
        assert lost.retrying and "127.0.0.1" in lost.reason
    finally:
        client.close()
    assert not client.running
    client.join("nope", "Ann")  # after closing: goes nowhere, raises nothing
    assert isinstance(client.poll()[-1], Disconnected)


def test_a_game_is_played_through_the_client_and_watched_by_another() -> None:
    server = hosted()
    host = TableClient(server.address or "").start()
    watcher = TableClient(server.address or "").start()
    try:
        next_of(host, Connected)
        host.create(["remote", "ai:greedy", "remote"], {"hands": 1})
        created = next_of(host, Created)
        table = created.table
        assert len(created.host) >= 32
        driver = Driver(host, table)
        for name in ("Ann", "Bob"):
            host.join(table, name)
            driver.follow(next_of(host, Joined))
        watcher.watch(table)
        over = driver.play()
        assert over is not None
        seen: list[ClientEvent] = []
        watched = next_of(watcher, GameOver, seen)
        assert watched.record == over.record and checked(over.record.to_json()).is_over()
        view = next(event for event in seen if isinstance(event, TableView))
        moves = view.record.to_json()["hands"][0]["moves"]
        moves += [event.move.entry(Mode.TABLE) for event in seen if isinstance(event, MoveMessage)]
        assert moves == over.record.to_json()["hands"][0]["moves"]
    finally:
        host.close()
        watcher.close()
        server.stop()


def test_a_lost_connection_comes_back_by_itself_and_takes_its_seats_back(
    tmp_path: Path,
) -> None:
    server = hosted(tmp_path)
    address = server.address or ""
    client = TableClient(address, retry_s=[0.05]).start()
    try:
        client.create(["remote", "remote"], {"hands": 1})
        table = next_of(client, Created).table
        driver = Driver(client, table)
        for name in ("Ann", "Bob"):
            client.join(table, name)
            driver.follow(next_of(client, Joined))
        assert driver.play(moves=5) is None
        server.stop()
        assert next_of(client, Disconnected).retrying
        server = hosted(tmp_path, port=int(address.rsplit(":", 1)[1]))
        next_of(client, Connected)
        assert {next_of(client, Joined).seat, next_of(client, Joined).seat} == {0, 1}
        over = driver.play()
        assert over is not None and checked(over.record.to_json()).is_over()
    finally:
        client.close()
        server.stop()


def test_a_client_closed_while_a_server_keeps_its_handshake_waiting_ends_at_once() -> None:
    """A server that takes the connection and never answers its handshake (a hung or
    half-started club): closing the client gives the connection up at once, not after
    the handshake's time runs out (10 s), so the window that closes it does not wait
    (its `close` gives up waiting after 5 s, and the thread went on)."""
    with socket.create_server(("127.0.0.1", 0)) as silent:
        silent.settimeout(GUARD_S)
        client = TableClient(f"ws://127.0.0.1:{silent.getsockname()[1]}", retry_s=(0.0,))
        client.start()
        taken, _ = silent.accept()
        with taken:
            taken.settimeout(GUARD_S)
            assert taken.recv(4096).startswith(b"GET / HTTP/1.1")  # it waits for an answer
            client.close()
            assert not client.running
            assert taken.recv(4096) == b""  # the connection is closed, not left open
