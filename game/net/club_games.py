"""The Your games screen's side of a club (docs/protocol.md "Your games"), no pygame:
`GamesSession` is its own connection to the club, the page of the player's finished
games shown, and a game's whole record once asked for. `poll` never waits; the screen
reads the session's fields each frame."""

from __future__ import annotations

from typing import Final

from game.i18n import _
from game.net.client import CLOSED, ClientEvent, ClubIdentity, Disconnected, TableClient
from game.net.club_answers import Welcome
from game.net.games_answers import GameAnswer, GamesPage
from game.net.network_words import club_connection_words, club_error_words
from game.net.replies import ErrorReply

GAMES_PAGE: Final = 20
"""The games a page of the list shows."""


class GamesSession:
    """One connection to the club at `address`, as the player `hello` says, asking for
    their finished games."""

    def __init__(self, address: str, hello: ClubIdentity) -> None:
        self.client = TableClient(address, hello=hello).start()
        self.welcome: Welcome | None = None
        self.games: GamesPage | None = None
        """The page shown (None until the club said)."""
        self.asked = 1
        """The page asked for last."""
        self.record: GameAnswer | None = None
        """The last game whose record came."""
        self.problem = ""
        """Why the club cannot be reached, or what it refused, in the player's words."""
        self.news = 0
        """How many answers were taken in (a screen shows them again when it grows)."""
        self.client.games(self.asked, GAMES_PAGE)

    def poll(self) -> None:
        """Take in what arrived."""
        for event in self.client.poll():
            self.receive(event)

    def receive(self, event: ClientEvent) -> None:
        self.news += 1
        if isinstance(event, Welcome):
            self.welcome, self.problem = event, ""
        elif isinstance(event, GamesPage):
            self.games, self.problem = event, ""
        elif isinstance(event, GameAnswer):
            self.record = event
        elif isinstance(event, ErrorReply):
            self.problem = games_error_words(event, self.welcome is not None)
        elif isinstance(event, Disconnected) and event.cause != CLOSED:
            self.problem = club_connection_words(event)

    def turn(self, pages: int) -> None:
        """Ask for the page `pages` after the one shown (before it: negative)."""
        shown = self.games.paging.page if self.games else self.asked
        self.asked = max(1, shown + pages)
        self.client.games(self.asked, GAMES_PAGE)

    def ask_record(self, table: str) -> None:
        """Ask for finished game `table`'s whole record (it comes as `record`)."""
        self.client.game(table)

    def close(self) -> None:
        self.client.close(timeout=0.5)


def games_error_words(error: ErrorReply, welcomed: bool) -> str:
    """A refusal of the club's in a player's words: once welcomed, a message it cannot
    read means a club that keeps no list of games (an older version)."""
    if error.code == "bad-message" and welcomed:
        return _("This club keeps no list of finished games (an older version).")
    return club_error_words(error, welcomed)
