"""The chat beside a club's table (docs/protocol.md "Chat"), no pygame: the last lines the
server sent (a view's, then each `said`), the speakers this player muted (their lines
hidden, never sent anywhere; muted by player, not by name), and what may be said."""

from __future__ import annotations

import unicodedata
from collections import deque
from collections.abc import Iterable, Mapping
from typing import Final

from game.i18n import _
from game.net.club_answers import CHAT_LINES, Said
from game.net.club_messages import CHAT_LIMIT, chat_text
from game.rules.seeds_names import HIDDEN_CATEGORIES, player_name

NAMED: Final = "name:"
"""What begins the `mute_key` of a speaker known by name only."""
_NOT_SHOWN: Final = HIDDEN_CATEGORIES | {"Zl", "Zp"}
"""What a line's words are shown without."""


class TableChat:
    """The lines of one table, as this window shows them. `muted`: each muted speaker's
    `mute_key` and the name they were muted under."""

    def __init__(self, muted: Mapping[str, str] | None = None) -> None:
        self.lines: deque[Said] = deque(maxlen=CHAT_LINES)
        self.muted = dict(muted or {})
        self.unread = 0
        """Lines come since the player last looked at the chat."""

    def add(self, said: Said) -> None:
        self.lines.append(said)
        if mute_key(said) not in self.muted:
            self.unread += 1

    def replace(self, lines: Iterable[Said]) -> None:
        """The lines a view brings (the table's last ones, after a connection)."""
        self.lines.clear()
        self.lines.extend(lines)

    def shown(self) -> list[Said]:
        """The lines of those not muted, oldest first."""
        return [said for said in self.lines if mute_key(said) not in self.muted]

    def mute(self, said: Said) -> None:
        """Hide the lines of the speaker of `said`."""
        self.muted[mute_key(said)] = player_name(said.name, 0, fallback="?")

    def unmute_all(self) -> None:
        self.muted.clear()


def mute_key(said: Said) -> str:
    """Who a line is muted as: its player (a name is no player: a watcher may have said
    hello under a seat's name), or by name where the server says no player."""
    return said.player or NAMED + said.name


def said_name(said: Said) -> str:
    """The name of a line as a screen shows it: a watcher's says so, never drawn as a
    seat's."""
    name = player_name(said.name, 0, fallback="?")
    return name if said.seat is not None else _("{name} (watching)").format(name=name)


def said_text(said: Said) -> str:
    """The words of a line as a screen shows them (no control or format characters, no
    line or paragraph separators)."""
    return "".join(c for c in said.text if unicodedata.category(c) not in _NOT_SHOWN)


def say_problem(text: str) -> str | None:
    """Why `text` cannot be said at the table (None: it can)."""
    if not text.strip():
        return _("Type something to say first.")
    if len(text) > CHAT_LIMIT:
        return _("A line is at most {count} characters.").format(count=CHAT_LIMIT)
    if any(not character.isprintable() for character in text):
        return _("A line cannot hold control characters.")
    try:
        chat_text(text)
    except ValueError:  # only letters drawn as nothing
        return _("Type something to say first.")
    return None
