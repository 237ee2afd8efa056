"""A club's finished games for its players (protocol version 3): a page of a player's
games, newest first, each with its seats, scores, the asker's place and whether it was
rated, and one game's whole record (docs/protocol.md "Your games"). The games over at
the open tables come first; then those of the archive (PostgreSQL with `--archive`:
`postgres_archive.py`) or, without one, the games closed in the store (`ClosedGames`).
Club games are public to the club's members, as on lichess: any player who said `hello`
may read a finished game whose code they know; the list is the asker's own."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Final

from game.net.club_messages import ListPage
from game.net.games_answers import ClubGame, GameSeat, game_answer_frame, games_page_frame
from game.net.games_messages import GameRequest, GamesMessage
from game.net.messages import NO_TABLE, Refused
from game.net.tables.archive import NO_GAMES, ArchivedGame, Finished
from game.net.tables.club import final_totals
from game.net.tables.ratings import ranks
from game.net.tables.table import NetTable
from game.rules.errors import RulesError
from game.rules.seeds_names import player_name

SUMMARIES_KEPT: Final = 10_000
"""How many games' summaries a server keeps read (a game replayed once, not each ask)."""


@dataclass(frozen=True)
class Played:
    """What a list shows of a finished game, whoever asks."""

    seats: tuple[GameSeat, ...]
    owners: tuple[str | None, ...]
    places: tuple[int, ...]
    rated: bool
    over: bool


def played(table: NetTable) -> Played:
    """A finished game's seats (their names, players and scores), each seat's place (1
    the best; with partners, the team's), whether it was rated and played to its end."""
    players = table.record.players
    owners = [table.club.owner(seat) for seat in range(len(players))]
    scores = table.state.tally().standings
    seats = tuple(
        GameSeat(player.kind, player_name(player.name, seat, "") or None, owners[seat], score)
        for seat, (player, score) in enumerate(zip(players, scores, strict=True))
    )
    places = tuple(ranks(final_totals(table)))
    return Played(seats, tuple(owners), places, table.club.ratings is not None, table.is_over())


class Shelf:
    """Answers `games` and `game` from the games over at the tables this server holds
    (`tables`: a game that ended stays open until its table is idle) and, before them,
    the finished games of `finished` (the server gives it its store's)."""

    def __init__(self, tables: Callable[[], Iterable[NetTable]]) -> None:
        self.tables = tables
        self.finished: Finished = NO_GAMES
        self._played: dict[str, Played] = {}

    def answer(self, player: str, message: GamesMessage) -> str:
        """The frame that answers `message` of player `player` (`Refused`: no such game)."""
        if isinstance(message, GameRequest):
            table = self._game(message.table)
            if table is None:
                raise Refused(NO_TABLE, "no finished game has that code")
            return game_answer_frame(table.code, table.full_record())
        page = message.page
        games, total = self._games(player, page)
        last = max(1, -(-total // page.size))
        if page.number > last:  # past the last page: the last
            page = ListPage(last, page.size)
            games, total = self._games(player, page)
        rows = [row for row in (self._row(game, player) for game in games) if row is not None]
        return games_page_frame(rows, page, total)

    def _over(self, player: str) -> list[ArchivedGame]:
        """Player `player`'s games over at open tables, newest first."""
        over = [
            ArchivedGame(table.code, table.last_active, [], "")
            for table in self.tables()
            if table.is_over() and player in table.club.owners
        ]
        return sorted(over, key=lambda game: (-game.finished, game.code))

    def _games(self, player: str, page: ListPage) -> tuple[list[ArchivedGame], int]:
        """The games of `page`: those over at open tables first (they are the newest: a
        table closes once idle), then the finished ones; and how many there are in all."""
        over = self._over(player)
        first = (page.number - 1) * page.size
        shown = over[first : first + page.size]
        after = max(0, first - len(over))
        finished, total = self.finished.played_by(player, after, page.size - len(shown))
        codes = {game.code for game in over}  # closed meanwhile by another server
        return shown + [game for game in finished if game.code not in codes], len(over) + total

    def _game(self, code: str) -> NetTable | None:
        """Finished game `code`, open or archived (None: no finished game has it)."""
        open_table = next((table for table in self.tables() if table.code == code), None)
        if open_table is not None:
            return open_table if open_table.is_over() else None
        game = self.finished.game(code)
        return None if game is None else _table(game)

    def _row(self, game: ArchivedGame, player: str) -> ClubGame | None:
        known = self._played.get(game.code)
        if known is None:
            table = self._game(game.code)
            if table is None:
                return None
            if len(self._played) >= SUMMARIES_KEPT:
                self._played.clear()
            known = self._played[game.code] = played(table)
        if player not in known.owners:
            return None
        seat = known.owners.index(player)
        return ClubGame(
            game.code, game.finished, known.seats, seat, known.places[seat], known.rated, known.over
        )


def _table(game: ArchivedGame) -> NetTable | None:
    try:
        return NetTable.from_saved(game.text)
    except RulesError:
        return None
