"""Hostile messages to the table server's registry: a thousand seeded mutations of real
messages (every field, wrong seats, replays of old moves, broken JSON, oversized text)
from a connection that holds one seat of a table, while honest seats play that table and
another. Each refusal changes nothing; the other table never changes; both records pass
the record check at the end and every honest connection saw the moves as recorded."""

from __future__ import annotations

import json
import random
from typing import Any

from game.net.messages import (
    create_frame,
    join_frame,
    move_frame,
    rejoin_frame,
    stand_in_frame,
    watch_frame,
)
from game.net.tables.registry import Registry
from game.net.tables.table import NetTable
from game.rules.record.document import GameRecord
from tests.net_helpers import (
    ROOMY,
    Inbox,
    ManualClock,
    broken_text,
    checked,
    dealer,
    first_legal_entry,
    mutated,
    open_table,
)


def fingerprint(table: NetTable) -> tuple[GameRecord, list[str | None]]:
    """What a refused message leaves as it was: the record (a value no change alters in
    place: compared whole, as two records are equal) and the seats' tokens. (Its JSON,
    written out twice a message for each table, was three quarters of the test's time.)"""
    return table.record, list(table.tokens)


class Hostile:
    """A connection holding seat `seat` of table `a`, sending mutated messages."""

    def __init__(self, server: Registry, a: NetTable, b: NetTable, inbox: Inbox, seed: int):
        self.server, self.a, self.b, self.inbox = server, a, b, inbox
        self.rng = random.Random(seed)
        self.old_moves: list[dict[str, Any]] = []

    def real_messages(self) -> list[dict[str, Any]]:
        a, b = self.a, self.b
        entry = first_legal_entry(a) if not a.is_over() else {"player": 0, "pass": True}
        frames = [
            move_frame(a.code, entry),
            move_frame(a.code, {**entry, "player": 0}),
            move_frame(b.code, first_legal_entry(b) if not b.is_over() else entry),
            join_frame(a.code, "Eve"),
            rejoin_frame(a.code, "A" * 32),
            rejoin_frame(b.code, a.tokens[0] or ""),
            watch_frame(b.code),
            create_frame(["remote", "ai:greedy"], {"hands": 1}),
            stand_in_frame(a.code, "H" * 32, 1, "greedy"),
        ]
        frames += [move_frame(a.code, old) for old in self.rng.sample(self.old_moves, 2)]
        return [json.loads(frame) for frame in frames if frame]

    def attack(self) -> None:
        message = self.rng.choice(self.real_messages())
        frame: str | bytes | dict[str, Any]
        frame = broken_text(self.rng, message) if self.rng.random() < 0.3 else message
        if isinstance(frame, dict) and self.rng.random() < 0.8:
            frame = mutated(self.rng, frame)
        before_a, before_b = fingerprint(self.a), fingerprint(self.b)
        replies = self.inbox.send(frame)
        assert fingerprint(self.b) == before_b
        types = {reply["type"] for reply in replies}
        assert types <= {"error", "move", "view", "over", "created", "presence"}, replies
        if "error" in types:
            assert fingerprint(self.a) == before_a, frame
        self.old_moves += [m["move"] for m in replies if m["type"] == "move"]


def honest_move(table: NetTable, holders: dict[int, Inbox], rng: random.Random) -> None:
    seat = table.state.current
    if table.is_over() or seat not in holders or rng.random() < 0.5:
        return
    replies = holders[seat].send(move_frame(table.code, first_legal_entry(table)))
    assert all(reply["type"] != "error" for reply in replies), replies


def test_a_thousand_hostile_messages_leave_the_tables_sound() -> None:
    server = Registry(ManualClock(), limits=ROOMY, deal=dealer())
    a, a_holders, _ = open_table(server, ["remote", "remote", "ai:greedy"], {"hands": 40})
    b, b_holders, _ = open_table(server, ["remote", "remote"], {"hands": 40})
    hostile = Hostile(server, a, b, a_holders.pop(0), seed=28)
    hostile.old_moves = [{"player": 1, "pass": True}, {"player": 0, "draw": True}]
    honesty = random.Random(5)
    for _ in range(1000):
        hostile.attack()
        honest_move(a, a_holders, honesty)
        honest_move(b, b_holders, honesty)
    assert len(b.record.to_json()["hands"]) > 2 and len(hostile.old_moves) > 20
    for table, holders in ((a, a_holders), (b, b_holders)):
        record = table.record.to_json()
        checked(record)
        recorded = [
            (h, i, m) for h, hand in enumerate(record["hands"]) for i, m in enumerate(hand["moves"])
        ]
        for inbox in holders.values():
            seen = [(m["hand"], m["index"], m["move"]) for m in inbox.of_type("move")]
            assert seen == recorded
