"""The chat beside a club's table (docs/protocol.md "Chat"), no pygame: the last lines the
server sent (a view's, then each `said`), the names this player muted (their lines
hidden, never sent anywhere), and what may be said."""

from __future__ import annotations

import unicodedata
from collections import deque
from collections.abc import Iterable

from game.i18n import _
from game.net.club_answers import CHAT_LINES, Said
from game.net.club_messages import CHAT_LIMIT
from game.rules.seeds_names import HIDDEN_CATEGORIES, player_name


class TableChat:
    """The lines of one table, as this window shows them."""

    def __init__(self, muted: Iterable[str] = ()) -> None:
        self.lines: deque[Said] = deque(maxlen=CHAT_LINES)
        self.muted = set(muted)
        self.unread = 0
        """Lines come since the player last looked at the chat."""

    def add(self, said: Said) -> None:
        self.lines.append(said)
        if said.name not in self.muted:
            self.unread += 1

    def replace(self, lines: Iterable[Said]) -> None:
        """The lines a view brings (the table's last ones, after a connection)."""
        self.lines.clear()
        self.lines.extend(lines)

    def shown(self) -> list[Said]:
        """The lines of those not muted, oldest first."""
        return [said for said in self.lines if said.name not in self.muted]

    def mute(self, name: str) -> None:
        self.muted.add(name)

    def unmute_all(self) -> None:
        self.muted.clear()


def said_name(said: Said) -> str:
    """The name of a line as a screen shows it."""
    return player_name(said.name, 0, fallback="?")


def said_text(said: Said) -> str:
    """The words of a line as a screen shows them (no control or format characters)."""
    return "".join(c for c in said.text if unicodedata.category(c) not in HIDDEN_CATEGORIES)


def say_problem(text: str) -> str | None:
    """Why `text` cannot be said at the table (None: it can)."""
    if not text.strip():
        return _("Type something to say first.")
    if len(text) > CHAT_LIMIT:
        return _("A line is at most {count} characters.").format(count=CHAT_LIMIT)
    if any(not character.isprintable() for character in text):
        return _("A line cannot hold control characters.")
    return None
