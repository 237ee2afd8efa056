"""The server's players (docs/protocol.md "Players"): who said `hello` with which
key, under which public id, name and rating.

The players' book is behind `PlayerBook`, so that the servers of one Redis share one
(`redis_book.py`) where a server alone keeps a file. The book keeps a key's sha256 only, never
the key; a player's public id (PID) is random, made at the first hello, so it tells
nothing of the key. `FileBook` keeps the book under the server's home: `players.json`,
the whole book as it was last compacted (written atomically), and `players.journal`, a
line of JSON for each change since, added before the change is made, so that a change
costs its own size, not the book's (the book was written whole, and waited for on the
disk, on every hello that changed a name: 48 ms at 10,000 players). Once the journal holds as many
lines as the book has players (1,000 at least), the book is compacted. A store that
cannot write raises `OSError`. The book also keeps each rated game's changes, written
with the new ratings, so a game is rated once whenever the server is killed.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import math
import os
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Final, Protocol, TypedDict

from game.persist.atomic import append_line, write_text_atomically
from game.persist.files import read_bounded
from game.rules import jsontext
from game.rules.errors import RecordError

BOOK_FILE: Final = "players.json"
JOURNAL_FILE: Final = "players.journal"
BOOK_BYTES: Final = 1 << 30
"""The largest book read (40,000 players are about 18 MB; the book once stopped at 16)."""
COMPACT_LINES: Final = 1_000
"""The fewest journal lines that make the book compacted."""
START_MU: Final = 25.0
START_SIGMA: Final = 25.0 / 3
"""A new player's rating (openskill's defaults: a mean and how unsure it is)."""
SPOKE_KEPT: Final = 4096
"""How many speakers a book in memory remembers before it forgets those long silent."""
MET_KEPT_S: Final = 2 * 86_400
"""How long a pair's rated games are kept after their last (longer than a repeat
counts: ratings.py)."""
ESTABLISHED: Final = 10
"""The rated games after which a player is no longer provisional: listed on the board,
and of full weight on the ratings of those they play (ratings.py)."""


@dataclass(frozen=True)
class Card:
    """One player: the public id, the name of the last hello, the rating (`mu`, `sigma`)
    and how many rated games were played."""

    pid: str
    name: str
    mu: float = START_MU
    sigma: float = START_SIGMA
    games: int = 0


@dataclass(frozen=True)
class RatingsPage:
    """A part of the ratings board, and how many players the whole lists."""

    cards: list[Card]
    total: int


class RatingChange(TypedDict):
    """One seat's rating before and after a rated game (the numbers shown)."""

    player: str
    before: int
    after: int


class CardsChanged(Exception):
    """A rated game's players were rated in another game since their cards were read
    (another server's): read them again and rate the game again."""


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

    def changes(self, key: str, name: str) -> bool:
        """Whether a hello with `key` and `name` would change the book: a new player, or
        a new name (`OSError` when the book cannot be read)."""

    def move(self, was: str, key: str) -> None:
        """The player of key `was` is the player of `key` from now on, and `was` nobody's
        (when `was` is a player's and `key` nobody's yet; `OSError` when the book cannot
        be written)."""

    def card(self, pid: str) -> Card | None:
        """The player of public id `pid`, if there is one."""

    def bind(self, hashed: str, pid: str) -> bool:
        """The key of hash `hashed` is player `pid`'s too (a computer linked): whether it
        is, which it is not when it is anyone's already or was replaced (`OSError` when
        the book cannot be written)."""

    def replace(self, pid: str, hashed: str, current: str) -> bool:
        """The key of hash `hashed` is player `pid`'s only key from now on: every other
        key of theirs is nobody's, and `replaced`, and their link code binds no longer
        (keys.py). Not when `hashed` is anyone's already or was replaced, nor when
        `current`, the asking connection's, is no longer `pid`'s (`OSError` when the book
        cannot be written)."""

    def replaced(self, hashed: str) -> bool:
        """Whether the key of hash `hashed` was replaced (it is nobody's, for good)."""

    def offer(self, pid: str, code: str, now: float, lasting_s: float) -> None:
        """Link code `code` (its hash) binds a key to player `pid` once, for `lasting_s`
        seconds from time `now`; the player's code of before, if any, no longer does
        (`OSError` when the book cannot be written)."""

    def redeem(self, code: str, now: float) -> str | None:
        """The player whose link code (its hash) is `code`, at time `now`, and the code
        is spent (None: no such code, or expired; `OSError` when the book cannot be
        read)."""

    def rated(
        self, game: str, changes: list[RatingChange], cards: Iterable[Card]
    ) -> list[RatingChange]:
        """Keep rated game `game`'s changes and its players' new ratings, together, so
        that a game is rated once whenever the server stops; the changes kept (those of
        the first to rate it). `OSError` when the book cannot be written, `CardsChanged`
        when a player's card is not the one it was rated from."""

    def game(self, game: str) -> list[RatingChange] | None:
        """The changes of rated game `game`, once it is rated."""

    def board(self, start: int, count: int) -> RatingsPage:
        """The ratings board from place `start` (0 the best): up to `count` of the
        players with at least `ESTABLISHED` rated games, best first by `order` (their
        shown rating), and how many the board lists in all."""

    def place(self, pid: str) -> int | None:
        """Where player `pid` is on the board (0 the best; None: not on it)."""

    def met(self, first: str, second: str, since: float) -> int:
        """How many rated games players `first` and `second` (public ids) played together
        since time `since` (`OSError` when the book cannot be read)."""

    def meet(self, players: Sequence[str], game: str, now: float) -> None:
        """Rated game `game` of `players` was rated at time `now` (`OSError` when the book
        cannot be written)."""

    def speak(self, who: str, now: float, every_s: float) -> float | None:
        """`who` (a player or a network) says a line of chat at time `now`, unless their
        last was less than `every_s` before: when that last was (`-inf`: never), or None
        (too soon). Atomic across the servers of one book."""

    def unsay(self, who: str, before: float) -> None:
        """`who`'s last line was not said after all: their last is `before` again."""


def pair(first: str, second: str) -> tuple[str, str]:
    """Two players as a pair, whichever comes first."""
    return (first, second) if first < second else (second, first)


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
        self._games: dict[str, list[RatingChange]] = {}
        self._met: dict[tuple[str, str], dict[str, float]] = {}
        """When each pair of players' rated games were rated, by game (in memory only:
        a restart forgets at most a day's repeats)."""
        self._spoke: dict[str, float] = {}
        """When each player or network last said a line of chat."""
        self._ranked: tuple[list[Card], dict[str, int]] | None = None
        """The board and each player's place on it, until a change (`_ranking`)."""
        self._replaced: set[str] = set()
        """The hashes of replaced keys (a hello with one is refused)."""
        self._offers: dict[str, tuple[str, float]] = {}
        """Each link code's hash: its player and when it expires (in memory only: a
        restart forgets codes that last ten minutes)."""

    def enter(self, key: str, name: str) -> Card:
        hashed = key_hash(key)
        pid = self._by_key.get(hashed)
        old = None if pid is None else self._cards[pid]
        card = Card(new_pid(), name) if old is None else replace(old, name=name)
        if card != old:
            self._write({hashed: card.pid}, [card], {})
        return card

    def changes(self, key: str, name: str) -> bool:
        pid = self._by_key.get(key_hash(key))
        return pid is None or self._cards[pid].name != name

    def move(self, was: str, key: str) -> None:
        old, new = key_hash(was), key_hash(key)
        pid = self._by_key.get(old)
        if pid is not None and new not in self._by_key:
            self._write({new: pid}, [], {}, gone=(old,))

    def card(self, pid: str) -> Card | None:
        return self._cards.get(pid)

    def bind(self, hashed: str, pid: str) -> bool:
        if hashed in self._by_key or hashed in self._replaced or pid not in self._cards:
            return False
        self._write({hashed: pid}, [], {})
        return True

    def replace(self, pid: str, hashed: str, current: str) -> bool:
        if hashed in self._by_key or hashed in self._replaced:
            return False
        if self._by_key.get(current) != pid:
            return False
        old = [h for h, holder in self._by_key.items() if holder == pid]
        self._write({hashed: pid}, [], {}, gone=old, replaced=True)
        self._offers = {c: offer for c, offer in self._offers.items() if offer[0] != pid}
        return True

    def replaced(self, hashed: str) -> bool:
        return hashed in self._replaced

    def offer(self, pid: str, code: str, now: float, lasting_s: float) -> None:
        self._offers = {c: o for c, o in self._offers.items() if o[0] != pid and o[1] > now}
        self._offers[code] = (pid, now + lasting_s)

    def redeem(self, code: str, now: float) -> str | None:
        self._offers = {c: o for c, o in self._offers.items() if o[1] > now}
        pid, _until = self._offers.pop(code, (None, 0.0))
        return pid

    def rated(
        self, game: str, changes: list[RatingChange], cards: Iterable[Card]
    ) -> list[RatingChange]:
        kept = self._games.get(game)
        if kept is not None:
            return kept
        self._write({}, list(cards), {game: changes})
        return changes

    def game(self, game: str) -> list[RatingChange] | None:
        return self._games.get(game)

    def board(self, start: int, count: int) -> RatingsPage:
        ranked = self._ranking()[0]
        return RatingsPage(ranked[start : start + count], len(ranked))

    def place(self, pid: str) -> int | None:
        return self._ranking()[1].get(pid)

    def _ranking(self) -> tuple[list[Card], dict[str, int]]:
        """The established players, best first (equal ratings as Redis ranks them), and
        each one's place: sorted again only after a change (40,000 players sorted for
        every page asked took 107 ms a page; 0.004 ms once sorted)."""
        if self._ranked is None:
            played = [card for card in self._cards.values() if card.games >= ESTABLISHED]
            ranked = sorted(played, key=lambda card: (order(card), card.pid), reverse=True)
            self._ranked = ranked, {card.pid: at for at, card in enumerate(ranked)}
        return self._ranked

    def met(self, first: str, second: str, since: float) -> int:
        times = self._met.get(pair(first, second), {}).values()
        return sum(time >= since for time in times)

    def meet(self, players: Sequence[str], game: str, now: float) -> None:
        self._met = {  # forget the pairs that have not met for longer than a repeat counts
            pair: games
            for pair, games in self._met.items()
            if max(games.values()) > now - MET_KEPT_S
        }
        for number, first in enumerate(players):
            for second in players[number + 1 :]:
                self._met.setdefault(pair(first, second), {})[game] = now

    def speak(self, who: str, now: float, every_s: float) -> float | None:
        before = self._spoke.get(who, -math.inf)
        if now - before < every_s:
            return None
        if len(self._spoke) >= SPOKE_KEPT:  # forget those who may speak again anyway
            self._spoke = {w: t for w, t in self._spoke.items() if now - t < every_s}
        self._spoke[who] = now
        return before

    def unsay(self, who: str, before: float) -> None:
        self._spoke[who] = before

    def _write(
        self,
        keys: dict[str, str],
        cards: list[Card],
        games: dict[str, list[RatingChange]],
        gone: Iterable[str] = (),
        replaced: bool = False,
    ) -> None:
        """Keep new keys, cards and rated games, and forget the hashes `gone` (kept as
        replaced keys when `replaced`; a book on disk writes them first)."""
        for hashed in gone:
            self._by_key.pop(hashed, None)
            if replaced:
                self._replaced.add(hashed)
        self._by_key.update(keys)
        self._cards.update((card.pid, card) for card in cards)
        self._games.update(games)
        self._ranked = None


class FileBook(MemoryBook):
    """The book in `home/players.json` and its journal, `home/players.journal`: read
    when the server starts; each change is a line added to the journal (a change the disk
    refuses is not made), and the book is written whole, atomically, now and then."""

    def __init__(self, home: Path) -> None:
        super().__init__()
        self.path = home / BOOK_FILE
        self.journal = home / JOURNAL_FILE
        self._lines = 0
        """The lines of the journal (changes since the book was last written whole)."""
        self._hashes: dict[str, str] = {}
        """Each player's key hash, by PID (a journal's line of a card names it)."""
        if self.path.exists():
            self._take(self.path.name, read_bounded(self.path, BOOK_BYTES))
        if self.journal.exists():
            self._replay(read_bounded(self.journal, BOOK_BYTES))

    def _replay(self, text: bytes) -> None:
        """Take the journal's changes; a last line cut short by a crash is dropped (and
        cut from the file, so that the next line starts on a line of its own)."""
        whole = text[: text.rfind(b"\n") + 1]
        for line in whole.splitlines():
            self._take(self.journal.name, line)
            self._lines += 1
        if len(whole) < len(text):
            os.truncate(self.journal, len(whole))

    def _take(self, name: str, text: bytes) -> None:
        """Take the players and games of a book, or of a journal's line, read as `text`
        (`RecordError` naming the file `name` when it is none)."""
        try:
            data = jsontext.parse(text, BOOK_BYTES)
            for hashed, entry in data["players"].items():
                card = Card(**entry)
                if not _well_formed(card):
                    raise TypeError
                super()._write({hashed: card.pid}, [card], {})
                self._hashes[card.pid] = hashed
            games, gone = data["games"], data.get("gone", [])
            replaced = data.get("replaced", [])
            if not all(map(well_formed_changes, games.values())):
                raise TypeError
            if not all(_hashes(hashes) for hashes in (gone, replaced)):
                raise TypeError
            super()._write({}, [], games, gone)
            super()._write({}, [], {}, replaced, replaced=True)
        except (ValueError, KeyError, TypeError, AttributeError):
            raise RecordError(f"{name}: not a players' book") from None

    def _write(
        self,
        keys: dict[str, str],
        cards: list[Card],
        games: dict[str, list[RatingChange]],
        gone: Iterable[str] = (),
        replaced: bool = False,
    ) -> None:
        named = {card.pid for card in cards}  # a key moved names a player not changed
        cards = cards + [self._cards[pid] for pid in keys.values() if pid not in named]
        new = {pid: hashed for hashed, pid in keys.items()}
        hashes = {card.pid: new.get(card.pid) or self._hashes[card.pid] for card in cards}
        players = {hashes[card.pid]: vars(card) for card in cards}
        gone = sorted(gone)
        line = {"players": players, "games": games, "gone": gone}
        if replaced:
            line["replaced"] = gone
        self.journal.parent.mkdir(parents=True, exist_ok=True)
        append_line(self.journal, json.dumps(line))
        self._lines += 1
        self._hashes.update(hashes)
        super()._write(keys, cards, games, gone, replaced)
        if self._lines >= max(COMPACT_LINES, len(self._cards)):
            with contextlib.suppress(OSError):  # the journal holds every change: later
                self._compact()

    def _compact(self) -> None:
        """Write the whole book, then empty the journal (a crash between leaves a journal
        whose lines the book holds already: read again, they change nothing)."""
        players = {h: vars(self._cards[pid]) for h, pid in self._by_key.items()}
        book = {"players": players, "games": self._games, "replaced": sorted(self._replaced)}
        write_text_atomically(self.path, json.dumps(book), durable=True)
        self.journal.unlink(missing_ok=True)
        self._lines = 0


def well_formed_changes(changes: object) -> bool:
    """Whether a rated game's changes read from a file are a list of `RatingChange`s."""
    return isinstance(changes, list) and all(
        isinstance(change, dict)
        and set(change) == {"player", "before", "after"}
        and isinstance(change["player"], str)
        and type(change["before"]) is int
        and type(change["after"]) is int
        for change in changes
    )


def _hashes(hashes: object) -> bool:
    """Whether key hashes read from a file are a list of text."""
    return isinstance(hashes, list) and all(isinstance(hashed, str) for hashed in hashes)


def _well_formed(card: Card) -> bool:
    """Whether a card read from a file holds values of its fields' kinds."""
    return (
        isinstance(card.pid, str)
        and isinstance(card.name, str)
        and all(type(value) is float for value in (card.mu, card.sigma))
        and type(card.games) is int
    )
