"""Tables each owned by one server, on two real `python -m game.server --store redis://...
--own-tables` processes and one redis-server, over real WebSockets: a client on the
server that does not own the table joins and plays it through its own server; the owner
is killed (SIGKILL) mid-game and the other server takes the table over within seconds,
seats the player again and keeps every announced move; the player of the dead server
takes their seat back on the other with their token and the game goes on."""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path
from typing import Any

import redis
from websockets.sync.client import connect

from game.net.messages import rejoin_frame
from game.net.tables.forwarding import CHANNEL
from game.net.tables.redis_store import owner_key
from tests.conftest import GUARD_S
from tests.net_process import Player, end, seated_apart, start_server
from tests.test_net_club_process import in_threads
from tools.redis_server import RedisServer, start_redis

TRIES = 40


def test_a_table_played_through_the_server_that_does_not_own_it_survives_a_kill_of_its_owner(
    redis_server: RedisServer, tmp_path: Path
) -> None:
    options = ("--store", redis_server.url, "--own-tables")
    (a, on_a), (b, on_b) = [start_server(tmp_path / name, None, *options) for name in "ab"]
    logs = ""
    try:
        with (
            connect(on_a, open_timeout=GUARD_S) as to_a,
            connect(on_b, open_timeout=GUARD_S) as to_b,
        ):
            ann, bob = Player(to_a, ""), Player(to_b, "")
            code = seated_apart(ann, bob)  # Bob through b, at a's table
            assert in_threads(lambda: ann.play(4), lambda: bob.play(4)) == [None, None]
            announced = ann.moves()
            store = redis.Redis.from_url(redis_server.url, decode_responses=True)
            owner = store.get(owner_key(code))
            killed_at = time.monotonic()
            logs += end(a)
            while bob.read()["type"] != "view":  # b seats Bob again at the table it took over
                pass
            taken_in = time.monotonic() - killed_at
            assert bob.moves()[: len(announced)] == announced
            assert store.get(owner_key(code)) not in (None, owner)
            assert taken_in < 10, taken_in  # the lease's 3 s, then a chore's second or two
            with connect(on_b, open_timeout=GUARD_S) as back:
                again = Player(back, code)
                again.ask(rejoin_frame(code, ann.seats[0]), "view")
                assert again.moves() == bob.moves()
                overs = in_threads(lambda: again.play(None), lambda: bob.play(None))
        assert [over["type"] for over in overs if over] == ["over", "over"]
    finally:
        logs += end(a) + end(b)
        print(logs, file=sys.stderr)  # the servers' own words, shown when the test fails
        assert "Traceback" not in logs, logs


def test_a_kill_of_redis_mid_game_loses_no_announced_move_at_a_table_on_one_server(
    redis_server: RedisServer, tmp_path: Path
) -> None:
    """Redis killed with SIGKILL mid-game and started again on its files (`appendonly
    yes`): the owner keeps its table and its lease, the forwarding server listens again,
    and the game goes on to its end with every move announced before the kill."""
    options = ("--store", redis_server.url, "--own-tables")
    (a, on_a), (b, on_b) = [start_server(tmp_path / name, None, *options) for name in "ab"]
    logs, again = "", None
    try:
        with (
            connect(on_a, open_timeout=GUARD_S) as to_a,
            connect(on_b, open_timeout=GUARD_S) as to_b,
        ):
            ann, bob = Player(to_a, ""), Player(to_b, "")
            seated_apart(ann, bob)
            assert in_threads(lambda: ann.play(4), lambda: bob.play(4)) == [None, None]
            announced = ann.moves()
            os.kill(redis_server.process.pid, signal.SIGKILL)
            redis_server.process.wait()
            again = start_redis(tmp_path / "redis", port=redis_server.port)
            listening(again.url, 2)
            overs = in_threads(lambda: to_the_end(ann), lambda: to_the_end(bob))
        assert [over["type"] for over in overs] == ["over", "over"]
        assert ann.moves()[: len(announced)] == announced and ann.moves() == bob.moves()
    finally:
        logs += end(a) + end(b)
        if again is not None:
            again.close()
        assert "Traceback" not in logs, logs


def listening(url: str, servers: int) -> None:
    """Wait until `servers` servers listen to their channels on the Redis at `url`, looking
    again at each subscription the Redis tells of (MONITOR, begun before the first look:
    none goes unseen), not asking it as fast as it answers while the servers come back."""
    store = redis.Redis.from_url(url, decode_responses=True, socket_timeout=GUARD_S)
    deadline = time.monotonic() + GUARD_S
    with store.monitor() as commands:  # type: ignore[no-untyped-call]
        while len(store.pubsub_channels(CHANNEL + "*")) < servers:
            while "SUBSCRIBE" not in commands.next_command()["command"].upper():
                assert time.monotonic() < deadline, "the servers never listened again"


def to_the_end(player: Player) -> dict[str, Any]:
    """Play to the end; a move refused by a server whose first call to Redis since it
    came back failed is sent again (once for each of its connections to Redis)."""
    for _ in range(TRIES):
        answer = player.play(None)
        assert answer is not None
        if answer["type"] != "error":
            return answer
        assert answer["code"] == "not-saved", answer
    raise AssertionError("refused again and again")
