"""The players' book on files against a real `python -m game.server` (issue 51): a book
of 40,000 players (over 16 MB) no longer stops the server from starting, and a hello
that changes a name adds a line to the book's journal instead of writing the whole book
(48 ms a hello at 10,000 players)."""

from __future__ import annotations

import json
from pathlib import Path

from websockets.sync.client import connect

from game.net.tables.players import BOOK_FILE, JOURNAL_FILE, START_MU, START_SIGMA, key_hash
from tests.conftest import GUARD_S
from tests.net_process import end, start_server
from tests.test_net_club import key

PLAYERS = 40_000


def hello(address: str, name: str) -> dict[str, object]:
    """Say hello as player 1, named `name`: the welcome."""
    with connect(address) as connection:
        connection.send(json.dumps({"type": "hello", "name": name, "key": key(1)}))
        welcome: dict[str, object] = json.loads(connection.recv(timeout=GUARD_S))
    return welcome


def test_a_book_of_40000_players_opens_and_a_new_name_costs_a_line(tmp_path: Path) -> None:
    long_name = "\U0001f600" * 24  # written escaped: 288 characters
    players = {
        key_hash(key(number)): {
            "pid": f"p-{number:012}",
            "name": long_name,
            "mu": START_MU,
            "sigma": START_SIGMA,
            "games": 0,
        }
        for number in range(PLAYERS)
    }
    book = tmp_path / BOOK_FILE
    book.write_text(json.dumps({"players": players, "games": {}}))
    size = book.stat().st_size
    assert size > 16 * 1024 * 1024
    server, address = start_server(tmp_path)
    try:
        assert hello(address, "Ann") == {
            "type": "welcome",
            "player": "p-000000000001",
            "name": "Ann",
            "rating": 1000,
        }
        assert book.stat().st_size == size  # the book is not written again
        assert (tmp_path / JOURNAL_FILE).stat().st_size < 300  # the change alone
    finally:
        end(server)
