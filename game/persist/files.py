"""Where the game's files live, JSON read and written safely, and the notices about them.

Files live in the user's config directory (settings) and data directory (saves, records,
history), from platformdirs; the environment variable `CONTACK_HOME` puts both under one
base directory instead (tests use a temporary one). A file that cannot be read or parsed
is renamed aside (`name.bad-<timestamp>`), a one-line notice is queued in `notices` for
the game to show, and the caller gets None (it then uses its default).
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any, Final

import platformdirs

from game.persist.atomic import write_text_atomically

APP_NAME: Final = "contack"
HOME_VARIABLE: Final = "CONTACK_HOME"


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
        self.notices: list[str] = []

    def take_notices(self) -> list[str]:
        """The notices queued so far (for the game to show); the queue is emptied."""
        notices, self.notices = self.notices, []
        return notices

    def read_json(self, path: Path) -> Any | None:
        """The parsed contents of `path`, or None when missing or unreadable (set aside)."""
        try:
            with path.open(encoding="utf-8") as file:
                return json.load(file)
        except FileNotFoundError:
            return None
        except (OSError, ValueError):
            self.set_aside(path)
            return None

    def read_object(self, path: Path, reason: str = "") -> dict[str, Any] | None:
        """A JSON object from `path`, or None when missing or unusable (set aside, with
        `reason` in the notice when the file parsed but is not an object)."""
        data = self.read_json(path)
        if data is not None and not isinstance(data, dict):
            self.set_aside(path, reason)
            return None
        return data

    def write_json(self, path: Path, data: Any, every_move: bool = False) -> bool:
        """Write `data` atomically (temp file + rename); False, with a notice, on failure.

        Files written `every_move` (the autosave) are compact and skip waiting for the
        disk, so that saving never stalls a frame; a crash still leaves a whole file.
        """
        text = json.dumps(data, ensure_ascii=False, indent=None if every_move else 1)
        try:
            write_text_atomically(path, text, durable=not every_move)
        except OSError as error:
            self.notices.append(f"Could not save {path.name}: {error.strerror or error}")
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
        detail = f" ({reason})" if reason else ""
        try:
            os.replace(path, bad)
            self.notices.append(f"{path.name} could not be read{detail}; kept as {bad.name}.")
        except OSError:
            self.notices.append(f"{path.name} could not be read; using defaults.")
