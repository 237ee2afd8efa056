"""Tables each owned by one server, on two real `python -m game.server --store redis://...
--own-tables` processes and one redis-server, over real WebSockets: a client on the
server that does not own the table joins and plays it through its own server; the owner
is killed (SIGKILL) mid-game and the other server takes the table over within seconds,
seats the player again and keeps every announced move; the player of the dead server
takes their seat back on the other with their token and the game goes on."""

from __future__ import annotations

import time
from pathlib import Path

import redis
from websockets.sync.client import connect

from game.net.messages import create_frame, join_frame, rejoin_frame
from game.net.tables.redis_store import owner_key
from tests.conftest import GUARD_S
from tests.net_process import Player, end, start_server
from tests.test_net_club_process import in_threads
from tools.redis_server import RedisServer


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
            code = ann.ask(create_frame(["remote", "remote"], {"hands": 1}), "created")["table"]
            ann.table = bob.table = code
            ann.ask(join_frame(code, "Ann"), "view")
            bob.ask(join_frame(code, "Bob"), "view")  # through b, at a's table
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
        assert "Traceback" not in logs, logs
