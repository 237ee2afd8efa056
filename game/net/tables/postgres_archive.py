"""Finished games archived in PostgreSQL (`python -m game.server --archive
postgresql://USER@HOST:PORT/DB`): one table, `contack_games`, a row a game (its code,
when it was last played, its players' ids and its whole save as JSON), read for a
player's history and by `tools/export_archive.py`. psycopg 3 is the server's own
dependency (`contack[server]`), imported only with `--archive`. A game is inserted and
committed before the store deletes its copy (`archive.py`); inserting a game archived
already changes nothing."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Final

import psycopg
from psycopg.rows import TupleRow

from game.net.tables.archive import ArchivedGame, Closed, Finished
from game.net.tables.table import NetTable
from game.rules.errors import RulesError

CONNECT_TIMEOUT_S: Final = 5
HISTORY_KEPT: Final = 50
"""How many of a player's games a history gives at most, newest first."""

_SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS contack_games (
    code text PRIMARY KEY,
    finished timestamptz NOT NULL,
    players text[] NOT NULL,
    record json NOT NULL
);
CREATE INDEX IF NOT EXISTS contack_games_players ON contack_games USING gin (players);
"""


class PostgresArchive:
    """The finished games in the PostgreSQL database at `url` (`OSError` when it cannot
    be reached); its table is made when it is not there."""

    def __init__(self, url: str) -> None:
        self.url = url
        try:
            self.connection = self._connected()
        except psycopg.Error as error:
            raise OSError(str(error).strip().splitlines()[0]) from None

    def _connected(self) -> psycopg.Connection[TupleRow]:
        connection = psycopg.connect(self.url, connect_timeout=CONNECT_TIMEOUT_S)
        with connection.transaction():
            connection.execute(_SCHEMA)
        return connection

    def close(self) -> None:
        self.connection.close()

    def keep(self, text: str) -> str:
        """Archive the game saved as `text` (`RulesError` when it is not a table's save),
        committed; its code."""
        table = NetTable.from_saved(text)
        if self.connection.closed:  # lost since (PostgreSQL restarted): once more
            self.connection = self._connected()
        players = [player for player in table.club.owners if player is not None]
        finished = datetime.fromtimestamp(table.last_active, UTC)
        with self.connection.transaction():
            self.connection.execute(
                "INSERT INTO contack_games (code, finished, players, record)"
                " VALUES (%s, %s, %s, %s) ON CONFLICT (code) DO NOTHING",
                (table.code, finished, players, text),
            )
        return table.code

    def take(self, closed: Closed, code: str) -> None:
        """Move closed game `code` out of `closed`: archived and committed, then deleted
        there. One that cannot be is named on standard error and left in `closed` (the
        next start moves it)."""
        text = closed.closed_text(code)
        if text is None:
            return
        try:
            self.keep(text)
        except (psycopg.Error, RulesError) as error:
            print(f"table server: cannot archive game {code}: {error}", file=sys.stderr)
            return
        closed.forget_closed(code)

    def take_all(self, closed: Closed) -> int:
        """Move every closed game out of `closed`; how many are archived now."""
        codes = closed.closed_codes()
        for code in codes:
            self.take(closed, code)
        return len(codes) - len(closed.closed_codes())

    def history(self, player: str, limit: int = HISTORY_KEPT) -> list[ArchivedGame]:
        """Player `player`'s finished games, newest first, at most `limit`."""
        rows = self.connection.execute(
            "SELECT code, finished, players, record::text FROM contack_games"
            " WHERE players @> ARRAY[%s] ORDER BY finished DESC, code LIMIT %s",
            (player, limit),
        ).fetchall()
        self.connection.commit()
        return [_game(*row) for row in rows]

    def finished(self, closed: Closed) -> Finished:
        """The archive itself: every closed game is moved here."""
        return self

    def played_by(self, player: str, first: int, count: int) -> tuple[list[ArchivedGame], int]:
        """Player `player`'s games from the `first`-th (0 the newest) on, at most `count`,
        newest first; and how many they have in all."""
        rows = self.connection.execute(
            "SELECT code, finished, players, record::text FROM contack_games"
            " WHERE players @> ARRAY[%s] ORDER BY finished DESC, code LIMIT %s OFFSET %s",
            (player, count, first),
        ).fetchall()
        counted = self.connection.execute(
            "SELECT count(*)::int FROM contack_games WHERE players @> ARRAY[%s]", (player,)
        ).fetchone()
        self.connection.commit()
        return [_game(*row) for row in rows], 0 if counted is None else counted[0]

    def game(self, code: str) -> ArchivedGame | None:
        """Finished game `code` (None: not archived)."""
        row = self.connection.execute(
            "SELECT code, finished, players, record::text FROM contack_games WHERE code = %s",
            (code,),
        ).fetchone()
        self.connection.commit()
        return None if row is None else _game(*row)

    def games(self) -> Iterator[ArchivedGame]:
        """Every finished game, oldest first."""
        with self.connection.cursor(name="every_game") as cursor:
            cursor.execute(
                "SELECT code, finished, players, record::text FROM contack_games"
                " ORDER BY finished, code"
            )
            for row in cursor:
                yield _game(*row)
        self.connection.commit()


def _game(code: str, finished: datetime, players: list[str], text: str) -> ArchivedGame:
    return ArchivedGame(code, finished.timestamp(), list(players), text)
