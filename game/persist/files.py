"""Where the game's files live, JSON read and written safely, and the notices about them.

Files live in the user's config directory (settings) and data directory (saves, records,
history), from platformdirs; the environment variable `CONTACK_HOME` puts both under one
base directory instead (tests use a temporary one). A file that cannot be read or parsed
is renamed aside (`name.bad-<timestamp>`), a one-line notice is queued in `notices` for
the game to show, and the caller gets None (it then uses its default).
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import stat
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

import platformdirs

from game.i18n import N_
from game.persist.atomic import write_text_atomically
from game.rules import jsontext
from game.rules.jsontext import MAX_BYTES

APP_NAME: Final = "contack"
HOME_VARIABLE: Final = "CONTACK_HOME"


@dataclass(frozen=True)
class Notice:
    """One line for the player about the files. `message` is English with `{fields}`,
    marked for the catalogue: the screens translate it, and each field that is itself a
    catalogue message (a reason given here), when they show it."""

    message: str
    fields: dict[str, str] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.message.format(**self.fields)


def read_bounded(path: str | os.PathLike[str], limit: int = MAX_BYTES) -> bytes:
    """The bytes of the regular file at `path` (a link is followed). Anything else (a
    pipe, a device, a folder) or a file over `limit` bytes raises `OSError` with a
    one-line reason, before it can hang the game or fill its memory."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    descriptor = os.open(path, flags)
    try:
        info = os.fstat(descriptor)
        if not stat.S_ISREG(info.st_mode):
            raise OSError(errno.EINVAL, N_("not a regular file"))
        if info.st_size > limit:
            raise OSError(errno.EFBIG, N_("too large to be a game file"))
        with os.fdopen(descriptor, "rb", closefd=False) as file:
            data = file.read(info.st_size + 1)  # not a buffer of `limit` for a small file
            if len(data) > info.st_size:  # it grew since
                data += file.read(limit + 1 - len(data))
    finally:
        os.close(descriptor)
    if len(data) > limit:
        raise OSError(errno.EFBIG, N_("too large to be a game file"))
    return data


class GameFiles:
    """The game's two folders; reads and writes their JSON files and collects notices."""

    def __init__(self, home: str | os.PathLike[str] | None = None) -> None:
        base = home if home is not None else os.environ.get(HOME_VARIABLE)
        if base:
            self.config_dir = Path(base)
            self.data_dir = Path(base)
        else:
            self.config_dir = Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))
            self.data_dir = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
        self.notices: list[Notice] = []
        self.achieved: list[str] = []
        """The keys of achievements earned and kept since the game last took them, for
        it to announce (`game.persist.achievements`)."""
        self.owed: dict[str, Callable[[], bool]] = {}
        """Writes the disk refused (full, read-only), by what they write: each tries again
        and says whether it is done (`pay_owed`). A later write of the same key replaces
        an earlier one."""

    def owe(self, key: str, write: Callable[[], bool]) -> None:
        """Keep `write`, which the disk refused, to try again later (`pay_owed`)."""
        self.owed[key] = write

    def pay_owed(self) -> None:
        """Try every write the disk refused again, oldest first, quietly (the player was
        told when each failed); once the last is done, say so."""
        if not self.owed:
            return
        told = len(self.notices)
        for key, write in list(self.owed.items()):
            if write():
                del self.owed[key]
        del self.notices[told:]
        if not self.owed:
            self.notices.append(Notice(N_("What could not be saved is saved now.")))

    def sweep_partial_writes(self) -> None:
        """Remove what writes cut short left behind (`.tmp-*.part`, from a game killed
        mid-write; the file it was writing is whole, old or new)."""
        folders = {
            self.config_dir,
            self.data_dir,
            self.data_dir / "records",
            self.data_dir / "records" / "finished",
        }
        for folder in folders:
            with contextlib.suppress(OSError):
                for leftover in folder.glob(".tmp-*.part"):
                    with contextlib.suppress(OSError):
                        leftover.unlink()

    def take_notices(self) -> list[Notice]:
        """The notices queued so far (for the game to show); the queue is emptied."""
        notices, self.notices = self.notices, []
        return notices

    def take_achieved(self) -> list[str]:
        """The achievements earned so far (for the game to announce); the queue is emptied."""
        achieved, self.achieved = self.achieved, []
        return achieved

    def read_json(self, path: Path) -> Any | None:
        """The parsed contents of `path`, or None when missing or unreadable (set aside)."""
        try:
            data = jsontext.parse(read_bounded(path))
            if data is None:
                self.set_aside(path, N_("it holds only null"))
            return data
        except FileNotFoundError:
            return None
        except OSError as error:
            self.set_aside(path, error.strerror or str(error))
            return None
        except ValueError as error:
            self.set_aside(path, str(error))
            return None

    def read_object(self, path: Path, reason: str = "") -> dict[str, Any] | None:
        """A JSON object from `path`, or None when missing or unusable (set aside, with
        `reason` in the notice when the file parsed but is not an object)."""
        data = self.read_json(path)
        if data is not None and not isinstance(data, dict):
            self.set_aside(path, reason)
            return None
        return data

    def read_versioned(
        self, path: Path, version: int, reason: str, older: tuple[int, ...] = ()
    ) -> dict[str, Any] | None:
        """A JSON object of our own `version` (or of an `older` one its reader migrates)
        from `path`, or None when missing or unusable (set aside with `reason`, as a
        file of another version is)."""
        data = self.read_object(path, reason)
        if data is not None and data.get("version") not in (version, *older):
            self.set_aside(path, reason)
            return None
        return data

    def write_json(self, path: Path, data: Any, every_move: bool = False) -> bool:
        """Write `data` atomically (temp file + rename); False, with a notice, on failure.

        Files written `every_move` (the autosave) are compact and skip waiting for the
        disk, so that saving never stalls a frame; a crash still leaves a whole file.
        """
        text = json.dumps(data, ensure_ascii=False, indent=None if every_move else 1)
        return self.write_text(path, text, every_move)

    def write_text(self, path: Path, text: str, every_move: bool = False) -> bool:
        """Write `text` as `write_json` writes its JSON."""
        try:
            write_text_atomically(path, text, durable=not every_move)
        except OSError as error:
            self.notices.append(
                Notice(
                    N_("Could not save {name}: {reason}"),
                    {"name": path.name, "reason": error.strerror or str(error)},
                )
            )
            return False
        return True

    def set_aside(self, path: Path, reason: str = "") -> None:
        """Rename an unusable file aside (`name.bad-<timestamp>`) with a notice saying so."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        bad = path.with_name(f"{path.name}.bad-{stamp}")
        count = 1
        while bad.exists():
            count += 1
            bad = path.with_name(f"{path.name}.bad-{stamp}-{count}")
        try:
            os.replace(path, bad)
        except OSError:
            self.notices.append(
                Notice(N_("{name} could not be read; using defaults."), {"name": path.name})
            )
            return
        names = {"name": path.name, "kept": bad.name}
        self.notices.append(
            Notice(
                N_("{name} could not be read ({reason}); kept as {kept}."),
                {**names, "reason": reason},
            )
            if reason
            else Notice(N_("{name} could not be read; kept as {kept}."), names)
        )
