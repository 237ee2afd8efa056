"""The table screen over a networked table (a `TableFlow` its `RemoteMatch` referees):
the same table, whose other seats play from their own computers. The status bar says
whom the table waits for, the seat panels who is away, and the host sees the invitation
(with Copy) over the figure until every friend has joined. At a club's table, Chat opens
the table's chat (chat.py) over the figure. Undo (U) asks the others to let the player
take back their last move, and the others answer in a bar over the figure
(takeback_bar.py). Hint, redo and Save are not offered: the server keeps the game, and
a spectator only watches."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _
from game.net.club import keep_hosted, keep_seen
from game.net.kept_seats import SETTING as KEPT
from game.net.kept_seats import KeptSeats
from game.net.remote_match import RemoteMatch
from game.play.events import Event, Resynced, TookBack
from game.play.table_flow import Turn
from game.scenes.online.chat import ChatPanel
from game.scenes.online.takeback_bar import TakebackBar
from game.scenes.table.scene import TableScene
from game.ui.painting import blit_text, draw_count_badge, draw_panel
from game.ui.text import Said, shrunk_text
from game.ui.theme import PALETTE
from game.ui.widgets.controls import Button
from game.ui.widgets.text_field import put_clipboard_text

if TYPE_CHECKING:
    from game.scenes.base import Services

OFF_AT_A_NETWORK_TABLE = ("hint", "redo", "save")


class RemoteTableScene(TableScene):
    """Play (or watch) at a table whose server decides."""

    def __init__(self, services: Services, match: RemoteMatch) -> None:
        self.remote = match
        self.chat = ChatPanel(services, match)
        self.takeback_bar = TakebackBar(services, match)
        super().__init__(services, {}, match=match.flow)
        self.invite_panel = pygame.Rect(0, 0, 0, 0)

    def enter(self) -> None:
        super().enter()
        self.keep_seats()

    def keep_seats(self) -> None:
        """Keep this window's seats (invitation and tokens) in the settings while the game
        goes on, so that Join a table can take them back; forget them once it is over. (A
        club keeps its tables' seats itself: Play online, Your tables.)"""
        link, extra = self.remote.link, self.services.settings.extra
        if link.at_club:
            self.keep_place()
            return
        if self.remote.over:
            if extra.pop(KEPT, None) is not None:
                self.services.save_settings()
        elif link.tokens:
            hosted = link.server is not None
            kept = KeptSeats(link.invitation, tuple(link.tokens.values()), hosted, link.host_token)
            extra[KEPT] = kept.to_dict()
            self.services.save_settings()

    def keep_place(self) -> None:
        """Keep where the player is at a club's table, so that coming back shows the moves
        made since, and the host's token of a table they opened, so that a computer is
        still offered for a player who leaves (both forgotten once it is over)."""
        remote, extra = self.remote, self.services.settings.extra
        place = None if remote.over or not remote.held else remote.flow.position()
        keep_seen(extra, remote.link.table, place)
        keep_hosted(extra, remote.link.table, "" if remote.over else remote.link.host_token)
        self.services.save_settings()

    def exit(self) -> None:
        super().exit()
        if self.remote.link.at_club:
            self.keep_place()

    def make_buttons(self) -> dict[str, Button]:
        buttons = super().make_buttons()
        buttons["invite"] = Button(N_("Copy invitation"), self.copy_invitation)
        buttons["stand-in"] = Button(N_("Let a computer play"), self.stand_in)
        buttons["chat"] = Button(N_("Chat"), self.chat.toggle)
        buttons["chat"].visible = self.remote.chatting
        buttons["undo"] = Button(N_("Undo (U)"), self.ask_takeback)
        buttons["undo"].visible = not self.remote.watching
        for name in OFF_AT_A_NETWORK_TABLE:
            buttons[name].visible = False
        return buttons

    @property
    def inviting(self) -> bool:
        """Whether the invitation is shown: this window hosts (or opened a club table by
        invitation), and a seat is still free."""
        return self.remote.link.sharing and not self.remote.started

    def stand_in(self) -> None:
        """A computer plays every away seat until its player comes back."""
        if self.remote.stand_in():
            self.services.notify(_("A computer plays for the away seats until they come back."))

    def ask_takeback(self) -> None:
        """Ask the others to let this player take back their last move."""
        if not self.remote.ask_takeback():
            self.services.notify(_("You have no move to take back now."))

    def copy_invitation(self) -> None:
        if put_clipboard_text(self.remote.link.invitation):
            self.services.notify(_("Invitation copied: paste it to your friends."))

    @property
    def standing_in(self) -> bool:
        """Whether the host is offered a computer for the away seats."""
        return bool(self.remote.link.host_token and self.remote.away_seats())

    def resize(self, size: tuple[int, int]) -> None:
        self.buttons["invite"].visible = self.inviting
        self.buttons["stand-in"].visible = self.standing_in
        super().resize(size)
        ui = self.services.ui
        figure = self.layout.figure
        self.invite_panel = pygame.Rect(0, 0, min(figure.width - ui.px(20), ui.px(640)), ui.px(130))
        self.invite_panel.center = figure.center
        self.chat.lay_out(figure)
        self.takeback_bar.lay_out(self.layout)

    def human_can_act(self) -> bool:
        """As at a local table, and only while the table is not waiting on the network
        (every seat taken, no move of ours on its way)."""
        return super().human_can_act() and self.match.turn() is not Turn.COMPUTER

    def draw_button_shown(self) -> bool:
        return super().draw_button_shown() and not self.remote.watching

    def update(self, dt: float) -> None:
        over = self.remote.over
        super().update(dt)
        if self.remote.over and not over:
            self.keep_seats()
        shown = (self.buttons["invite"].visible, self.buttons["stand-in"].visible)
        if shown != (self.inviting, self.standing_in):  # after the network's news
            self.resize(self.services.size)
        for words in self.remote.take_notices():
            self.services.notify(words)
        self.chat.update()

    def show_events(self, events: list[Event]) -> None:
        if any(isinstance(event, Resynced) for event in events):
            self.controls.drop()
            self._rebuild_sprites()
            self.sync_scores()
        for event in events:
            if isinstance(event, TookBack):  # shown as an undo at one computer is
                name = self.match.names[event.seat]
                self._turn_changed(event.seat, _("{name}'s move was taken back.").format(name=name))
        super().show_events(events)

    def handle_event(self, event: pygame.Event) -> bool:
        if self.takeback_bar.handle_event(event) or self.chat.handle_event(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_u and not self.remote.watching:
            self.ask_takeback()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_c and self.inviting:
            self.copy_invitation()
            return True
        return super().handle_event(event)

    def status_text(self) -> Said:
        if self.turns.showing_move:
            return (self.last_words,)
        waiting = self.remote.waiting_words()
        said = (waiting,) if waiting is not None else super().status_text()
        if self.remote.watching:
            return tuple(_("Watching · {words}").format(words=words) for words in said)
        return said

    def status_still_for(self) -> float:
        """Whom the table waits for is said in words that stay (no thinking dots)."""
        if self.remote.waiting_words() is not None:
            return math.inf
        return super().status_still_for()

    def update_buttons(self) -> None:
        for name, enabled in self.commands.enabled().items():
            self.buttons[name].enabled = enabled and name not in OFF_AT_A_NETWORK_TABLE
        self.buttons["undo"].enabled = self.remote.takeback_seat() is not None

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        super().draw(surface, alpha)
        if self.inviting:
            self.draw_invitation(surface)
        self.chat.draw(surface)
        self.takeback_bar.draw(surface)
        chat, unread = self.buttons["chat"], self.remote.chat.unread
        if chat.visible and unread and not self.chat.open:
            ui = self.services.ui
            draw_count_badge(surface, ui, (chat.rect.right - ui.px(12), chat.rect.top), unread)

    def draw_invitation(self, surface: pygame.Surface) -> None:
        """The invitation friends paste, and where the table is, over the figure."""
        ui, panel = self.services.ui, self.invite_panel
        draw_panel(surface, panel, ui, alpha=235, border=PALETTE.gold_dark)
        room = panel.width - ui.px(32)
        if self.remote.link.at_club:
            how = _("Players of the club join with this code (Play online, Join by code):")
        else:
            how = _("Friends join with this invitation (Join a table):")
        lines = (
            (how, 16, PALETTE.text_dim, "regular"),
            (self.remote.link.invitation, 20, PALETTE.gold, "bold"),
            (_("Copy it with the button below, or C."), 14, PALETTE.text_dim, "regular"),
        )
        y = panel.y + ui.px(14)
        for words, size, colour, style in lines:
            image = shrunk_text(ui, words, size, room, colour, style)
            y = blit_text(surface, image, (panel.centerx, y), "midtop").bottom + ui.px(10)
