"""`python -m game.server` killed with SIGKILL in the middle of a hand and started again
on the same folder: its table is back with its code, every seat is taken back by its
token, nothing announced is lost, and the game goes on to a record `check` passes; then
SIGTERM stops it with exit status 0 and the table saved. On a disk that refuses writes
(a file size limit), a move it cannot keep is refused and SIGTERM's exit status says
that a table could not be saved; nothing announced is lost either."""

from __future__ import annotations

import json
import signal
from pathlib import Path

from websockets.sync.client import connect

from game import cli
from game.net.messages import create_frame, join_frame, rejoin_frame
from game.net.tables.store import TableStore
from tests.conftest import GUARD_S
from tests.net_process import (
    LIMITS,
    Player,
    end,
    file_size_limit,
    moves_of,
    start_server,
)


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
            played = before.mirror.recorded.record.to_json()["hands"][-1]["moves"]
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
            assert (
                after.mirror.recorded.record.to_json()["hands"][-1]["moves"][: len(played)]
                == played
            )
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


@LIMITS
def test_a_disk_that_refuses_writes_loses_no_announced_move_and_stopping_says_so(
    tmp_path: Path,
) -> None:
    # a file size limit refuses a write as a full disk does (EFBIG; Python ignores
    # SIGXFSZ). 1500 bytes hold the new table's save (under 1000) and a few journal
    # lines; when the journal is refused, the whole save (the table and each move in
    # fewer bytes than a journal line) cannot be written either
    server, address = start_server(tmp_path, file_size_limit(1500))
    try:
        with connect(address, max_size=2**24) as connection:
            player = Player(connection, "")
            created = player.ask(create_frame(["remote", "ai:random"], {"hands": 100}), "created")
            player.table = created["table"]
            player.ask(join_frame(player.table, "Ann"), "view")
            refused = player.play(200)
            assert refused is not None and refused["code"] == "not-saved", refused
            announced = player.moves()
        server.send_signal(signal.SIGTERM)
        _, errors = server.communicate(timeout=GUARD_S)
    finally:
        end(server)
    assert server.returncode == 1
    assert f"cannot save table {player.table}" in errors and "Traceback" not in errors
    assert len(announced) > 5
    assert moves_of(TableStore(tmp_path).load()[0].record.to_json()) == announced
