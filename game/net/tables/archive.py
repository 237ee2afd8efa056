"""Where finished games go once closed: by default they stay in the store that closed
them (the files' `closed/` folder, Redis's `contack:closed` hash), and with `--archive
postgresql://...` they are moved to PostgreSQL (`postgres_archive.py`). A move never
loses a game: it is written to the archive and committed first, then deleted from the
store, so a crash between the two leaves it in both, and the next move (at the server's
start every closed game left in the store is moved) finds it archived already and only
deletes the store's copy."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Protocol


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


class Archive(Protocol):
    """Where a server moves its finished games."""

    def take(self, closed: Closed, code: str) -> None:
        """Move closed game `code` out of `closed` into the archive, if it is there."""

    def take_all(self, closed: Closed) -> int:
        """Move every closed game out of `closed`; how many were moved."""


class NoArchive:
    """No archive: closed games stay in the store that closed them."""

    def take(self, closed: Closed, code: str) -> None:
        """Leave closed game `code` where it is."""

    def take_all(self, closed: Closed) -> int:
        """Leave every closed game where it is."""
        return 0


NO_ARCHIVE: Final = NoArchive()
