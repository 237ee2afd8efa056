"""Where finished games go once closed: by default they stay in the store that closed
them (the files' `closed/` folder, Redis's `contack:closed` hash), and with `--archive
postgresql://...` they are moved to PostgreSQL (`postgres_archive.py`). A move never
loses a game: it is written to the archive and committed first, then deleted from the
store, so a crash between the two leaves it in both, and the next move (at the server's
start every closed game left in the store is moved) finds it archived already and only
deletes the store's copy. A club's players read their finished games where they are
(`Finished`: the archive, or the store's closed games; `finished.py` answers them)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final, Protocol

from game.net.tables.table import NetTable
from game.rules.errors import RulesError


class Closed(Protocol):
    """A store's closed games, by code: what the archive moves out of it."""

    def closed_codes(self) -> list[str]:
        """The codes of the closed games the store holds."""

    def closed_text(self, code: str) -> str | None:
        """Closed game `code`'s whole save (None: the store does not hold it)."""

    def forget_closed(self, code: str) -> None:
        """Delete closed game `code` from the store (it is archived)."""


@dataclass(frozen=True)
class ArchivedGame:
    """A finished game as the archive holds it: its code, when it was last played
    (seconds since the epoch), its players' ids and its whole save."""

    code: str
    finished: float
    players: list[str]
    text: str


class Finished(Protocol):
    """Where a club's finished games are read."""

    def played_by(self, player: str, first: int, count: int) -> tuple[list[ArchivedGame], int]:
        """Player `player`'s games from the `first`-th (0 the newest) on, at most `count`,
        newest first; and how many they have in all."""

    def game(self, code: str) -> ArchivedGame | None:
        """Finished game `code` (None: no finished game has it)."""


class NoGames:
    """No finished games (a server not given its store's: a table hosted in the game)."""

    def played_by(self, player: str, first: int, count: int) -> tuple[list[ArchivedGame], int]:
        return [], 0

    def game(self, code: str) -> ArchivedGame | None:
        return None


NO_GAMES: Final = NoGames()


class ClosedGames:
    """The games closed in a store (the files' `closed/`, Redis's `contack:closed`):
    each read once for when it was last played and its players."""

    def __init__(self, closed: Closed) -> None:
        self.closed = closed
        self._known: dict[str, tuple[float, list[str]] | None] = {}
        """Each closed game's time and players, by code (None: it cannot be read)."""

    def _index(self) -> dict[str, tuple[float, list[str]] | None]:
        codes = set(self.closed.closed_codes())
        for code in self._known.keys() - codes:  # archived since, or forgotten
            del self._known[code]
        for code in codes - self._known.keys():
            self.game(code)
        return self._known

    def played_by(self, player: str, first: int, count: int) -> tuple[list[ArchivedGame], int]:
        mine = {
            code: finished
            for code, (finished, players) in _readable(self._index())
            if player in players
        }
        codes = sorted(mine, key=lambda code: (-mine[code], code))
        games = (self.game(code) for code in codes[first : first + count])
        return [game for game in games if game is not None], len(codes)

    def game(self, code: str) -> ArchivedGame | None:
        text = self.closed.closed_text(code)
        if text is None:
            return None
        if code not in self._known:
            self._known[code] = _read(text)
        known = self._known[code]
        return None if known is None else ArchivedGame(code, *known, text)


def _read(text: str) -> tuple[float, list[str]] | None:
    """When the game saved as `text` was last played and its players (None: it cannot
    be read)."""
    try:
        table = NetTable.from_saved(text)
    except RulesError:
        return None
    return table.last_active, [player for player in table.club.owners if player is not None]


def _readable(
    known: dict[str, tuple[float, list[str]] | None],
) -> Iterator[tuple[str, tuple[float, list[str]]]]:
    return ((code, each) for code, each in known.items() if each is not None)


class Archive(Protocol):
    """Where a server moves its finished games."""

    def finished(self, closed: Closed) -> Finished:
        """Where the finished games of a server whose store is `closed` are read."""

    def take(self, closed: Closed, code: str) -> None:
        """Move closed game `code` out of `closed` into the archive, if it is there."""

    def take_all(self, closed: Closed) -> int:
        """Move every closed game out of `closed`; how many were moved."""


class NoArchive:
    """No archive: closed games stay in the store that closed them."""

    def finished(self, closed: Closed) -> Finished:
        """The games closed in the store."""
        return ClosedGames(closed)

    def take(self, closed: Closed, code: str) -> None:
        """Leave closed game `code` where it is."""

    def take_all(self, closed: Closed) -> int:
        """Leave every closed game where it is."""
        return 0


NO_ARCHIVE: Final = NoArchive()
