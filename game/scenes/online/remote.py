"""The table screen over a networked table (a `TableFlow` its `RemoteMatch` referees):
the same table, whose other seats play from their own computers. The status bar says
whom the table waits for, the seat panels who is away, and the host sees the invitation
(with Copy) over the figure until every friend has joined. At a club's table, Chat opens
the table's chat (chat.py) over the figure. The invitation and the chat are panels
composed into the table screen with the table's role here (`OnlineTable`, a
`TableRole`, made with the screen by `online_table_scene`): its buttons, its status
words and what it keeps in the settings. Undo (U) asks the others to let the player take
back their last move, and the others answer in a bar over the figure (takeback_bar.py).
Hint, redo and Save are not offered: the server keeps the game, and a spectator only
watches."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _
from game.net.club import keep_hosted, keep_seen
from game.net.kept_seats import SETTING as KEPT
from game.net.kept_seats import KeptSeats
from game.net.remote_match import RemoteMatch
from game.scenes.online.chat import ChatPanel
from game.scenes.online.invitation import InvitationPanel
from game.scenes.online.takeback_bar import TakebackBar
from game.scenes.table.scene import TablePanel, TableRole, TableScene
from game.ui.painting import draw_count_badge
from game.ui.text import Said
from game.ui.widgets.controls import Button

if TYPE_CHECKING:
    from game.scenes.base import Services

OFF_AT_A_NETWORK_TABLE = ("hint", "redo", "save")


class OnlineTable(TableRole):
    """The role of a table whose server decides, played (or watched) here."""

    def __init__(self, table: TableScene[TableRole], remote: RemoteMatch) -> None:
        super().__init__(table)
        self.services = table.services
        self.remote = remote
        self.chat = ChatPanel(self.services, remote)
        self.invitation = InvitationPanel(self.services, remote)
        self.takeback_bar = TakebackBar(self.services, remote, table.stage)
        self._over = remote.over
        """Whether the game was over at the last frame (its end forgets the seats)."""

    def buttons(self) -> dict[str, Button]:
        buttons = super().buttons()
        buttons["invite"] = Button(N_("Copy invitation"), self.invitation.copy)
        buttons["stand-in"] = Button(N_("Let a computer play"), self.stand_in)
        buttons["chat"] = Button(N_("Chat"), self.chat.toggle)
        buttons["undo"] = Button(N_("Undo (U)"), self.ask_takeback)
        return buttons

    def shown(self, name: str) -> bool:
        shown = {
            "invite": self.inviting,
            "stand-in": self.standing_in,
            "chat": self.remote.chatting,
            "draw": super().shown("draw") and not self.remote.watching,
            "undo": not self.remote.watching,
        }
        return shown.get(name, name not in OFF_AT_A_NETWORK_TABLE)

    def panels(self) -> list[TablePanel]:
        return [self.invitation, self.chat, self.takeback_bar]

    def update_buttons(self) -> None:
        """As at one computer, but Undo asks the others: enabled while this player has a
        move to take back."""
        super().update_buttons()
        self.table.buttons["undo"].enabled = self.remote.takeback_seat() is not None

    def ask_takeback(self) -> None:
        """Ask the others to let this player take back their last move."""
        if not self.remote.ask_takeback():
            self.services.notify(_("You have no move to take back now."))

    def handle_event(self, event: pygame.Event) -> bool:
        """U asks for a take-back (the couch's U would undo here)."""
        asking = not self.remote.watching and not self.takeback_bar.open
        if asking and event.type == pygame.KEYDOWN and event.key == pygame.K_u:
            self.ask_takeback()
            return True
        return False

    @property
    def inviting(self) -> bool:
        """Whether the invitation is shown (see `InvitationPanel.shown`)."""
        return self.invitation.shown

    def stand_in(self) -> None:
        """A computer plays every away seat until its player comes back."""
        if self.remote.stand_in():
            self.services.notify(_("A computer plays for the away seats until they come back."))

    @property
    def standing_in(self) -> bool:
        """Whether the host is offered a computer for the away seats."""
        return bool(self.remote.link.host_token and self.remote.away_seats())

    def enter(self) -> None:
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
        if self.remote.link.at_club:
            self.keep_place()

    def update(self) -> None:
        """The game's end forgets the seats; the network's notices are told."""
        if self.remote.over and not self._over:
            self.keep_seats()
        self._over = self.remote.over
        for words in self.remote.take_notices():
            self.services.notify(words)

    def status_text(self) -> Said:
        waiting = self.remote.waiting_words()
        if self.table.turns.showing_move or waiting is None:
            said = self.table.flow_status()
        else:
            said = (waiting,)
        if self.remote.watching and not self.table.turns.showing_move:
            return tuple(_("Watching · {words}").format(words=words) for words in said)
        return said

    def status_still_for(self) -> float:
        """Whom the table waits for is said in words that stay (no thinking dots)."""
        if self.remote.waiting_words() is not None:
            return math.inf
        return super().status_still_for()

    def draw(self, surface: pygame.Surface) -> None:
        """The chat's unread lines counted on its button while it is closed."""
        chat, unread = self.table.buttons["chat"], self.remote.chat.unread
        if chat.visible and unread and not self.chat.open:
            ui = self.services.ui
            draw_count_badge(surface, ui, (chat.rect.right - ui.px(12), chat.rect.top), unread)


def online_table_scene(services: Services, match: RemoteMatch) -> TableScene[OnlineTable]:
    """The table screen over a network table's `match`, with its role (`OnlineTable`)."""
    return TableScene(services, {}, match=match.flow, role=lambda table: OnlineTable(table, match))
