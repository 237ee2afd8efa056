"""Hostile input to version 2 (docs/protocol.md "Version 2"): names and lines of chat of
every Unicode kind, forged keys and tokens. Each is taken as the protocol says or refused with a
`bad-message`; nothing else changes and nothing crashes."""

from __future__ import annotations

import json
import random
import unicodedata
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from game.net.tables.registry import Registry
from game.rules.seeds_names import HIDDEN_CATEGORIES
from tests.net_helpers import Inbox, ManualClock, broken_text, mutated
from tests.test_net_club import club, create, hello, key, seated, table_of

EVERY_KIND = st.text(st.characters(exclude_categories=()), max_size=40)
"""Text of any code point: controls, format marks, surrogates, private and unassigned."""


@settings(max_examples=150, deadline=None)
@given(name=EVERY_KIND)
def test_a_name_of_any_characters_is_welcomed_as_shown_or_refused(name: str) -> None:
    registry = club()
    inbox = Inbox(registry)
    (answer,) = inbox.send(json.dumps({"type": "hello", "name": name, "key": key(1)}))
    if answer["type"] == "error":
        assert answer["code"] == "bad-message" and "\n" not in answer["message"]
        assert not registry.club.players
        return
    shown = answer["name"]
    assert 1 <= len(shown) <= 24 and shown == shown.strip()
    assert not any(unicodedata.category(c) in HIDDEN_CATEGORIES for c in shown)
    assert inbox.frames[0].isascii()


def _chatting() -> tuple[Registry, str, Inbox, Inbox]:
    registry = club()
    code = create(Inbox(registry))
    holders = seated(registry, code, ["Ann", "Bob"])
    return registry, code, holders[0], holders[1]


@settings(max_examples=150, deadline=None)
@given(text=EVERY_KIND)
def test_a_line_of_any_characters_is_said_whole_or_refused(text: str) -> None:
    registry, code, ann, bob = _chatting()
    (answer,) = ann.send(json.dumps({"type": "say", "table": code, "text": text}))
    kept = table_of(registry, code).club.chat
    if answer["type"] == "error":
        assert answer["code"] == "bad-message" and not kept and not bob.of_type("said")
        return
    assert answer["text"] == text and bob.of_type("said") == [answer] and len(kept) == 1
    assert not any(unicodedata.category(c) in ("Cc", "Cs") for c in text)


def test_a_forged_token_or_key_reaches_no_one_elses_seat() -> None:
    registry = club()
    code = create(Inbox(registry))
    holders = seated(registry, code, ["Ann", "Bob"])
    forger = hello(registry, "Eve", 66)
    assert forger.send({"type": "mine"})[0]["tables"] == []
    real = holders[0].of_type("joined")[0]["token"]
    near = real[:-1] + ("x" if real[-1] != "x" else "y")  # one letter from Ann's token
    for token in ("A" * 32, near, key(0)):
        refused = forger.send({"type": "rejoin", "table": code, "token": token})[0]
        assert refused["code"] == "bad-token"
    near = key(0)[:-1] + "Z"  # one letter from Ann's key
    other = Inbox(registry).send({"type": "hello", "name": "Ann", "key": near})[0]
    assert other["player"] != holders[0].of_type("welcome")[0]["player"]
    assert not any(table.club.owners.count(other["player"]) for table in registry.tables.values())


def test_a_thousand_mutated_version_2_messages_change_nothing_when_refused() -> None:
    """Seeded mutations of real version 2 messages (every field, broken JSON, oversized
    text) from a connection holding a seat: a refusal changes nothing at its table, the
    other table never changes, and nothing else is ever answered."""
    clock = ManualClock()
    registry = club(clock)
    mine = create(Inbox(registry), pace={"days": 2}, public=True)
    eve = seated(registry, mine, ["Eve", "Bob"])[0]
    other = create(hello(registry, "Host", 9), rated=True)
    seated(registry, other, ["Cy", "Dee"])
    real: list[dict[str, Any]] = [
        {"type": "hello", "name": "Eve", "key": key(0)},
        {"type": "mine"},
        {"type": "lobby"},
        {"type": "lobby", "follow": False},
        {"type": "lobby", "free": 2, "players": 3, "rated": True, "pace": "days", "page": 2},
        {"type": "lobby", "pace": "live", "rated": False, "per_page": 20},
        {"type": "say", "table": mine, "text": "hi"},
        {"type": "say", "table": other, "text": "hi"},
        {"type": "ratings"},
        {"type": "ratings", "page": 3, "per_page": 50, "me": True},
        {"type": "create", "players": 2, "public": True, "rated": True, "pace": {"days": 3}},
        {"type": "create", "players": 3, "stand_in": "ai:easy", "pace": "live"},
    ]
    rng = random.Random(40)
    tables = {code: table_of(registry, code) for code in (mine, other)}
    for _ in range(1000):
        clock.now += 1.5
        message = rng.choice(real)
        frame: str | bytes | dict[str, Any]
        frame = broken_text(rng, message) if rng.random() < 0.3 else message
        if isinstance(frame, dict) and rng.random() < 0.8:
            frame = mutated(rng, frame)
        before = {code: table.saved_text() for code, table in tables.items()}
        opened = len(registry.tables)
        replies = eve.send(frame)
        types = {reply["type"] for reply in replies}
        assert types <= {"error", "welcome", "my-tables", "lobby", "said", "ratings", "created"}
        assert tables[other].saved_text() == before[other]
        if "error" in types:
            assert tables[mine].saved_text() == before[mine] and len(registry.tables) == opened
