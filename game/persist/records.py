"""Record files (`.contack.json`, docs/record.md) on disk: reading, checking and writing them,
the records folder, naming, saving and deleting records (the folder's listing is
`records_listing`). The rules only turn records into text and back
(`GameRecord.from_json` / `dumps`); the files are here."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any, Final

from game.i18n import N_
from game.persist.atomic import write_text_atomically
from game.persist.files import GameFiles, Notice, read_bounded
from game.rules.errors import RecordError
from game.rules.record.document import GameRecord
from game.rules.record.recorded_game import RecordedGame

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
    """Replay a record document (JSON values); `RecordError` when it is bad."""
    return RecordedGame.from_record(GameRecord.parse(data))


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
    if record.mode.is_solitaire:
        return False
    try:
        return not RecordedGame.from_record(record.copy()).is_over()
    except RecordError:
        return False
