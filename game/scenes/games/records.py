"""Record files on screen: the records folder list and the dialog that saves a game
under a name (the files themselves are `game.persist.records`).

The list opens a file through the services: `open_record` resumes a game in progress in
its own screen or shows a finished one in the replay viewer (the router decides), and
Watch opens the "replay" screen; a file that cannot be read gives a one-line notice.
The folder is listed off the frame (`RecordsListing`): the rows show as they come.
The list sits in the "your games" frame (`GamesScene`, `RowList` in frame.py).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, overload

import pygame

from game.i18n import N_, _, format_number
from game.persist.records import (
    NAME_LENGTH,
    RECORD_SUFFIX,
    RecordSaveError,
    check_record,
    dated_name,
    delete_record,
    read_recorded_game,
    records_dir,
    save_named_record,
)
from game.persist.records_listing import RecordFile, RecordsListing
from game.rules.errors import RecordError
from game.rules.record.document import GameRecord
from game.scenes.base import Scene
from game.scenes.dialog import ConfirmScene
from game.scenes.games.frame import GamesScene, RowList
from game.scenes.requests import ReplayRequest, Screen
from game.ui.painting import blit_text, dim, draw_panel
from game.ui.text import fit_text, shrunk_text
from game.ui.theme import PALETTE
from game.ui.widgets.controls import Button, same_size
from game.ui.widgets.text_field import TextField
from game.ui.words import MODE_TITLES, moment_words

if TYPE_CHECKING:
    from game.scenes.base import Services


# --- files ------------------------------------------------------------------------------


def _mode_words(file: RecordFile) -> str:
    title = _(MODE_TITLES.get(file.mode, file.mode))
    return _("{game}, in progress").format(game=title) if file.in_progress else title


def _row(file: RecordFile) -> list[str]:
    if not file.read:
        return [file.name, "…", "…", moment_words(file.saved)]  # untranslated: a mark
    return [file.name, _mode_words(file), file.players or _status(file), moment_words(file.saved)]


class FileRows(Sequence[list[str]]):
    """The list's rows, each worded when it first shows (a folder of thousands of
    records words only the rows on screen)."""

    def __init__(self, files: list[RecordFile]) -> None:
        self.files = files
        self._rows: dict[int, list[str]] = {}

    def __len__(self) -> int:
        return len(self.files)

    @overload
    def __getitem__(self, index: int) -> list[str]: ...

    @overload
    def __getitem__(self, index: slice) -> list[list[str]]: ...

    def __getitem__(self, index: int | slice) -> list[str] | list[list[str]]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        row = self._rows.get(index)
        if row is None:
            row = self._rows[index] = _row(self.files[index])
        return row

    def forget(self, indices: list[int]) -> None:
        """Word these rows again (their files were read)."""
        for index in indices:
            self._rows.pop(index, None)


def _status(file: RecordFile) -> str:
    if file.error:
        return _("Cannot be read")
    return _("In progress") if file.in_progress else _("Finished")


class RecordsScene(GamesScene):
    """The records folder: watch a record in the viewer, or resume one in progress."""

    tab = Screen.RECORDS

    def __init__(self, services: Services) -> None:
        super().__init__(services)
        self.listing = RecordsListing(services.storage, services.adviser)
        self.rows = FileRows(self.listing.files)
        self.list = RowList(
            ((N_("Name"), 0.25), (N_("Game"), 0.25), (N_("Players"), 0.3), (N_("Saved"), 0.2)),
            self.open_selected,
        )
        self.watch = self.form.add(Button(N_("Watch"), self.watch_selected, primary=True))
        self.resume_button = self.form.add(Button(N_("Resume"), self.resume_selected))
        self.delete = self.form.add(Button(N_("Delete"), self.delete_selected))

    def enter(self) -> None:
        self.update(0.0)
        super().enter()
        self.form.focus(self.back if self.listing.done and not self.files else self.watch)

    def resume(self) -> None:
        self.refresh()
        super().resume()

    def exit(self) -> None:
        super().exit()
        self.listing.cancel()

    @property
    def files(self) -> list[RecordFile]:
        return self.listing.files

    def refresh(self) -> None:
        """List the folder again (its listing kept on disk makes it quick)."""
        self.listing.cancel()
        self.listing = RecordsListing(self.services.storage, self.services.adviser)
        self.rows = FileRows(self.listing.files)
        self.update(0.0)

    def update(self, dt: float) -> None:
        changed = self.listing.poll()
        if not changed:
            return
        self.rows.forget(changed)
        dim = {i for i, f in enumerate(self.files) if f.error or not f.read}
        self.list.set_rows(self.rows, dim)
        self._update_buttons()

    def still_for(self) -> float:
        """Only input and the listing's batches (news from the worker) change it."""
        return math.inf

    def _update_buttons(self) -> None:
        chosen = self.chosen
        self.watch.enabled = chosen is not None and chosen.read and not chosen.error
        self.resume_button.enabled = chosen is not None and chosen.in_progress
        self.delete.enabled = chosen is not None

    @property
    def chosen(self) -> RecordFile | None:
        return self.files[self.list.selected] if self.files else None

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        ui = self.services.ui
        body = self.body
        self.list.layout(pygame.Rect(body.x, body.y, body.width, body.height - ui.px(40)), ui)
        right = size[0] - ui.px(32)
        for button in (self.delete, self.resume_button, self.watch):
            button.rect = pygame.Rect(0, 0, ui.px(150), ui.px(50))
            button.rect.topright = (right, self.back.rect.y)
            right = button.rect.x - ui.px(12)
        same_size([self.back, self.delete, self.resume_button, self.watch])

    def handle_event(self, event: pygame.Event) -> bool:
        used = self.list.handle_event(event) or self.form.handle_event(event)
        self._update_buttons()
        return used

    def open_selected(self, _index: int) -> None:
        chosen = self.chosen
        if chosen is not None and not chosen.error:
            self._open(chosen, resume=True)

    def _open(self, chosen: RecordFile, resume: bool) -> None:
        """Replay the chosen record or, if `resume` and it is in progress, play it on."""
        try:
            recorded = read_recorded_game(chosen.path)
        except RecordError as error:
            self.services.notify(
                _("Could not open {name}: {reason}").format(name=chosen.path.name, reason=error)
            )
            return
        if resume:
            self.services.open_record(recorded.record, chosen.name)
        else:
            self.services.open(ReplayRequest(record=recorded.record, title=chosen.name))

    def watch_selected(self) -> None:
        chosen = self.chosen
        if chosen is not None:
            self._open(chosen, resume=False)

    def resume_selected(self) -> None:
        chosen = self.chosen
        if chosen is not None:
            self._open(chosen, resume=True)

    def delete_selected(self) -> None:
        chosen = self.chosen
        if chosen is None:
            return

        def delete() -> None:
            notice = delete_record(chosen.path)
            if notice:
                self.services.notify(notice)
            self.refresh()

        name = fit_text(self.services.ui, chosen.name, 26, 380)
        self.services.push(
            ConfirmScene(
                self.services,
                _("Delete “{name}”?").format(name=name),
                delete,
                yes=_("Delete"),
                no=_("Keep"),
            )
        )

    def draw_body(self, surface: pygame.Surface) -> None:
        ui = self.services.ui
        listing = self.listing
        empty = _("Reading the records folder…")
        if listing.done:
            empty = _("No records yet: save a game as a record to see it here.")
        self.list.draw(surface, ui, empty)
        chosen = self.chosen
        if not listing.done and self.files:
            note = _("Reading the records: {read} of {count}…").format(
                read=format_number(listing.read_count), count=format_number(len(self.files))
            )
        elif chosen is None:
            note = _("Records are kept in {folder}").format(
                folder=records_dir(self.services.storage)
            )
        elif chosen.error:
            note = _("{name} cannot be read: {reason}").format(
                name=chosen.path.name, reason=_(chosen.error)
            )
        else:
            how = (
                _("Resume plays on from the last move; Watch replays it.")
                if chosen.in_progress
                else _("Watch replays it move by move.")
            )
            note = _("{status}. {how}").format(status=_status(chosen), how=how)
        blit_text(
            surface,
            shrunk_text(ui, note, 16, self.body.width, PALETTE.text_dim),
            (self.body.x, self.list.rect.bottom + ui.px(12)),
            "topleft",
        )


class SaveRecordScene(Scene):
    """A small dialog over the game: type a name, Save keeps the record under it."""

    overlay = True

    def __init__(self, services: Services, record: GameRecord, name: str = "") -> None:
        super().__init__(services)
        self.record = record
        self.field = self.form.add(
            TextField(
                N_("Record name"),
                name or new_record_name(record),
                lambda _text: None,
                max_length=NAME_LENGTH,
            )
        )
        self.save = self.form.add(Button(N_("Save"), self.save_now, primary=True))
        self.cancel = self.form.add(Button(N_("Cancel"), services.pop))
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.saved_path: Path | None = None

    def enter(self) -> None:
        super().enter()
        self.form.focus(self.field)

    def handle_event(self, event: pygame.Event) -> bool:
        if (
            event.type == pygame.KEYDOWN
            and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
            and self.form.focused is self.field
        ):
            self.save_now()
            return True
        return self.form.handle_event(event)

    def save_now(self) -> None:
        try:
            check_record(self.record)
        except RecordError as error:
            self.services.notify(
                _("This game cannot be saved as a record: {reason}").format(reason=error)
            )
            self.services.pop()
            return
        try:
            path = save_named_record(self.services.storage, self.record, self.field.text)
        except RecordSaveError as error:
            self.services.notify(error.notice)
            return
        self.saved_path = path
        self.services.notify(
            _("Saved as “{name}” in Records.").format(name=path.name.removesuffix(RECORD_SUFFIX))
        )
        self.services.pop()

    def resize(self, size: tuple[int, int]) -> None:
        ui = self.services.ui
        title = ui.font(26, "bold").size(_("Save this game as a record"))[0]  # large text
        width = min(size[0] - ui.px(32), max(ui.px(560), title + ui.px(64)))
        self.panel = pygame.Rect(0, 0, width, ui.px(250))
        self.panel.center = (size[0] // 2, size[1] // 2)
        self.field.rect = pygame.Rect(
            self.panel.x + ui.px(32),
            self.panel.y + ui.px(92),
            self.panel.width - ui.px(64),
            ui.px(48),
        )
        width, height, gap = ui.px(180), ui.px(52), ui.px(20)
        self.save.rect = pygame.Rect(0, 0, width, height)
        self.cancel.rect = pygame.Rect(0, 0, width, height)
        self.save.rect.bottomright = (self.panel.centerx - gap // 2, self.panel.bottom - ui.px(24))
        self.cancel.rect.bottomleft = (self.panel.centerx + gap // 2, self.panel.bottom - ui.px(24))

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        dim(surface, 140)
        ui = self.services.ui
        draw_panel(surface, self.panel, ui, alpha=245, border=PALETTE.gold_dark)
        blit_text(
            surface,
            shrunk_text(
                ui,
                _("Save this game as a record"),
                26,
                self.panel.width - ui.px(32),
                PALETTE.text,
                "bold",
            ),
            (self.panel.centerx, self.panel.y + ui.px(44)),
        )
        self.form.draw(surface, ui)


def new_record_name(record: GameRecord) -> str:
    """A name for a new record: the game and the date."""
    return dated_name(_(MODE_TITLES.get(record.mode, N_("Game"))))
