"""Play online: the club's lobby (its public tables with a free seat, live, filtered by
seats free, size, rated and pace, in pages), Your tables (every unfinished one, by whom
you play with, marked where it is your turn) and the ratings board (in pages, your row
picked out; Me turns to your page) and the club's events (`events.py`: an event opens
its standings, New event creates one), under four tabs, and Your games beside them (the
finished ones: `games.py`); a table is joined or opened again with one click on its
selected row (or Enter), or by its code. New online table opens a
table there. The name said to the club is asked once, when the settings have none."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, TypeVar

import pygame

from game.ai.rating_scale import club_rating_words
from game.i18n import N_, _, ngettext
from game.net.club import ClubSession, hosted_at, seen_at
from game.net.club_answers import Paging
from game.net.club_messages import LIVE, WAITS, LobbyFilter
from game.net.table_opening import TableOpening
from game.scenes.club.event_standings import EventScene
from game.scenes.club.events import EventsTab
from game.scenes.club.hello import NAME_LENGTH, NAME_SETTING, club_hello, saved_name
from game.scenes.club.new_event import NewEventScene
from game.scenes.club.notices import NoticesScene
from game.scenes.games.frame import ROW_KEYS, RowList
from game.scenes.online.calling import TableCallingScene
from game.scenes.requests import Screen
from game.ui.club_words import (
    free_words,
    pace_words,
    playing_with_words,
    rules_in_short,
    seated_words,
)
from game.ui.painting import blit_text
from game.ui.text import shrunk_text
from game.ui.theme import PALETTE, Colour
from game.ui.turn_title import TURN_TITLE
from game.ui.widgets.controls import Button, Choice, same_size
from game.ui.widgets.rows import lay_out_row
from game.ui.widgets.text_field import TextField

if TYPE_CHECKING:
    from game.scenes.base import Services

LOBBY, MINE, RATINGS, EVENTS = "lobby", "mine", "ratings", "events"
TABS: Final = (
    (LOBBY, N_("Lobby")),
    (MINE, N_("Your tables")),
    (RATINGS, N_("Ratings")),
    (EVENTS, N_("Events")),
)
COLUMNS: Final = {
    LOBBY: [
        (N_("Players"), 0.25),
        (N_("Seats"), 0.13),
        (N_("Rules"), 0.25),
        (N_("Pace"), 0.16),
        (N_("Rated"), 0.1),
        (N_("Take-backs"), 0.11),
    ],
    MINE: [(N_("Playing with"), 0.4), (N_("Pace"), 0.2), (N_("Turn"), 0.18), (N_("Table"), 0.22)],
    RATINGS: [(N_("Place"), 0.14), (N_("Player"), 0.46), (N_("Rating"), 0.2), (N_("Games"), 0.2)],
}
FREE_SEATS: Final[list[tuple[int, str]]] = [
    (1, N_("Any free seats")),
    (2, N_("2+ free seats")),
    (3, N_("3+ free seats")),
    (4, N_("4+ free seats")),
    (5, N_("5+ free seats")),
    (6, N_("6+ free seats")),
]
SIZES: Final[list[tuple[int | None, str]]] = [
    (None, N_("Any size")),
    (2, N_("2 players")),
    (3, N_("3 players")),
    (4, N_("4 players")),
    (5, N_("5 players")),
    (6, N_("6 players")),
    (7, N_("7 players")),
]
RATED_OR_NOT: Final[list[tuple[bool | None, str]]] = [
    (None, N_("Rated or not")),
    (True, N_("Rated")),
    (False, N_("Unrated")),
]
PACES: Final[list[tuple[str | None, str]]] = [
    (None, N_("Any pace")),
    (LIVE, N_("Live")),
    (WAITS, N_("Days a move")),
]
CODE_LENGTH: Final = 64
T = TypeVar("T")
NO_PAGES: Final = Paging(1, 1, 0)
"""The page of a tab not paged (Your tables, Events), or of which the club has said nothing."""


class Filter(Choice[T]):
    """One of the lobby's filters: its first value lists every table; any other narrows
    the list, and is drawn in gold so that the player sees which filters are on."""

    def __init__(self, options: list[tuple[T, str]], on_change: Callable[[T], None]) -> None:
        super().__init__("", options, options[0][0], on_change)

    def value_colour(self) -> Colour:
        return PALETTE.gold if self.index and self.enabled else super().value_colour()


class ClubScene(TableCallingScene):
    """The club's tables and players, and the way to a table."""

    def __init__(self, services: Services) -> None:
        super().__init__(services)
        self.tab = LOBBY
        self.tabs = {
            key: self.form.add(Button(label, self._shower(key), primary=key == LOBBY))
            for key, label in TABS
        }
        self.games = self.form.add(
            Button(N_("Your games"), lambda: services.open(Screen.CLUB_GAMES))
        )
        self.free = self.form.add(Filter(FREE_SEATS, self._filtered))
        self.size = self.form.add(Filter(SIZES, self._filtered))
        self.rated = self.form.add(Filter(RATED_OR_NOT, self._filtered))
        self.pace = self.form.add(Filter(PACES, self._filtered))
        self.lists = {key: RowList(columns, self._opener()) for key, columns in COLUMNS.items()}
        self.events = EventsTab(self._opener())
        self.lists[EVENTS] = self.events.list
        self.previous = self.form.add(Button(N_("◀ Previous"), lambda: self.turn(-1)))
        self.me = self.form.add(Button(N_("Me"), self.find_me))
        self.next = self.form.add(Button(N_("Next ▶"), lambda: self.turn(1)))
        self.name = self.form.add(
            TextField(N_("Your name"), saved_name(services), self._edited, NAME_LENGTH)
        )
        self.start = self.form.add(Button(N_("Continue"), self.take_name, primary=True))
        self.code = self.form.add(TextField(N_("Table code"), "", self._edited, CODE_LENGTH))
        self.by_code = self.form.add(Button(N_("Join by code"), self.join_by_code))
        self.join = self.form.add(Button(N_("Join"), self.open_selected, primary=True))
        self.again = self.form.add(Button(N_("Open"), self.open_selected, primary=True))
        self.new = self.form.add(
            Button(N_("New online table"), lambda: services.open(Screen.NEW_CLUB_TABLE))
        )
        self.new_event = self.form.add(Button(N_("New event"), self.create_event))
        self.key = self.form.add(Button(N_("Your key"), lambda: services.open(Screen.CLUB_KEY)))
        self.back = self.form.add(Button(N_("◀ Menu"), services.pop))
        self.notices = self.form.add(Button(N_("Turn notices"), self.open_notices))
        self.session: ClubSession | None = None
        self.shown = 0
        """The session's news the rows show."""
        self._placed = False
        """Whether the player's row was selected on the ratings board since its tab was
        shown (or Me pressed)."""
        self.said = ""
        """A line for the player: what went wrong, or that a table is being called."""
        self.body = pygame.Rect(0, 0, 0, 0)
        self.pager = pygame.Rect(0, 0, 0, 0)
        """Where the page's words go, between the page buttons."""

    @property
    def filters(self) -> list[Filter[Any]]:
        return [self.free, self.size, self.rated, self.pace]

    @property
    def asking_name(self) -> bool:
        return self.session is None

    def enter(self) -> None:
        if saved_name(self.services):
            self.connect()
        super().enter()
        self.form.focus(self.name if self.asking_name else self.tabs[self.tab])

    def pause(self) -> None:
        """A screen over this one (a new table, a table sat at) shows none of the lobby."""
        if self.session is not None:
            self.session.follow_lobby(False)

    def resume(self) -> None:
        super().resume()
        if self.session is not None and self.session.client.hello != club_hello(self.services):
            self.session.close()  # Your key linked or replaced this computer's key
            self.connect()
        elif self.session is not None:
            self.session.refresh()
            self.session.follow_lobby(True)
            if self.tab == EVENTS:
                self.events.ask(self.session, self.services.time)

    def exit(self) -> None:
        super().exit()
        if self.session is not None:
            self.session.close()
            self.session = None

    def connect(self) -> None:
        self.session = ClubSession(self.services.settings.club_server, club_hello(self.services))

    def open_notices(self) -> None:
        """The turn notices by e-mail, on this screen's connection."""
        if self.session is not None:
            self.services.push(NoticesScene(self.services, self.session))

    def create_event(self) -> None:
        """The new event's form, on this screen's connection."""
        if self.session is not None:
            self.services.push(NewEventScene(self.services, self.session))

    def take_name(self) -> None:
        """The name said to the club, asked once (kept with Join a table's)."""
        name = self.name.text.strip()
        if not name:
            self.said = _("Type the name the club will know you by.")
            return
        self.services.settings.extra[NAME_SETTING] = name
        self.services.save_settings()
        self.said = ""
        self.connect()
        self.resize(self.services.size)
        self.form.focus(self.tabs[self.tab])

    def _edited(self, _text: str) -> None:
        self.said = ""

    # --- the tabs and their rows -----------------------------------------------------------

    def _shower(self, tab: str) -> Callable[[], None]:
        return lambda: self.show(tab)

    def _opener(self) -> Callable[[int], None]:
        return lambda _index: self.open_selected()

    def _filtered(self, _value: object) -> None:
        """Follow the lobby's tables that pass the filters as they are now set."""
        if self.session is not None:
            shown = LobbyFilter(self.free.value, self.size.value, self.rated.value, self.pace.value)
            self.session.filter_lobby(shown)
            self.lists[LOBBY].select(0)

    def turn(self, pages: int) -> None:
        """Show the page `pages` after this tab's (before it: negative)."""
        session = self.session
        if session is None:
            return
        if self.tab == LOBBY:
            session.turn_lobby(pages)
        else:
            session.turn_board(pages)
        self.list.select(0)

    def find_me(self) -> None:
        """Turn the board to the player's page, their row selected."""
        if self.session is not None:
            self.session.find_me()
            self._placed = False

    def show(self, tab: str) -> None:
        self.tab = tab
        self._placed = False
        for key, button in self.tabs.items():
            button.primary = key == tab
        if self.form.focused in self.tabs.values():  # the ring on the tab shown, not another
            self.form.focus(self.tabs[tab])
        if tab == EVENTS and self.session is not None:
            self.events.ask(self.session, self.services.time)
        elif tab != LOBBY and self.session is not None:
            self.session.refresh()
        self.resize(self.services.size)

    @property
    def list(self) -> RowList:
        return self.lists[self.tab]

    def refill(self) -> None:
        """Every tab's rows, as the club last said."""
        session = self.session
        if session is None:
            return
        lobby = session.lobby.tables if session.lobby else ()
        paging = session.lobby.paging if session.lobby else NO_PAGES
        self.lists[LOBBY].set_rows(
            [
                [
                    seated_words(entry),
                    free_words(entry),
                    rules_in_short(entry.rules),
                    pace_words(entry.pace),
                    _("Rated") if entry.rated else "",
                    _("Yes") if entry.takebacks else _("No"),
                ]
                for entry in lobby
            ],
            page=(paging.first, paging.total),
        )
        mine = session.mine or ()
        self.lists[MINE].set_rows(
            [
                [
                    playing_with_words(table),
                    pace_words(table.pace),
                    _("Your turn") if table.to_move else _("Waiting"),
                    table.table,
                ]
                for table in mine
            ],
            dim={index for index, table in enumerate(mine) if not table.to_move},
        )
        board, rows = self.lists[RATINGS], session.board.players if session.board else ()
        paging = session.board.paging if session.board else NO_PAGES
        own = session.my_row()
        board.set_rows(
            [
                [str(place), row.name, club_rating_words(row.rating), str(row.games)]
                for place, row in enumerate(rows, paging.first + 1)
            ],
            marked=set() if own is None else {own},
            page=(paging.first, paging.total),
        )
        self.events.refill(session)
        if self.tab == RATINGS and own is not None and not self._placed:
            board.select(own)  # once a visit: later news keep the row the player chose
            board.scroll_to(own - board.visible_rows // 2)  # with the players around
            self._placed = True
        self._enable_pages()

    def open_selected(self) -> None:
        """Join the lobby's selected table, or sit again at one of yours."""
        session = self.session
        if session is None or self.opening is not None:
            return
        index, address = self.list.selected, self.services.settings.club_server
        lobby = session.lobby.tables if session.lobby else ()
        if self.tab == EVENTS:
            event = self.events.selected(session)
            if event:
                self.services.push(EventScene(self.services, session, event))
            return
        if self.tab == LOBBY and index < len(lobby):
            code = lobby[index].table
            self.opening = TableOpening.club_join(address, club_hello(self.services), code)
        elif self.tab == MINE and index < len(session.mine or ()):
            table = (session.mine or ())[index]
            extra, code = self.services.settings.extra, table.table
            seen, host = seen_at(extra, code), hosted_at(extra, code)
            hello = club_hello(self.services)
            self.opening = TableOpening.club_rejoin(address, hello, code, table.token, seen, host)
        else:
            return
        self.said = _("Calling the table…")

    def join_by_code(self) -> None:
        code = self.code.text.strip()
        if self.opening is not None or self.session is None:
            return
        if not code:
            self.said = _("Type the code a player of the club gave you.")
            return
        hello = club_hello(self.services)
        self.opening = TableOpening.club_join(self.services.settings.club_server, hello, code)
        self.said = _("Calling the table…")

    # --- each frame ------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        failed = self.poll_opening()
        if failed is not None:
            self.said = failed.failure or ""
        session = self.session
        if session is not None:
            session.poll()
            if session.news != self.shown:
                self.shown = session.news
                self.refill()
                if session.mine is not None:
                    TURN_TITLE.tell(session.turns)
            if self.tab == EVENTS:
                self.events.ask_when_due(session, self.services.time)
            seated = session.events.seated
            if seated is not None:  # an event seated the player: its screen opens the table
                self.services.push(EventScene(self.services, session, seated.event))

    def still_for(self) -> float:
        """The club's answers are news; the Events tab asks for its list again by itself."""
        if self.tab == EVENTS and self.session is not None:
            return self.events.still_for(self.services.time)
        return super().still_for()

    def handle_event(self, event: pygame.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            focused = self.form.focused
            if focused is self.name:
                self.take_name()
                return True
            if focused is self.code:
                self.join_by_code()
                return True
        rows_key = event.type == pygame.KEYDOWN and event.key in ROW_KEYS
        typing = isinstance(self.form.focused, TextField)
        if rows_key and not typing and not self.asking_name:
            return self.list.handle_event(event)  # Up and Down pick a row, not a button
        if self.form.handle_event(event):
            return True
        return not self.asking_name and self.list.handle_event(event)

    def resize(self, size: tuple[int, int]) -> None:
        ui = self.services.ui
        width, height = size
        margin, gap = ui.px(32), ui.px(12)
        asking = self.asking_name
        for button in (*self.tabs.values(), self.notices, self.games):
            button.visible = not asking
        below_title = (
            ui.px(34 + 6 + 14) + ui.font(46, "title").get_height() + ui.font(19).get_height()
        )
        tabs = pygame.Rect(margin, below_title, width - 2 * margin, ui.px(44))
        if not asking:
            lay_out_row(
                [*self.tabs.values(), self.notices, self.games], tabs, ui.px(200), ui.px(10), ui
            )
        top = tabs.bottom + gap
        for choice in self.filters:
            choice.visible = not asking and self.tab == LOBBY
        if self.free.visible:
            top = self._lay_out_filters(pygame.Rect(margin, top, tabs.width, ui.px(40)), gap)
        row_y = height - ui.px(70)
        bottom = row_y - ui.px(40)
        self.previous.visible = self.next.visible = not asking and self.tab in (LOBBY, RATINGS)
        self.me.visible = not asking and self.tab == RATINGS
        if self.previous.visible:
            pages = pygame.Rect(margin, bottom - ui.px(42), tabs.width, ui.px(42))
            self._lay_out_pages(pages, gap)
            bottom = pages.y - ui.px(8)
        self.body = pygame.Rect(margin, top, width - 2 * margin, bottom - top)
        self.list.layout(self.body, ui)
        self.name.visible = self.start.visible = asking
        self.name.rect = pygame.Rect(0, 0, ui.px(320), ui.px(46))
        self.name.rect.center = (width // 2, height // 2)
        self.start.rect = pygame.Rect(0, 0, ui.px(200), ui.px(50))
        self.start.rect.midtop = (width // 2, self.name.rect.bottom + ui.px(20))
        self.join.visible = not asking and self.tab == LOBBY
        self.again.visible = not asking and self.tab in (MINE, EVENTS)
        self.new_event.visible = not asking and self.tab == EVENTS
        self.code.visible = self.by_code.visible = not asking
        self.new.visible = not asking and self.tab != EVENTS
        self.key.visible = not asking
        self.back.rect = pygame.Rect(margin, row_y, ui.px(130), ui.px(48))
        self.code.rect = pygame.Rect(self.back.rect.right + gap, row_y, ui.px(190), ui.px(48))
        row_buttons = (self.by_code, self.join, self.again, self.new_event, self.new, self.key)
        actions = [button for button in row_buttons if button.visible]
        left = self.code.rect.right + gap // 2
        row = pygame.Rect(left, row_y, width - margin - left, ui.px(48))
        if actions:
            lay_out_row(actions, row, ui.px(270), gap, ui)
        if self.tab == RATINGS and self._placed:  # laid out for another window or text
            board = self.list  # size: the row chosen stays in the middle, as it was placed
            board.scroll_to(board.selected - board.visible_rows // 2)
        self.refill()

    def _lay_out_filters(self, row: pygame.Rect, gap: int) -> int:
        """The lobby's four filters side by side in `row`; the y below them."""
        width = (row.width - gap * (len(self.filters) - 1)) // len(self.filters)
        for number, choice in enumerate(self.filters):
            choice.rect = pygame.Rect(row.x + number * (width + gap), row.y, width, row.height)
        same_size(self.filters)
        return row.bottom + gap

    def _lay_out_pages(self, row: pygame.Rect, gap: int) -> None:
        """Previous at the left of `row`, Next at its right, Me (the board's) after
        Previous, and the page's words between."""
        ui = self.services.ui
        wide = ui.px(160)
        self.previous.rect = pygame.Rect(row.x, row.y, wide, row.height)
        self.next.rect = pygame.Rect(row.right - wide, row.y, wide, row.height)
        self.me.rect = pygame.Rect(self.previous.rect.right + gap, row.y, ui.px(130), row.height)
        same_size([self.previous, self.me, self.next])
        left = (self.me if self.me.visible else self.previous).rect.right + gap
        self.pager = pygame.Rect(left, row.y, self.next.rect.x - gap - left, row.height)

    def paging(self) -> Paging:
        """The page this tab shows (Your tables, or nothing said yet: `NO_PAGES`)."""
        session = self.session
        if session is None or self.tab not in (LOBBY, RATINGS):
            return NO_PAGES
        answer = session.lobby if self.tab == LOBBY else session.board
        return NO_PAGES if answer is None else answer.paging

    def _enable_pages(self) -> None:
        """Previous and Next where there is a page to turn to, Me once the player has a
        place on the board (a new player has none until 10 rated games)."""
        paging = self.paging()
        self.previous.enabled = paging.page > 1
        self.next.enabled = paging.more
        self.me.enabled = self.session is not None and self.session.place() is not None

    def page_words(self) -> str:
        """ "Page 2 of 5 · 94 tables" (players, on the board)."""
        paging = self.paging()
        total = paging.total
        if self.tab == LOBBY:
            counted = ngettext("{count} table", "{count} tables", total)
        else:
            counted = ngettext("{count} player", "{count} players", total)
        return _("Page {page} of {pages} · {counted}").format(
            page=paging.page, pages=paging.pages, counted=counted.format(count=total)
        )

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.blit(self.services.felt(), (0, 0))
        ui = self.services.ui
        self.draw_title(surface, _("Play online"), self.who_words())
        if self.asking_name:
            caption = _("Your name at the club (the other players see it)")
            image = shrunk_text(ui, caption, 18, surface.get_width() - ui.px(40), PALETTE.text)
            blit_text(surface, image, self.name.rect.midtop, "midbottom")
        else:
            self.list.draw(surface, ui, self.empty_words())
        if self.previous.visible and self.paging() is not NO_PAGES:
            words = shrunk_text(ui, self.page_words(), 17, self.pager.width, PALETTE.text_dim)
            blit_text(surface, words, self.pager.center)
        if self.said:
            room = surface.get_width() - ui.px(64)
            line = shrunk_text(ui, self.said, 16, room, PALETTE.gold)
            said_y = self.back.rect.top - ui.px(20)  # between the pages' row and the buttons'
            blit_text(surface, line, (surface.get_width() // 2, said_y))
        self.form.draw(surface, ui)

    def who_words(self) -> str:
        """The club, and who the player is there (or why it cannot be reached)."""
        session, address = self.session, self.services.settings.club_server
        if session is None:
            return address
        if session.problem:
            return session.problem
        welcome = session.welcome
        if welcome is None:
            return _("Calling the club at {address}…").format(address=address)
        place = session.place()
        words = _("{name} · rating {rating}").format(
            name=welcome.name, rating=club_rating_words(welcome.rating)
        )
        if place is not None:
            words += " · " + _("place {place}").format(place=place + 1)
        return words

    def empty_words(self) -> str:
        session = self.session
        if session is not None and self.tab == EVENTS:
            return self.events.empty_words(session)
        waiting: object = None
        if session is not None:
            waiting = {LOBBY: session.lobby, MINE: session.mine, RATINGS: session.board}[self.tab]
        if session is None or waiting is None:
            return _("Asking the club…")
        if self.tab == LOBBY and session.lobby_asked.filter != LobbyFilter():
            return _("No table fits these filters: choose others, or open a new one.")
        return {
            LOBBY: _("No table waits for players: open a new one."),
            MINE: _("You have no unfinished tables at this club."),
            RATINGS: _("Nobody has played a rated game here yet."),
        }[self.tab]
