"""Two real `python -m game.server --store redis://...` processes on one redis-server: a
table created on one is joined on the other and played from both, every client seeing
every move once and in order; one server killed with SIGKILL mid-game loses nothing it
answered, and its client takes its seat back on the other with its token."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from websockets.sync.client import connect

from game import cli
from game.net.messages import create_frame, join_frame, rejoin_frame
from tests.net_process import Player, end, start_server
from tools.redis_server import RedisServer


def in_threads(*work: Callable[[], Any]) -> list[Any]:
    """Run each of `work` in its own thread; their answers (each bounded by `GUARD_S`), or
    the first failure raised again here."""
    answers: list[Any] = [None] * len(work)
    failures: list[BaseException] = []

    def run(number: int) -> None:
        try:
            answers[number] = work[number]()
        except BaseException as failure:
            failures.append(failure)

    threads = [threading.Thread(target=run, args=(n,)) for n in range(len(work))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if failures:
        raise failures[0]
    return answers


def test_two_servers_on_one_redis_play_a_table_and_one_killed_loses_nothing_answered(
    redis_server: RedisServer, tmp_path: Path
) -> None:
    url = redis_server.url
    first, first_address = start_server(tmp_path / "a", None, "--store", url)
    second, second_address = start_server(tmp_path / "b", None, "--store", url)
    try:
        with connect(first_address) as host:
            host.send(create_frame(["remote", "ai:random", "remote"], {"hands": 1}))
            code = json.loads(host.recv())["table"]
        with (
            connect(first_address, max_size=2**24) as on_first,
            connect(second_address, max_size=2**24) as on_second,
        ):
            ann, bob = Player(on_first, code), Player(on_second, code)
            ann.ask(join_frame(code, "Ann"), "view")
            bob.ask(join_frame(code, "Bob"), "view")  # read from Redis by the second
            # eight moves: no hand of three ended in ten in 6,000 deals played so (in
            # twelve, 1 in 1,500 did, and the game was over before the kill)
            assert in_threads(lambda: ann.play(8), lambda: bob.play(8)) == [None, None]
            answered = ann.moves()
            assert answered == bob.moves()[: len(answered)]
            end(first)  # SIGKILL, mid-game
            with connect(second_address, max_size=2**24) as back:
                again = Player(back, code)
                for seat, token in ann.seats.items():
                    assert again.ask(rejoin_frame(code, token), "joined")["seat"] == seat
                    again.read()  # its view
                assert again.moves()[: len(answered)] == answered
                overs = in_threads(lambda: again.play(None), lambda: bob.play(None))
    finally:
        assert "Traceback" not in end(first) + end(second)
    assert [over["type"] for over in overs] == ["over", "over"]
    record = overs[1]["record"]
    assert bob.moves() == again.moves()
    assert [move for _, move in bob.moves()] == record["hands"][0]["moves"]
    path = tmp_path / "over.contack.json"
    path.write_text(json.dumps(record))
    assert cli.run(["check", str(path)])["ok"] is True
