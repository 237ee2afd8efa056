"""A club's events on real `python -m game.server` processes
(docs/server.md "Arenas and Swiss events"): on two servers of one redis-server, in both
modes, an arena created on one is listed, joined and followed from the other, its
players on both are paired together and both hear the standings; the server that paired
them is killed (SIGKILL) mid-game and the event goes on at the other with nothing lost.
A server on its files keeps its events across a kill."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import connect

from game.net.messages import join_frame, rejoin_frame
from tests.conftest import GUARD_S
from tests.net_process import Player, end, start_server
from tests.test_net_club_process import in_threads
from tests.test_net_club_servers_process import hello, until
from tools.redis_server import RedisServer


class Heard(Player):
    """A player who keeps every message it read (those its play passes over too)."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.heard: list[dict[str, Any]] = []

    def read(self) -> dict[str, Any]:
        message = super().read()
        self.heard.append(message)
        return message

    def last(self, kind: str) -> dict[str, Any]:
        """The last message of `kind` read."""
        return [message for message in self.heard if message["type"] == kind][-1]


def frame(kind: str, **fields: object) -> str:
    return json.dumps({"type": kind, **fields})


def create_frame(**fields: object) -> str:
    return json.dumps({"type": "event-create", **fields})


def heard(player: Heard, kind: str, test: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """The first message of `kind` that passes `test`, among those heard or those to come
    (a table's end is told before its result and the next table)."""
    for message in player.heard:
        if message["type"] == kind and test(message):
            return message
    return until(player, kind, test)


def standings(event: dict[str, Any]) -> dict[str, tuple[int, int]]:
    """Each player's points and games in an `event` frame."""
    return {row["player"]: (row["points"], row["games"]) for row in event["standings"]}


@pytest.mark.parametrize("owned", [(), ("--own-tables",)], ids=["every-table", "owned"])
def test_an_arena_of_two_servers_pairs_their_players_and_outlives_a_kill_of_its_pairing_server(
    redis_server: RedisServer, tmp_path: Path, owned: tuple[str, ...]
) -> None:
    options = ("--store", redis_server.url, *owned)
    (a, on_a), (b, on_b) = [start_server(tmp_path / name, None, *options) for name in "ab"]
    logs = ""
    try:
        with (
            connect(on_a, open_timeout=GUARD_S) as to_a,
            connect(on_a, open_timeout=GUARD_S) as back,
            connect(on_b, open_timeout=GUARD_S) as to_b,
        ):
            ann, bob = Heard(to_a, ""), Heard(to_b, "")
            ann_id, bob_id = hello(ann, "Ann", 1), hello(bob, "Bob", 2)
            created = ann.ask(create_frame(kind="arena", minutes=30), "event-created")
            code = created["event"]
            listed = bob.ask(frame("events"), "events")["events"]
            assert [(e["event"], e["by"]) for e in listed] == [(code, "Ann")]
            ann.ask(frame("event", event=code), "event")  # both follow the standings
            bob.ask(frame("event", event=code), "event")
            ann.ask(frame("event-join", event=code), "event")
            joined = until(ann, "event", lambda e: e["players"] == 1)  # Ann's answer
            until(bob, "event", lambda e: e["players"] == 1)  # told on B
            to_b.send(frame("event-join", event=code))  # B pairs them
            until(bob, "event", lambda e: e["players"] == 2)
            table = until(bob, "event-table", lambda told: told["event"] == code)["table"]
            told_a = until(ann, "event-table", lambda told: told["event"] == code)
            assert told_a["table"] == table  # told on A
            assert joined["standings"][0]["player"] == ann_id
            ann.table = bob.table = table
            ann.ask(join_frame(table, "Ann"), "view")
            bob.ask(join_frame(table, "Bob"), "view")
            assert in_threads(lambda: ann.play(4), lambda: bob.play(4)) == [None, None]
            logs += end(b)  # it ran the pairing, and holds the table when owned
            bob = Heard(back, table)
            hello(bob, "Bob", 2)
            (mine,) = bob.ask(frame("mine"), "my-tables")["tables"]
            bob.ask(rejoin_frame(table, mine["token"]), "view")
            bob.ask(frame("event", event=code), "event")
            overs = in_threads(lambda: ann.play(None), lambda: bob.play(None))
            assert [over["type"] for over in overs if over] == ["over", "over"]
            for player in (ann, bob):  # the result, told to both after the end; the arena goes on
                points = standings(
                    heard(
                        player,
                        "event",
                        lambda e: (
                            bool(standings(e)) and all(games for _, games in standings(e).values())
                        ),
                    )
                )
                assert set(points) == {ann_id, bob_id}
                assert sum(p for p, _ in points.values()) == 2
                assert {games for _, games in points.values()} == {1}
                heard(player, "event-table", lambda told: told["table"] != table)
    finally:
        logs += end(a) + end(b)
        assert "Traceback" not in logs, logs


def test_a_server_on_its_files_keeps_its_events_across_a_kill(tmp_path: Path) -> None:
    home = tmp_path / "home"
    server, address = start_server(home)
    try:
        with connect(address, open_timeout=GUARD_S) as connection:
            ann = Player(connection, "")
            ann_id = hello(ann, "Ann", 1)
            later = time.time() + 3600  # its players join before its start
            swiss = create_frame(kind="swiss", rounds=3, start=later)
            code = ann.ask(swiss, "event-created")["event"]
            ann.ask(frame("event-join", event=code), "event")
        assert "Traceback" not in end(server)  # SIGKILL: each change was written as made
        server, address = start_server(home)
        with connect(address, open_timeout=GUARD_S) as connection:
            ann = Player(connection, "")
            (listed,) = ann.ask(frame("events"), "events")["events"]
            assert (listed["event"], listed["kind"], listed["rounds"]) == (code, "swiss", 3)
            assert (listed["players"], listed["by"]) == (1, "Ann")
            kept = ann.ask(frame("event", event=code), "event")
            assert [row["player"] for row in kept["standings"]] == [ann_id]
    finally:
        assert "Traceback" not in end(server)
