"""Record files (`.contack.json`, RECORD.md) on disk: reading, checking and writing them,
the records folder and its listing, naming, saving and deleting records. The rules only
turn records into text and back (`GameRecord.from_json` / `dumps`); the files are here."""

from __future__ import annotations

import contextlib
import copy
import json
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from game.i18n import N_
from game.persist.atomic import write_text_atomically
from game.persist.files import GameFiles, Notice, read_bounded
from game.rules.errors import RecordError
from game.rules.record import TABLE, GameRecord, RecordedGame

RECORDS_DIR: Final = "records"
FINISHED_DIR: Final = "finished"
RECORD_SUFFIX: Final = ".contack.json"
NAME_LENGTH: Final = 40
RESERVED_NAMES: Final = frozenset(
    {"CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$"}
    | {f"{device}{n}" for device in ("COM", "LPT") for n in "0123456789¹²³"}
)
"""File names Windows keeps for devices (with any extension): never a record's."""
_UNSAFE: Final = re.compile(r"[^\w \-()',.!&+]")


class RecordSaveError(ValueError):
    """A record could not be saved under the name given; `notice` says why."""

    def __init__(self, notice: Notice) -> None:
        super().__init__(str(notice))
        self.notice = notice


def read_record(path: str | Path) -> GameRecord:
    """Read and parse the record at `path`; `RecordError` (one line) when it is bad."""
    try:
        text = read_bounded(path)
    except OSError as error:
        raise RecordError(f"record: cannot read {path}: {error.strerror or error}") from None
    return GameRecord.from_json(text)


def write_record(record: GameRecord, path: str | Path) -> None:
    """Write `record` atomically (a temporary file renamed over the old one)."""
    write_text_atomically(path, record.dumps())


def read_recorded_game(path: str | Path) -> RecordedGame:
    """Read the record at `path` and replay it; `RecordError` (one line) when it is bad."""
    return RecordedGame.from_record(read_record(path))


def check_record(record: GameRecord) -> RecordedGame:
    """Replay a record (a copy of it); `RecordError` when it is bad."""
    return RecordedGame.from_record(record.copy())


def check_record_dict(data: Any) -> RecordedGame:
    """Replay a parsed record document (a copy of it); `RecordError` when it is bad."""
    if not isinstance(data, dict):
        raise RecordError("record: not a JSON object")
    return RecordedGame.from_record(GameRecord(copy.deepcopy(data)))


def delete_record(path: Path) -> Notice | None:
    """Delete a record file; None when done, else a one-line notice saying why not."""
    try:
        path.unlink()
    except OSError as error:
        return Notice(
            N_("Could not delete {name}: {reason}"),
            {"name": path.name, "reason": error.strerror or str(error)},
        )
    return None


def records_dir(files: GameFiles) -> Path:
    """The folder of named records (`<data dir>/records`)."""
    return files.data_dir / RECORDS_DIR


def finished_dir(files: GameFiles) -> Path:
    """The folder where finished games are kept for the history."""
    return records_dir(files) / FINISHED_DIR


def clean_name(name: str) -> str:
    """A record name that is safe as a file name on every system."""
    cleaned = _UNSAFE.sub("", name).strip(" .")
    return re.sub(r"\s+", " ", cleaned)[:NAME_LENGTH]


def dated_name(title: str, now: float | None = None) -> str:
    """A name for a new record: the game's title and the date (`now`, else the time now)."""
    return clean_name(f"{title} {time.strftime('%Y-%m-%d %H%M', time.localtime(now))}")


def save_named_record(files: GameFiles, record: GameRecord, name: str) -> Path:
    """Save `record` as `<records>/<name>.contack.json` (a new name if taken), atomically;
    `RecordSaveError` when the name is empty or the disk refuses."""
    stem = clean_name(name)
    if not stem:
        raise RecordSaveError(Notice(N_("Give the record a name.")))
    if stem.split(".")[0].strip().upper() in RESERVED_NAMES:
        raise RecordSaveError(
            Notice(
                N_("“{name}” is a name the system keeps for itself; choose another."),
                {"name": stem},
            )
        )
    folder = records_dir(files)
    path = folder / f"{stem}{RECORD_SUFFIX}"
    count = 1
    while path.exists():
        count += 1
        path = folder / f"{stem} {count}{RECORD_SUFFIX}"
    try:
        write_record(record, path)
    except OSError as error:
        raise RecordSaveError(
            Notice(
                N_("Could not save the record: {reason}"), {"reason": error.strerror or str(error)}
            )
        ) from None
    return path


def is_in_progress(record: GameRecord) -> bool:
    """True when the game would resume: its last hand has no result yet, or a table game
    stopped between hands (replayed to tell, as only the rules know whether another hand
    is due)."""
    if not record.last_hand_ended:
        return True
    if record.mode != TABLE:
        return False
    try:
        return not RecordedGame.from_record(record.copy()).is_over()
    except RecordError:
        return False


@dataclass
class RecordFile:
    """One file of the records folder, read far enough to list it."""

    path: Path
    name: str
    saved: str
    mode: str = ""
    players: str = ""
    in_progress: bool = False
    error: str = ""


LISTING_FILE: Final = ".listing.json"
"""What the records folder's listing knows of each file (its size and time, and what the
list shows), so that a folder of thousands of records is not read again every visit."""


def list_records(files: GameFiles) -> list[RecordFile]:
    """The records folder, newest first; broken files are listed with their error. Only
    files new or changed since the last listing are read (see `LISTING_FILE`)."""
    folder = records_dir(files)
    known = _read_listing(folder / LISTING_FILE)
    listing: dict[str, dict[str, Any]] = {}
    listed = []
    for path in folder.glob(f"*{RECORD_SUFFIX}"):
        try:
            status = path.stat()
        except OSError:
            continue
        stamp = [status.st_mtime_ns, status.st_size]
        summary = known.get(path.name)
        if not isinstance(summary, dict) or summary.get("stamp") != stamp:
            summary = {"stamp": stamp, **_summary(path)}
        listing[path.name] = summary
        saved = time.strftime("%Y-%m-%d %H:%M", time.localtime(status.st_mtime))
        listed.append(
            (
                status.st_mtime,
                RecordFile(
                    path,
                    path.name.removesuffix(RECORD_SUFFIX),
                    saved,
                    str(summary.get("mode", "")),
                    str(summary.get("players", "")),
                    summary.get("in_progress") is True,
                    str(summary.get("error", "")),
                ),
            )
        )
    if listing != known:
        with contextlib.suppress(OSError):
            write_text_atomically(folder / LISTING_FILE, json.dumps(listing), durable=False)
    listed.sort(key=lambda pair: pair[0], reverse=True)
    return [entry for _time, entry in listed]


def _summary(path: Path) -> dict[str, Any]:
    """What the records list shows of one file (read and checked as far as it needs)."""
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
