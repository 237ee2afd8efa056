"""The last 50 games, newest first: date, game, players and result; open any in the viewer."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _, format_number, ngettext
from game.persist.history import HistoryEntry, entry_record_path, load_history
from game.persist.records import read_recorded_game
from game.play.solitaire_session import PLAYER as SOLITAIRE_PLAYER
from game.rules.errors import RecordError
from game.rules.modes import Mode
from game.rules.record.recorded_game import RecordedGame
from game.scenes.games.frame import GamesScene, RowList
from game.scenes.requests import ReplayRequest, SaveRecordRequest, Screen
from game.ui.painting import blit_text
from game.ui.text import shrunk_text
from game.ui.theme import PALETTE
from game.ui.widgets.controls import Button, same_size
from game.ui.words import MODE_TITLES, moment_words, names_words

if TYPE_CHECKING:
    from game.scenes.base import Services


def result_words(entry: HistoryEntry) -> tuple[str, ...]:
    """How a finished game ended, from the history entry's fields (the entry's English
    "summary" where an older entry lacks them): a table game's winners with every score,
    then with none (the list's words where the scores do not fit)."""
    players = entry.players
    if entry.scores is not None and entry.winners is not None:
        names = [players[s] for s in entry.winners if 0 <= s < len(players)]
        winners = names_words(names)
        return (
            _("{winners} won ({scores})").format(
                winners=winners, scores=", ".join(format_number(s) for s in entry.scores)
            ),
            ngettext("{winners} won", "{winners} won", len(names)).format(winners=winners),
        )
    if entry.won is True:
        return (_("Won, all 36 placed"),)
    if entry.placed is not None:
        return (_("Lost, {placed} of 36 placed").format(placed=entry.placed),)
    return (entry.summary,)


def players_words(entry: HistoryEntry) -> str:
    """The players of a finished game; a solitaire's player, stored under the record's
    own English name, is named in the player's language."""
    names = list(entry.players)
    if entry.mode != Mode.TABLE and names == [SOLITAIRE_PLAYER["name"]]:
        return _("Player")
    return ", ".join(names)


class HistoryScene(GamesScene):
    """The history list; Watch (or a click on the chosen row) opens the game's record."""

    tab = Screen.HISTORY

    def __init__(self, services: Services) -> None:
        super().__init__(services)
        self.entries: list[HistoryEntry] = []
        self.list = RowList(
            ((N_("Date"), 0.19), (N_("Game"), 0.22), (N_("Players"), 0.28), (N_("Result"), 0.31)),
            lambda _index: self.watch_selected(),
        )
        self.watch = self.form.add(Button(N_("Watch"), self.watch_selected, primary=True))
        self.keep = self.form.add(Button(N_("Save as record"), self.keep_selected))

    def enter(self) -> None:
        self.entries = list(reversed(load_history(self.services.storage).games))
        for text in self.services.storage.take_notices():
            self.services.notify(text)
        self.list.set_rows(
            [
                [
                    moment_words(e.date),
                    _(MODE_TITLES.get(e.mode, e.mode)),
                    players_words(e),
                    result_words(e),
                ]
                for e in self.entries
            ]
        )
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
        same_size([self.back, self.keep, self.watch])

    def handle_event(self, event: pygame.Event) -> bool:
        return self.list.handle_event(event) or self.form.handle_event(event)

    def _chosen_record(self) -> tuple[HistoryEntry, RecordedGame] | None:
        if not self.entries:
            return None
        entry = self.entries[self.list.selected]
        try:
            return entry, read_recorded_game(entry_record_path(self.services.storage, entry.file))
        except RecordError as error:
            self.services.notify(
                _("The record of this game could not be opened: {reason}").format(reason=error)
            )
            return None

    def watch_selected(self) -> None:
        chosen = self._chosen_record()
        if chosen is not None:
            entry, recorded = chosen
            title = _("{game}, {date}").format(
                game=_(MODE_TITLES.get(entry.mode, N_("Game"))), date=moment_words(entry.date)
            )
            self.services.open(ReplayRequest(record=recorded.record, title=title))

    def keep_selected(self) -> None:
        chosen = self._chosen_record()
        if chosen is not None:
            self.services.open(SaveRecordRequest(record=chosen[1].record))

    def draw_body(self, surface: pygame.Surface) -> None:
        ui = self.services.ui
        self.list.draw(surface, ui, _("No finished games yet. Games appear here when they end."))
        if self.entries:
            shown = ngettext(
                "The last game (up to 50 are kept)",
                "The last {count} games (up to 50 are kept)",
                len(self.entries),
            ).format(count=len(self.entries))
            left, right = self.back.rect.right, self.keep.rect.x  # between the buttons
            room = right - left - ui.px(24)
            blit_text(
                surface,
                shrunk_text(ui, shown, 16, room, PALETTE.text_dim),
                ((left + right) // 2, self.back.rect.centery),
                "center",
            )
