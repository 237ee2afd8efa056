"""A player's key on any computer on two real `python -m game.server --store redis://...`
processes over one redis-server (docs/protocol.md "Your key on any computer"): a second
home (a settings folder of its own) links with the code the first home was given on the
other server and plays the first home's seat at a table that waits; replacing the key on
one server ends the other keys on both at once."""

from __future__ import annotations

import json
from pathlib import Path

from websockets.sync.client import connect

from game.net.client import ClubIdentity
from game.net.key_session import KeySession
from game.net.messages import hello_frame, join_frame, rejoin_frame
from game.persist.files import GameFiles
from game.persist.settings import keep_club_key, load_settings, new_club_key, save_settings
from tests.conftest import GUARD_S
from tests.net_process import Player, end, start_server
from tests.test_net_club_keys import hello_at
from tools.redis_server import RedisServer


def home(folder: Path, address: str) -> ClubIdentity:
    """The hello of the home whose settings are in `folder`, at the club at `address`."""
    files = GameFiles(folder)
    settings = load_settings(files)
    settings.extra["table_name"] = "Ann"
    identity = hello_at(settings, address)
    save_settings(files, settings)
    return identity


def answered(session: KeySession) -> None:
    """Take in what the club says until it answered the last question."""
    while session.code is None and not session.taken and not session.problem:
        event = session.client.wait(GUARD_S)
        assert event is not None, "the club did not answer"
        session.receive(event)


def test_a_second_home_linked_with_a_code_plays_the_same_seat_and_a_replaced_key_is_refused(
    redis_server: RedisServer, tmp_path: Path
) -> None:
    servers = [start_server(tmp_path / name, None, "--store", redis_server.url) for name in "ab"]
    (_, on_a), (_, on_b) = servers
    club = on_a  # the club's address, whichever of its servers a connection reaches
    first, second = tmp_path / "first-home", tmp_path / "second-home"
    try:
        with connect(on_a) as ann_a, connect(on_a) as bob_a:
            ann = Player(ann_a, "")
            pid = ann.ask(hello_frame("Ann", home(first, club).key), "welcome")["player"]
            create = {"type": "create", "players": 2, "seats": ["remote"] * 2, "pace": {"days": 3}}
            ann.table = ann.ask(json.dumps(create), "created")["table"]
            ann.ask(join_frame(ann.table, "Ann"), "joined")
            bob = Player(bob_a, ann.table)
            bob.ask(hello_frame("Bob", "bobs-key-" + "b" * 40), "welcome")
            bob.ask(join_frame(ann.table, "Bob"), "view")

            giver = KeySession(on_a, home(first, club))
            giver.ask_code()
            answered(giver)
            assert giver.code is not None
            taker = KeySession(on_b, home(second, club))
            assert taker.link(giver.code.code.lower(), new_club_key())
            answered(taker)
            assert taker.taken and taker.linked, taker.problem
            files = GameFiles(second)
            settings = load_settings(files)
            keep_club_key(settings, club, taker.taken)
            save_settings(files, settings)
            giver.close()
            taker.close()

            with connect(on_b) as on_second:
                seat = Player(on_second, ann.table)
                welcome = seat.ask(hello_frame("Ann", home(second, club).key), "welcome")
                assert welcome["player"] == pid
                (mine,) = seat.ask(json.dumps({"type": "mine"}), "my-tables")["tables"]
                assert (mine["table"], mine["seat"]) == (ann.table, 0)
                seat.ask(rejoin_frame(ann.table, mine["token"]), "view")
                for _ in range(2):  # the second home plays seat 0's move, Bob his
                    assert seat.mirror is not None
                    mover, other = (seat, bob) if seat.mirror.state.current == 0 else (bob, seat)
                    assert mover.play(1) is None
                    while other.read()["type"] != "move":
                        pass
                assert 0 in [move["player"] for _hand, move in seat.moves()]

        replacing = KeySession(on_b, home(second, club))
        replacing.replace(new_club_key())
        answered(replacing)
        assert replacing.taken and not replacing.linked, replacing.problem
        replacing.close()
        for address in (on_a, on_b):  # the first home's key, and the second's linked one
            for folder in (first, second):
                with connect(address, open_timeout=GUARD_S) as old:
                    old.send(hello_frame("Ann", home(folder, club).key))
                    refused = json.loads(old.recv(timeout=GUARD_S))
                    assert refused["code"] == "old-key", refused
        with connect(on_a) as renewed:
            again = Player(renewed, ann.table)
            assert again.ask(hello_frame("Ann", replacing.taken), "welcome")["player"] == pid
    finally:
        logs = "".join(end(server) for server, _address in servers)
        assert "Traceback" not in logs, logs
