"""Play online's side of a club (docs/protocol.md "Version 2"), no pygame: `ClubSession` is the
connection the club's screens hold, and what the club last said on it: who this player
is there, the lobby (followed), their unfinished tables, the ratings board and the
club's events (`events`, game.net.club_events). `poll` never waits; the screens read the
session's fields each frame."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, Final

from game.net.client import CLOSED, ClientEvent, ClubIdentity, Disconnected, TableClient
from game.net.club_answers import (
    LobbyTables,
    MyTable,
    MyTables,
    Ratings,
    Welcome,
)
from game.net.club_events import ClubEvents
from game.net.club_messages import ListPage, LobbyFilter, LobbyRequest, RatingsRequest
from game.net.messages import NO_PLAYER
from game.net.network_words import club_connection_words, club_error_words
from game.net.notice_messages import NoticeSettings
from game.net.replies import ErrorReply

LOBBY_PAGE: Final = 20
"""The tables a page of the lobby lists."""
BOARD_PAGE: Final = 50
"""The players a page of the ratings board lists."""


class ClubSession:
    """One connection to the club at `address`, as the player `hello` says. `follow`:
    the lobby is followed (the Play online screen); without it only the player's tables
    are asked for (the menu's "your turn" line)."""

    def __init__(self, address: str, hello: ClubIdentity, follow: bool = True) -> None:
        self.client = TableClient(address, hello=hello).start()
        self.welcome: Welcome | None = None
        self.lobby: LobbyTables | None = None
        """The lobby's page followed (None until the club said)."""
        self.lobby_asked = LobbyRequest(page=ListPage(1, LOBBY_PAGE))
        """The lobby's filter and page followed."""
        self.mine: tuple[MyTable, ...] | None = None
        """The player's unfinished tables (None until the club said)."""
        self._pages: tuple[MyTable, ...] | None = None
        """The pages of the player's tables read so far, while the next is asked for."""
        self.board: Ratings | None = None
        """The ratings board's page shown (None until the club said)."""
        self.board_asked = RatingsRequest(ListPage(1, BOARD_PAGE))
        self.problem = ""
        """Why the club cannot be reached, or what it refused, in the player's words."""
        self.notices: NoticeSettings | None = None
        """The player's turn notices (None until the club said: it is asked from the
        notices' screen)."""
        self.notice_refusal = ""
        """The code of the club's refusal of the last change of notices asked ("": none)."""
        self._notices_asked = False
        self.events = ClubEvents(self.client)
        """The club's events, asked for by the events' screens."""
        self.news = 0
        """How many answers were taken in (a screen shows them again when it grows)."""
        self.notice_answers = 0
        """How many answers about the notices were taken in (settings or a refusal)."""
        self.client.mine()
        if follow:
            self.client.lobby(self.lobby_asked)
            self.client.ratings(self.board_asked)

    def poll(self) -> None:
        """Take in what arrived."""
        for event in self.client.poll():
            self.receive(event)

    def receive(self, event: ClientEvent) -> None:
        self.news += 1
        if self.events.receive(event):
            return
        if isinstance(event, Welcome):
            self.welcome, self.problem = event, ""
        elif isinstance(event, LobbyTables):
            self.lobby = event
        elif isinstance(event, MyTables):
            self._read_page(event)
        elif isinstance(event, Ratings):
            self.board = event
        elif isinstance(event, NoticeSettings):
            self.notices, self.notice_refusal, self._notices_asked = event, "", False
            self.notice_answers += 1
        elif isinstance(event, ErrorReply) and self._notices_asked:
            self.notice_refusal, self._notices_asked = event.code, False
            self.notice_answers += 1
        elif isinstance(event, ErrorReply) and not (event.code == NO_PLAYER and self.problem):
            # a refused hello says why; what is refused after it for want of one does not
            self.problem = club_error_words(event, self.welcome is not None)
        elif isinstance(event, Disconnected) and event.cause != CLOSED:
            self.problem = club_connection_words(event)

    def _read_page(self, page: MyTables) -> None:
        """Take a page of the player's tables: the whole list once the last is read."""
        read = (self._pages or ()) + page.tables
        if page.next is None:
            self.mine, self._pages = read, None
        else:
            self._pages = read
            self.client.mine(page.next)

    def refresh(self) -> None:
        """Ask again for the player's tables (unless their pages are being read) and the
        ratings board."""
        if self._pages is None:
            self.client.mine()
        self.client.ratings(self.board_asked)

    def ask_notices(self, address: str = "", code: str = "", on: bool | None = None) -> None:
        """Ask for the player's turn notices, changing one setting first (as
        `TableClient.notices`); the answer is `notices`, a refusal `notice_refusal`."""
        self._notices_asked = True
        self.client.notices(address, code, on)

    def follow_lobby(self, follow: bool) -> None:
        """Follow the lobby again (it is said at once), or stop following it while no
        screen shows it: its news would wake the window for nothing."""
        self.client.lobby(replace(self.lobby_asked, follow=follow))

    def filter_lobby(self, shown: LobbyFilter) -> None:
        """Follow the lobby's tables that pass `shown`, from their first page."""
        self.lobby_asked = LobbyRequest(filter=shown, page=ListPage(1, LOBBY_PAGE))
        self.client.lobby(self.lobby_asked)

    def turn_lobby(self, pages: int) -> None:
        """Follow the lobby's page `pages` after the one shown (before it: negative)."""
        number = max(1, (self.lobby.paging.page if self.lobby else 1) + pages)
        self.lobby_asked = replace(self.lobby_asked, page=ListPage(number, LOBBY_PAGE))
        self.client.lobby(self.lobby_asked)

    def turn_board(self, pages: int) -> None:
        """Show the board's page `pages` after the one shown (before it: negative)."""
        number = max(1, (self.board.paging.page if self.board else 1) + pages)
        self.board_asked = RatingsRequest(ListPage(number, BOARD_PAGE))
        self.client.ratings(self.board_asked)

    def find_me(self) -> None:
        """Show the board's page the player is on."""
        self.board_asked = RatingsRequest(ListPage(1, BOARD_PAGE), me=True)
        self.client.ratings(self.board_asked)

    @property
    def turns(self) -> int:
        """At how many of the player's tables it is their turn."""
        return sum(table.to_move for table in self.mine or ())

    def place(self) -> int | None:
        """The player's place on the ratings board (0 the first; None: not on it), as
        the club said it, or found on the page shown (an older club's whole board)."""
        board, welcome = self.board, self.welcome
        if board is None or welcome is None:
            return None
        if board.me is not None:
            return board.me
        players = [row.player for row in board.players]
        found = welcome.player in players
        return board.paging.first + players.index(welcome.player) if found else None

    def my_row(self) -> int | None:
        """The player's row on the board's page shown (None: not on it)."""
        place = self.place()
        if place is None or self.board is None:
            return None
        row = place - self.board.paging.first
        return row if 0 <= row < len(self.board.players) else None

    def close(self) -> None:
        self.client.close(timeout=0.5)


SEEN_SETTING: Final = "club_seen"
"""The settings file's key for where the player left each club table: {code: [hands
dealt, moves of the last]}."""
HOSTED_SETTING: Final = "club_hosted"
"""The settings file's key for the host's token of each club table the player opened:
{code: token} (it lets a computer play for a player who left, `stand_in`)."""
SEEN_KEPT: Final = 200
"""The most tables whose place (or host's token) is kept (the oldest forgotten first)."""


def seen_at(extra: Mapping[str, object], table: str) -> tuple[int, int] | None:
    """Where the player left `table` (the flow's position), as the settings keep it."""
    kept = extra.get(SEEN_SETTING)
    place = kept.get(table) if isinstance(kept, dict) else None
    if isinstance(place, list) and len(place) == 2 and all(type(n) is int for n in place):
        return place[0], place[1]
    return None


def keep_seen(extra: dict[str, Any], table: str, place: tuple[int, int] | None) -> None:
    """Keep where the player leaves `table` (None: forget it, the game is over)."""
    _keep(extra, SEEN_SETTING, table, None if place is None else list(place))


def hosted_at(extra: Mapping[str, object], table: str) -> str:
    """The host's token of `table`, if the player opened it ("" otherwise)."""
    kept = extra.get(HOSTED_SETTING)
    token = kept.get(table) if isinstance(kept, dict) else None
    return token if isinstance(token, str) else ""


def keep_hosted(extra: dict[str, Any], table: str, token: str) -> None:
    """Keep the host's token of `table` ("": forget it, the game is over)."""
    _keep(extra, HOSTED_SETTING, table, token or None)


def _keep(extra: dict[str, Any], setting: str, table: str, value: object) -> None:
    """Keep `value` for `table` under `setting`, newest last (None: forget it)."""
    kept = extra.get(setting)
    kept = dict(kept) if isinstance(kept, dict) else {}
    kept.pop(table, None)
    if value is not None:
        kept[table] = value
    extra[setting] = dict(list(kept.items())[-SEEN_KEPT:])
