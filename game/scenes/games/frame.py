"""The frame of the "your games" screens (records, history, statistics, achievements): a
title, tabs to switch between them and a Back button (`GamesScene`), and the scrollable,
selectable table of rows the records and history screens show (`RowList`, with a scroll
bar when the rows do not fit)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

import pygame

from game.i18n import N_, _, ngettext
from game.scenes.base import Scene, Services
from game.scenes.requests import Screen
from game.ui.painting import Ui, blit_text, draw_panel
from game.ui.text import Said, fit_text, words_that_fit
from game.ui.theme import PALETTE
from game.ui.widgets.controls import Button
from game.ui.widgets.rows import lay_out_row
from game.ui.widgets.scrollbar import ScrollBar

# --- a scrollable table of rows ---------------------------------------------------------

ROW_KEYS: Final = (pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN)
"""The keys that pick a row of a `RowList`."""


def scrolled_top(event: pygame.Event, top: int, page: int, count: int) -> int | None:
    """Where the wheel, an arrow key, Page Up / Page Down or Home / End takes a list of
    `count` rows showing `page` of them from `top` on (None: `event` is none of them)."""
    if event.type == pygame.MOUSEWHEEL:
        return int(top - event.y)
    if event.type != pygame.KEYDOWN:
        return None
    return {
        pygame.K_UP: top - 1,
        pygame.K_DOWN: top + 1,
        pygame.K_PAGEUP: top - page,
        pygame.K_PAGEDOWN: top + page,
        pygame.K_HOME: 0,
        pygame.K_END: count,
    }.get(event.key)


Cell = str | Said
"""A row's text in one column: words, or the same said in ever fewer words."""


def fitted_cell(ui: Ui, cell: Cell, size: int, room: int) -> str:
    """`cell` as it fits `room` pixels: of a cell said in ever fewer words, the longest
    that fits (the shortest cut short where none does); a list of names ("Ann, Bob,
    Cleo") keeps the names that fit and says how many more there are; other words are
    cut short."""
    if isinstance(cell, tuple):
        return fit_text(ui, words_that_fit(ui, cell, size, room), size, room)
    font = ui.font(size)
    names = cell.split(", ")
    for keep in range(len(names) - 1, 0, -1) if font.size(cell)[0] > room else ():
        more = len(names) - keep
        words = ngettext("{names} and {count} more", "{names} and {count} more", more).format(
            names=", ".join(names[:keep]), count=more
        )
        if font.size(words)[0] <= room:
            return words
    return fit_text(ui, cell, size, room)


class RowList:
    """Rows of text in columns; click or Up/Down selects, the wheel or the scroll bar scrolls.

    The owner places it with `layout` (on every resize) and gives it rows with
    `set_rows`; the panel and each row's fitted texts are drawn then, once, so that
    `draw` only blits them.
    """

    def __init__(
        self, columns: Sequence[tuple[str, float]], on_open: Callable[[int], None]
    ) -> None:
        self.columns = list(columns)
        """(header, share of the width) per column."""
        self.rows: Sequence[Sequence[Cell]] = []
        self.dim: set[int] = set()
        self.marked: set[int] = set()
        """The rows picked out in gold (the player's own)."""
        self.first = 0
        """The place of the first row among all (a page of a longer list)."""
        self.total = 0
        """How many rows the whole list has (a page's or more)."""
        self.selected = 0
        self.top = 0
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.row_height = 40
        self.on_open = on_open
        self.scrollbar = ScrollBar(self.scroll_to)
        self._ui: Ui | None = None
        self._xs: list[int] = []
        """The left edge of each column."""
        self._backdrop: pygame.Surface | None = None
        """The panel and the line under the headers."""
        self._cells: dict[int, list[pygame.Surface]] = {}
        """Each drawn row's rendered cells, made when the row first shows (a list of
        thousands of records renders only the rows on screen)."""
        self._ends: list[int] = []
        """Each row's texts, cut to their columns."""
        self._rows_right = 0
        """Where the rows end: before the scroll bar when it is shown."""

    @property
    def visible_rows(self) -> int:
        return max(1, (self.rect.height - self.row_height) // self.row_height)

    def layout(self, rect: pygame.Rect, ui: Ui) -> None:
        """Place the table in `rect` at the interface scale of `ui`."""
        self._ui = ui
        self.rect = rect.copy()
        self.row_height = ui.text_room(44)
        pad = ui.px(16)
        self._xs, x = [], rect.x + pad
        for _header, share in self.columns:
            self._xs.append(x)
            x += round((rect.width - 2 * pad) * share)
        width, top = ui.px(14), rect.y + self.row_height + ui.px(4)
        self.scrollbar.rect = pygame.Rect(
            rect.right - ui.px(10) - width, top, width, rect.bottom - ui.px(12) - top
        )
        backdrop = pygame.Surface(rect.size, pygame.SRCALPHA)
        draw_panel(backdrop, backdrop.get_rect(), ui)
        line_y = self.row_height - ui.px(2)
        pygame.draw.line(backdrop, PALETTE.panel_edge, (pad, line_y), (rect.width - pad, line_y))
        self._backdrop = backdrop
        self._render_rows()

    def set_rows(
        self,
        rows: Sequence[Sequence[Cell]],
        dim: set[int] | None = None,
        marked: set[int] | None = None,
        page: tuple[int, int] | None = None,
    ) -> None:
        """The rows to show (read only as they come into view: a long list may word its
        rows lazily), those drawn dim and those picked out in gold; `page`: the rows are
        a page of a longer list, from place `page[0]` (0 the first) of `page[1]`."""
        self.rows = rows
        self.dim = dim or set()
        self.marked = marked or set()
        self.first, self.total = page or (0, len(rows))
        self._render_rows()

    def _render_rows(self) -> None:
        """Fit and render every row's texts (after a new layout or new rows)."""
        self.select(self.selected)
        ui = self._ui
        if ui is None:
            return
        self._rows_right = (
            self.scrollbar.rect.x - ui.px(6)
            if self.scrollbar.needed
            else self.rect.right - ui.px(6)
        )
        self._ends = [x - ui.px(10) for x in self._xs[1:]] + [self._rows_right - ui.px(10)]
        self._cells = {}

    def _row_cells(self, ui: Ui, index: int) -> list[pygame.Surface]:
        """Row `index`'s texts fitted to their columns and rendered (cached)."""
        cells = self._cells.get(index)
        if cells is None:
            colour = PALETTE.text_dim if index in self.dim else PALETTE.text
            colour = PALETTE.gold if index in self.marked else colour
            cells = []
            for cell, x, end in zip(self.rows[index], self._xs, self._ends, strict=True):
                fewest = cell[-1] if isinstance(cell, tuple) else cell
                size = round(ui.common_size([fewest], 17, end - x))  # large text sizes
                cells.append(ui.text(fitted_cell(ui, cell, size, end - x), size, colour))
            self._cells[index] = cells
        return cells

    def select(self, index: int) -> None:
        self.selected = max(0, min(len(self.rows) - 1, index))
        if self.selected < self.top:
            self.top = self.selected
        elif self.selected >= self.top + self.visible_rows:
            self.top = self.selected - self.visible_rows + 1
        self.scroll_to(self.top)

    def scroll_to(self, top: int) -> None:
        """Show the rows from `top` on (as far as there are rows to show)."""
        self.top = max(0, min(top, len(self.rows) - self.visible_rows))
        self.scrollbar.set_range(len(self.rows), self.visible_rows, self.top)

    def handle_event(self, event: pygame.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in ROW_KEYS:
            step = {
                pygame.K_UP: -1,
                pygame.K_DOWN: 1,
                pygame.K_PAGEUP: -self.visible_rows,
                pygame.K_PAGEDOWN: self.visible_rows,
            }[event.key]
            self.select(self.selected + step)
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_to(self.top - event.y)
            return True
        if self.scrollbar.handle_mouse(event):
            return True
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.rect.collidepoint(event.pos)
        ):
            index = self.top + (event.pos[1] - self.rect.y - self.row_height) // self.row_height
            if (
                event.pos[1] >= self.rect.y + self.row_height
                and event.pos[0] < self._rows_right
                and 0 <= index < len(self.rows)
            ):
                if index == self.selected:
                    self.on_open(index)
                self.select(index)
            return True
        return False

    def draw(self, surface: pygame.Surface, ui: Ui, empty: str) -> None:
        if self._backdrop is None:
            return
        surface.blit(self._backdrop, self.rect)
        header_y = self.rect.y + self.row_height // 2
        for (header, _share), x in zip(self.columns, self._xs, strict=True):
            drawn = blit_text(
                surface, ui.text(_(header), 16, PALETTE.gold, "bold"), (x, header_y), "midleft"
            )
        if not self.rows:
            blit_text(
                surface,
                ui.text(empty, 19, PALETTE.text_dim),
                (self.rect.centerx, self.rect.y + self.row_height * 2),
            )
            return
        last = min(len(self.rows), self.top + self.visible_rows)
        for slot, index in enumerate(range(self.top, last)):
            top = self.rect.y + self.row_height * (slot + 1)
            row_rect = pygame.Rect(
                self.rect.x + ui.px(6),
                top + 1,
                self._rows_right - self.rect.x - ui.px(6),
                self.row_height - 2,
            )
            if index == self.selected:
                pygame.draw.rect(surface, PALETTE.button_hover, row_rect, border_radius=ui.px(8))
                pygame.draw.rect(
                    surface, PALETTE.gold, row_rect, max(1, ui.px(2)), border_radius=ui.px(8)
                )
            for text, x in zip(self._row_cells(ui, index), self._xs, strict=True):
                blit_text(surface, text, (x, row_rect.centery), "midleft")
        if self.scrollbar.needed:
            shown = _("{first}-{last} of {count}").format(
                first=self.first + self.top + 1, last=self.first + last, count=self.total
            )
            room = self.rect.right - ui.px(16) - drawn.right - ui.px(12)
            size = ui.common_size([shown], 14, room)
            if ui.widest([shown], size) <= room:  # else the last header's words need it
                blit_text(
                    surface,
                    ui.text(shown, size, PALETTE.text_dim),
                    (self.rect.right - ui.px(16), header_y),
                    "midright",
                )
        self.scrollbar.draw(surface, ui)


# --- the "your games" screens -----------------------------------------------------------

TABS: Final = (
    (Screen.RECORDS, N_("Records")),
    (Screen.HISTORY, N_("History")),
    (Screen.STATS, N_("Statistics")),
    (Screen.ACHIEVEMENTS, N_("Achievements")),
)


class GamesScene(Scene):
    """Title, tabs (records, history, statistics, achievements) and Back; subclasses fill
    the body."""

    tab = Screen.RECORDS
    title = N_("Your games")

    def __init__(self, services: Services) -> None:
        super().__init__(services)
        self.tabs = {
            key: Button(label, self._switcher(key), primary=key == self.tab) for key, label in TABS
        }
        for button in self.tabs.values():
            self.form.add(button)
        self.back = self.form.add(Button(N_("◀ Menu"), services.pop))
        self.body = pygame.Rect(0, 0, 0, 0)

    def _switcher(self, key: Screen) -> Callable[[], None]:
        def switch() -> None:
            if key != self.tab:
                self.services.switch_to(key)

        return switch

    def resize(self, size: tuple[int, int]) -> None:
        ui = self.services.ui
        width, height = size
        margin = ui.px(32)
        tabs = pygame.Rect(margin, ui.px(96), width - 2 * margin, ui.px(44))
        lay_out_row(list(self.tabs.values()), tabs, ui.px(170), ui.px(10), ui)
        self.back.rect = pygame.Rect(margin, height - ui.px(74), ui.px(150), ui.px(50))
        self.body = pygame.Rect(
            margin, ui.px(158), width - 2 * margin, height - ui.px(158) - ui.px(90)
        )

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.blit(self.services.felt(), (0, 0))
        ui = self.services.ui
        blit_text(
            surface,
            ui.text(_(self.title), 40, (240, 214, 150), "title"),
            (surface.get_width() // 2, ui.px(24)),
            "midtop",
        )
        self.draw_body(surface)
        self.form.draw(surface, ui)

    def draw_body(self, surface: pygame.Surface) -> None:
        """The screen's own contents, inside `self.body`."""
