"""What a club's server answers to the messages of a player's keys (docs/protocol.md
"Version 3", "Your key on any computer"), read by the client into typed values as
strictly as the other replies (the server writes them in game.net.tables.keys)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from game.net.key_messages import typed_code
from game.net.reply_fields import BadReply, read_count, read_text

PLAYER_LIMIT: Final = 128
"""The longest public name of a player (PID) read."""


@dataclass(frozen=True)
class LinkCode:
    """A link code for another computer of this player: `code`, for `expires_s` seconds."""

    code: str
    expires_s: int


@dataclass(frozen=True)
class Linked:
    """The key of a `link` is player `player`'s now."""

    player: str


@dataclass(frozen=True)
class NewKey:
    """The key of a `replace-key` is player `player`'s only key now."""

    player: str


KeyAnswer = LinkCode | Linked | NewKey


def read_key_answer(kind: str, data: Mapping[str, object]) -> KeyAnswer | None:
    """The version-3 answer of type `kind` (None: not one of them)."""
    if kind == "link-code":
        code = typed_code(read_text(data, "code", 20))
        if code is None:
            raise BadReply("code: not a link code")
        return LinkCode(code, read_count(data, "expires_s"))
    if kind == "linked":
        return Linked(read_text(data, "player", PLAYER_LIMIT))
    if kind == "new-key":
        return NewKey(read_text(data, "player", PLAYER_LIMIT))
    return None
