"""The records folder's listing, made off the frame: the adviser (the game's worker
process; in-process in tests and tools) looks the folder over, then reads the files the
last listing does not know, a batch at a time, while the screen shows the rows as they
come. The listing is kept in the folder (`LISTING_FILE`, written atomically), so that a
folder of thousands of records is read once, not every visit."""

from __future__ import annotations

import contextlib
import json
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Final

from game.ai.worker import Adviser, Job
from game.i18n import N_
from game.persist.atomic import write_text_atomically
from game.persist.files import GameFiles, read_bounded
from game.persist.records import RECORD_SUFFIX, is_in_progress, read_record, records_dir
from game.rules.errors import RecordError

LISTING_FILE: Final = ".listing.json"
"""What the records folder's listing knows of each file (its size and time, and what the
list shows)."""
BATCH: Final = 40
"""Files read in one job: the rows fill in steps this big."""
IN_FLIGHT: Final = 2
"""Batches handed to the adviser at once (the rest wait their turn, so that a screen
left early leaves little to cancel)."""
NOT_READ: Final = N_("it could not be read now")

Summary = dict[str, Any]
"""What the list shows of one file: its mode, players and whether it is in progress, or
the error that stops it being read."""
Found = tuple[str, list[int], str, Summary | None]
"""A file of the folder: its name, stamp ([mtime in ns, size]), when it was saved, and
what the last listing knew of it (None: it changed since, or is new)."""


@dataclass(frozen=True, slots=True)
class RecordFile:
    """One file of the records folder, read far enough to list it."""

    folder: Path
    name: str
    """The file's name without its suffix, as the list shows it."""
    saved: str
    mode: str = ""
    players: str = ""
    in_progress: bool = False
    error: str = ""
    read: bool = True
    """False while the file is still being read (only its name and date are known)."""

    @property
    def path(self) -> Path:
        return self.folder / f"{self.name}{RECORD_SUFFIX}"


# --- the work (in the worker process, or in-process) ----------------------------------


def look_over(folder: str) -> tuple[list[Found], bool]:
    """The record files of `folder`, newest first, with what the last listing knew of
    each; and whether that listing knew exactly these files."""
    known = _read_listing(Path(folder) / LISTING_FILE)
    found: list[tuple[float, Found]] = []
    for path in Path(folder).glob(f"*{RECORD_SUFFIX}"):
        try:
            status = path.stat()
        except OSError:
            continue
        stamp = [status.st_mtime_ns, status.st_size]
        summary = known.get(path.name)
        if not isinstance(summary, dict) or summary.get("stamp") != stamp:
            summary = None
        saved = time.strftime("%Y-%m-%d %H:%M", time.localtime(status.st_mtime))
        found.append((status.st_mtime, (path.name, stamp, saved, summary)))
    found.sort(key=lambda pair: pair[0], reverse=True)
    files = [entry for _time, entry in found]
    whole = len(known) == len(files) and all(entry[3] is not None for entry in files)
    return files, whole


def summaries(folder: str, names: list[str]) -> list[Summary]:
    """What the list shows of each file of `names` (each read and checked as far as the
    list needs)."""
    return [_summary(Path(folder) / name) for name in names]


def keep_listing(folder: str, listing: dict[str, Summary]) -> None:
    """Write the folder's listing (atomically; a folder that refuses keeps none)."""
    with contextlib.suppress(OSError):
        write_text_atomically(Path(folder) / LISTING_FILE, json.dumps(listing), durable=False)


def _summary(path: Path) -> Summary:
    try:
        record = read_record(path)
    except RecordError as error:
        return {"error": str(error)}
    return {
        "mode": record.mode,
        "in_progress": is_in_progress(record),
        "players": ", ".join(record.names()),
    }


def _read_listing(path: Path) -> dict[str, Any]:
    """The last listing of the folder; empty when there is none or it is damaged."""
    try:
        listing = json.loads(read_bounded(path))
    except (OSError, ValueError, RecursionError):
        return {}
    return listing if isinstance(listing, dict) else {}


# --- the window's side ----------------------------------------------------------------


class RecordsListing:
    """The records folder being listed; `poll` once a frame takes in what was read."""

    def __init__(self, files: GameFiles, adviser: Adviser) -> None:
        self.folder = records_dir(files)
        self.adviser = adviser
        self.files: list[RecordFile] = []
        """Newest first, once the folder was looked over (rows still being read have
        `read` False)."""
        self.done = False
        self._looking: Job[tuple[list[Found], bool]] | None = adviser.submit(
            look_over, str(self.folder)
        )
        self._reading: list[tuple[list[int], Job[list[Summary]]]] = []
        """Each batch being read: the indices of its files, and the job."""
        self._waiting: list[list[int]] = []
        """The batches still to be read, each the indices of its files."""
        self._listing: dict[str, Summary] = {}
        self._whole = True

    @property
    def read_count(self) -> int:
        return sum(file.read for file in self.files)

    def poll(self) -> list[int]:
        """Take in what was read since the last call: the indices of `files` that
        changed (every one when the folder was just looked over)."""
        changed: list[int] = []
        looking = self._looking
        if looking is not None and looking.done():
            self._looking = None
            found, self._whole = looking.result() or ([], False)
            self._take_look(found)
            changed = list(range(len(self.files)))
        while True:
            self._hand_over()
            done = [pair for pair in self._reading if pair[1].done()]
            if not done:
                break
            for batch, job in done:
                self._take_read(batch, job.result())
                changed += batch
            self._reading = [pair for pair in self._reading if pair not in done]
        if not self.done and self._looking is None and not self._reading and not self._waiting:
            self.done = True
            if not self._whole:
                self.adviser.submit(keep_listing, str(self.folder), self._listing)
        return changed

    def _take_look(self, found: list[Found]) -> None:
        unread = []
        folder = self.folder
        for index, (name, stamp, saved, summary) in enumerate(found):
            stem = name.removesuffix(RECORD_SUFFIX)
            if summary is None:
                unread.append(index)
                self.files.append(RecordFile(folder, stem, saved, read=False))
            else:
                self.files.append(_listed(folder, stem, saved, summary))
            self._listing[name] = {"stamp": stamp, **(summary or {})}
        self._waiting = [unread[start : start + BATCH] for start in range(0, len(unread), BATCH)]

    def _hand_over(self) -> None:
        """Give the adviser the next batches, up to `IN_FLIGHT` at once."""
        while self._waiting and len(self._reading) < IN_FLIGHT:
            batch = self._waiting.pop(0)
            names = [self.files[index].name + RECORD_SUFFIX for index in batch]
            self._reading.append((batch, self.adviser.submit(summaries, str(self.folder), names)))

    def _take_read(self, batch: list[int], read: list[Summary] | None) -> None:
        if read is None or len(read) != len(batch):  # the worker died: said, read next time
            for index in batch:
                file = self.files[index]
                self.files[index] = replace(file, error=NOT_READ, read=True)
                del self._listing[file.name + RECORD_SUFFIX]
            return
        for index, summary in zip(batch, read, strict=True):
            file = self.files[index]
            self.files[index] = _listed(file.folder, file.name, file.saved, summary)
            self._listing[file.name + RECORD_SUFFIX].update(summary)

    def cancel(self) -> None:
        """The screen leaves: what is still to be read is not wanted."""
        for job in (self._looking, *(job for _first, job in self._reading)):
            if job is not None:
                job.cancel()
        self._looking, self._reading, self._waiting = None, [], []


def _listed(folder: Path, stem: str, saved: str, summary: Summary) -> RecordFile:
    """A file as the list shows it, from what was read of it."""
    return RecordFile(
        folder,
        stem,
        saved,
        str(summary.get("mode", "")),
        str(summary.get("players", "")),
        summary.get("in_progress") is True,
        str(summary.get("error", "")),
    )
