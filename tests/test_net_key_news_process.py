"""A key replaced on one server of a club ends the other keys' connections on every
server: two real `python -m game.server --store redis://...` processes on one
redis-server, each table on every server or on one (`--own-tables`); the player's
connection on the other server, open with the old key, is nobody's at once, its
forwarded messages too, and a hello with the old key is refused on both."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import connect

from game.net.messages import create_frame, hello_frame, join_frame
from tests.conftest import GUARD_S
from tests.net_process import Player, end, start_server
from tests.test_net_club import key
from tools.redis_server import RedisServer

TOLD_S = 5.0
"""How long the other server may take to hear of the replacement (it takes milliseconds)."""


def answer(player: Player, frame: str) -> dict[str, Any]:
    """The first answer to `frame` that is not a table's news."""
    player.connection.send(frame)
    while (message := player.read())["type"] in ("presence", "view", "move", "lobby"):
        pass
    return message


@pytest.mark.parametrize("owned", [(), ("--own-tables",)], ids=["every-table", "owned"])
def test_a_key_replaced_on_one_server_ends_the_old_keys_connection_on_the_other(
    redis_server: RedisServer, tmp_path: Path, owned: tuple[str, ...]
) -> None:
    options = ("--store", redis_server.url, *owned)
    servers = [start_server(tmp_path / name, None, *options) for name in "ab"]
    (a, on_a), (b, on_b) = servers
    try:
        with (
            connect(on_a, open_timeout=GUARD_S) as to_a,
            connect(on_b, open_timeout=GUARD_S) as to_b,
        ):
            here, there = Player(to_a, ""), Player(to_b, "")
            pid = here.ask(hello_frame("Ann", key(1)), "welcome")["player"]
            assert there.ask(hello_frame("Ann", key(1)), "welcome")["player"] == pid
            there.table = here.ask(create_frame(["remote", "remote"]), "created")["table"]
            there.ask(join_frame(there.table, "Ann"), "view")  # a's table, with --own-tables
            assert answer(there, json.dumps({"type": "mine"}))["type"] == "my-tables"
            here.ask(json.dumps({"type": "replace-key", "key": key(2)}), "new-key")
            told_by = time.monotonic() + TOLD_S
            while (mine := answer(there, json.dumps({"type": "mine"})))["type"] != "error":
                assert time.monotonic() < told_by, "the other server still knows the old key"
            assert mine["code"] == "no-player"
            said = {"type": "say", "table": there.table, "text": "still me?"}
            heard = answer(there, json.dumps(said))  # its seat's line, as nobody's
            assert (heard["type"], heard["seat"], heard["player"]) == ("said", 0, None)
            for address in (on_a, on_b):
                with connect(address, open_timeout=GUARD_S) as old:
                    old.send(hello_frame("Ann", key(1)))
                    assert json.loads(old.recv(timeout=GUARD_S))["code"] == "old-key"
            assert answer(there, hello_frame("Ann", key(2)))["player"] == pid
    finally:
        logs = end(a) + end(b)
        assert "Traceback" not in logs, logs
