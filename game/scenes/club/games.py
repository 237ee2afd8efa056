"""Your games at the club: the player's finished club games, newest first, in pages (when,
who played and their scores, the player's result, rated or not), from the club lobby.
The selected game opens in the replay viewer (Watch, Enter, or a click on the selected
row) or the coach, as a record of the Records screen does. Up and Down pick a row, Left
and Right (or Previous and Next) turn the pages."""

from __future__ import annotations

import datetime
import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Final

import pygame

from game.ai.rating_scale import club_rating_words
from game.i18n import N_, _, format_number, format_short_date_time, ngettext, pgettext
from game.net.club_games import GamesSession
from game.net.games_answers import ClubGame, GameSeat
from game.scenes.base import Scene
from game.scenes.club.hello import club_hello
from game.scenes.games.frame import RowList
from game.scenes.requests import CoachRequest, ReplayRequest, ScreenRequest
from game.ui.painting import blit_text
from game.ui.text import shrunk_text
from game.ui.theme import PALETTE
from game.ui.widgets.controls import Button, same_size
from game.ui.widgets.rows import lay_out_row

if TYPE_CHECKING:
    from game.rules.record.document import GameRecord
    from game.scenes.base import Services

COLUMNS: Final = [
    (N_("When"), 0.25),
    (N_("Players"), 0.47),
    (N_("Result"), 0.16),
    (N_("Rated"), 0.12),
]
PAGE_KEYS: Final = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1}


def seat_words(seat: GameSeat) -> str:
    """ "Ann 132"; a seat with no name given is a computer or a seat."""
    name = seat.name or (_("Computer") if seat.kind.startswith("ai:") else _("Guest"))
    return f"{name} {format_number(seat.score)}"


def game_result_words(game: ClubGame) -> str:
    """ "Won", "Lost" (of two), or "Place 2 of 3"; "Unfinished" for a game whose table
    closed idle."""
    if not game.over:
        return _("Unfinished")
    if game.place == 1:
        return pgettext("a game's result", "Won")
    if len(game.seats) == 2:
        return pgettext("a game's result", "Lost")
    return _("Place {place} of {seats}").format(place=game.place, seats=len(game.seats))


def played_on(game: ClubGame) -> str:
    """When the game was last played, in this computer's time."""
    return format_short_date_time(datetime.datetime.fromtimestamp(game.finished))


def game_title(game: ClubGame) -> str:
    """The replay's and the coach's title: who played, and when."""
    names = ", ".join(seat.name or "?" for seat in game.seats)
    return f"{names} · {played_on(game)}"


class ClubGamesScene(Scene):
    """The player's finished games at the club in the settings."""

    def __init__(self, services: Services) -> None:
        super().__init__(services)
        self.list = RowList(COLUMNS, lambda _index: self.open_selected(ReplayRequest))
        self.previous = self.form.add(Button(N_("◀ Previous"), lambda: self.turn(-1)))
        self.next = self.form.add(Button(N_("Next ▶"), lambda: self.turn(1)))
        self.back = self.form.add(Button(N_("◀ Back"), services.pop))
        self.coach = self.form.add(Button(N_("Coach"), lambda: self.open_selected(CoachRequest)))
        self.watch = self.form.add(
            Button(N_("Watch"), lambda: self.open_selected(ReplayRequest), primary=True)
        )
        self.session = GamesSession(services.settings.club_server, club_hello(services))
        self.shown = 0
        """The session's news the rows show."""
        self.wanted: tuple[str, Callable[[GameRecord, str], ScreenRequest]] | None = None
        """The game whose record is asked for, and the screen it opens in."""
        self.pager = pygame.Rect(0, 0, 0, 0)

    def enter(self) -> None:
        super().enter()
        self.form.focus(self.watch)

    def exit(self) -> None:
        super().exit()
        self.session.close()

    @property
    def games(self) -> tuple[ClubGame, ...]:
        return self.session.games.games if self.session.games else ()

    def turn(self, pages: int) -> None:
        """Show the page `pages` after this one (before it: negative)."""
        self.session.turn(pages)
        self.list.select(0)

    def open_selected(self, screen: Callable[[GameRecord, str], ScreenRequest]) -> None:
        """Ask for the selected game's record; it opens in `screen` once it comes."""
        index = self.list.selected
        if index < len(self.games):
            self.wanted = (self.games[index].table, screen)
            self.session.ask_record(self.games[index].table)

    def still_for(self) -> float:
        """Only the club's answers (news) and input change the list."""
        return math.inf

    def update(self, dt: float) -> None:
        session = self.session
        session.poll()
        if session.news == self.shown:
            return
        self.shown = session.news
        self.refill()
        came, wanted = session.record, self.wanted
        if came is not None and wanted is not None and came.table == wanted[0]:
            self.wanted = None
            shown = next((game for game in self.games if game.table == came.table), None)
            title = game_title(shown) if shown else came.table
            self.services.open(wanted[1](came.record, title))

    def refill(self) -> None:
        games, page = self.games, self.session.games
        self.list.set_rows(
            [
                [
                    played_on(game),
                    ", ".join(seat_words(seat) for seat in game.seats),
                    game_result_words(game),
                    _("Rated") if game.rated else "",
                ]
                for game in games
            ],
            dim={index for index, game in enumerate(games) if not game.over},
            page=None if page is None else (page.paging.first, page.paging.total),
        )
        self.previous.enabled = page is not None and page.paging.page > 1
        self.next.enabled = page is not None and page.paging.more
        self.watch.enabled = self.coach.enabled = bool(games)

    def handle_event(self, event: pygame.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in PAGE_KEYS:
            button = self.previous if event.key == pygame.K_LEFT else self.next
            if button.enabled:
                self.turn(PAGE_KEYS[event.key])
            return True
        return self.list.handle_event(event) or self.form.handle_event(event)

    def resize(self, size: tuple[int, int]) -> None:
        ui = self.services.ui
        width, height = size
        margin, gap = ui.px(32), ui.px(12)
        top = ui.px(34 + 6 + 14) + ui.font(46, "title").get_height() + ui.font(19).get_height()
        row_y = height - ui.px(70)
        pages_y = row_y - ui.px(58)
        wide = ui.px(160)
        self.previous.rect = pygame.Rect(margin, pages_y, wide, ui.px(42))
        self.next.rect = pygame.Rect(width - margin - wide, pages_y, wide, ui.px(42))
        same_size([self.previous, self.next])
        self.pager = pygame.Rect(
            self.previous.rect.right + gap,
            pages_y,
            self.next.rect.x - self.previous.rect.right - 2 * gap,
            ui.px(42),
        )
        self.list.layout(pygame.Rect(margin, top, width - 2 * margin, pages_y - ui.px(8) - top), ui)
        self.back.rect = pygame.Rect(margin, row_y, ui.px(130), ui.px(48))
        left = self.back.rect.right + gap
        lay_out_row(
            [self.coach, self.watch],
            pygame.Rect(left, row_y, width - margin - left, ui.px(48)),
            ui.px(200),
            gap,
            ui,
        )
        self.refill()

    def page_words(self) -> str:
        """ "Page 2 of 5 · 94 games"."""
        page = self.session.games
        if page is None:
            return ""
        paging = page.paging
        counted = ngettext("{count} game", "{count} games", paging.total)
        return _("Page {page} of {pages} · {counted}").format(
            page=paging.page, pages=paging.pages, counted=counted.format(count=paging.total)
        )

    def who_words(self) -> str:
        """The club, and who the player is there (or why it cannot be reached)."""
        session, address = self.session, self.services.settings.club_server
        welcome = session.welcome
        if welcome is None:
            words = _("Calling the club at {address}…").format(address=address)
            return session.problem or words
        return _("{name} · rating {rating}").format(
            name=welcome.name, rating=club_rating_words(welcome.rating)
        )

    def empty_words(self) -> str:
        if self.session.problem:
            return self.session.problem
        if self.session.games is None:
            return _("Asking the club…")
        return _("You have no finished games at this club yet.")

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.blit(self.services.felt(), (0, 0))
        ui = self.services.ui
        self.draw_title(surface, _("Your games"), self.who_words())
        self.list.draw(surface, ui, self.empty_words())
        words = self.page_words()
        if words:
            image = shrunk_text(ui, words, 17, self.pager.width, PALETTE.text_dim)
            blit_text(surface, image, self.pager.center)
        self.form.draw(surface, ui)
