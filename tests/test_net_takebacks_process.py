"""Take-backs by consent at a real `python -m game.server`: two players, one take-back
refused and one accepted, each seen by both alike; the server killed with SIGKILL right
after the take-back and started again on its folder shows the move taken back."""

from __future__ import annotations

import json
from pathlib import Path

from websockets.sync.client import connect

from game.net.messages import create_frame, join_frame, rejoin_frame
from game.net.takeback_messages import takeback_answer_frame, takeback_frame
from tests.conftest import GUARD_S
from tests.net_process import Player, end, moves_of, placed_by, start_server, until


def play_one(mover: Player, other: Player) -> None:
    """`mover` plays its first legal move; both see it."""
    mover.play(1)
    until(other, "move")


def test_a_takeback_refused_and_one_accepted_at_a_real_server_that_is_then_killed(
    tmp_path: Path,
) -> None:
    server, address = start_server(tmp_path)
    try:
        with connect(address) as host:
            host.send(create_frame(["remote", "remote"], {"hands": 1}))
            code = json.loads(host.recv(timeout=GUARD_S))["table"]
        with connect(address) as one, connect(address) as two:
            ann, bob = Player(one, code), Player(two, code)
            ann.ask(join_frame(code, "Ann"), "view")
            bob.ask(join_frame(code, "Bob"), "view")
            until(ann, "view")  # Bob's name
            assert ann.mirror is not None
            seat = {0: ann, 1: bob}
            first = seat[ann.mirror.state.current]
            second = bob if first is ann else ann
            (first_seat,), (second_seat,) = first.seats, second.seats

            play_one(first, second)
            first.connection.send(takeback_frame(code, first_seat))
            assert until(second, "takeback-asked")["waiting"] == [second_seat]
            second.connection.send(takeback_answer_frame(code, second_seat, False))
            for player in (first, second):
                refused = until(player, "takeback-refused")
                assert (refused["seat"], refused["by"]) == (first_seat, second_seat)
            first.connection.send(takeback_frame(code, first_seat))
            assert first.read()["code"] == "no-takeback"  # not asked twice

            placed = placed_by(second, first)
            second.connection.send(takeback_frame(code, second_seat))
            until(first, "takeback-asked")
            first.connection.send(takeback_answer_frame(code, first_seat, True))
            for player in (first, second):
                took = until(player, "took-back")
                assert (took["seat"], took["hand"], took["index"]) == (second_seat, 0, placed)
            assert first.moves() == second.moves() and len(first.moves()) == placed
            kept = first.moves()
            tokens = {**ann.seats, **bob.seats}
        end(server)  # SIGKILL right after the take-back was told
        server, address = start_server(tmp_path)
        with connect(address, max_size=2**24) as back:
            again = Player(back, code)
            for token in tokens.values():
                again.ask(rejoin_frame(code, token), "view")
            assert again.mirror is not None and again.moves() == kept
            assert again.mirror.state.current == second_seat
            over = again.play(None)
            assert over is not None and over["type"] == "over"
            assert moves_of(over["record"])[: len(kept)] == kept
    finally:
        assert "Traceback" not in end(server)
