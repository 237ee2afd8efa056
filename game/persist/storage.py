"""Settings and saved games on disk: JSON files written atomically, never a crash.

Files live in the user's config directory (settings) and data directory (saves), from
platformdirs; the environment variable `CONTACK_HOME` puts both under one base directory
instead (tests use a temporary one). A file that cannot be read or parsed is renamed
aside (`name.bad-<timestamp>`), a one-line notice is queued for the game to show, and
the caller gets its default.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

import platformdirs

from game.persist.atomic import write_text_atomically

APP_NAME = "contack"
HOME_VARIABLE = "CONTACK_HOME"
SETTINGS_FILE = "settings.json"
SAVED_GAME_FILE = "saved-game.contack.json"

THEME_NAMES = ("modern", "1939", "1962")
ANIMATION_SPEEDS = ("slow", "normal", "fast", "instant")


@dataclass
class Settings:
    """Every player-facing setting. Unknown keys of the file are kept in `extra`."""

    theme: str = "modern"
    colour_blind: bool = False
    volume: float = 0.7
    muted: bool = False
    animation_speed: str = "normal"
    fullscreen: bool = False
    handoff_banner: bool = True
    last_setup: dict[str, Any] | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Settings:
        """Settings from a parsed file; a key of the wrong type keeps its default."""
        settings = cls()
        known = {f.name for f in fields(cls)} - {"extra"}
        for key, value in data.items():
            if key not in known:
                settings.extra[key] = value
            elif _valid_setting(key, value):
                setattr(settings, key, float(value) if key == "volume" else value)
        return settings

    def to_dict(self) -> dict[str, Any]:
        """The dict written to the settings file (extra keys at top level)."""
        data = asdict(self)
        extra = data.pop("extra")
        return {**extra, **data}


def _valid_setting(key: str, value: Any) -> bool:
    if key == "theme":
        return value in THEME_NAMES
    if key == "animation_speed":
        return value in ANIMATION_SPEEDS
    if key == "volume":
        return isinstance(value, int | float) and not isinstance(value, bool) and 0 <= value <= 1
    if key == "last_setup":
        return value is None or isinstance(value, dict)
    return isinstance(value, bool)


class Storage:
    """Reads and writes the game's JSON files; collects notices about bad files."""

    def __init__(self, home: str | os.PathLike[str] | None = None) -> None:
        base = home if home is not None else os.environ.get(HOME_VARIABLE)
        if base:
            self.config_dir = Path(base)
            self.data_dir = Path(base)
        else:
            self.config_dir = Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))
            self.data_dir = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
        self.notices: list[str] = []

    def read_json(self, path: Path) -> Any | None:
        """The parsed contents of `path`, or None when missing or unreadable (set aside)."""
        try:
            with path.open(encoding="utf-8") as file:
                return json.load(file)
        except FileNotFoundError:
            return None
        except (OSError, ValueError):
            self._set_aside(path)
            return None

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
        """Rename a file found unusable after parsing (e.g. a save the rules refuse) aside."""
        self._set_aside(path, reason)

    def _set_aside(self, path: Path, reason: str = "") -> None:
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

    # Settings -----------------------------------------------------------------

    @property
    def settings_path(self) -> Path:
        return self.config_dir / SETTINGS_FILE

    def load_settings(self) -> Settings:
        """The saved settings, or defaults (with a notice when the file was bad)."""
        data = self.read_json(self.settings_path)
        if data is None:
            return Settings()
        if not isinstance(data, dict):
            self._set_aside(self.settings_path)
            return Settings()
        return Settings.from_dict(data)

    def save_settings(self, settings: Settings) -> bool:
        return self.write_json(self.settings_path, settings.to_dict())

    # Saved game ---------------------------------------------------------------

    @property
    def saved_game_path(self) -> Path:
        return self.data_dir / SAVED_GAME_FILE

    def has_saved_game(self) -> bool:
        return self.saved_game_path.is_file()

    def load_game(self) -> dict[str, Any] | None:
        """The saved game record, or None (a bad file is set aside with a notice)."""
        data = self.read_json(self.saved_game_path)
        if data is not None and not isinstance(data, dict):
            self._set_aside(self.saved_game_path)
            return None
        return data

    def save_game(self, record: dict[str, Any]) -> bool:
        return self.write_json(self.saved_game_path, record, every_move=True)

    def clear_game(self) -> None:
        self.saved_game_path.unlink(missing_ok=True)
