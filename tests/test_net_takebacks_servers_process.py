"""Take-backs across a club's servers: two real `python -m game.server --store
redis://...` processes on one redis-server, every table on both or each table on one
(`--own-tables`); a player on one server asks, the player on the other answers, and
everyone sees one take-back refused and one accepted alike, the store's save holding
the moves as they were told."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import redis
from websockets.sync.client import connect

from game.net.messages import rejoin_frame
from game.net.tables.redis_store import table_key
from game.net.takeback_messages import takeback_answer_frame, takeback_frame
from game.rules.record.document import GameRecord
from tests.conftest import GUARD_S
from tests.net_process import Player, end, moves_of, placed_by, seated_apart, start_server, until
from tools.redis_server import RedisServer


def saved_moves(url: str, code: str) -> list[tuple[int, dict[str, Any]]]:
    """The moves of table `code` as the store's whole save holds them."""
    store = redis.Redis.from_url(url, decode_responses=True)
    save = store.hget(table_key(code), "save")
    assert isinstance(save, str)
    record = GameRecord.from_json(save)
    return moves_of(record.to_json())


@pytest.mark.parametrize("owned", [(), ("--own-tables",)], ids=["every-table", "owned"])
def test_a_takeback_asked_on_one_server_is_answered_on_the_other(
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
            ann, bob = Player(to_a, ""), Player(to_b, "")
            code = seated_apart(ann, bob)
            assert bob.mirror is not None
            first = {0: ann, 1: bob}[bob.mirror.state.current]
            second = bob if first is ann else ann
            (first_seat,), (second_seat,) = first.seats, second.seats

            first.play(1)
            until(second, "move")
            first.connection.send(takeback_frame(code, first_seat))
            for player in (first, second):
                assert until(player, "takeback-asked")["waiting"] == [second_seat]
            second.connection.send(takeback_answer_frame(code, second_seat, False))
            for player in (first, second):
                refused = until(player, "takeback-refused")
                assert (refused["seat"], refused["by"]) == (first_seat, second_seat)
            first.connection.send(takeback_frame(code, first_seat))
            assert first.read()["code"] == "no-takeback"  # not asked twice, on either server

            placed = placed_by(second, first)
            second.connection.send(takeback_frame(code, second_seat))
            assert until(first, "takeback-asked")["waiting"] == [first_seat]
            first.connection.send(takeback_answer_frame(code, first_seat, True))
            for player in (first, second):
                took = until(player, "took-back")
                assert (took["seat"], took["hand"], took["index"]) == (second_seat, 0, placed)
            assert first.moves() == second.moves() and len(first.moves()) == placed
            assert saved_moves(redis_server.url, code) == first.moves()
            second.play(1)  # seat `second` plays again, seen on both servers
            until(first, "move")
            assert first.moves() == second.moves() and len(first.moves()) == placed + 1
    finally:
        logs = end(a) + end(b)
        assert "Traceback" not in logs, logs


def test_a_takeback_asked_outlives_a_kill_of_the_server_that_owns_its_table(
    redis_server: RedisServer, tmp_path: Path
) -> None:
    """With `--own-tables`: a take-back asked at a table, its owner killed (SIGKILL)
    before anyone answered; the other server takes the table over with the take-back
    still asked, the players there hear it again with the view, and it is answered."""
    options = (
        "--store",
        redis_server.url,
        "--own-tables",
        "--limit",
        "lease_s=1",
    )  # taken over sooner
    servers = [start_server(tmp_path / name, None, *options) for name in "ab"]
    (a, on_a), (b, on_b) = servers
    try:
        with (
            connect(on_a, open_timeout=GUARD_S) as to_a,
            connect(on_b, open_timeout=GUARD_S) as to_b,
        ):
            ann, bob = Player(to_a, ""), Player(to_b, "")
            code = seated_apart(ann, bob)
            (ann_seat, ann_token), (bob_seat,) = *ann.seats.items(), bob.seats
            assert bob.mirror is not None
            first = {ann_seat: ann, bob_seat: bob}[bob.mirror.state.current]
            first.play(1)
            until(bob if first is ann else ann, "move")
            (asker,) = first.seats
            first.connection.send(takeback_frame(code, asker))
            until(bob, "takeback-asked")
            end(a)  # the table's owner, before anyone answered
            until(bob, "view")  # b seats Bob again at the table it took over
            assert until(bob, "takeback-asked")["seat"] == asker
            with connect(on_b, open_timeout=GUARD_S) as back:
                again = Player(back, code)
                again.ask(rejoin_frame(code, ann_token), "view")
                assert until(again, "takeback-asked")["waiting"] == [1 - asker]
                answerer = again if asker == bob_seat else bob
                answerer.connection.send(takeback_answer_frame(code, 1 - asker, True))
                for player in (again, bob):
                    assert until(player, "took-back")["seat"] == asker
                assert again.moves() == bob.moves() == []
    finally:
        logs = end(a) + end(b)
        assert "Traceback" not in logs, logs
