"""Your key: the same player at the club on any computer
(docs/server.md "Your key on any computer"). Give a link code shows a one-time code for
another computer; Link this computer takes a code another computer gave; Replace my key
(pressed twice) ends the key on every other computer. A new key the club took is kept in
the settings and the club is called again with it."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Final

import pygame

from game.i18n import N_, _, ngettext
from game.net.key_messages import CODE_LENGTH, shown_code
from game.net.key_session import KeySession
from game.persist.settings import keep_club_key, new_club_key
from game.scenes.base import Scene
from game.scenes.club.hello import club_hello
from game.ui.painting import blit_text, draw_panel
from game.ui.text import shrunk_text
from game.ui.theme import PALETTE
from game.ui.widgets.controls import Button
from game.ui.widgets.text_field import TextField

if TYPE_CHECKING:
    from game.scenes.base import Services

TYPED_LENGTH: Final = 12
"""The most typed into the code's field (8 characters, a dash and some spaces)."""


class ClubKeyScene(Scene):
    """The three ways of the player's key, and Back."""

    def __init__(self, services: Services) -> None:
        super().__init__(services)
        self.give = self.form.add(Button(N_("Give a link code"), self.give_code, primary=True))
        self.code = self.form.add(TextField(N_("Link code"), "", self._edited, TYPED_LENGTH))
        self.link = self.form.add(Button(N_("Link this computer"), self.link_here))
        self.replace = self.form.add(
            Button(N_("Replace my key"), self.replace_key, may_show=[N_("Replace: are you sure?")])
        )
        self.back = self.form.add(Button(N_("Back"), services.pop))
        self.session: KeySession | None = None
        self.sure = False
        """Whether Replace my key was pressed once (the second press replaces)."""
        self.said = ""
        """A line for the player: what was done, or what to do."""
        self.panel = pygame.Rect(0, 0, 0, 0)

    def enter(self) -> None:
        super().enter()
        self.connect()
        self.form.focus(self.give)

    def exit(self) -> None:
        super().exit()
        if self.session is not None:
            self.session.close()
            self.session = None

    def connect(self) -> None:
        """Call the club as this computer's player (anew, once its key changed)."""
        if self.session is not None:
            self.session.close()
        self.session = KeySession(self.services.settings.club_server, club_hello(self.services))

    def still_for(self) -> float:
        """What changes it is the club's news (or the player's input)."""
        return math.inf

    def _edited(self, _text: str) -> None:
        self.said = ""

    def give_code(self) -> None:
        if self.session is not None:
            self.session.ask_code()
            self.said = _("Asking the club for a code…")

    def link_here(self) -> None:
        if self.session is None:
            return
        if self.session.link(self.code.text, new_club_key()):
            self.said = _("Linking this computer…")
        else:
            self.said = _(
                "A link code is {count} letters and digits, as the other computer shows it."
            ).format(count=CODE_LENGTH)

    def replace_key(self) -> None:
        if self.session is None:
            return
        if not self.sure:
            self.sure = True
            self.replace.label = N_("Replace: are you sure?")
            self.said = _("Every other computer's key stops working: they link again with a code.")
            return
        self.session.replace(new_club_key())
        self.said = _("Replacing your key…")

    def update(self, dt: float) -> None:
        session = self.session
        if session is None:
            return
        session.poll()
        if session.problem:
            self.said = session.problem
            session.problem = ""
        if session.taken:
            self.keep(session.taken, session.linked)

    def keep(self, key: str, linked: bool) -> None:
        """The club took `key`: this computer's from now on."""
        settings = self.services.settings
        keep_club_key(settings, settings.club_server, key)
        self.services.save_settings()
        self.connect()
        self.sure = False
        self.replace.label = N_("Replace my key")
        self.code.text = ""
        if linked:
            self.said = _("Linked: this computer is the same player as the other now.")
        else:
            self.said = _("Your key is new: the key of every other computer is refused now.")

    def handle_event(self, event: pygame.Event) -> bool:
        enter = event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
        if enter and self.form.focused is self.code:
            self.link_here()
            return True
        return self.form.handle_event(event)

    def resize(self, size: tuple[int, int]) -> None:
        ui = self.services.ui
        width = min(size[0] - ui.px(80), ui.px(720))
        row_h, gap = ui.px(48), ui.px(14)
        height = 4 * (row_h + gap) + ui.px(190)
        self.panel = pygame.Rect(0, 0, width + ui.px(48), height)
        self.panel.midtop = (size[0] // 2, max(ui.px(130), (size[1] - height) // 2 + ui.px(30)))
        left, y = self.panel.x + ui.px(24), self.panel.y + ui.px(24)
        self.give.rect = pygame.Rect(left, y, width, row_h)
        y += row_h + ui.px(96)
        half = (width - gap) // 2
        self.code.rect = pygame.Rect(left, y, half, row_h)
        self.link.rect = pygame.Rect(left + half + gap, y, width - half - gap, row_h)
        y += row_h + ui.px(56)
        self.replace.rect = pygame.Rect(left, y, width, row_h)
        self.back.rect = pygame.Rect(0, 0, ui.px(220), ui.px(50))
        self.back.rect.midbottom = (self.panel.centerx, self.panel.bottom - ui.px(24))

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.blit(self.services.felt(), (0, 0))
        ui = self.services.ui
        self.draw_title(surface, _("Your key"), self.who_words())
        draw_panel(surface, self.panel, ui, alpha=235)
        room = self.panel.width - ui.px(48)
        centre = self.panel.centerx
        code = None if self.session is None else self.session.code
        if code is not None:
            big = shrunk_text(ui, shown_code(code.code), 34, room, PALETTE.gold, "bold")
            blit_text(surface, big, (centre, self.give.rect.bottom + ui.px(8)), "midtop")
            minutes = max(1, code.expires_s // 60)
            hint = ngettext(
                "Type it on the other computer within {count} minute: it works once.",
                "Type it on the other computer within {count} minutes: it works once.",
                minutes,
            ).format(count=minutes)
        else:
            hint = _("Play as this player on another computer: give it a code.")
        line = shrunk_text(ui, hint, 16, room, PALETTE.text_dim)
        blit_text(surface, line, (centre, self.code.rect.top - ui.px(12)), "midbottom")
        words = _("A computer whose key was stolen or lost: replace the key here.")
        line = shrunk_text(ui, words, 16, room, PALETTE.text_dim)
        blit_text(surface, line, (centre, self.replace.rect.top - ui.px(10)), "midbottom")
        if self.said:
            line = shrunk_text(ui, self.said, 16, room, PALETTE.gold)
            blit_text(surface, line, (centre, self.replace.rect.bottom + ui.px(14)), "midtop")
        self.form.draw(surface, ui)

    def who_words(self) -> str:
        """The club, and who the player is there."""
        session, address = self.session, self.services.settings.club_server
        welcome = None if session is None else session.welcome
        if welcome is None:
            return address
        return _("{name} at {address}").format(name=welcome.name, address=address)
