"""Play online: the club's lobby (its public tables with a free seat, live), Your tables
(every unfinished one, by whom you play with, marked where it is your turn) and the
ratings board (your place picked out), under three tabs; a table is joined or opened
again with one click on its selected row (or Enter), or by its code. New online table
opens a table there. The name said to the club is asked once, when the settings have
none."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Final

import pygame

from game.ai.rating_scale import club_rating_words
from game.i18n import N_, _
from game.net.club import ClubSession, hosted_at, seen_at
from game.net.table_opening import TableOpening
from game.scenes.club.hello import NAME_LENGTH, NAME_SETTING, club_hello, saved_name
from game.scenes.club.notices import NoticesScene
from game.scenes.games.frame import RowList
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
from game.ui.theme import PALETTE
from game.ui.turn_title import TURN_TITLE
from game.ui.widgets.controls import Button
from game.ui.widgets.rows import lay_out_row
from game.ui.widgets.text_field import TextField

if TYPE_CHECKING:
    from game.scenes.base import Services

LOBBY, MINE, RATINGS = "lobby", "mine", "ratings"
TABS: Final = ((LOBBY, N_("Lobby")), (MINE, N_("Your tables")), (RATINGS, N_("Ratings")))
COLUMNS: Final = {
    LOBBY: [
        (N_("Players"), 0.28),
        (N_("Seats"), 0.14),
        (N_("Rules"), 0.28),
        (N_("Pace"), 0.18),
        (N_("Rated"), 0.12),
    ],
    MINE: [(N_("Playing with"), 0.4), (N_("Pace"), 0.2), (N_("Turn"), 0.18), (N_("Table"), 0.22)],
    RATINGS: [(N_("Place"), 0.14), (N_("Player"), 0.46), (N_("Rating"), 0.2), (N_("Games"), 0.2)],
}
CODE_LENGTH: Final = 64
ROW_KEYS: Final = (pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN)


class ClubScene(TableCallingScene):
    """The club's tables and players, and the way to a table."""

    def __init__(self, services: Services) -> None:
        super().__init__(services)
        self.tab = LOBBY
        self.tabs = {
            key: self.form.add(Button(label, self._shower(key), primary=key == LOBBY))
            for key, label in TABS
        }
        self.lists = {key: RowList(columns, self._opener()) for key, columns in COLUMNS.items()}
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
        self.back = self.form.add(Button(N_("◀ Menu"), services.pop))
        self.notices = self.form.add(Button(N_("Turn notices"), self.open_notices))
        self.session: ClubSession | None = None
        self.shown = 0
        """The session's news the rows show."""
        self._placed = False
        """Whether the player's place was selected on the ratings board since its tab
        was shown."""
        self.said = ""
        """A line for the player: what went wrong, or that a table is being called."""
        self.body = pygame.Rect(0, 0, 0, 0)

    @property
    def asking_name(self) -> bool:
        return self.session is None

    def enter(self) -> None:
        if saved_name(self.services):
            self.connect()
        super().enter()
        self.form.focus(self.name if self.asking_name else self.tabs[LOBBY])

    def pause(self) -> None:
        """A screen over this one (a new table, a table sat at) shows none of the lobby."""
        if self.session is not None:
            self.session.follow_lobby(False)

    def resume(self) -> None:
        super().resume()
        if self.session is not None:
            self.session.refresh()
            self.session.follow_lobby(True)

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
        self.form.focus(self.tabs[LOBBY])

    def _edited(self, _text: str) -> None:
        self.said = ""

    # --- the tabs and their rows -----------------------------------------------------------

    def _shower(self, tab: str) -> Callable[[], None]:
        return lambda: self.show(tab)

    def _opener(self) -> Callable[[int], None]:
        return lambda _index: self.open_selected()

    def show(self, tab: str) -> None:
        self.tab = tab
        self._placed = False
        for key, button in self.tabs.items():
            button.primary = key == tab
        if tab != LOBBY and self.session is not None:
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
        self.lists[LOBBY].set_rows(
            [
                [
                    seated_words(entry),
                    free_words(entry),
                    rules_in_short(entry.rules),
                    pace_words(entry.pace),
                    _("Rated") if entry.rated else "",
                ]
                for entry in session.lobby or ()
            ]
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
        board = self.lists[RATINGS]
        board.set_rows(
            [
                [str(place + 1), row.name, club_rating_words(row.rating), str(row.games)]
                for place, row in enumerate(session.board or ())
            ]
        )
        place = session.place()
        if self.tab == RATINGS and place is not None and not self._placed:
            board.select(place)  # once a visit: later news keep the row the player chose
            self._placed = True

    def open_selected(self) -> None:
        """Join the lobby's selected table, or sit again at one of yours."""
        session = self.session
        if session is None or self.opening is not None:
            return
        index, address = self.list.selected, self.services.settings.club_server
        lobby = session.lobby or ()
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
        for button in (*self.tabs.values(), self.notices):
            button.visible = not asking
        below_title = (
            ui.px(34 + 6 + 14) + ui.font(46, "title").get_height() + ui.font(19).get_height()
        )
        tabs = pygame.Rect(margin, below_title, width - 2 * margin, ui.px(44))
        if not asking:
            lay_out_row([*self.tabs.values(), self.notices], tabs, ui.px(200), ui.px(10), ui)
        row_y = height - ui.px(70)
        top = tabs.bottom + gap
        self.body = pygame.Rect(margin, top, width - 2 * margin, row_y - ui.px(40) - top)
        self.list.layout(self.body, ui)
        self.name.visible = self.start.visible = asking
        self.name.rect = pygame.Rect(0, 0, ui.px(320), ui.px(46))
        self.name.rect.center = (width // 2, height // 2)
        self.start.rect = pygame.Rect(0, 0, ui.px(200), ui.px(50))
        self.start.rect.midtop = (width // 2, self.name.rect.bottom + ui.px(20))
        self.join.visible = not asking and self.tab == LOBBY
        self.again.visible = not asking and self.tab == MINE
        self.code.visible = self.by_code.visible = self.new.visible = not asking
        self.back.rect = pygame.Rect(margin, row_y, ui.px(130), ui.px(48))
        self.code.rect = pygame.Rect(self.back.rect.right + gap, row_y, ui.px(190), ui.px(48))
        actions = [b for b in (self.by_code, self.join, self.again, self.new) if b.visible]
        left = self.code.rect.right + gap // 2
        row = pygame.Rect(left, row_y, width - margin - left, ui.px(48))
        if actions:
            lay_out_row(actions, row, ui.px(270), gap, ui)
        self.refill()

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
        if self.said:
            room = surface.get_width() - ui.px(64)
            line = shrunk_text(ui, self.said, 16, room, PALETTE.gold)
            said_y = (self.body.bottom + self.back.rect.top) // 2
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
        waiting: Sequence[object] | None = None
        if session is not None:
            waiting = {LOBBY: session.lobby, MINE: session.mine, RATINGS: session.board}[self.tab]
        if waiting is None:
            return _("Asking the club…")
        return {
            LOBBY: _("No table waits for players: open a new one."),
            MINE: _("You have no unfinished tables at this club."),
            RATINGS: _("Nobody has played a rated game here yet."),
        }[self.tab]
