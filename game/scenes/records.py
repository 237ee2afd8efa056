"""Record files on screen: the records folder list, opening a file, and the dialog that
saves a game under a name (the files themselves are `game.persist.records`).

`open_record_file` is what `python main.py FILE` and the list use: a finished game opens
in the replay viewer, a game in progress is resumed, and a broken file gives a one-line
notice.

`GamesScene` is the frame shared by the three "your games" screens (records, history,
statistics): a title, tabs to switch between them and a Back button. `RowList` is the
scrollable, selectable table (with a scroll bar when the rows do not fit) the records and
history screens show.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import pygame

from game.persist.history import check_record_dict, read_record
from game.persist.records import (
    RECORD_SUFFIX,
    RecordFile,
    RecordSaveError,
    clean_name,
    is_in_progress,
    list_records,
    records_dir,
    save_named_record,
)
from game.rules.record import GameRecord, RecordError
from game.scenes.base import Scene
from game.scenes.dialog import ConfirmScene
from game.scenes.replay import MODE_TITLES, ReplayScene
from game.ui.theme import PALETTE
from game.ui.widgets import Button, ScrollBar, TextField, Ui, blit_text, dim, draw_panel

if TYPE_CHECKING:
    from game.app import App

NAME_LENGTH: Final = 40
_UNSAFE: Final = re.compile(r"[^\w \-()',.!&+]")


# --- files ------------------------------------------------------------------------------


def open_record_file(app: App, path: str | Path) -> bool:
    """Open a record: a finished game in the viewer, a game in progress resumed.

    A file that cannot be read or replayed gives a one-line notice; False then.
    """
    name = Path(path).name
    try:
        recorded = read_record(path)
    except RecordError as error:
        app.notify(f"Could not open {name}: {error}")
        return False
    if is_in_progress(recorded.record.data):
        from game.scenes.menu import scene_for_record

        app.push(scene_for_record(app, recorded.record.data))
    else:
        app.push(ReplayScene(app, recorded.record, Path(path).name.removesuffix(RECORD_SUFFIX)))
    return True


def _mode_words(file: RecordFile) -> str:
    title = MODE_TITLES.get(file.mode, file.mode)
    return f"{title}, in progress" if file.in_progress else title


def _status(file: RecordFile) -> str:
    if file.error:
        return "Cannot be read"
    return "In progress" if file.in_progress else "Finished"


# --- a scrollable table of rows ---------------------------------------------------------


class RowList:
    """Rows of text in columns; click or Up/Down selects, the wheel or the scroll bar scrolls.

    The owner places it with `layout` (on every resize) and gives it rows with
    `set_rows`; the panel and each row's fitted texts are drawn then, once, so that
    `draw` only blits them.
    """

    def __init__(self, columns: Sequence[tuple[str, float]],
                 on_open: Callable[[int], None]) -> None:
        self.columns = list(columns)
        """(header, share of the width) per column."""
        self.rows: list[list[str]] = []
        self.dim: set[int] = set()
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
        self._cells: list[list[pygame.Surface]] = []
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
        self.row_height = ui.px(44)
        pad = ui.px(16)
        self._xs, x = [], rect.x + pad
        for _header, share in self.columns:
            self._xs.append(x)
            x += round((rect.width - 2 * pad) * share)
        width, top = ui.px(14), rect.y + self.row_height + ui.px(4)
        self.scrollbar.rect = pygame.Rect(rect.right - ui.px(10) - width, top, width,
                                          rect.bottom - ui.px(12) - top)
        backdrop = pygame.Surface(rect.size, pygame.SRCALPHA)
        draw_panel(backdrop, backdrop.get_rect(), ui)
        line_y = self.row_height - ui.px(2)
        pygame.draw.line(backdrop, PALETTE.panel_edge, (pad, line_y), (rect.width - pad, line_y))
        self._backdrop = backdrop
        self._render_rows()

    def set_rows(self, rows: list[list[str]], dim: set[int] | None = None) -> None:
        self.rows = rows
        self.dim = dim or set()
        self._render_rows()

    def _render_rows(self) -> None:
        """Fit and render every row's texts (after a new layout or new rows)."""
        self.select(self.selected)
        ui = self._ui
        if ui is None:
            return
        self._rows_right = (self.scrollbar.rect.x - ui.px(6) if self.scrollbar.needed
                            else self.rect.right - ui.px(6))
        ends = [x - ui.px(10) for x in self._xs[1:]] + [self._rows_right - ui.px(10)]
        font = ui.font(17)
        self._cells = [[font.render(_fit(ui, cell, 17, end - x), True,
                                    PALETTE.text_dim if index in self.dim else PALETTE.text)
                        for cell, x, end in zip(row, self._xs, ends, strict=True)]
                       for index, row in enumerate(self.rows)]

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
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN,
                                                          pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            step = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -self.visible_rows,
                    pygame.K_PAGEDOWN: self.visible_rows}[event.key]
            self.select(self.selected + step)
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_to(self.top - event.y)
            return True
        if self.scrollbar.handle_mouse(event):
            return True
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                and self.rect.collidepoint(event.pos)):
            index = self.top + (event.pos[1] - self.rect.y - self.row_height) // self.row_height
            if (event.pos[1] >= self.rect.y + self.row_height and event.pos[0] < self._rows_right
                    and 0 <= index < len(self.rows)):
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
            blit_text(surface, ui.text(header, 16, PALETTE.gold, "bold"), (x, header_y),
                      "midleft")
        if not self.rows:
            blit_text(surface, ui.text(empty, 19, PALETTE.text_dim),
                      (self.rect.centerx, self.rect.y + self.row_height * 2))
            return
        last = min(len(self.rows), self.top + self.visible_rows)
        for slot, index in enumerate(range(self.top, last)):
            top = self.rect.y + self.row_height * (slot + 1)
            row_rect = pygame.Rect(self.rect.x + ui.px(6), top + 1,
                                   self._rows_right - self.rect.x - ui.px(6), self.row_height - 2)
            if index == self.selected:
                pygame.draw.rect(surface, PALETTE.button_hover, row_rect,
                                 border_radius=ui.px(8))
                pygame.draw.rect(surface, PALETTE.gold, row_rect, max(1, ui.px(2)),
                                 border_radius=ui.px(8))
            for text, x in zip(self._cells[index], self._xs, strict=True):
                blit_text(surface, text, (x, row_rect.centery), "midleft")
        if self.scrollbar.needed:
            shown = f"{self.top + 1}-{last} of {len(self.rows)}"
            blit_text(surface, ui.text(shown, 14, PALETTE.text_dim),
                      (self.rect.right - ui.px(16), header_y), "midright")
        self.scrollbar.draw(surface, ui)


def _fit(ui: Ui, text: str, size: float, room: int) -> str:
    """`text`, cut with an ellipsis to fit `room` pixels."""
    font = ui.font(size)
    if font.size(text)[0] <= room:
        return text
    while text and font.size(text + "…")[0] > room:
        text = text[:-1]
    return text + "…"


# --- the "your games" screens -----------------------------------------------------------

TABS: Final = (("records", "Records"), ("history", "History"), ("stats", "Statistics"))


def games_scene(app: App, tab: str) -> Scene:
    """The records, history or statistics screen."""
    if tab == "history":
        from game.scenes.history_list import HistoryScene

        return HistoryScene(app)
    if tab == "stats":
        from game.scenes.stats import StatsScene

        return StatsScene(app)
    return RecordsScene(app)


class GamesScene(Scene):
    """Title, tabs (records, history, statistics) and Back; subclasses fill the body."""

    tab = "records"
    title = "Your games"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.tabs = {key: Button(label, self._switcher(key), primary=key == self.tab)
                     for key, label in TABS}
        for button in self.tabs.values():
            self.form.add(button)
        self.back = self.form.add(Button("◀ Menu", app.pop))
        self.body = pygame.Rect(0, 0, 0, 0)

    def _switcher(self, key: str) -> Callable[[], None]:
        def switch() -> None:
            if key != self.tab:
                self.app.replace(games_scene(self.app, key))

        return switch

    def resize(self, size: tuple[int, int]) -> None:
        ui = self.app.ui
        width, height = size
        margin = ui.px(32)
        tab_w, tab_h, gap = ui.px(170), ui.px(44), ui.px(10)
        left = (width - (len(self.tabs) * tab_w + (len(self.tabs) - 1) * gap)) // 2
        for index, button in enumerate(self.tabs.values()):
            button.rect = pygame.Rect(left + index * (tab_w + gap), ui.px(96), tab_w, tab_h)
        self.back.rect = pygame.Rect(margin, height - ui.px(74), ui.px(150), ui.px(50))
        self.body = pygame.Rect(margin, ui.px(158), width - 2 * margin,
                                height - ui.px(158) - ui.px(90))

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.blit(self.app.felt(), (0, 0))
        ui = self.app.ui
        blit_text(surface, ui.text(self.title, 40, (240, 214, 150), "title"),
                  (surface.get_width() // 2, ui.px(24)), "midtop")
        self.draw_body(surface)
        self.form.draw(surface, ui)

    def draw_body(self, surface: pygame.Surface) -> None:
        """The screen's own contents, inside `self.body`."""


class RecordsScene(GamesScene):
    """The records folder: watch a record in the viewer, or resume one in progress."""

    tab = "records"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.files: list[RecordFile] = []
        self.list = RowList((("Name", 0.3), ("Game", 0.17), ("Players", 0.28), ("Saved", 0.25)),
                            self.open_selected)
        self.watch = self.form.add(Button("Watch", self.watch_selected, primary=True))
        self.resume_button = self.form.add(Button("Resume", self.resume_selected))
        self.delete = self.form.add(Button("Delete", self.delete_selected))

    def enter(self) -> None:
        self.refresh()
        super().enter()
        self.form.focus(self.watch if self.files else self.back)

    def resume(self) -> None:
        self.refresh()
        super().resume()

    def refresh(self) -> None:
        self.files = list_records(self.app.storage)
        self.list.set_rows([[f.name, _mode_words(f), f.players or _status(f), f.saved]
                            for f in self.files],
                           {i for i, f in enumerate(self.files) if f.error})
        self._update_buttons()

    def _update_buttons(self) -> None:
        chosen = self.chosen
        self.watch.enabled = chosen is not None and not chosen.error
        self.resume_button.enabled = chosen is not None and chosen.in_progress
        self.delete.enabled = chosen is not None

    @property
    def chosen(self) -> RecordFile | None:
        return self.files[self.list.selected] if self.files else None

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        ui = self.app.ui
        body = self.body
        self.list.layout(pygame.Rect(body.x, body.y, body.width, body.height - ui.px(40)), ui)
        right = size[0] - ui.px(32)
        for button in (self.delete, self.resume_button, self.watch):
            button.rect = pygame.Rect(0, 0, ui.px(150), ui.px(50))
            button.rect.topright = (right, self.back.rect.y)
            right = button.rect.x - ui.px(12)

    def handle_event(self, event: pygame.Event) -> bool:
        used = self.list.handle_event(event) or self.form.handle_event(event)
        self._update_buttons()
        return used

    def open_selected(self, _index: int) -> None:
        chosen = self.chosen
        if chosen is not None and not chosen.error:
            open_record_file(self.app, chosen.path)

    def watch_selected(self) -> None:
        chosen = self.chosen
        if chosen is None:
            return
        try:
            recorded = read_record(chosen.path)
        except RecordError as error:
            self.app.notify(f"Could not open {chosen.path.name}: {error}")
            return
        self.app.push(ReplayScene(self.app, recorded.record, chosen.name))

    def resume_selected(self) -> None:
        chosen = self.chosen
        if chosen is not None:
            open_record_file(self.app, chosen.path)

    def delete_selected(self) -> None:
        chosen = self.chosen
        if chosen is None:
            return

        def delete() -> None:
            try:
                chosen.path.unlink()
            except OSError as error:
                self.app.notify(f"Could not delete {chosen.path.name}: {error.strerror}")
            self.refresh()

        self.app.push(ConfirmScene(self.app, f"Delete “{_fit(self.app.ui, chosen.name, 26, 380)}”?",
                                   delete, yes="Delete", no="Keep"))

    def draw_body(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        self.list.draw(surface, ui, "No records yet: save a game as a record to see it here.")
        chosen = self.chosen
        if chosen is None:
            note = f"Records are kept in {records_dir(self.app.storage)}"
        elif chosen.error:
            note = f"{chosen.path.name} cannot be read: {chosen.error}"
        else:
            note = f"{_status(chosen)}. " + ("Resume plays on from the last move; Watch replays it."
                                           if chosen.in_progress else "Watch replays it move "
                                           "by move.")
        text = _fit(ui, note, 16, self.body.width)
        blit_text(surface, ui.text(text, 16, PALETTE.text_dim),
                  (self.body.x, self.list.rect.bottom + ui.px(12)), "topleft")


class SaveRecordScene(Scene):
    """A small dialog over the game: type a name, Save keeps the record under it."""

    overlay = True

    def __init__(self, app: App, record: dict[str, Any], name: str = "") -> None:
        super().__init__(app)
        self.record = record
        self.field = self.form.add(TextField("Record name", name or default_name(record),
                                             lambda _text: None, max_length=NAME_LENGTH))
        self.save = self.form.add(Button("Save", self.save_now, primary=True))
        self.cancel = self.form.add(Button("Cancel", app.pop))
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.saved_path: Path | None = None

    def enter(self) -> None:
        super().enter()
        self.form.focus(self.field)
        pygame.key.start_text_input()

    def exit(self) -> None:
        pygame.key.stop_text_input()

    def handle_event(self, event: pygame.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and self.form.focused is self.field:
            self.save_now()
            return True
        return self.form.handle_event(event)

    def save_now(self) -> None:
        try:
            check_record_dict(self.record)
        except RecordError as error:
            self.app.notify(f"This game cannot be saved as a record: {error}")
            self.app.pop()
            return
        try:
            path = save_named_record(self.app.storage, GameRecord(self.record), self.field.text)
        except RecordSaveError as error:
            self.app.notify(str(error))
            return
        self.saved_path = path
        self.app.notify(f"Saved as “{path.name.removesuffix(RECORD_SUFFIX)}” in Records.")
        self.app.pop()

    def resize(self, size: tuple[int, int]) -> None:
        ui = self.app.ui
        self.panel = pygame.Rect(0, 0, ui.px(560), ui.px(250))
        self.panel.center = (size[0] // 2, size[1] // 2)
        self.field.rect = pygame.Rect(self.panel.x + ui.px(32), self.panel.y + ui.px(92),
                                      self.panel.width - ui.px(64), ui.px(48))
        width, height, gap = ui.px(180), ui.px(52), ui.px(20)
        self.save.rect = pygame.Rect(0, 0, width, height)
        self.cancel.rect = pygame.Rect(0, 0, width, height)
        self.save.rect.bottomright = (self.panel.centerx - gap // 2, self.panel.bottom - ui.px(24))
        self.cancel.rect.bottomleft = (self.panel.centerx + gap // 2,
                                       self.panel.bottom - ui.px(24))

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        dim(surface, 140)
        ui = self.app.ui
        draw_panel(surface, self.panel, ui, alpha=245, border=PALETTE.gold_dark)
        blit_text(surface, ui.text("Save this game as a record", 26, PALETTE.text, "bold"),
                  (self.panel.centerx, self.panel.y + ui.px(44)))
        self.form.draw(surface, ui)


def default_name(record: dict[str, Any]) -> str:
    """A name for a new record: the game and the date."""
    title = MODE_TITLES.get(str(record.get("mode")), "Game")
    return clean_name(f"{title} {time.strftime('%Y-%m-%d %H%M')}")
