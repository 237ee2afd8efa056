"""The caps on open tables, per network and per player, against a real `python -m
game.server` and after it starts again: one network, or one key from many networks,
cannot fill the server, its lobby or the player's own `my-tables` (issue 51: 5,000 tables
from 520 networks, one key holding 10,500 seats, a lobby of the 300 oldest tables)."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from websockets.sync.client import ClientConnection, connect

from game.net.replies import MAX_READ
from tests.conftest import GUARD_S
from tests.net_process import end, start_server
from tests.test_net_club import key

CAPS = (
    "--limit",
    "tables_per_network=2",
    "--limit",
    "tables_per_player=3",
    "--limit",
    "seats_per_player=4",
)


def ask(connection: ClientConnection, message: dict[str, Any]) -> dict[str, Any]:
    """Send `message`; the first answer that is not a view or presence of a table."""
    connection.send(json.dumps(message))
    while True:
        answer: dict[str, Any] = json.loads(connection.recv(timeout=GUARD_S))
        if answer["type"] not in ("view", "presence"):
            return answer


@contextlib.contextmanager
def from_network(
    address: str, number: int, player: int | None = None
) -> Iterator[ClientConnection]:
    """A connection from 127.0.`number`.1 that said hello as `player` (None: nobody)."""
    source = (f"127.0.{number}.1", 0)
    with connect(address, max_size=MAX_READ, source_address=source) as connection:
        if player is not None:
            hello = {"type": "hello", "name": "Eve", "key": key(player)}
            assert ask(connection, hello)["type"] == "welcome"
        yield connection


def days_table(connection: ClientConnection, seats: int = 2) -> dict[str, Any]:
    frame = {"type": "create", "players": seats, "seats": ["remote"] * seats}
    return ask(connection, {**frame, "public": True, "pace": {"days": 3}})


def test_one_network_and_one_player_are_capped_on_a_server_and_after_it_starts_again(
    tmp_path: Path,
) -> None:
    server, address = start_server(tmp_path, None, *CAPS)
    try:
        with from_network(address, 7) as opener:
            codes = [days_table(opener)["table"] for _ in range(2)]
            assert days_table(opener)["code"] == "too-many-tables"
        with from_network(address, 20, player=1) as eve:  # one key, its seats from anywhere
            table = days_table(eve, 7)["table"]
            taken = []
            for number in range(21, 27):
                with from_network(address, number, player=1) as seat:
                    joined = ask(seat, {"type": "join", "table": table, "name": "x"})
                    taken.append(joined.get("code", joined["type"]))
            assert taken == ["joined"] * 4 + ["too-many-tables"] * 2
            assert len(ask(eve, {"type": "mine"})["tables"]) == 4
    finally:
        end(server)
    server, address = start_server(tmp_path, None, *CAPS)
    try:
        with from_network(address, 7) as opener:
            assert days_table(opener)["code"] == "too-many-tables"  # kept with the tables
        with from_network(address, 8) as other:
            new = days_table(other)["table"]
            lobby = ask(other, {"type": "lobby"})["tables"]
            assert lobby[0]["table"] == new and set(codes) <= {t["table"] for t in lobby}
    finally:
        end(server)
