"""The last 50 games, newest first: date, game, players and result; open any in the viewer."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.persist.history import entry_record_path, load_history
from game.persist.records import read_recorded_game
from game.rules.record import RecordError
from game.scenes.games_frame import GamesScene, RowList
from game.ui.theme import PALETTE
from game.ui.widgets import Button, blit_text
from game.ui.words import MODE_TITLES, plural

if TYPE_CHECKING:
    from game.scenes.base import Services


class HistoryScene(GamesScene):
    """The history list; Watch (or a click on the chosen row) opens the game's record."""

    tab = "history"

    def __init__(self, services: Services) -> None:
        super().__init__(services)
        self.entries: list[dict[str, Any]] = []
        self.list = RowList((("Date", 0.2), ("Game", 0.17), ("Players", 0.33), ("Result", 0.3)),
                            lambda _index: self.watch_selected())
        self.watch = self.form.add(Button("Watch", self.watch_selected, primary=True))
        self.keep = self.form.add(Button("Save as record", self.keep_selected))

    def enter(self) -> None:
        self.entries = list(reversed(load_history(self.services.storage).games))
        for text in self.services.storage.take_notices():
            self.services.notify(text)
        self.list.set_rows([[e["date"], MODE_TITLES.get(e["mode"], e["mode"]),
                             ", ".join(str(p) for p in e["players"]), e["summary"]]
                            for e in self.entries])
        self.watch.enabled = self.keep.enabled = bool(self.entries)
        super().enter()
        self.form.focus(self.watch if self.entries else self.back)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        ui = self.services.ui
        self.list.layout(self.body, ui)
        self.watch.rect = pygame.Rect(0, 0, ui.px(150), ui.px(50))
        self.watch.rect.topright = (size[0] - ui.px(32), self.back.rect.y)
        self.keep.rect = pygame.Rect(0, 0, ui.px(210), ui.px(50))
        self.keep.rect.topright = (self.watch.rect.x - ui.px(12), self.back.rect.y)

    def handle_event(self, event: pygame.Event) -> bool:
        return self.list.handle_event(event) or self.form.handle_event(event)

    def _chosen_record(self) -> tuple[dict[str, Any], Any] | None:
        if not self.entries:
            return None
        entry = self.entries[self.list.selected]
        path = entry_record_path(self.services.storage, entry)
        try:
            return entry, read_recorded_game(path)
        except RecordError as error:
            self.services.notify(f"The record of this game could not be opened: {error}")
            return None

    def watch_selected(self) -> None:
        chosen = self._chosen_record()
        if chosen is not None:
            entry, recorded = chosen
            title = f"{MODE_TITLES.get(entry['mode'], 'Game')}, {entry['date']}"
            self.services.open("replay", record=recorded.record, title=title)

    def keep_selected(self) -> None:
        chosen = self._chosen_record()
        if chosen is not None:
            self.services.open("save-record", record=chosen[1].record.data)

    def draw_body(self, surface: pygame.Surface) -> None:
        ui = self.services.ui
        self.list.draw(surface, ui, "No finished games yet. Games appear here when they end.")
        if self.entries:
            shown = plural(len(self.entries), "game")
            blit_text(surface, ui.text(f"The last {shown} (up to 50 are kept)",
                                       16, PALETTE.text_dim),
                      (self.body.centerx, self.back.rect.centery), "center")
