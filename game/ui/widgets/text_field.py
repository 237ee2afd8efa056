"""The text field: a line of text a player types (names, deal numbers, share codes),
with a caret, selection, the clipboard and the system's text input (IME)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import pygame

from game.i18n import _, ngettext
from game.ui.painting import Ui, blit_text
from game.ui.text import shrunk_text
from game.ui.theme import PALETTE
from game.ui.widgets.controls import Widget


def clipboard_text() -> str:
    """The text on the system clipboard ("" when there is none or no clipboard)."""
    try:
        return pygame.scrap.get_text()
    except pygame.error:
        return ""


def put_clipboard_text(text: str) -> bool:
    """Put `text` on the system clipboard; False when there is no clipboard."""
    try:
        pygame.scrap.put_text(text)
    except pygame.error:
        return False
    return True


class TextField(Widget):
    """A one-line text entry; focused by click or Tab, typed into with the keyboard. A
    click puts the caret at the character clicked; the arrows, Home and End move it;
    Ctrl+A selects everything, which what is typed next replaces; Ctrl+V pastes and
    Ctrl+C copies the whole text."""

    takes_text = True

    TEXT_SIZE: Final = 18

    def __init__(
        self, label: str, text: str, on_change: Callable[[str], None], max_length: int = 16
    ) -> None:
        super().__init__(label)
        self.text = text
        self.on_change = on_change
        self.max_length = max_length
        self._caret: int | None = None
        """Where typing goes (None: at the end)."""
        self.all_selected = False
        self.overflowed = False
        """The last typing was cut at `max_length` (the field says so)."""

    @property
    def caret(self) -> int:
        return len(self.text) if self._caret is None else min(self._caret, len(self.text))

    def _edit(self, text: str, caret: int) -> None:
        self.text, self._caret, self.all_selected = text, caret, False
        self.on_change(self.text)

    def click(self, pos: tuple[int, int]) -> None:
        """Put the caret at the character boundary nearest the click."""
        self.all_selected = False
        if self.ui is None:
            return
        font = self.ui.font(self.TEXT_SIZE)
        x = pos[0] - (self.rect.x + self.ui.px(10))
        edges = [font.size(self.text[:index])[0] for index in range(len(self.text) + 1)]
        self._caret = min(range(len(edges)), key=lambda index: abs(edges[index] - x))

    def handle_text(self, event: pygame.Event) -> bool:
        if event.type == pygame.TEXTINPUT:
            self.type_in(event.text)
            return True
        if (
            event.type == pygame.KEYDOWN
            and event.mod & pygame.KMOD_CTRL
            and event.key in (pygame.K_v, pygame.K_c)
        ):
            if event.key == pygame.K_v:
                self.type_in(clipboard_text()[:1000].split("\n")[0].strip())
            else:
                put_clipboard_text(self.text)
            return True
        return self._edit_key(event)

    def type_in(self, typed: str) -> None:
        """Insert `typed` at the caret (or over the selection), as far as there is room."""
        typed = "".join(ch for ch in typed if ch.isprintable())
        text, caret = ("", 0) if self.all_selected else (self.text, self.caret)
        room = max(0, self.max_length - len(text))
        self.overflowed = len(typed) > room
        typed = typed[:room]
        if typed:
            self._edit(text[:caret] + typed + text[caret:], caret + len(typed))

    def _edit_key(self, event: pygame.Event) -> bool:
        if event.type != pygame.KEYDOWN:
            return False
        key, caret = event.key, self.caret
        self.overflowed = False
        if key == pygame.K_a and event.mod & pygame.KMOD_CTRL:
            self.all_selected = bool(self.text)
        elif key == pygame.K_SPACE:
            pass  # the space itself arrives as TEXTINPUT
        elif key in (pygame.K_BACKSPACE, pygame.K_DELETE) and self.all_selected:
            self._edit("", 0)
        elif key == pygame.K_BACKSPACE:
            if caret:
                self._edit(self.text[: caret - 1] + self.text[caret:], caret - 1)
        elif key == pygame.K_DELETE:
            if caret < len(self.text):
                self._edit(self.text[:caret] + self.text[caret + 1 :], caret)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END):
            moves = {
                pygame.K_LEFT: caret - 1,
                pygame.K_RIGHT: caret + 1,
                pygame.K_HOME: 0,
                pygame.K_END: len(self.text),
            }
            self._caret = max(0, min(len(self.text), moves[key]))
            self.all_selected = False
        else:
            return False
        return True

    def draw(self, surface: pygame.Surface, ui: Ui) -> None:
        box = self.rect
        radius = ui.px(8)
        pygame.draw.rect(surface, (10, 30, 20), box, border_radius=radius)
        edge = (
            PALETTE.gold
            if self.focused
            else (PALETTE.text_dim if self.hovered else PALETTE.panel_edge)
        )
        pygame.draw.rect(surface, edge, box, max(1, ui.px(2)), border_radius=radius)
        left = box.x + ui.px(10)
        if self.text or self.focused:
            image = ui.text(self.text or " ", self.TEXT_SIZE, PALETTE.text)
        else:  # what to type, shrunk to the box (large text sizes)
            room = box.width - ui.px(20)
            image = shrunk_text(ui, _(self.label), self.TEXT_SIZE, room, PALETTE.text_dim)
        if self.focused and self.all_selected:
            mark = image.get_rect(midleft=(left, box.centery)).inflate(ui.px(4), ui.px(2))
            pygame.draw.rect(surface, PALETTE.gold_dark, mark, border_radius=ui.px(3))
        blit_text(surface, image, (left, box.centery), "midleft")
        if self.focused and self.overflowed:
            limit = ngettext(
                "{count} character at most", "{count} characters at most", self.max_length
            ).format(count=self.max_length)
            note = ui.text(limit, 14, PALETTE.penalty)
            blit_text(surface, note, (box.right - ui.px(8), box.bottom + ui.px(2)), "topright")
        if self.focused and not self.all_selected:
            x = left + ui.font(self.TEXT_SIZE).size(self.text[: self.caret])[0] + 1
            pygame.draw.line(
                surface,
                PALETTE.gold,
                (x, box.centery - ui.px(10)),
                (x, box.centery + ui.px(10)),
                max(1, ui.px(2)),
            )
