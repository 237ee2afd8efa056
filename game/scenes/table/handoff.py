"""The hand-off panel: with two or more people at the table, it asks to pass the mouse to
the next player and keeps the log of every move since their last turn, which they can
scroll (nothing is dropped, however many computers played meanwhile). Only its Ready
button, Enter or Space hands the mouse over; a click elsewhere does nothing. While it
shows it takes every input but Escape (which leaves the table)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Final

import pygame

from game.i18n import N_, _
from game.rules.figure import Figure
from game.rules.lattice import Cell
from game.ui.board.board import Board
from game.ui.painting import Ui, blit_lines, blit_text, draw_panel
from game.ui.text import shrunk_text
from game.ui.theme import PALETTE
from game.ui.widgets.controls import Button
from game.ui.widgets.scrollbar import ScrollBar

LOG_LINE_PX: Final = 24
"""A log line's height (for a 1280x800 window)."""


class HandoffPanel:
    """The panel over the tray while the mouse waits for `name`; `ready` hands it over,
    `undo` lets the player who just moved take it back."""

    def __init__(self, ready: Callable[[], None], undo: Callable[[], None]) -> None:
        self.ready = Button(N_("Ready (Enter)"), ready, primary=True)
        self.hand_over = ready
        self.undo = undo
        self.scrollbar = ScrollBar(self._scroll_to)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.log = pygame.Rect(0, 0, 0, 0)
        self.left = pygame.Rect(0, 0, 0, 0)
        self.offset = 0
        self.lines: list[str] = []
        self.line_h = 0

    def show(self, area: pygame.Rect, ui: Ui, news: list[str]) -> None:
        """Lay the panel out over `area` with the log `news`; a longer log than before
        (a move was added) scrolls to its end, so the newest move is in view, and so
        does one whose end was in view (a larger text size shows fewer lines)."""
        self.panel = area.inflate(ui.px(8), ui.px(8))
        left_width = self.panel.width * 2 // 5 if news else self.panel.width
        self.left = pygame.Rect(self.panel.x, self.panel.y, left_width, self.panel.height)
        button_h = min(ui.px(44), self.panel.height // 3)
        self.ready.ui = ui
        self.ready.rect = pygame.Rect(0, 0, min(ui.px(220), left_width - ui.px(24)), button_h)
        self.ready.rect.midbottom = (self.left.centerx, self.left.bottom - ui.px(10))
        bar = ui.px(12)
        self.log = pygame.Rect(
            self.left.right + ui.px(8),
            self.panel.y + ui.px(8),
            self.panel.right - self.left.right - ui.px(24) - bar,
            self.panel.height - ui.px(16),
        )
        self.line_h = max(1, min(ui.text_room(LOG_LINE_PX), self.log.height))
        shown = max(1, self.log.height // self.line_h)
        if len(news) > len(self.lines) or self.offset >= self.scrollbar.most:
            self.offset = max(0, len(news) - shown)
        self.lines = list(news)
        self.offset = max(0, min(self.offset, len(self.lines) - shown))
        self.scrollbar.rect = pygame.Rect(
            self.log.right + ui.px(4), self.log.y, bar, self.log.height
        )
        self.scrollbar.set_range(len(self.lines), shown, self.offset)

    def _scroll_to(self, offset: int) -> None:
        self.offset = offset

    def handle_event(self, event: pygame.Event) -> bool:
        """The panel's mouse: the Ready button, the log's wheel and scroll bar. A click
        anywhere else is taken and does nothing (it must not reach the table). Its keys:
        Enter or Space hands the mouse over (as Ready does); U or Ctrl+Z lets the player
        who just moved take it back; only Escape gets through (to leave the table)."""
        if event.type == pygame.MOUSEWHEEL:
            bar = self.scrollbar
            self.offset = max(0, min(bar.most, self.offset - event.y * 3))
            bar.set_range(bar.total, bar.shown, self.offset)
            return True
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return (
                self.scrollbar.handle_mouse(event)
                or self.ready.handle_mouse(event)
                or (event.type != pygame.MOUSEMOTION)
            )
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_u, pygame.K_z):
            self.undo()
            return True
        if event.type == pygame.KEYDOWN and event.key in (
            pygame.K_RETURN,
            pygame.K_KP_ENTER,
            pygame.K_SPACE,
        ):
            self.hand_over()
            return True
        return event.type != pygame.KEYDOWN or event.key != pygame.K_ESCAPE

    def draw(self, surface: pygame.Surface, ui: Ui, name: str, undoer: str | None) -> None:
        """Pass the mouse to `name`, the log beside it; `undoer` names the player who may
        still take their move back."""
        draw_panel(surface, self.panel, ui, alpha=248, border=PALETTE.gold_dark)
        left = self.left
        room = left.width - ui.px(24)
        title = shrunk_text(
            ui, _("Pass to {name}").format(name=name), 34, room, PALETTE.gold, "title"
        )
        words = _("Click Ready or press Enter")
        if undoer is not None:
            words = _("Click Ready or press Enter ({name}: U takes back)").format(name=undoer)
        inset = ui.px(8)  # the panel's own margin (the panel is the tray's, grown by it)
        top = pygame.Rect(left.x, left.y + inset, left.width, self.ready.rect.top - left.y - inset)
        lines, size = ui.fitted(words, 15, room, height=top.height - title.get_height())
        blit_lines(
            surface, [title, *(ui.text(line, size, PALETTE.text_dim) for line in lines)], top.center
        )
        self.ready.draw(surface, ui)
        if not self.lines:
            return
        shown = self.lines[self.offset : self.offset + self.scrollbar.shown]
        y = self.log.y + (self.log.height - self.line_h * len(shown)) // 2
        for line in shown:
            blit_text(
                surface,
                shrunk_text(ui, line, 17, self.log.width, PALETTE.ivory),
                (self.log.x, y + self.line_h // 2),
                "midleft",
            )
            y += self.line_h
        self.scrollbar.draw(surface, ui)


def draw_placed_since(
    surface: pygame.Surface,
    board: Board,
    figure: Figure,
    placed_since: Mapping[int, Sequence[Cell]],
    watcher: int | None,
) -> None:
    """Outline every tile the others placed since `watcher` (the player at the mouse,
    or the one the hand-off waits for) last moved; the last tile keeps its own mark."""
    if watcher is None:
        return
    for cell in placed_since.get(watcher, []):
        if cell != figure.last_cell and cell in figure:
            board.marks.draw_outline(surface, cell, PALETTE.recent)
