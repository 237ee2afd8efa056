"""Record files (`.contack.json`, RECORD.md) on disk: reading and writing them, the
records folder and its listing, and saving a game under a name a player typed."""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Final

from game.persist.atomic import write_text_atomically
from game.rules.record import GameRecord, RecordError

if TYPE_CHECKING:
    from game.persist.storage import Storage

RECORDS_DIR: Final = "records"
FINISHED_DIR: Final = "finished"
RECORD_SUFFIX: Final = ".contack.json"
NAME_LENGTH: Final = 40
_UNSAFE: Final = re.compile(r"[^\w \-()',.!&+]")


class RecordSaveError(ValueError):
    """A record could not be saved under the name given (the message says why)."""


def load_record(path: str | Path) -> GameRecord:
    """Read and parse the record at `path`; `RecordError` (one line) when it is bad."""
    try:
        with open(path, "rb") as file:
            text = file.read()
    except OSError as error:
        raise RecordError(f"record: cannot read {path}: {error.strerror}") from None
    return GameRecord.from_json(text)


def write_record(record: GameRecord, path: str | Path) -> None:
    """Write `record` atomically (a temporary file renamed over the old one)."""
    write_text_atomically(path, record.dumps())


def records_dir(storage: Storage) -> Path:
    """The folder of named records (`<data dir>/records`)."""
    return storage.data_dir / RECORDS_DIR


def finished_dir(storage: Storage) -> Path:
    """The folder where finished games are kept for the history."""
    return records_dir(storage) / FINISHED_DIR


def clean_name(name: str) -> str:
    """A record name that is safe as a file name on every system."""
    cleaned = _UNSAFE.sub("", name).strip(" .")
    return re.sub(r"\s+", " ", cleaned)[:NAME_LENGTH]


def save_named_record(storage: Storage, record: GameRecord, name: str) -> Path:
    """Save `record` as `<records>/<name>.contack.json` (a new name if taken), atomically;
    `RecordSaveError` when the name is empty or the disk refuses."""
    stem = clean_name(name)
    if not stem:
        raise RecordSaveError("Give the record a name.")
    folder = records_dir(storage)
    path = folder / f"{stem}{RECORD_SUFFIX}"
    count = 1
    while path.exists():
        count += 1
        path = folder / f"{stem} {count}{RECORD_SUFFIX}"
    try:
        write_record(record, path)
    except OSError as error:
        raise RecordSaveError(f"Could not save the record: {error.strerror or error}") from None
    return path


def is_in_progress(data: dict[str, object]) -> bool:
    """True when the record's last hand has no result yet (it would resume)."""
    hands = data.get("hands")
    return not isinstance(hands, list) or not hands or not isinstance(hands[-1], dict) or (
        "result" not in hands[-1])


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


def list_records(storage: Storage) -> list[RecordFile]:
    """The records folder, newest first; broken files are listed with their error."""
    folder = records_dir(storage)
    files = sorted(folder.glob(f"*{RECORD_SUFFIX}"), key=_mtime, reverse=True)
    listed = []
    for path in files:
        saved = time.strftime("%Y-%m-%d %H:%M", time.localtime(_mtime(path)))
        entry = RecordFile(path, path.name.removesuffix(RECORD_SUFFIX), saved)
        try:
            record = load_record(path)
        except RecordError as error:
            entry.error = str(error)
        else:
            entry.mode = record.mode
            entry.players = ", ".join(str(p.get("name", "?")) for p in record.players)
            entry.in_progress = is_in_progress(record.data)
        listed.append(entry)
    return listed


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0
