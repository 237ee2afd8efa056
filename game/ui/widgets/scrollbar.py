"""A scroll bar for lists longer than their box: drag the thumb, click the track to page."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui.painting import Ui
from game.ui.theme import PALETTE, Colour
from game.ui.widgets.controls import Widget


class ScrollBar(Widget):
    """A vertical scroll bar over `total` items of which `shown` fit, from `offset` on.

    The thumb's length is the visible share and its place the offset. Dragging the thumb,
    or clicking the track above or below it (a page), calls `on_scroll` with the new
    offset; the owner keeps the offset and hands it back with `set_range`. It is drawn
    (and used) only when something does not fit, and takes no keyboard focus: the list
    it scrolls has the keys.
    """

    focusable = False
    TRACK: Colour = (10, 30, 20)

    def __init__(self, on_scroll: Callable[[int], None]) -> None:
        super().__init__()
        self.on_scroll = on_scroll
        self.total = self.shown = self.offset = 0
        self.dragging = False
        self._grab = 0
        """Where in the thumb the pointer took it, while dragging."""

    def set_range(self, total: int, shown: int, offset: int) -> None:
        self.total, self.shown, self.offset = total, shown, offset
        if not self.needed:
            self.dragging = self.hovered = False

    @property
    def needed(self) -> bool:
        """True when not everything fits, so that there is something to scroll."""
        return self.total > self.shown > 0

    @property
    def most(self) -> int:
        """The largest offset: the last items shown."""
        return max(0, self.total - self.shown)

    @property
    def thumb(self) -> pygame.Rect:
        """The thumb's rect: the visible share of the track, at the offset's place."""
        if not self.needed:
            return self.rect.copy()
        length = round(self.rect.height * self.shown / self.total)
        length = min(self.rect.height, max(2 * self.rect.width, length))
        top = self.rect.y + round((self.rect.height - length) * self.offset / self.most)
        return pygame.Rect(self.rect.x, top, self.rect.width, length)

    def handle_mouse(self, event: pygame.Event) -> bool:
        if not (self.visible and self.enabled and self.needed):
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            self.hovered = self.rect.collidepoint(event.pos)
            return True
        if event.type == pygame.MOUSEMOTION and self.dragging:
            travel = self.rect.height - self.thumb.height
            if travel > 0:
                self._scroll(round((event.pos[1] - self._grab - self.rect.y) * self.most / travel))
            return True
        return super().handle_mouse(event)

    def click(self, pos: tuple[int, int]) -> None:
        thumb = self.thumb
        if pos[1] < thumb.top:
            self._scroll(self.offset - self.shown)
        elif pos[1] >= thumb.bottom:
            self._scroll(self.offset + self.shown)
        else:
            self.dragging = True
            self._grab = pos[1] - thumb.top

    def _scroll(self, offset: int) -> None:
        offset = max(0, min(self.most, offset))
        if offset != self.offset:
            self.offset = offset
            self.on_scroll(offset)

    def draw(self, surface: pygame.Surface, ui: Ui) -> None:
        if not (self.visible and self.needed):
            return
        pygame.draw.rect(surface, self.TRACK, self.rect, border_radius=self.rect.width // 2)
        inset = ui.px(2)
        thumb = self.thumb.inflate(-2 * inset, -2 * inset)
        lit = self.dragging or self.hovered
        pygame.draw.rect(
            surface,
            PALETTE.gold if lit else PALETTE.panel_edge,
            thumb,
            border_radius=thumb.width // 2,
        )
