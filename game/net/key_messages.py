"""The messages of protocol version 3 that carry a player's key to another computer
(docs/protocol.md "Version 3", "Your key on any computer"): a link code asked for, a
computer linked with one, a key replaced. Read into typed values on the server (a
`ValueError` is the one line `game.net.messages` refuses the frame with) and written by
the client library.

A link code is 8 characters of Crockford's base 32 (digits and capitals without I, L,
O and U: 40 random bits), shown as two groups of four. What a player types is read as
Crockford reads it: small letters as capitals, O as 0, I and L as 1, spaces and dashes
dropped."""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from game.net.club_messages import KEY_PATTERN

CODE_ALPHABET: Final = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
CODE_LENGTH: Final = 8
_TYPED_AS: Final = str.maketrans("OIL", "011", " -")


@dataclass(frozen=True)
class LinkCodeRequest:
    """Ask for a link code that binds another computer to this connection's player."""


@dataclass(frozen=True)
class Link:
    """Bind the new key `key` to the player whose link code is `code` (its 8
    characters, as read)."""

    code: str
    key: str


@dataclass(frozen=True)
class ReplaceKey:
    """Make the new key `key` this connection's player's only key."""

    key: str


KeyMessage = LinkCodeRequest | Link | ReplaceKey
KEY_TYPES: Final = frozenset({"link-code", "link", "replace-key"})
"""The types of message that carry keys (version 3)."""


def new_link_code() -> str:
    """A fresh link code: `CODE_LENGTH` characters of `CODE_ALPHABET`."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def typed_code(text: str) -> str | None:
    """The link code in what a player typed (None: not one)."""
    code = text.strip().upper().translate(_TYPED_AS)
    if len(code) != CODE_LENGTH or not set(code) <= set(CODE_ALPHABET):
        return None
    return code


def shown_code(code: str) -> str:
    """A link code as a screen shows it: two groups of four."""
    return f"{code[:4]}-{code[4:]}"


def _new_key(data: Mapping[str, object]) -> str:
    key = data.get("key")
    if not isinstance(key, str) or KEY_PATTERN.fullmatch(key) is None:
        raise ValueError("key must be 32 to 128 letters, digits, '_' or '-'")
    return key


def read_key_message(kind: str, data: Mapping[str, object]) -> KeyMessage:
    """The version 3 key message of type `kind` (one of `KEY_TYPES`)."""
    if kind == "link-code":
        return LinkCodeRequest()
    if kind == "replace-key":
        return ReplaceKey(_new_key(data))
    given = data.get("code")
    code = typed_code(given) if isinstance(given, str) and len(given) <= 20 else None
    if code is None:
        raise ValueError(f"code must be {CODE_LENGTH} characters of {CODE_ALPHABET}")
    return Link(code, _new_key(data))


# --- written by a client ---------------------------------------------------------------


def _frame(data: Mapping[str, object]) -> str:
    return json.dumps(data, separators=(",", ":"))


def link_code_frame() -> str:
    return _frame({"type": "link-code"})


def link_frame(code: str, key: str) -> str:
    return _frame({"type": "link", "code": code, "key": key})


def replace_key_frame(key: str) -> str:
    return _frame({"type": "replace-key", "key": key})
