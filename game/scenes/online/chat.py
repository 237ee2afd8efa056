"""The chat beside a club's table (a part of the remote table screen): opened and closed
with its button, it shows the table's last lines over the bottom of the figure and a
text box. A watcher's line says so (never drawn as a seat's). A click on a line's name
mutes that player, whatever name they take (their lines hidden; the muted names' line
shows them again). While the box has the focus every key goes to it, Enter
says the line and Tab leaves the box; a press anywhere else gives the table back every
key, as the game's other text boxes do. Escape closes the chat, as it closes every panel
over the figure."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

import pygame

from game.i18n import N_, _
from game.net.club_answers import Said
from game.net.club_messages import CHAT_LIMIT
from game.net.remote_match import RemoteMatch
from game.net.table_chat import NAMED, said_name, said_text
from game.ui.painting import blit_text, draw_panel
from game.ui.text import fit_text, shrunk_text
from game.ui.theme import PALETTE
from game.ui.widgets.text_field import TextField

if TYPE_CHECKING:
    from game.scenes.base import Services

MUTED_SETTING: Final = "club_muted"
"""The settings file's key for the speakers whose lines are hidden (`kept_muted`)."""
LINE_SIZE: Final = 15


def kept_muted(kept: object) -> dict[str, str]:
    """The muted speakers the settings keep (each `mute_key` and its name); a list of
    names, as the game kept them before muting by player, mutes those names."""
    if isinstance(kept, dict):
        return {k: v for k, v in kept.items() if isinstance(k, str) and isinstance(v, str)}
    names = kept if isinstance(kept, list) else []
    return {NAMED + name: name for name in names if isinstance(name, str)}


class ChatPanel:
    """The chat of `match`'s table."""

    def __init__(self, services: Services, match: RemoteMatch) -> None:
        self.services = services
        self.match = match
        match.chat.muted.update(kept_muted(services.settings.extra.get(MUTED_SETTING)))
        self.field = TextField(N_("Say something (Enter)…"), "", self._typed, CHAT_LIMIT)
        self.field.ui = services.ui
        self.open = False
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.names: list[tuple[pygame.Rect, Said]] = []
        """Where each shown line's name is, to mute its speaker with a click."""
        self.muted_rect = pygame.Rect(0, 0, 0, 0)
        self.said = ""
        """Why the line typed cannot be said ("" when it can)."""
        self._shown: tuple[object, ...] = ()
        self.rows: list[tuple[pygame.Rect, pygame.Surface, pygame.Surface]] = []
        """Each shown line: its place, its name and its words, rendered."""

    def toggle(self) -> None:
        """Open (the lines read) or close the chat."""
        self.open = not self.open
        self.field.focused = self.open
        self.match.chat.unread = 0

    def _typed(self, _text: str) -> None:
        self.said = ""

    def say(self) -> None:
        problem = self.match.say(self.field.text)
        self.said = problem or ""
        if problem is None:
            self.field.text = ""

    def lay_out(self, figure: pygame.Rect) -> None:
        """Over the bottom of the figure area, the box at its foot."""
        ui = self.services.ui
        height = min(figure.height * 3 // 5, ui.px(250))
        self.rect = pygame.Rect(figure.x + ui.px(8), 0, figure.width - ui.px(16), height)
        self.rect.bottom = figure.bottom - ui.px(4)
        box_h = ui.px(38)
        self.field.rect = pygame.Rect(
            self.rect.x + ui.px(12),
            self.rect.bottom - box_h - ui.px(10),
            self.rect.width - ui.px(24),
            box_h,
        )
        self.place_lines()

    def update(self) -> None:
        """Place the lines again when they changed (new lines, a name muted)."""
        chat = self.match.chat
        shown = (len(chat.lines), chat.lines[-1] if chat.lines else None, *sorted(chat.muted))
        if shown != self._shown:
            self.place_lines()
        if self.open:
            chat.unread = 0

    def place_lines(self) -> None:
        """Where each shown line goes, newest lowest, as many as fit, and where its name is
        (to mute it with a click)."""
        ui, chat = self.services.ui, self.match.chat
        self._shown = (len(chat.lines), chat.lines[-1] if chat.lines else None, *sorted(chat.muted))
        inner = self.rect.inflate(-ui.px(24), 0)
        line_h = ui.font(LINE_SIZE).get_linesize() + ui.px(2)
        bottom, top = self.field.rect.top - ui.px(20), self.rect.top + ui.px(12) + line_h
        room = max(0, (bottom - top) // line_h)
        self.rows, self.names = [], []
        for index, said in enumerate(reversed(chat.shown()[-room:] if room else [])):
            rect = pygame.Rect(inner.x, bottom - (index + 1) * line_h, inner.width, line_h)
            colour = PALETTE.gold if said.seat is not None else PALETTE.text_dim  # a watcher
            name = ui.text(said_name(said) + ":", LINE_SIZE, colour, "bold")
            left = inner.width - name.get_width() - ui.px(6)
            words = ui.text(fit_text(ui, said_text(said), LINE_SIZE, left), LINE_SIZE, PALETTE.text)
            self.rows.append((rect, name, words))
            self.names.append((name.get_rect(topleft=rect.topleft), said))
        self.muted_rect = pygame.Rect(
            inner.centerx, self.rect.top, inner.width // 2, line_h + ui.px(12)
        )

    # --- events ----------------------------------------------------------------------------

    def handle_event(self, event: pygame.Event) -> bool:
        """Take the event when it is the chat's: Escape (it closes the chat), keys while
        the box has the focus, clicks on a name or the muted names' line."""
        if not self.open:
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.toggle()  # closed: the figure under it seen again
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._press(event.pos)
        if not self.field.focused or event.type not in (pygame.KEYDOWN, pygame.TEXTINPUT):
            return False
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.say()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            self.field.focused = False
        else:
            self.field.handle_text(event)
        return True  # every key while typing is the box's, never the table's

    def _press(self, pos: tuple[int, int]) -> bool:
        """A press on the box types there, one off it ends typing; a name mutes its
        player, the muted names' line shows them again."""
        chat = self.match.chat
        self.field.focused = self.field.rect.collidepoint(pos)
        if self.field.focused:
            self.field.click(pos)
            return True
        for rect, said in self.names:
            if rect.collidepoint(pos):
                chat.mute(said)
                self._keep_muted()
                return True
        if chat.muted and self.muted_rect.collidepoint(pos):
            chat.unmute_all()
            self._keep_muted()
            return True
        return self.rect.collidepoint(pos)  # never a press on the board under the panel

    def _keep_muted(self) -> None:
        self.services.settings.extra[MUTED_SETTING] = dict(sorted(self.match.chat.muted.items()))
        self.services.save_settings()
        self.place_lines()

    # --- drawing ---------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """The panel, its lines, its header and the box."""
        if not self.open:
            return
        ui = self.services.ui
        draw_panel(surface, self.rect, ui, alpha=235, border=PALETTE.gold_dark)
        for rect, name, line in self.rows:
            blit_text(surface, name, rect.topleft, "topleft")
            blit_text(surface, line, (rect.x + name.get_width() + ui.px(6), rect.y), "topleft")
        inner = self.rect.inflate(-ui.px(24), 0)
        title = ui.text(_("Chat"), 16, PALETTE.gold, "bold")
        blit_text(surface, title, (inner.x, self.rect.top + ui.px(8)), "topleft")
        muted = self.match.chat.muted
        if muted:
            words = _("Muted: {names} (click to show them again)").format(
                names=", ".join(sorted(muted.values()))
            )
            room = inner.width - title.get_width() - ui.px(16)
            image = shrunk_text(ui, words, 14, room, PALETTE.text_dim)
            blit_text(surface, image, (inner.right, self.rect.top + ui.px(10)), "topright")
        elif not self.rows:
            hint = _("Click a name to mute that player.")
            image = shrunk_text(ui, hint, 14, inner.width, PALETTE.text_dim)
            blit_text(surface, image, (inner.centerx, self.rect.centery), "center")
        if self.said:
            problem = shrunk_text(ui, self.said, 14, inner.width, PALETTE.penalty)
            at = (inner.right, self.field.rect.top - ui.px(2))
            blit_text(surface, problem, at, "bottomright")
        self.field.draw(surface, ui)
