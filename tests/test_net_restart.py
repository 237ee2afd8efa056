"""`python -m game.server` killed with SIGKILL in the middle of a hand and started again
on the same folder: its table is back with its code, every seat is taken back by its
token, nothing announced is lost, and the game goes on to a record `check` passes; then
SIGTERM stops it with exit status 0 and the table saved."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

from websockets.sync.client import ClientConnection, connect

from game import cli
from game.net.messages import create_frame, join_frame, move_frame, rejoin_frame
from game.net.mirror import TableMirror
from game.net.replies import MovePlayed, read_server_message
from game.rules.record import GameRecord
from tests.net_helpers import bot_move

ROOT = Path(__file__).resolve().parent.parent
GUARD_S = 30
"""Only a hung server makes a read wait this long."""


def start_server(home: Path) -> tuple[subprocess.Popen[str], str]:
    server = subprocess.Popen(
        [sys.executable, "-m", "game.server", "--port", "0", "--home", str(home)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert server.stdout is not None
    address = json.loads(server.stdout.readline())["listening"]
    assert address.startswith("ws://127.0.0.1:")
    return server, address


def end(server: subprocess.Popen[str]) -> None:
    """Kill the server at once (SIGKILL), if it still runs."""
    if server.returncode is None:
        server.kill()
        server.communicate()


class Player:
    """One connection holding every remote seat of a table, playing first legal moves."""

    def __init__(self, connection: ClientConnection, table: str) -> None:
        self.connection = connection
        self.table = table
        self.seats: dict[int, str] = {}
        self.mirror: TableMirror | None = None

    def read(self) -> dict[str, Any]:
        text = self.connection.recv(timeout=GUARD_S)
        assert isinstance(text, str)
        message: dict[str, Any] = json.loads(text)
        assert message["type"] != "error", message
        typed = read_server_message(text)
        if message["type"] == "joined":
            self.seats[message["seat"]] = message["token"]
        elif message["type"] == "view":
            self.mirror = TableMirror(GameRecord(message["record"]))
        elif isinstance(typed, MovePlayed):
            assert self.mirror is not None
            self.mirror.play(typed)
        return message

    def ask(self, frame: str, kind: str) -> dict[str, Any]:
        self.connection.send(frame)
        while (message := self.read())["type"] != kind:
            pass
        return message

    def play(self, moves: int | None) -> dict[str, Any] | None:
        """Play `moves` moves (None: to the end); the `over` message at the end."""
        played = 0
        while moves is None or played < moves:
            move = bot_move(self.mirror, self.seats)
            if move is not None:
                self.connection.send(move_frame(self.table, move[1]))
            message = self.read()
            while message["type"] not in ("move", "over"):
                message = self.read()
            if message["type"] == "over":
                return message
            played += 1
        return None


def test_a_server_killed_mid_hand_reopens_its_table_and_every_seat_is_taken_back(
    tmp_path: Path,
) -> None:
    server, address = start_server(tmp_path)
    try:
        with connect(address) as host:
            host.send(create_frame(["remote", "ai:random", "remote"], {"hands": 1}))
            code = json.loads(host.recv(timeout=GUARD_S))["table"]
        with connect(address, max_size=2**24) as connection:
            before = Player(connection, code)
            before.ask(join_frame(code, "Ann"), "view")
            before.ask(join_frame(code, "Bob"), "view")
            before.play(9)
            assert before.mirror is not None and not before.mirror.state.hand_over
            played = before.mirror.record.data["hands"][-1]["moves"]
            end(server)
    finally:
        end(server)
    server, address = start_server(tmp_path)
    try:
        with connect(address, max_size=2**24) as connection:
            after = Player(connection, code)
            for seat, token in before.seats.items():
                joined = after.ask(rejoin_frame(code, token), "joined")
                assert joined["seat"] == seat
                after.read()  # its view
            assert after.mirror is not None
            assert after.mirror.record.data["hands"][-1]["moves"][: len(played)] == played
            over = after.play(None)
            assert over is not None
    finally:
        server.send_signal(signal.SIGTERM)
        server.communicate(timeout=GUARD_S)
        assert server.returncode == 0
    saved = tmp_path / "tables" / f"{code}.contack.json"
    assert cli.run(["check", str(saved)])["ok"] is True
    record = json.loads(saved.read_text())
    assert record["hands"][0]["moves"][: len(played)] == played
    assert over["record"]["hands"] == record["hands"]
