"""An event's screen, from Play online's Events tab: its standings, live (place, player,
points, games; the player's own row picked out, those of players who left dimmed), Join
or Leave as the standings say the player is in or not, and what the event is (kind,
length, when, tables, pace, rated, by whom). When the event's pairing seats the player
the table opens by itself; Menu at the table (or after its game) comes back here."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Final

import pygame

from game.i18n import N_, _
from game.net.club import ClubSession
from game.net.event_answers import EventEntry, StandingRow
from game.net.table_opening import TableOpening
from game.scenes.club.hello import club_hello
from game.scenes.games.frame import ROW_KEYS, RowList
from game.scenes.online.calling import TableCallingScene
from game.scenes.requests import RemoteTableRequest
from game.ui.club_words import pace_words
from game.ui.event_words import event_refusal_words, event_words, tables_words, when_words
from game.ui.painting import blit_text
from game.ui.text import shrunk_text
from game.ui.theme import PALETTE
from game.ui.widgets.controls import Button
from game.ui.widgets.rows import lay_out_row

if TYPE_CHECKING:
    from game.scenes.base import Services

COLUMNS: Final = [
    (N_("Place"), 0.16),
    (N_("Player"), 0.5),
    (N_("Points"), 0.17),
    (N_("Games"), 0.17),
]
WORDS_EVERY_S: Final = 60.0
"""How often what the event is (its minutes left, its start) is said again."""


def about_words(entry: EventEntry, now: float) -> str:
    """ "12 minutes left · Tables of 2 · Live · Rated · by Ann"."""
    parts = [when_words(entry, now), tables_words(entry), pace_words(entry.pace)]
    if entry.rated:
        parts.append(_("Rated"))
    if entry.by:
        parts.append(_("by {name}").format(name=entry.by))
    return " · ".join(parts)


def _name(row: StandingRow) -> str:
    """ "Ann", or "Ann (left)" for a player who left the event."""
    name = row.name or "—"
    return name if row.joined else _("{name} (left)").format(name=name)


class EventScene(TableCallingScene):
    """Event `event`'s standings on the club screen's connection (`session`)."""

    home = True

    def __init__(self, services: Services, session: ClubSession, event: str) -> None:
        super().__init__(services)
        self.session = session
        self.event = event
        self.standings = RowList(COLUMNS, lambda _index: None)
        self.join = self.form.add(Button(N_("Join"), self.join_event, primary=True))
        self.leave = self.form.add(Button(N_("Leave"), self.leave_event))
        self.back = self.form.add(Button(N_("◀ Back"), services.pop))
        self.shown = -1
        """The session's news the screen shows."""
        self.said = ""
        """A line for the player: the table being called, or why it could not be."""
        self.worded_at = -WORDS_EVERY_S
        self._placed = False
        """Whether the player's row was selected since the standings came."""
        self.body = pygame.Rect(0, 0, 0, 0)

    @property
    def entry(self) -> EventEntry | None:
        return self.session.events.entry(self.event)

    @property
    def joined(self) -> bool:
        return self.event in self.session.events.joined

    def enter(self) -> None:
        self.session.events.follow(self.event)
        super().enter()
        self.form.focus(self.join)

    def exit(self) -> None:
        super().exit()
        self.session.events.unfollow()

    def resume(self) -> None:
        """Back from the event's table: the standings as they are now."""
        super().resume()
        self.shown = -1

    def join_event(self) -> None:
        self.session.events.join(self.event)
        self.said = ""

    def leave_event(self) -> None:
        self.session.events.leave(self.event)
        self.said = ""

    def sit_at(self, table: RemoteTableRequest) -> None:
        """The event's table over this screen: Menu there comes back here."""
        self.services.open(table)

    def still_for(self) -> float:
        """The club's answers are news; the minutes left are said again each minute."""
        return max(0.0, self.worded_at + WORDS_EVERY_S - self.services.time)

    def update(self, dt: float) -> None:
        failed = self.poll_opening()
        if failed is not None:
            self.said = failed.failure or ""
        session = self.session
        session.poll()
        table = session.events.take_seat(self.event)
        if table and self.opening is None:
            hello, address = club_hello(self.services), self.services.settings.club_server
            self.opening = TableOpening.club_join(address, hello, table)
            self.said = _("The event seated you: calling your table…")
        if session.news != self.shown or self.services.time >= self.worded_at + WORDS_EVERY_S:
            self.shown, self.worded_at = session.news, self.services.time
            self.refill()

    def refill(self) -> None:
        standings, entry = self.session.events.standings, self.entry
        rows = standings.rows if standings is not None else ()
        welcome = self.session.welcome
        me = welcome.player if welcome is not None else ""
        own = [index for index, row in enumerate(rows) if row.player == me]
        self.standings.set_rows(
            [[str(row.place), _name(row), str(row.points), str(row.games)] for row in rows],
            dim={index for index, row in enumerate(rows) if not row.joined},
            marked=set(own),
        )
        if own and not self._placed:  # once: later news keep the rows the player scrolled to
            self.standings.select(own[0])
            self._placed = True
        over = entry is None or entry.over
        self.join.enabled = not over and not self.joined
        self.leave.enabled = not over and self.joined

    def status_words(self) -> str:
        """The line under the standings: the table called, a refusal, or where the player
        stands in the event."""
        events = self.session.events
        entry = self.entry
        if self.said:
            return self.said
        if events.refusal:
            return event_refusal_words(events.refusal)
        if entry is None:
            return self.session.problem or _("Asking the club…")
        if entry.over:
            return _("The event is over.")
        if self.joined:
            return _("You play in this event: your tables open here by themselves.")
        return _("Join to play: the club seats you at a table as the event pairs.")

    def handle_event(self, event: pygame.Event) -> bool:
        """Up, Down and the page keys scroll the standings; Tab picks a button."""
        if event.type == pygame.KEYDOWN and event.key in ROW_KEYS:
            return self.standings.handle_event(event)
        return self.form.handle_event(event) or self.standings.handle_event(event)

    def resize(self, size: tuple[int, int]) -> None:
        ui = self.services.ui
        width, height = size
        margin, gap = ui.px(32), ui.px(12)
        top = ui.px(34 + 6 + 14) + ui.font(46, "title").get_height() + ui.font(19).get_height()
        row_y = height - ui.px(70)
        self.body = pygame.Rect(margin, top, width - 2 * margin, row_y - ui.px(44) - top)
        self.standings.layout(self.body, ui)
        self.back.rect = pygame.Rect(margin, row_y, ui.px(130), ui.px(48))
        left = self.back.rect.right + gap
        row = pygame.Rect(left, row_y, width - margin - left, ui.px(48))
        lay_out_row([self.join, self.leave], row, ui.px(220), gap, ui)
        self.refill()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.blit(self.services.felt(), (0, 0))
        ui = self.services.ui
        entry = self.entry
        title = event_words(entry) if entry is not None else _("Event")
        self.draw_title(surface, title, about_words(entry, time.time()) if entry else "")
        empty = _("Nobody has joined yet.") if entry is not None else _("Asking the club…")
        self.standings.draw(surface, ui, empty)
        room = surface.get_width() - ui.px(64)
        line = shrunk_text(ui, self.status_words(), 16, room, PALETTE.gold)
        blit_text(surface, line, (surface.get_width() // 2, self.back.rect.top - ui.px(22)))
        self.form.draw(surface, ui)
