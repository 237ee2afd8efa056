"""Take-backs by consent (game/net/tables/takebacks.py, protocol version 3), without a
network: asked, accepted by every other person (computers accept), refused, or left
unanswered past its time; saved before it is told; hostile asks and answers refused."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.net.messages import create_frame, join_frame, move_frame, watch_frame
from game.net.replies import read_server_message
from game.net.reply_fields import BadReply
from game.net.tables.registry import Registry
from game.net.tables.store import TableStore
from game.net.tables.table import NetTable
from game.net.takeback_answers import TakebackAsked, TakebackRefused, TookBackMessage
from game.net.takeback_messages import (
    ANSWER_S,
    asked_frame,
    refused_frame,
    takeback_answer_frame,
    takeback_frame,
    took_back_frame,
)
from game.rules.errors import RecordError
from game.rules.moves import PLACE
from tests.net_helpers import (
    ROOMY,
    Inbox,
    ManualClock,
    Server,
    dealer,
    first_legal_entry,
    open_table,
    settle,
)
from tests.test_net_store import on_a_filling_disk
from tools.redis_server import RedisServer


def registry(clock: ManualClock | None = None, **kwargs: Any) -> Registry:
    return Registry(clock or ManualClock(), limits=ROOMY, deal=dealer(), **kwargs)


def place(table: NetTable, inboxes: dict[int, Inbox]) -> list[dict[str, Any]]:
    """The seat to act places its first legal placement."""
    entry = first_legal_entry(table)
    assert "tile" in entry, "the deal lets the seat to act place"
    return inboxes[table.state.current].send(move_frame(table.code, entry))


def seats_from_mover(table: NetTable) -> list[int]:
    """The seats in turn from the one to act."""
    players = len(table.tokens)
    return [(table.state.current + step) % players for step in range(players)]


def kinds(replies: list[dict[str, Any]]) -> list[str]:
    return [reply["type"] for reply in replies]


def test_a_takeback_accepted_takes_the_move_back_for_everyone_saved_first(
    tmp_path: Path,
) -> None:
    server = registry(store=TableStore(tmp_path))
    table, inboxes, _ = open_table(server, ["remote", "remote", "remote"])
    a, b, c = seats_from_mover(table)
    place(table, inboxes)
    asked = inboxes[a].send(takeback_frame(table.code, a))
    assert asked[-1] == {
        "type": "takeback-asked", "table": table.code, "seat": a, "hand": 0, "index": 0,
        "waiting": sorted([b, c]), "answer_s": ANSWER_S,
    }  # fmt: skip
    assert kinds(inboxes[b].send(move_frame(table.code, first_legal_entry(table)))) == ["error"]
    assert inboxes[b].send(takeback_answer_frame(table.code, b, True))[-1]["waiting"] == [c]
    told = inboxes[c].send(takeback_answer_frame(table.code, c, True))
    took = {"type": "took-back", "table": table.code, "seat": a, "hand": 0, "index": 0}
    assert told[-1] == took and inboxes[a].messages[-1] == took
    assert table.state.moves == [] and table.state.current == a
    reopened = TableStore(tmp_path).load()[0]
    assert reopened.state.moves == [] and not reopened.record.last_hand_moves()
    assert kinds(place(table, inboxes)) == ["move"]  # the seat plays again


def test_a_takeback_refused_changes_nothing_and_is_not_asked_again() -> None:
    server = registry()
    table, inboxes, _ = open_table(server, ["remote", "remote"])
    a, b = seats_from_mover(table)
    place(table, inboxes)
    inboxes[a].send(takeback_frame(table.code, a))
    refused = inboxes[b].send(takeback_answer_frame(table.code, b, False))
    assert refused[-1] == {"type": "takeback-refused", "table": table.code, "seat": a, "by": b}
    assert len(table.state.moves) == 1
    again = inboxes[a].send(takeback_frame(table.code, a))
    assert again[-1]["code"] == "no-takeback" and "refused already" in again[-1]["message"]
    assert kinds(place(table, inboxes)) == ["move"]


def test_an_answer_that_does_not_come_in_time_refuses() -> None:
    clock = ManualClock()
    server = registry(clock)
    table, inboxes, _ = open_table(server, ["remote", "remote"])
    a, _b = seats_from_mover(table)
    place(table, inboxes)
    inboxes[a].send(takeback_frame(table.code, a))
    assert inboxes[a].messages[-1]["answer_s"] == 60.0  # a minute, as docs/protocol.md says
    clock.now += ANSWER_S - 1
    server.sweep()
    assert table.asked.pending
    clock.now += 2
    server.sweep()
    assert inboxes[a].messages[-1]["type"] == "takeback-refused"
    assert inboxes[a].messages[-1]["by"] is None and not table.asked.pending
    assert len(table.state.moves) == 1


@pytest.mark.parametrize("refused_by", ["answer", "time"])
def test_a_timed_tables_clock_stands_while_a_takeback_is_asked_not_before(refused_by: str) -> None:
    """The time before a take-back is asked counts (it was lost once the take-back was
    refused); the time it waits for its answer does not: the table is on hold."""
    clock = ManualClock()
    server = registry(clock)
    rules = {"variant": "club", "time_limit_s": 600}
    table, inboxes, _ = open_table(server, ["remote", "remote"], rules)
    a, b = seats_from_mover(table)
    place(table, inboxes)
    clock.now += 5
    inboxes[a].send(takeback_frame(table.code, a))
    clock.now += ANSWER_S + 1
    if refused_by == "answer":
        inboxes[b].send(takeback_answer_frame(table.code, b, False))
    else:
        server.sweep()
    assert inboxes[a].messages[-1]["type"] == "takeback-refused"
    clock.now += 2
    place(table, inboxes)
    assert table.record.last_move().clock_s == 5 + 2


def test_computers_accept_and_their_moves_after_it_go_with_it() -> None:
    server = registry()
    table, inboxes, _ = open_table(server, ["remote", "ai:greedy", "ai:easy"])
    assert table.state.current == 0
    played = len(table.state.moves)  # the computers' moves before the person's first
    place(table, inboxes)
    assert len(table.state.moves) == played + 3 and table.state.current == 0
    told = inboxes[0].send(takeback_frame(table.code, 0))
    assert kinds(told) == ["took-back"] and told[0]["index"] == played
    assert len(table.state.moves) == played and table.state.current == 0


def test_only_your_last_move_while_no_other_person_moved_since() -> None:
    server = registry()
    table, inboxes, _ = open_table(server, ["remote", "remote"])
    a, b = seats_from_mover(table)
    assert inboxes[a].send(takeback_frame(table.code, a))[-1]["code"] == "no-takeback"
    place(table, inboxes)
    assert inboxes[b].send(takeback_frame(table.code, b))[-1]["code"] == "no-takeback"
    assert inboxes[b].send(takeback_frame(table.code, a))[-1]["code"] == "not-your-seat"
    inboxes[b].send(move_frame(table.code, first_legal_entry(table)))
    assert len(table.state.moves) == 2 and table.state.moves[0].action == PLACE
    assert inboxes[a].send(takeback_frame(table.code, a))[-1]["code"] == "no-takeback"


def test_one_takeback_at_a_time_answered_only_by_those_asked() -> None:
    server = registry()
    table, inboxes, _ = open_table(server, ["remote", "remote", "remote"])
    a, b, c = seats_from_mover(table)
    assert inboxes[b].send(takeback_answer_frame(table.code, b, True))[-1]["code"] == (
        "no-takeback"
    )
    place(table, inboxes)
    inboxes[a].send(takeback_frame(table.code, a))
    assert inboxes[a].send(takeback_frame(table.code, a))[-1]["code"] == "no-takeback"
    assert inboxes[a].send(takeback_answer_frame(table.code, a, True))[-1]["code"] == (
        "no-takeback"
    )
    assert inboxes[c].send(takeback_answer_frame(table.code, b, True))[-1]["code"] == (
        "not-your-seat"
    )
    assert table.asked.waiting == {b, c} and len(table.state.moves) == 1


def test_a_rated_table_allows_no_takebacks_unless_its_creator_says_so() -> None:
    server = registry()
    host = Inbox(server)
    host.send({"type": "hello", "name": "Host", "key": "k" * 40})
    for takebacks, allowed in ((None, False), (True, True)):
        frame = json.loads(create_frame(["remote", "remote"]))
        frame |= {"rated": True} | ({} if takebacks is None else {"takebacks": takebacks})
        code = host.send(frame)[0]["table"]
        inboxes = {}
        for number, name in enumerate(("Ann", "Bob")):
            inbox = Inbox(server, f"10.0.2.{number}")
            inbox.send({"type": "hello", "name": name, "key": name[0] * 40})
            inboxes[inbox.send(join_frame(code, name))[0]["seat"]] = inbox
        table = next(t for t in server.tables.values() if t.code == code)
        a = table.state.current
        place(table, inboxes)
        reply = inboxes[a].send(takeback_frame(code, a))[-1]
        assert (reply["type"] == "takeback-asked") is allowed, reply


@pytest.mark.parametrize(
    "frame",
    [
        {"type": "takeback", "table": "T"},
        {"type": "takeback", "table": "T", "seat": "0"},
        {"type": "takeback", "table": "T", "seat": True},
        {"type": "takeback", "seat": 0},
        {"type": "takeback-answer", "table": "T", "seat": 1},
        {"type": "takeback-answer", "table": "T", "seat": 1, "accept": 1},
        {"type": "create", "players": 2, "takebacks": "yes"},
    ],
)
def test_a_malformed_takeback_is_a_bad_message(frame: dict[str, Any]) -> None:
    server = registry()
    table, inboxes, _ = open_table(server, ["remote", "remote"])
    frame = frame | ({"table": table.code} if "table" in frame else {})
    reply = inboxes[0].send(frame)
    assert kinds(reply) == ["error"] and reply[0]["code"] == "bad-message"


def test_a_takeback_the_disk_refuses_is_not_made_nor_told(tmp_path: Path) -> None:
    """Neither an ask nor an acceptance the disk refuses changes anything: the answer is
    `not-saved`, the take-back is still asked of the same seats, and is answered again."""
    server, disk = on_a_filling_disk(tmp_path)
    table, inboxes, _ = open_table(server, ["remote", "remote"])
    a, b = seats_from_mover(table)
    place(table, inboxes)
    before = table.record.dumps()
    disk.room = 0
    refused = inboxes[a].send(takeback_frame(table.code, a))
    assert [(r["type"], r.get("code")) for r in refused] == [("error", "not-saved")]
    assert not table.asked.pending
    disk.room = None
    inboxes[a].send(takeback_frame(table.code, a))
    disk.room = 0
    refused = inboxes[b].send(takeback_answer_frame(table.code, b, True))
    assert [(r["type"], r.get("code")) for r in refused] == [("error", "not-saved")]
    assert table.record.dumps() == before and table.asked.waiting == {b}
    assert not inboxes[a].of_type("took-back")
    disk.room = None
    assert kinds(inboxes[b].send(takeback_answer_frame(table.code, b, True))) == ["took-back"]
    (reopened,) = TableStore(tmp_path).load()
    assert reopened.record == table.record and reopened.state.moves == []


@pytest.mark.parametrize(
    "frame",
    [
        {"type": "takeback-asked", "table": "T", "seat": 0, "hand": 0, "index": 0,
         "waiting": [], "answer_s": 60.0},
        {"type": "takeback-asked", "table": "T", "seat": 0, "hand": 0, "index": 0,
         "waiting": [9], "answer_s": 60.0},
        {"type": "takeback-asked", "table": "T", "seat": 0, "hand": 0, "index": 0,
         "waiting": [1], "answer_s": 0},
        {"type": "takeback-refused", "table": "T", "seat": 0, "by": "Bob"},
        {"type": "took-back", "table": "T", "seat": 0, "hand": -1, "index": 0},
        {"type": "took-back", "table": "T", "seat": 0, "hand": 0},
    ],
)  # fmt: skip
def test_a_client_refuses_a_takeback_message_of_the_wrong_shape(frame: dict[str, Any]) -> None:
    with pytest.raises(BadReply):
        read_server_message(json.dumps(frame))


def test_a_client_reads_the_takeback_messages() -> None:
    asked = read_server_message(asked_frame("T", 1, 0, 4, [0, 2], ANSWER_S))
    assert asked == TakebackAsked("T", 1, 0, 4, (0, 2), ANSWER_S)
    assert read_server_message(refused_frame("T", 1, None)) == TakebackRefused("T", 1, None)
    assert read_server_message(took_back_frame("T", 1, 0, 4)) == TookBackMessage("T", 1, 0, 4)


def test_the_takebacks_option_is_kept_across_a_restart(tmp_path: Path) -> None:
    server = registry(store=TableStore(tmp_path))
    frame = json.loads(create_frame(["remote", "remote"])) | {"takebacks": False}
    Inbox(server).send(frame)
    (reopened,) = TableStore(tmp_path).load()
    assert reopened.club.options.takebacks is False
    assert not reopened.club.options.takebacks_allowed
    saved = json.loads(reopened.saved_text())
    saved["server"]["club"]["takebacks"] = "yes"
    with pytest.raises(RecordError):
        NetTable.from_saved(json.dumps(saved))


def test_a_takeback_on_one_server_of_a_store_is_told_alike_on_the_other(
    redis_server: RedisServer,
) -> None:
    a, b = Server.on(redis_server.url), Server.on(redis_server.url)
    table, inboxes, _ = open_table(a.registry, ["remote", "remote"])
    settle(b)
    watcher = Inbox(b.registry, "10.0.9.1")
    watcher.send(watch_frame(table.code))
    first, second = seats_from_mover(table)
    place(table, inboxes)
    settle(b)
    assert len(b.table(table.code).state.moves) == 1
    inboxes[first].send(takeback_frame(table.code, first))
    settle(b)
    asked = json.loads(asked_frame(table.code, first, 0, 0, [second], ANSWER_S))
    assert watcher.messages[-1] == asked
    assert Inbox(b.registry, "10.0.9.2").send(watch_frame(table.code))[-1] == asked
    inboxes[second].send(takeback_answer_frame(table.code, second, True))
    settle(b)
    assert b.table(table.code).state.moves == []
    assert watcher.messages[-1] == json.loads(took_back_frame(table.code, first, 0, 0))


def test_a_takeback_asked_and_one_refused_are_kept_across_a_restart(tmp_path: Path) -> None:
    """Each is in the journal before it is told, then in the whole save: a server started
    again on the folder holds them (a damaged one is refused as a damaged record)."""
    server = registry(store=TableStore(tmp_path))
    table, inboxes, _ = open_table(server, ["remote", "remote"])
    a, b = seats_from_mover(table)
    place(table, inboxes)
    inboxes[a].send(takeback_frame(table.code, a))
    (reopened,) = TableStore(tmp_path).load()
    assert reopened.asked == table.asked and reopened.asked.waiting == {b}
    inboxes[b].send(takeback_answer_frame(table.code, b, False))
    (reopened,) = TableStore(tmp_path).load()
    assert not reopened.asked.pending and reopened.refused == {(a, 0, 0)}
    assert reopened.club.turn_since == table.club.turn_since
    inboxes[a].send(takeback_frame(table.code, a))
    saved = json.loads(NetTable.from_saved(table.saved_text()).saved_text())
    assert saved["server"]["refused"] == [[a, 0, 0]] and "takeback" not in saved["server"]
    for damaged in ([[a, 0]], [[9, 0, 0]], {"a": 1}, [[a, -1, 0]]):
        with pytest.raises(RecordError):
            NetTable.from_saved(
                json.dumps(saved | {"server": saved["server"] | {"refused": damaged}})
            )
    asked = saved["server"] | {"takeback": {"seat": a, "hand": 0, "index": 0, "waiting": ["b"]}}
    with pytest.raises(RecordError):
        NetTable.from_saved(json.dumps(saved | {"server": asked}))


def test_a_takeback_not_answered_in_time_is_refused_once_whichever_servers_look(
    redis_server: RedisServer,
) -> None:
    """Both servers of a store find the time to answer run out: one refusal is written
    (the other's is stale, and it takes the first's in), and each tells its own alike."""
    a, b = Server.on(redis_server.url), Server.on(redis_server.url)
    table, inboxes, _ = open_table(a.registry, ["remote", "remote"])
    settle(b)
    watcher = Inbox(b.registry, "10.0.9.1")
    watcher.send(watch_frame(table.code))
    first, second = seats_from_mover(table)
    place(table, inboxes)
    inboxes[first].send(takeback_frame(table.code, first))
    settle(b)
    assert b.table(table.code).asked == table.asked
    for server in (a, b):
        server.clock.now += ANSWER_S
    b.registry.sweep()
    a.registry.sweep()  # its copy is behind b's refusal: stale, nothing told
    settle(a, b)
    refused = json.loads(refused_frame(table.code, first, None))
    assert [m for m in watcher.messages if m["type"] == "takeback-refused"] == [refused]
    assert inboxes[second].of_type("takeback-refused") == [refused]
    for server in (a, b):
        copy = server.table(table.code)
        assert not copy.asked.pending and copy.refused == {(first, 0, 0)}
    assert kinds(inboxes[first].send(takeback_frame(table.code, first))) == ["error"]
