"""What a club's server answers (docs/protocol.md "Version 2": players, the lobby, chat and
ratings), read by the client into typed values as strictly as the other replies: a field
that is not of its kind raises `BadReply` with a one-line reason. (The server writes these
frames with game.net.club_replies.)"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from game.net.club_messages import (
    BOARD_PAGE_MOST,
    CHAT_LIMIT,
    LOBBY_PAGE_MOST,
    MAX_DAYS,
    PAGE_NUMBER_MOST,
)
from game.net.key_answers import KeyAnswer, read_key_answer
from game.net.messages import AI_PREFIX, REMOTE, TablePace
from game.net.notice_messages import NoticeSettings, read_notice_answer
from game.net.reply_fields import (
    BadReply,
    read_code,
    read_count,
    read_flag,
    read_list,
    read_number,
    read_text,
)
from game.rules.errors import RulesError
from game.rules.table_rules import MAX_PLAYERS, MIN_PLAYERS, TableRules

NAME_LIMIT: Final = 64
"""The longest name read (a server's are at most 24 characters)."""
PLAYER_LIMIT: Final = 128
"""The longest public name of a player (PID) read."""
CHAT_LINES: Final = 50
"""The most lines a view's chat carries."""
LOBBY_LIMIT: Final = 10_000
"""The most tables a lobby or my-tables message is read with (its frame's size bounds it anyway)."""


@dataclass(frozen=True)
class Welcome:
    """This connection is player `player` (a public name), called `name`, rated
    `rating`."""

    player: str
    name: str
    rating: float


@dataclass(frozen=True)
class LobbySeat:
    """A seat of a table in the lobby: "remote" or "ai:LEVEL", and who took it (None:
    free)."""

    kind: str
    name: str | None


@dataclass(frozen=True)
class MyTable:
    """An unfinished table where this player holds `seat` (taken back by `token`), and
    its seats (none from a server that does not say them)."""

    table: str
    seat: int
    token: str
    to_move: bool
    pace: TablePace
    seats: tuple[LobbySeat, ...] = ()


@dataclass(frozen=True)
class MyTables:
    """A page of the player's tables; `next`, the table to ask the next page after (None:
    the last page)."""

    tables: tuple[MyTable, ...]
    next: str | None = None


@dataclass(frozen=True)
class LobbyEntry:
    """A public table with a free seat."""

    table: str
    players: int
    free: int
    seats: tuple[LobbySeat, ...]
    rules: TableRules
    pace: TablePace
    rated: bool
    takebacks: bool = True
    """Whether its players may take a move back (an older club's: unless rated)."""


@dataclass(frozen=True)
class Paging:
    """Which page an answer is (1 the first, of `per_page` rows), how many rows there
    are in all, and whether a page follows."""

    page: int
    per_page: int
    total: int
    more: bool = False

    @property
    def pages(self) -> int:
        """How many pages there are (one at least)."""
        return max(1, -(-self.total // self.per_page))

    @property
    def first(self) -> int:
        """The place of the page's first row among all (0 the first)."""
        return (self.page - 1) * self.per_page


def whole(rows: int) -> Paging:
    """The one page of an older server, which sent every row at once."""
    return Paging(1, max(1, rows), rows)


@dataclass(frozen=True)
class LobbyTables:
    """A page of the lobby's tables that pass the filter asked for."""

    tables: tuple[LobbyEntry, ...]
    paging: Paging


@dataclass(frozen=True)
class Said:
    """A chat line at `table`, from `seat` (None: a watcher), said by `player` (a public
    id; None: a seat that said no hello, or a server that does not say)."""

    table: str
    seat: int | None
    name: str
    text: str
    player: str | None = None


@dataclass(frozen=True)
class RatingRow:
    player: str
    name: str
    rating: float
    games: int


@dataclass(frozen=True)
class Ratings:
    """A page of the ratings board, best first, and the asking player's place on it (0
    the best; None: not on it, or not said)."""

    players: tuple[RatingRow, ...]
    paging: Paging
    me: int | None


@dataclass(frozen=True)
class RatingOutcome:
    """What a rated game did to a player's rating."""

    player: str
    before: float
    after: float


ClubMessage = Welcome | MyTables | LobbyTables | Said | Ratings | KeyAnswer | NoticeSettings


def read_pace(value: object) -> TablePace:
    if value == "live":
        return TablePace()
    days = value.get("days") if isinstance(value, dict) else None
    if type(days) is not int or not 1 <= days <= MAX_DAYS:
        raise BadReply(f"pace is not 'live' or {{'days': 1 to {MAX_DAYS}}}")
    return TablePace(days)


def read_said(table: str, data: Mapping[str, object]) -> Said:
    seat = data.get("seat")
    if seat is not None:
        seat = read_count(data, "seat", MAX_PLAYERS)
    player = None if data.get("player") is None else read_text(data, "player", PLAYER_LIMIT)
    name, text = read_text(data, "name", NAME_LIMIT), read_text(data, "text", CHAT_LIMIT)
    return Said(table, seat, name, text, player)


def read_chat(table: str, data: Mapping[str, object]) -> tuple[Said, ...]:
    """A view's last chat lines (none when the server sends none)."""
    if "chat" not in data:
        return ()
    lines = read_list(data, "chat", CHAT_LINES)
    return tuple(read_said(table, line) for line in lines)


def read_rating_changes(data: Mapping[str, object]) -> tuple[RatingOutcome, ...]:
    """What a rated game's `over` did to each seat's rating (none for other games)."""
    if "ratings" not in data:
        return ()
    return tuple(
        RatingOutcome(
            read_text(change, "player", PLAYER_LIMIT),
            read_number(change, "before"),
            read_number(change, "after"),
        )
        for change in read_list(data, "ratings", MAX_PLAYERS)
    )


def _my_table(data: Mapping[str, object]) -> MyTable:
    seat = read_count(data, "seat", MAX_PLAYERS)
    seats: tuple[LobbySeat, ...] = ()
    if "seats" in data:  # the game's own server says who sits there
        seats = tuple(_seat(each) for each in read_list(data, "seats", MAX_PLAYERS))
        if len(seats) < MIN_PLAYERS or seat >= len(seats):
            raise BadReply(f"seat {seat} of a table that lists {len(seats)}")
    return MyTable(
        read_code(data, "table"),
        seat,
        read_code(data, "token"),
        read_flag(data, "to_move"),
        read_pace(data.get("pace")),
        seats,
    )


def _seat(data: Mapping[str, object]) -> LobbySeat:
    kind = data.get("kind")
    if kind != REMOTE and not (isinstance(kind, str) and kind.startswith(AI_PREFIX)):
        raise BadReply("a seat's kind is 'remote' or 'ai:LEVEL'")
    free = data.get("name") in (None, "")  # docs/protocol.md "The lobby": null; "" alike
    return LobbySeat(kind, None if free else read_text(data, "name", NAME_LIMIT))


def _entry(data: Mapping[str, object]) -> LobbyEntry:
    players = read_count(data, "players", MAX_PLAYERS + 1)
    seats = tuple(_seat(seat) for seat in read_list(data, "seats", MAX_PLAYERS))
    if players < MIN_PLAYERS or len(seats) != players:
        raise BadReply(f"a table of {players} seats lists {len(seats)}")
    free = read_count(data, "free", players + 1)
    try:
        rules = TableRules.from_dict(data.get("rules"))
    except (RulesError, TypeError) as error:
        raise BadReply(f"rules: {error}") from None
    pace, rated = read_pace(data.get("pace")), read_flag(data, "rated")
    takebacks = read_flag(data, "takebacks") if "takebacks" in data else not rated
    return LobbyEntry(read_code(data, "table"), players, free, seats, rules, pace, rated, takebacks)


def _rating_row(data: Mapping[str, object]) -> RatingRow:
    return RatingRow(
        read_text(data, "player", PLAYER_LIMIT),
        read_text(data, "name", NAME_LIMIT),
        read_number(data, "rating"),
        read_count(data, "games"),
    )


def _paging(data: Mapping[str, object], rows: int, most: int) -> Paging:
    """Which page an answer of `rows` rows is (an older server's: the one page)."""
    return read_paging(data, rows, most) if "page" in data else whole(rows)


def read_paging(data: Mapping[str, object], rows: int, most: int) -> Paging:
    """Which page an answer of `rows` rows is, its pages of at most `most` rows."""
    paging = Paging(
        read_count(data, "page", PAGE_NUMBER_MOST + 1),
        read_count(data, "per_page", most + 1),
        read_count(data, "total"),
        read_flag(data, "more"),
    )
    if not (paging.page and paging.per_page and rows <= paging.per_page):
        raise BadReply(f"page {paging.page} of {paging.per_page} rows lists {rows}")
    return paging


def _place(data: Mapping[str, object]) -> int | None:
    """The asking player's place on the board, from 0 (None: not on it, or not said)."""
    if data.get("me") is None:
        return None
    place = read_count(data, "me")
    if not place:
        raise BadReply("me is a place from 1")
    return place - 1


def read_club_answer(kind: str, data: Mapping[str, object]) -> ClubMessage | None:
    """The version-2 answer of type `kind` (None: not one of them)."""
    if kind == "welcome":
        return Welcome(
            read_text(data, "player", PLAYER_LIMIT),
            read_text(data, "name", NAME_LIMIT),
            read_number(data, "rating"),
        )
    if kind == "my-tables":
        tables = tuple(_my_table(table) for table in read_list(data, "tables", LOBBY_LIMIT))
        return MyTables(tables, None if data.get("next") is None else read_code(data, "next"))
    if kind == "lobby":
        entries = tuple(_entry(entry) for entry in read_list(data, "tables", LOBBY_LIMIT))
        return LobbyTables(entries, _paging(data, len(entries), LOBBY_PAGE_MOST))
    if kind == "said":
        return read_said(read_code(data, "table"), data)
    if kind == "ratings":
        rows = tuple(_rating_row(row) for row in read_list(data, "players", BOARD_PAGE_MOST))
        return Ratings(rows, _paging(data, len(rows), BOARD_PAGE_MOST), _place(data))
    if kind == "notices":  # version 3
        return read_notice_answer(data)
    return read_key_answer(kind, data)
