"""What version 2 adds to the registry (docs/protocol.md "Version 2"): players who say
`hello`, `mine`, the lobby, chat and ratings. The registry hands it these messages and
tells it of seats taken and games ended; it reaches the registry's tables through what
it is given (`find`, `tell`, `keep`), so it imports nothing of the registry."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterable, Mapping
from typing import Final, Protocol

from game.net.club_messages import (
    ClubMessage,
    Hello,
    ListPage,
    LobbyRequest,
    Mine,
    RatingsRequest,
    Say,
)
from game.net.club_replies import my_tables_frame, ratings_frame, said_frame, welcome_frame
from game.net.key_messages import KeyMessage, Link, LinkCodeRequest, ReplaceKey
from game.net.messages import NO_PLAYER, Create, Refused
from game.net.tables.chat import Chat, speaker
from game.net.tables.club_table import ChatLine
from game.net.tables.keeping import not_saved
from game.net.tables.keys import Keys
from game.net.tables.limits import Clock
from game.net.tables.lobby import HeldTables, Lobby, seats_of
from game.net.tables.players import Card, CardsChanged, MemoryBook, PlayerBook, key_hash
from game.net.tables.ratings import REPEAT_S, Met, changes, rate, shown
from game.net.tables.table import Follower, NetTable

MINE_PAGE: Final = 50
"""The most tables a `my-tables` page lists (at most 350 seats, some 70 KB: one player
once held 1,500 tables, whose 1.2 MB answer no client could read)."""
RATE_TRIES: Final = 5
"""How often a game is rated again when its players' ratings changed meanwhile (another
server rated another of their games)."""

Find = Callable[[str], NetTable]
"""The table of a code (`Refused(NO_TABLE)` when there is none)."""
Tell = Callable[[NetTable, str], None]
"""Send a frame to everyone at a table."""
Keep = Callable[[NetTable, ChatLine, Follower], None]
"""Write a line of chat said at a table before it is told (`Refused` when it cannot be)."""


Place = tuple[str, list[Mapping[str, object]]]
"""A table's code, and a player's seats there as `my-tables` lists them."""


def seats_held(table: NetTable, pid: str) -> list[Mapping[str, object]]:
    """The seats of `table` player `pid` holds, as `my-tables` lists them."""
    return [
        {
            "table": table.code,
            "seat": seat,
            "token": table.tokens[seat],
            "to_move": table.started and table.state.current == seat,
            "pace": table.club.pace,
            "seats": seats_of(table),
        }
        for seat, owner in enumerate(table.club.owners)
        if owner == pid and table.tokens[seat] is not None
    ]


class Places(Protocol):
    """Where `mine` finds a player's tables."""

    def of(self, pid: str) -> list[Place]:
        """Player `pid`'s unfinished tables, by code, with their seats there."""


class HeldPlaces:
    """A player's tables among those a server holds (all of the club's, unless each
    table is held by one server: `summaries.py`)."""

    def __init__(self, tables: Mapping[bytes, NetTable]) -> None:
        self.tables = tables

    def of(self, pid: str) -> list[Place]:
        held = [t for t in self.tables.values() if pid in t.club.owners and not t.is_over()]
        return [(table.code, seats_held(table, pid)) for table in sorted(held, key=code_of)]


def code_of(table: NetTable) -> str:
    return table.code


class Club:
    """The players of the server's connections, the lobby's followers and the chat."""

    def __init__(
        self,
        clock: Clock,
        tables: Mapping[bytes, NetTable],
        find: Find,
        tell: Tell,
        keep: Keep,
        book: PlayerBook | None = None,
    ) -> None:
        self.clock = clock
        self.book = book or MemoryBook()
        """The players' book (in memory only unless given one)."""
        self.tables = tables
        self.find = find
        self.tell = tell
        self.keep = keep
        self.players: dict[Follower, Card] = {}
        """The player each connection said it is (`hello`)."""
        self.said: dict[Follower, str] = {}
        """The hash of the key each connection said (`hello`)."""
        self.keys = Keys(clock, self.book)
        self.lobby = Lobby(clock, HeldTables(tables))
        self.places: Places = HeldPlaces(tables)
        self.chat = Chat(clock, self.book)

    def receive(self, follower: Follower, message: ClubMessage | KeyMessage) -> None:
        """Answer a version 2 or 3 message (`Refused` when it may not be)."""
        if isinstance(message, Hello):
            self._hello(follower, message)
        elif isinstance(message, Link):
            follower.send(self.keys.link(message))
        elif isinstance(message, ReplaceKey):
            follower.send(self._replace(follower, message))
        elif isinstance(message, LinkCodeRequest):
            said = self.said.get(follower, "")
            follower.send(self.keys.offer(self.need_player(follower), said))
        elif isinstance(message, Mine):
            follower.send(my_tables_frame(*self._mine(self.need_player(follower), message.after)))
        elif isinstance(message, LobbyRequest):
            self.lobby.show(follower, message)
        elif isinstance(message, Say):
            self._say(follower, message)
        else:
            follower.send(self._board(follower, message))

    def _board(self, follower: Follower, asked: RatingsRequest) -> str:
        """A `ratings` answer: the page of the board asked for (`me`: the asking player's;
        past the last: the last), and the asking player's place on it."""
        player = self.need_player(follower) if asked.me else self.players.get(follower)
        place = None if player is None else self.book.place(player.pid)
        size = asked.page.size
        number = (place or 0) // size + 1 if asked.me else asked.page.number
        board = self.book.board((number - 1) * size, size)
        last = max(1, -(-board.total // size))
        if number > last:
            number = last
            board = self.book.board((number - 1) * size, size)
        rows = [
            {"player": c.pid, "name": c.name, "rating": shown(c), "games": c.games}
            for c in board.cards
        ]
        return ratings_frame(rows, ListPage(number, size), board.total, place)

    def need_player(self, follower: Follower) -> Card:
        """The player `follower` said it is (`Refused(NO_PLAYER)` before `hello`)."""
        card = self.players.get(follower)
        if card is None:
            raise Refused(NO_PLAYER, "say hello first")
        return card

    def _hello(self, follower: Follower, message: Hello) -> None:
        said = key_hash(message.key)
        self.keys.refuse_replaced(said)
        try:
            if message.was:
                self.book.move(message.was, message.key)
            card = self.book.enter(message.key, message.name)
        except OSError as error:
            print(f"table server: cannot keep a player: {error}", file=sys.stderr)
            raise not_saved(error) from None
        self.players[follower], self.said[follower] = card, said
        follower.send(welcome_frame(card.pid, card.name, shown(card)))

    def _replace(self, follower: Follower, message: ReplaceKey) -> str:
        """Make the key of `message` the player's only key: this connection says it from
        now on, and the player's other connections to this server are nobody's (their
        keys are refused on every server from now on). The frame that says so."""
        player = self.need_player(follower)
        frame = self.keys.replace(player, self.said.get(follower, ""), message)
        self.forget(self.connections_of(player.pid))
        self.players[follower], self.said[follower] = player, key_hash(message.key)
        return frame

    def forget(self, followers: Iterable[Follower]) -> None:
        """These connections are nobody's from now on (their player's key was replaced)."""
        for follower in followers:
            self.players.pop(follower, None)
            self.said.pop(follower, None)

    def _mine(
        self, player: Card, after: str | None
    ) -> tuple[list[Mapping[str, object]], str | None]:
        """A page of the player's seats at unfinished tables (each with who sits there, as
        the lobby's entries say it): those of the first
        `MINE_PAGE` tables, by code, after table `after` (None: from the first), and the
        table the next page comes after (None: this is the last)."""
        places = self.places.of(player.pid)
        tables = [place for place in places if after is None or place[0] > after]
        page = tables[:MINE_PAGE]
        seats = [seat for _, held in page for seat in held]
        return seats, page[-1][0] if len(tables) > MINE_PAGE else None

    def _say(self, follower: Follower, message: Say) -> None:
        table = self.find(message.table)
        player = self.players.get(follower)
        line = self.chat.line(follower, table, player, message.text)
        who = speaker(follower, player)
        before = self.chat.take_turn(who)
        try:
            self.keep(table, line, follower)
        except Refused:
            self.chat.give_back(who, before)
            raise
        table.club.chat.append(line)
        self.tell(table, said_frame(table.code, line))

    # --- what the registry tells ---------------------------------------------------------

    def check_create(self, follower: Follower, create: Create) -> None:
        """Refuse a rated table to a connection that has not said hello."""
        if create.club.rated:
            self.need_player(follower)

    def player_of(self, follower: Follower) -> str | None:
        """The player (PID) `follower` said it is (None: nobody said hello)."""
        card = self.players.get(follower)
        return None if card is None else card.pid

    def connections_of(self, pid: str) -> list[Follower]:
        """The connections that said they are player `pid`."""
        return [follower for follower, card in self.players.items() if card.pid == pid]

    def name_of(self, pid: str) -> str:
        """Player `pid`'s name ("" when the book has none)."""
        card = self.book.card(pid)
        return "" if card is None else card.name

    def seat_for(self, follower: Follower, given: str) -> tuple[str, str | None]:
        """The name a seat taken by `follower` shows (its player's, or the name given)
        and the player it is then (None: nobody said hello)."""
        player = self.players.get(follower)
        return (given, None) if player is None else (player.name, player.pid)

    def rate(self, table: NetTable) -> bool:
        """Rate a rated game that has ended, if it is not yet (`_rate`)."""
        return table.is_over() and self._rate(table, table.club.left)

    def rate_left(self, table: NetTable) -> bool:
        """Rate a rated game whose table closes unfinished for idleness: the seat it
        waited for left it (and those a computer stood in for). Whether it was rated."""
        if not table.started or table.is_over():
            return False
        return self._rate(table, table.club.left | {table.state.current})

    def _rate(self, table: NetTable, left: set[int]) -> bool:
        """Rate a rated game, if it is not yet: every seat a distinct player's, the seats
        in `left` ranked last (ratings.py). Whether it was (a game the book has rated
        already, on this server before it stopped or on another, takes the book's
        changes). A book that cannot be written leaves it unrated until the table is
        reopened."""
        club = table.club
        if not club.options.rated or club.ratings is not None:
            return False
        game = table.key.hex()
        try:
            club.ratings = self.book.game(game)
            for _ in range(RATE_TRIES):
                players = None if club.ratings is not None else self._players(table)
                if players is None:
                    break
                after = rate(players, final_totals(table), left, self._met())
                told = changes(players, after)
                with contextlib.suppress(CardsChanged):  # read them again, and rate again
                    club.ratings = self.book.rated(game, told, after)
                    if club.ratings is told:  # rated here: the pairs met once more
                        self.book.meet([card.pid for card in players], game, self.clock())
        except OSError as error:
            print(f"table server: cannot keep ratings: {error}", file=sys.stderr)
        return club.ratings is not None

    def _met(self) -> Met:
        """How many rated games two players played together lately (the book's)."""
        since = self.clock() - REPEAT_S
        return lambda first, second: self.book.met(first, second, since)

    def _players(self, table: NetTable) -> list[Card] | None:
        """The cards of the players of `table`'s seats, now (None unless every seat is
        a distinct player's)."""
        owners = [table.club.owner(seat) for seat in range(len(table.tokens))]
        cards = [self.book.card(pid) for pid in owners if pid is not None]
        known = [card for card in cards if card is not None]
        if len(known) < len(owners) or len({card.pid for card in known}) < len(known):
            return None
        return known

    def leave(self, follower: Follower) -> None:
        """`follower`'s connection is gone."""
        self.players.pop(follower, None)
        self.said.pop(follower, None)
        self.lobby.leave(follower)


def final_totals(table: NetTable) -> list[int]:
    """What ranks the seats of an ended game: each seat's standing (points; chips' worth
    in club games), a team's with partners (seats 0 and 2, 1 and 3)."""
    tally = table.state.tally()
    if tally.team_totals is None:
        return list(tally.standings)
    return [tally.team_totals[seat % 2] for seat in range(len(tally.standings))]
