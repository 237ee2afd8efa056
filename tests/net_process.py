"""A real `python -m game.server` for the tests that need its process (its own descriptor
or file size limits, kill -9, SIGTERM), and a player of its tables on a plain blocking
connection. Every wait is bounded by `GUARD_S`."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import ClientConnection

from game.net.messages import create_frame, join_frame, move_frame
from game.net.mirror import TableMirror
from game.net.replies import MoveMessage, read_server_message
from game.net.takeback_answers import TookBackMessage
from game.rules.moves import PLACE
from game.rules.record.document import GameRecord
from tests.conftest import GUARD_S
from tests.forks import Limit, forked
from tests.net_helpers import bot_move

try:
    import resource
except ImportError:  # Windows
    resource = None  # type: ignore[assignment]

ROOT = Path(__file__).resolve().parent.parent
SERVER_MODULES = (
    "game.server",
    "game.net.tables.redis_store",
    "game.net.tables.redis_book",
    "game.net.tables.redis_events",
    "game.net.tables.redis_notices",
)
"""What a server's zygote imports: the server's module and all it imports (the server
runs it afresh, as `python -m` does), and what a server on Redis imports as it opens
its store (0.14 s of a core a server, before)."""
PLAYS_FAST = ("--limit", "messages_per_s=1000000", "--limit", "message_burst=1000000")
"""A test's players move as fast as they can, one connection often for every seat: the
server's message rate (20 a second, bursts of 40) would refuse them `too-fast` on a
quiet fast machine (as `net_helpers.ROOMY` for a server in the test's process). A
test's own `--limit` options come after, and win."""


def start_server(
    home: Path, limit: Limit | None = None, *options: str
) -> tuple[subprocess.Popen[str], str]:
    """The server on `home` with command line `options` (`limit`: a resource limit of its
    process); its address. Standard error is kept for the test to read. It is forked
    from a zygote that has imported the server (tests/forks.py): it runs as `python -m
    game.server` would, without its quarter of a second of imports."""
    command = ["--port", "0", "--home", str(home), *PLAYS_FAST, *options]
    server = forked(
        SERVER_MODULES,
        module="game.server",
        args=command,
        env=os.environ,
        limits=[limit] if limit else [],
    )
    assert server.stdout is not None
    address = json.loads(server.stdout.readline())["listening"]
    assert address.startswith(("ws://127.0.0.1:", "wss://127.0.0.1:"))
    return server, address


def end(server: subprocess.Popen[str]) -> str:
    """Kill the server at once (SIGKILL), if it still runs; what it wrote on standard
    error ("" once read)."""
    if server.returncode is not None:
        return ""
    server.kill()
    return server.communicate()[1] or ""


LIMITS = pytest.mark.skipif(resource is None, reason="resource limits are POSIX")
"""Marks a test that sets a resource limit for the server's process."""


def file_size_limit(size: int) -> Limit:
    """No file of the server's larger than `size` bytes: a write past it is refused
    (EFBIG; Python ignores SIGXFSZ) as a full disk refuses one."""
    return ("RLIMIT_FSIZE", size)


def descriptor_limit(count: int) -> Limit:
    """At most `count` open files and sockets in the server's process."""
    return ("RLIMIT_NOFILE", count)


def moves_of(record: dict[str, Any]) -> list[tuple[int, dict[str, Any]]]:
    """Every move of `record`, with its hand (a hand dealt and not begun has none)."""
    return [(number, move) for number, hand in enumerate(record["hands"]) for move in hand["moves"]]


class Player:
    """One connection holding every remote seat of a table, playing first legal moves."""

    def __init__(self, connection: ClientConnection, table: str) -> None:
        self.connection = connection
        self.table = table
        self.seats: dict[int, str] = {}
        self.mirror: TableMirror | None = None

    def read(self) -> dict[str, Any]:
        """The next message, followed (an error is answered, not followed)."""
        text = self.connection.recv(timeout=GUARD_S)
        assert isinstance(text, str)
        message: dict[str, Any] = json.loads(text)
        typed = read_server_message(text)
        if message["type"] == "joined":
            self.seats[message["seat"]] = message["token"]
        elif message["type"] == "view":
            self.mirror = TableMirror(GameRecord.parse(message["record"]))
        elif isinstance(typed, MoveMessage):
            assert self.mirror is not None
            self.mirror.play(typed)
        elif isinstance(typed, TookBackMessage):
            assert self.mirror is not None
            self.mirror.take_back(typed)
        return message

    def ask(self, frame: str, kind: str) -> dict[str, Any]:
        self.connection.send(frame)
        while (message := self.read())["type"] != kind:
            assert message["type"] != "error", message
        return message

    def play(self, moves: int | None) -> dict[str, Any] | None:
        """Play `moves` moves (None: to the end); the `over` message at the end, or the
        first refusal."""
        played = 0
        sent_at = None
        while moves is None or played < moves:
            move = bot_move(self.mirror, self.seats) if self.started() else None
            if move is not None and move[0] != sent_at:
                sent_at = move[0]
                self.connection.send(move_frame(self.table, move[1]))
            message = self.read()
            if message["type"] in ("over", "error"):
                return message
            played += message["type"] == "move"
        return None

    def started(self) -> bool:
        """Whether every seat is taken in the last view, as the game's window asks before
        it plays (`RemoteMatch.started`; both ask `RecordPlayer.seated`): a seat taken on
        another server of a store is told here only once this server has read that
        change, and a move sent before is refused (`not-your-turn`)."""
        return self.mirror is not None and all(
            player.seated for player in self.mirror.recorded.record.players
        )

    def moves(self) -> list[tuple[int, dict[str, Any]]]:
        """Every move announced, with its hand."""
        assert self.mirror is not None
        return moves_of(self.mirror.recorded.record.to_json())


def seated_apart(ann: Player, bob: Player) -> str:
    """Ann opens a one-hand table of two remote seats and takes one, Bob the other, each
    on their own connection (to one server or two): the table's code."""
    code: str = ann.ask(create_frame(["remote", "remote"], {"hands": 1}), "created")["table"]
    ann.table = bob.table = code
    ann.ask(join_frame(code, "Ann"), "view")
    bob.ask(join_frame(code, "Bob"), "view")
    return code


def until(player: Player, kind: str) -> dict[str, Any]:
    """The next message of type `kind` `player` gets (those before it followed)."""
    while (message := player.read())["type"] != kind:
        assert message["type"] != "error", message
    return message


def placed_by(mover: Player, other: Player) -> int:
    """Play on, each seat its first legal move, until `mover` has just placed a tile, the
    move a take-back takes back: its index in the hand. (Now and then a deal leaves a
    seat no placement at its first turn, and it passes.)"""
    while True:
        assert mover.mirror is not None
        playing, watching = (
            (mover, other) if mover.mirror.state.current in mover.seats else (other, mover)
        )
        playing.play(1)
        until(watching, "move")
        last = mover.mirror.recorded.record.last_move()
        if last.player in mover.seats and last.move.action == PLACE:
            return len(mover.mirror.state.moves) - 1
