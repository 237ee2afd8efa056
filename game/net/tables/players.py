"""The server's players (PROTOCOL.md version 2, "Players"): who said `hello` with which
key, under which public id, name and rating.

The players' book is behind `PlayerBook`, so that a store of another kind (Redis, for
several servers) can take the file's place. The book keeps a key's sha256 only, never
the key; a player's public id (PID) is random, made at the first hello, so it tells
nothing of the key. `FileBook` keeps the book in one JSON file under the server's home
(`HOME/players.json`), written atomically after every change: the old book or the new
one survives a crash, whole. A store that cannot write raises `OSError`.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Iterable
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Final, Protocol

from game.persist.atomic import write_text_atomically
from game.persist.files import read_bounded
from game.rules import jsontext
from game.rules.errors import RecordError

BOOK_FILE: Final = "players.json"
START_MU: Final = 25.0
START_SIGMA: Final = 25.0 / 3
"""A new player's rating (openskill's defaults: a mean and how unsure it is)."""


@dataclass(frozen=True)
class Card:
    """One player: the public id, the name of the last hello, the rating (`mu`, `sigma`)
    and how many rated games were played."""

    pid: str
    name: str
    mu: float = START_MU
    sigma: float = START_SIGMA
    games: int = 0


def key_hash(key: str) -> str:
    """What the book keeps of a key: its sha256, in hex."""
    return hashlib.sha256(key.encode()).hexdigest()


def new_pid() -> str:
    return "p-" + secrets.token_urlsafe(9)


class PlayerBook(Protocol):
    """The server's players, found by key (`enter`) or by public id (`card`)."""

    def enter(self, key: str, name: str) -> Card:
        """The player whose key is `key`, now named `name`: made at the first hello
        (`OSError` when the book cannot be written)."""

    def card(self, pid: str) -> Card | None:
        """The player of public id `pid`, if there is one."""

    def rated(self, cards: Iterable[Card]) -> None:
        """Keep these players' new ratings (`OSError` when the book cannot be written)."""

    def best(self, count: int) -> list[Card]:
        """The `count` best rated players with at least one rated game, best first, by
        `order` (their shown rating)."""


def order(card: Card) -> float:
    """What the best players are sorted by: the rating a player is at least, almost
    surely (openskill's ordinal, mu - 3 sigma)."""
    return card.mu - 3 * card.sigma


class MemoryBook:
    """A book in memory only (a server without a home, and tests)."""

    def __init__(self) -> None:
        self._by_key: dict[str, str] = {}
        """A key's hash: the player's PID."""
        self._cards: dict[str, Card] = {}

    def enter(self, key: str, name: str) -> Card:
        hashed = key_hash(key)
        pid = self._by_key.get(hashed)
        old = None if pid is None else self._cards[pid]
        card = Card(new_pid(), name) if old is None else replace(old, name=name)
        if card != old:
            self._write({hashed: card.pid}, [card])
        return card

    def card(self, pid: str) -> Card | None:
        return self._cards.get(pid)

    def rated(self, cards: Iterable[Card]) -> None:
        self._write({}, list(cards))

    def best(self, count: int) -> list[Card]:
        played = [card for card in self._cards.values() if card.games]
        return sorted(played, key=lambda card: (-order(card), card.name, card.pid))[:count]

    def _write(self, keys: dict[str, str], cards: list[Card]) -> None:
        """Keep new keys and cards (a book on disk writes them first)."""
        self._by_key.update(keys)
        self._cards.update((card.pid, card) for card in cards)


class FileBook(MemoryBook):
    """The book in `home/players.json`: read when the server starts, written whole,
    atomically, after every change (a change the disk refuses is not made)."""

    def __init__(self, home: Path) -> None:
        super().__init__()
        self.path = home / BOOK_FILE
        if self.path.exists():
            self._read(read_bounded(self.path))

    def _read(self, text: bytes) -> None:
        try:
            data = jsontext.parse(text)
            players = data["players"]
            for hashed, entry in players.items():
                card = Card(**entry)
                if not _well_formed(card):
                    raise TypeError
                super()._write({hashed: card.pid}, [card])
        except (ValueError, KeyError, TypeError, AttributeError):
            raise RecordError(f"{self.path.name}: not a players' book") from None

    def _write(self, keys: dict[str, str], cards: list[Card]) -> None:
        pids = {**self._by_key, **keys}
        changed = {card.pid: card for card in cards}
        players = {h: asdict(changed.get(pid) or self._cards[pid]) for h, pid in pids.items()}
        write_text_atomically(self.path, json.dumps({"players": players}), durable=True)
        super()._write(keys, cards)


def _well_formed(card: Card) -> bool:
    """Whether a card read from a file holds values of its fields' kinds."""
    return (
        isinstance(card.pid, str)
        and isinstance(card.name, str)
        and all(type(value) is float for value in (card.mu, card.sigma))
        and type(card.games) is int
    )
