"""Hostile input to version 2 (PROTOCOL.md): names and lines of chat of every Unicode
kind, forged keys and tokens. Each is taken as the protocol says or refused with a
`bad-message`; nothing else changes and nothing crashes."""

from __future__ import annotations

import json
import unicodedata

from hypothesis import given, settings
from hypothesis import strategies as st

from game.net.tables.registry import Registry
from game.rules.seeds_names import HIDDEN_CATEGORIES
from tests.net_helpers import Inbox
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
    for token in ("A" * 32, holders[0].of_type("joined")[0]["token"][:-1] + "x", key(0)):
        refused = forger.send({"type": "rejoin", "table": code, "token": token})[0]
        assert refused["code"] == "bad-token"
    near = key(0)[:-1] + "Z"  # one letter from Ann's key
    other = Inbox(registry).send({"type": "hello", "name": "Ann", "key": near})[0]
    assert other["player"] != holders[0].of_type("welcome")[0]["player"]
    assert not any(table.club.owners.count(other["player"]) for table in registry.tables.values())
