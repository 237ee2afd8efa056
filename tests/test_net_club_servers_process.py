"""The club on two real `python -m game.server --store redis://...` processes, one on
`wss://`, on one redis-server, driven by version 2 clients over real WebSockets
(docs/protocol.md "Several servers, one store"): a public rated table opened on one is
found in the other's lobby and joined there, chat goes both ways, the first server is
killed mid-game and its player is back on the other with its token, the game ends rated
and both servers' `ratings` show it; a table that waits outlives both servers stopping
and starting."""

from __future__ import annotations

import json
import ssl
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import trustme
from websockets.sync.client import ClientConnection, connect

from game.net.client import ClubIdentity, TableClient
from game.net.club_answers import LobbyTables, MyTables, Ratings, Said, Welcome
from game.net.messages import ClubTableOptions, join_frame, rejoin_frame
from game.net.replies import Created, Joined
from tests.conftest import GUARD_S
from tests.net_process import Player, end, start_server
from tests.test_net_club import key
from tests.test_net_club_client import next_of
from tests.test_net_club_process import in_threads
from tools.redis_server import RedisServer

Server = tuple[subprocess.Popen[str], str]


def frame(kind: str, **fields: object) -> str:
    return json.dumps({"type": kind, **fields})


def until(player: Player, kind: str, test: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """The first message of `kind` that passes `test` (those before it are followed)."""
    while (message := player.read())["type"] != kind or not test(message):
        assert message["type"] != "error", message
    return message


def hello(player: Player, name: str, number: int) -> str:
    """Say hello as player `number`: its public id."""
    welcome = player.ask(frame("hello", name=name, key=key(number)), "welcome")
    pid: str = welcome["player"]
    return pid


class Club:
    """The two servers on one Redis, the first on `wss://` with a certificate the test's
    authority issued, and how to reach them."""

    def __init__(
        self, url: str, folder: Path, authority: trustme.CA, owned: tuple[str, ...] = ()
    ) -> None:
        certificate = authority.issue_cert("127.0.0.1")
        chain, private = folder / "chain.pem", folder / "key.pem"
        certificate.private_key_and_cert_chain_pem.write_to_path(str(chain))
        certificate.private_key_pem.write_to_path(str(private))
        self.options = [
            ["--store", url, *owned, "--tls-cert", str(chain), "--tls-key", str(private)],
            ["--store", url, *owned],
        ]
        self.folder = folder
        self.trusting = ssl.create_default_context(ssl.Purpose.SERVER_AUTH)
        authority.configure_trust(self.trusting)
        self.servers: list[Server | None] = [None, None]
        self.logs = ""

    def start(self, number: int) -> None:
        self.servers[number] = start_server(
            self.folder / f"home{number}", None, *self.options[number]
        )

    def connect(self, number: int) -> ClientConnection:
        server = self.servers[number]
        assert server is not None
        secure = self.trusting if server[1].startswith("wss://") else None
        return connect(server[1], ssl=secure, max_size=2**24, open_timeout=GUARD_S)

    def kill(self, number: int) -> None:
        """SIGKILL the server at once."""
        server = self.servers[number]
        assert server is not None
        self.logs += end(server[0])

    def stop(self, number: int) -> None:
        """SIGTERM the server, which exits 0 once its connections are closed."""
        server = self.servers[number]
        assert server is not None
        server[0].terminate()
        self.logs += server[0].communicate(timeout=GUARD_S)[1]
        assert server[0].returncode == 0, self.logs

    def close(self) -> None:
        for server in self.servers:
            if server is not None:
                self.logs += end(server[0])


@pytest.mark.parametrize("owned", [(), ("--own-tables",)], ids=["every-table", "owned"])
def test_two_servers_one_on_wss_serve_one_club_through_a_kill_and_a_restart_of_both(
    redis_server: RedisServer, tmp_path: Path, authority: trustme.CA, owned: tuple[str, ...]
) -> None:
    club = Club(redis_server.url, tmp_path, authority, owned)
    club.start(0)
    club.start(1)
    try:
        with club.connect(0) as on_a, club.connect(1) as on_b:
            ann, bob = Player(on_a, ""), Player(on_b, "")
            ann_id, bob_id = hello(ann, "Ann", 1), hello(bob, "Bob", 2)
            rated = {"public": True, "rated": True, "rules": {"hands": 1}}
            created = ann.ask(frame("create", players=2, seats=["remote"] * 2, **rated), "created")
            code = ann.table = bob.table = created["table"]
            ann.ask(join_frame(code, "Ann"), "view")
            on_b.send(frame("lobby"))  # B follows the lobby: the table comes within a second
            until(bob, "lobby", lambda lobby: code in [t["table"] for t in lobby["tables"]])
            bob.ask(join_frame(code, "Bob"), "view")
            on_a.send(frame("say", table=code, text="good luck from A"))
            until(bob, "said", lambda said: said["text"] == "good luck from A")
            on_b.send(frame("say", table=code, text="and from B"))
            until(ann, "said", lambda said: said["text"] == "and from B")
            # four moves: a hand of five tiles each cannot end in them (ten could, now and then)
            assert in_threads(lambda: ann.play(4), lambda: bob.play(4)) == [None, None]
            answered = ann.moves()
            club.kill(0)  # mid-game
            with club.connect(1) as back:
                again = Player(back, code)
                assert hello(again, "Ann", 1) == ann_id
                (mine,) = again.ask(frame("mine"), "my-tables")["tables"]
                assert (mine["table"], mine["token"]) == (code, ann.seats[mine["seat"]])
                again.ask(rejoin_frame(code, mine["token"]), "view")
                assert again.moves()[: len(answered)] == answered
                overs = in_threads(lambda: again.play(None), lambda: bob.play(None))
            assert [over["type"] for over in overs] == ["over", "over"]
            assert overs[0]["ratings"] == overs[1]["ratings"]
            assert {r["player"] for r in overs[0]["ratings"]} == {ann_id, bob_id}
            after = {r["player"]: r["after"] for r in overs[0]["ratings"]}
            again_bob = bob.ask(frame("hello", name="Bob", key=key(2)), "welcome")
            assert again_bob["rating"] == after[bob_id]  # rated, whichever server rated it

            club.start(0)  # a table that waits, across a restart of both servers
            waits = frame("create", players=2, seats=["remote"] * 2, pace={"days": 1})
            paced = bob.ask(waits, "created")["table"]
            bob = Player(on_b, paced)
            bob.ask(join_frame(paced, "Bob"), "view")
            with club.connect(0) as on_a:
                ann = Player(on_a, paced)
                hello(ann, "Ann", 1)
                ann.ask(join_frame(paced, "Ann"), "view")
                assert in_threads(lambda: ann.play(3), lambda: bob.play(3)) == [None, None]
                club.stop(0)
                club.stop(1)
        played = bob.moves()
        club.start(1)
        club.start(0)
        with club.connect(0) as on_a, club.connect(1) as on_b:
            ann, bob = Player(on_a, paced), Player(on_b, paced)
            for player, name, number in ((ann, "Ann", 1), (bob, "Bob", 2)):
                hello(player, name, number)
                (mine,) = player.ask(frame("mine"), "my-tables")["tables"]
                assert (mine["table"], mine["pace"]) == (paced, {"days": 1})
                player.ask(rejoin_frame(paced, mine["token"]), "view")
            assert ann.moves()[: len(played)] == played
            again_ann = ann.ask(frame("hello", name="Ann", key=key(1)), "welcome")
            assert again_ann["rating"] == after[ann_id]  # the first game's, again
            assert in_threads(lambda: ann.play(2), lambda: bob.play(2)) == [None, None]
            assert ann.moves() == bob.moves() and len(ann.moves()) >= len(played) + 2
    finally:
        club.close()
        print(club.logs, file=sys.stderr)  # the servers' own words, shown when it fails
        assert "Traceback" not in club.logs, club.logs


@pytest.mark.parametrize("owned", [(), ("--own-tables",)], ids=["every-table", "owned"])
def test_the_games_own_client_finds_joins_and_chats_at_a_club_of_two_servers(
    redis_server: RedisServer, tmp_path: Path, owned: tuple[str, ...]
) -> None:
    """The window's `TableClient` (Play online's connection) against two real servers on
    one Redis, each holding every table or each its own (`--own-tables`): each player
    welcomed with one public id on either server, a public rated table opened on one
    found in the other's lobby and joined there, chat both ways, `mine` and the ratings
    board read from the other server."""
    options = ("--store", redis_server.url, *owned)
    servers = [start_server(tmp_path / name, None, *options) for name in "ab"]
    ann = TableClient(servers[0][1], retry_s=(0.0,), hello=ClubIdentity("Ann", key(1))).start()
    bob = TableClient(servers[1][1], retry_s=(0.0,), hello=ClubIdentity("Bob", key(2))).start()
    try:
        ann_id = next_of(ann, Welcome).player
        bob_id = next_of(bob, Welcome).player
        rated = ClubTableOptions(public=True, rated=True)
        ann.create(["remote", "remote"], {"hands": 1}, club=rated)
        code = next_of(ann, Created).table
        ann.join(code, "Ann")
        next_of(ann, Joined)
        bob.lobby()
        while code not in [entry.table for entry in next_of(bob, LobbyTables).tables]:
            pass  # the table comes within a second
        bob.join(code, "Bob")
        assert next_of(bob, Joined).seat == 1
        ann.say(code, "good luck")
        assert next_of(bob, Said) == Said(code, 0, "Ann", "good luck", ann_id)
        bob.say(code, "¡suerte!")
        assert next_of(ann, Said).text == "good luck"  # her own line, heard as everyone's
        assert next_of(ann, Said) == Said(code, 1, "Bob", "¡suerte!", bob_id)
        again = TableClient(servers[1][1], retry_s=(0.0,), hello=ClubIdentity("Ann", key(1)))
        again.start()
        try:
            assert next_of(again, Welcome).player == ann_id
            again.mine()
            (mine,) = next_of(again, MyTables).tables
            bob.mine()
            (bobs,) = next_of(bob, MyTables).tables
            assert (mine.table, mine.seat, bobs.table, bobs.seat) == (code, 0, code, 1)
            assert mine.to_move != bobs.to_move  # the deal says who begins
            again.ratings()
            assert next_of(again, Ratings).players == ()  # nobody has played a rated game
        finally:
            again.close()
    finally:
        ann.close()
        bob.close()
        logs = "".join(end(server) for server, _address in servers)
        assert "Traceback" not in logs, logs
