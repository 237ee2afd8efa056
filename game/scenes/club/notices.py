"""Turn notices by e-mail, from Play online: the player gives the club an address, types
the code mailed to it to confirm it, and switches the notices on or off (the mails' stop
link switches them off too). It talks on the club screen's connection (`ClubSession`)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Final

import pygame

from game.i18n import N_, _
from game.net.club import ClubSession
from game.net.notice_messages import ADDRESS_LIMIT, NO_NOTICES, WRONG_CODE, notice_address
from game.scenes.base import Scene
from game.ui.painting import blit_text, draw_panel
from game.ui.text import fitted_lines, shrunk_text
from game.ui.theme import PALETTE
from game.ui.widgets.controls import Button, Toggle
from game.ui.widgets.rows import lay_out_row
from game.ui.widgets.text_field import TextField

if TYPE_CHECKING:
    from game.scenes.base import Services

CODE_LENGTH: Final = 6
NOT_AN_ADDRESS: Final = "not-an-address"
"""The screen's own refusal: what was typed is no address the club takes."""


def notice_refusal_words(code: str) -> str:
    """Why the club (or the screen) refused the last change, in the player's words (a
    `bad-message`: the screen checks what it sends as the club does, so the club is one
    before version 3, which knows no `notices`)."""
    words = {
        WRONG_CODE: _("That is not the code mailed to you: check it, or ask for a new one."),
        NO_NOTICES: _("This club sends no e-mail."),
        "bad-message": _("This club's server is older: it sends no e-mail."),
        "too-fast": _("A code was mailed a moment ago: wait a minute before asking again."),
        NOT_AN_ADDRESS: _("That is not an e-mail address the club can use."),
    }
    return words.get(code, _("The club refused that: try again."))


class NoticesScene(Scene):
    """The address, the code, the switch, and Back."""

    def __init__(self, services: Services, session: ClubSession) -> None:
        super().__init__(services)
        self.session = session
        self.address = self.form.add(
            TextField(N_("E-mail address"), "", self._typed, ADDRESS_LIMIT)
        )
        self.send = self.form.add(Button(N_("Mail me a code"), self.send_code, primary=True))
        self.code = self.form.add(TextField(N_("Code"), "", self._typed, CODE_LENGTH))
        self.confirm = self.form.add(Button(N_("Confirm"), self.confirm_code))
        self.switch = self.form.add(Toggle(N_("Turn notices"), True, self._switched))
        self.back = self.form.add(Button(N_("◀ Back"), services.pop))
        self.refusal = ""
        """The code of the last refusal ("": none)."""
        self.shown = -1
        """The session's answer about the notices the screen shows (the club's other
        answers, a lobby page, leave the screen's own refusal on it)."""
        self.panel = pygame.Rect(0, 0, 0, 0)
        session.ask_notices()

    def _typed(self, _text: str) -> None:
        self.refusal = ""

    def send_code(self) -> None:
        try:
            address = notice_address(self.address.text.strip())
        except ValueError:
            self.refusal = NOT_AN_ADDRESS
            return
        self.session.ask_notices(address=address)

    def confirm_code(self) -> None:
        if len(self.code.text) == CODE_LENGTH and self.code.text.isascii():
            self.session.ask_notices(code=self.code.text)
        else:
            self.refusal = WRONG_CODE

    def _switched(self, on: bool) -> None:
        self.session.ask_notices(on=on)

    def still_for(self) -> float:
        """The club's answers are news (from its connection)."""
        return math.inf

    def update(self, dt: float) -> None:
        session = self.session
        session.poll()
        if session.notice_answers == self.shown:
            return
        self.shown = session.notice_answers
        self.refusal = session.notice_refusal
        notices = session.notices
        self.switch.enabled = notices is not None and notices.confirmed
        if notices is not None:
            self.switch.value = notices.on
            if notices.address and not self.address.text:
                self.address.text = notices.address
            if notices.confirmed:
                self.code.text = ""

    def status_words(self) -> str:
        """Where the notices stand, or why the last change was refused."""
        if self.refusal:
            return notice_refusal_words(self.refusal)
        notices = self.session.notices
        if self.session.problem:
            return self.session.problem
        if notices is None:
            return _("Asking the club…")
        if not notices.address:
            return _("Give your address: a code is mailed to it, to confirm it is yours.")
        if not notices.confirmed:
            return _("A code was mailed to {address}: type it here.").format(
                address=notices.address
            )
        if notices.on:
            return _("Notices go to {address}.").format(address=notices.address)
        return _("Notices to {address} are off.").format(address=notices.address)

    def handle_event(self, event: pygame.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.form.focused is self.address:
                self.send_code()
                return True
            if self.form.focused is self.code:
                self.confirm_code()
                return True
        return self.form.handle_event(event)

    def resize(self, size: tuple[int, int]) -> None:
        ui = self.services.ui
        width = min(size[0] - ui.px(80), ui.px(720))
        row_h, gap = ui.px(46), ui.px(12)
        height = 3 * (row_h + gap) + ui.px(96 + 52 + 80)
        self.panel = pygame.Rect(0, 0, width + ui.px(48), height)
        self.panel.midtop = (size[0] // 2, max(ui.px(130), (size[1] - height) // 2 + ui.px(30)))
        left, y = self.panel.x + ui.px(24), self.panel.y + ui.px(96)
        field_w = width - ui.px(220) - gap
        for field, button in ((self.address, self.send), (self.code, self.confirm)):
            field.rect = pygame.Rect(left, y, field_w, row_h)
            button.rect = pygame.Rect(left + field_w + gap, y, ui.px(220), row_h)
            y += row_h + gap
        self.switch.rect = pygame.Rect(left, y, width, row_h)
        buttons = pygame.Rect(self.panel.x, self.panel.bottom - ui.px(70), self.panel.width, row_h)
        lay_out_row([self.back], buttons, ui.px(200), gap, ui)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.blit(self.services.felt(), (0, 0))
        ui = self.services.ui
        self.draw_title(surface, _("Turn notices by e-mail"), self.services.settings.club_server)
        draw_panel(surface, self.panel, ui, alpha=235)
        room = self.panel.width - ui.px(48)
        about = _(
            "The club mails you when a table that waits days is waiting for your move: "
            "at most once a table a day, with a link that stops them."
        )
        lines, size = fitted_lines(ui, about, 16, room, 3, height=ui.px(66))
        y = self.panel.y + ui.px(18)
        for line in lines:
            image = ui.text(line, size, PALETTE.text_dim)
            y = blit_text(surface, image, (self.panel.centerx, y), "midtop").bottom
        status = shrunk_text(ui, self.status_words(), 17, room, PALETTE.gold)
        status_y = self.switch.rect.bottom + ui.px(16)
        blit_text(surface, status, (self.panel.centerx, status_y), "midtop")
        self.form.draw(surface, ui)
