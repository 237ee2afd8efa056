"""One `TableFlow` under every table: the same seeded game played at the couch, on the
server's table and through the window's network table against a real in-process server
gives the same record, move for move; the guided lesson's flow plays its hand as a couch
flow of the same deal does. The person plays the first legal move each time, the
computer is the same greedy player everywhere (its moves chosen through the window's
adviser, the server's thinker, or the server behind the window)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from game.ai.worker import InProcessAdviser
from game.net.hosting import HostedServer
from game.net.messages import create_frame, join_frame, move_frame
from game.net.table_opening import TableOpening
from game.net.tables.registry import Registry
from game.play.couch import couch_seats, new_couch_table
from game.play.events import MovePlayed
from game.play.lesson import LESSON_MOVES, Lesson, lesson_game
from game.play.table_flow import TableFlow, Turn
from game.rules.modes import Mode
from game.rules.moves import parse_move
from game.rules.record.entries import PlayerEntry, move_to_entry
from tests.conftest import GUARD_S
from tests.net_clients import sit_down
from tests.net_helpers import ROOMY, Inbox, ManualClock, dealer

SEED = 4242
SEATS = ["remote", "ai:greedy"]
RULES = {"hands": 2}


def couch_record() -> dict[str, Any]:
    players: list[PlayerEntry] = [
        {"name": "Ann", "kind": "human"},
        {"name": "Bot", "kind": "ai:greedy"},
    ]
    flow = new_couch_table({"players": players, "rules": RULES}, InProcessAdviser(), SEED)
    for _ in range(1000):
        turn = flow.turn()
        if turn is Turn.GAME_OVER:
            return flow.record.to_json()
        if turn is Turn.HUMAN:
            flow.play(flow.legal_moves()[0])
        elif turn is Turn.FORCED:
            flow.play_forced()
        elif turn is Turn.HAND_OVER:
            flow.next_hand()
        else:
            assert flow.think()
            (played,) = flow.poll()  # an in-process adviser answers at once
            assert isinstance(played, MovePlayed) and played.by_computer
    raise AssertionError("the couch game did not end")


def server_record() -> dict[str, Any]:
    registry = Registry(ManualClock(), limits=ROOMY, deal=dealer(SEED))
    host = Inbox(registry)
    code = host.send(create_frame(SEATS, RULES, names=[None, "Bot"]))[0]["table"]
    ann = Inbox(registry, "10.0.1.1")
    assert ann.send(join_frame(code, "Ann"))[0]["seat"] == 0
    table = next(iter(registry.tables.values()))
    for _ in range(1000):
        if table.is_over():
            return table.record.to_json()
        state = table.state
        entry = move_to_entry(Mode.TABLE, state.legal_moves()[0], state.current)
        replies = ann.send(move_frame(code, entry))
        assert not [r for r in replies if r["type"] == "error"], replies
    raise AssertionError("the server's game did not end")


@pytest.fixture
def dealing_server() -> Iterator[HostedServer]:
    """A table server in a thread whose tables are dealt from `SEED`."""
    hosted = HostedServer(Registry(ManualClock(), limits=ROOMY, deal=dealer(SEED)), "127.0.0.1", 0)
    hosted.start()
    yield hosted
    hosted.stop()


def window_record(server: HostedServer) -> dict[str, Any]:
    opening = TableOpening.host(
        server, server.address or "", SEATS, RULES, ["Ann"], computer_names=[None, "Bot"]
    )
    remote = sit_down(opening)
    flow = remote.flow
    try:
        for _ in range(5000):
            if remote.over:
                return flow.record.to_json()
            flow.advance_clock(0.0)
            turn = flow.turn()
            if turn is Turn.HUMAN:
                assert flow.play(flow.legal_moves()[0]) == []  # shown once the server played it
            elif turn is Turn.FORCED:
                flow.play_forced()
            elif turn is Turn.HAND_OVER:
                flow.next_hand()
            elif not flow.poll() and not remote.over:  # nothing came: wait for what comes
                event = remote.link.client.wait(GUARD_S)
                assert event is not None, "nothing came"
                remote.receive(event)
        raise AssertionError("the window's game did not end")
    finally:
        flow.close()


def same(record: dict[str, Any]) -> str:
    return json.dumps(record, sort_keys=True)


def test_the_couch_the_server_and_the_window_play_the_same_game(
    dealing_server: HostedServer,
) -> None:
    couch = couch_record()
    assert len(couch["hands"]) == 2 and couch["seed"] == SEED
    assert same(server_record()) == same(couch)
    assert same(window_record(dealing_server)) == same(couch)


def test_the_lessons_flow_plays_its_hand_as_a_couch_flow_of_its_deal() -> None:
    lesson = Lesson(InProcessAdviser())
    flow = lesson.flow
    while not lesson.finished:
        if lesson.waiting:
            lesson.go_on()
        elif flow.turn() is Turn.COMPUTER:
            assert flow.think()
            flow.poll()
        else:
            move = lesson.expected()
            assert move is not None
            flow.play(move)
    recorded = lesson_game()
    couch = TableFlow(
        recorded, couch_seats(recorded.record, InProcessAdviser()), InProcessAdviser()
    )
    for text in LESSON_MOVES:
        couch.play(parse_move(text))  # a person at every seat of the couch
    assert couch.turn() is Turn.GAME_OVER
    assert same(couch.record.to_json()) == same(flow.record.to_json())
