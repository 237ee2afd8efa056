"""The player's settings (`settings.json` in the config directory)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any, Final, TypedDict
from urllib.parse import urlsplit

from game.i18n import LANGUAGES, _
from game.persist.files import GameFiles
from game.rules.errors import RulesError
from game.rules.record.entries import PlayerEntry
from game.rules.table_rules import TableRules

SETTINGS_FILE: Final = "settings.json"

THEME_NAMES: Final = ("modern", "1939", "1962")
LANGUAGE_CODES: Final = ("", *LANGUAGES)
"""The languages a player may choose; "" follows the system's language."""
EDITION_NAMES: Final = ("", "1939", "1962", "spanish")
"""The editions a player may choose; "" is none chosen: the game's own, modern one."""
ANIMATION_SPEEDS: Final = ("slow", "normal", "fast", "instant")
TEXT_SCALES: Final = {"normal": 1.0, "large": 1.25, "largest": 1.5}
"""Each text size a player may choose, and how much larger it draws words (and the
rows and buttons that hold them) than the normal size."""
WINNABLE_LIGHTS: Final = ("winnable", "every", "off")
"""Where the solitaires' "still winnable" light shows: on winnable deals only (daily
deals, and deals with "Winnable only" on), on every deal, or nowhere."""


CLUB_KEY: Final = re.compile(r"[A-Za-z0-9_-]{32,128}")  # untranslated: a pattern
"""What a player's key at a club is (docs/protocol.md "Players", `hello`)."""
CLUB_KEY_BYTES: Final = 48
"""The randomness of a key the game makes: 64 characters of `token_urlsafe`."""
CLUB_ADDRESS_LIMIT: Final = 200
"""The longest club server address kept."""

WINDOW_SIDES: Final = (200, 16384)
"""The least and most pixels of a remembered window side (a damaged value is dropped)."""


class TableSetupEntry(TypedDict):
    """The last table setup as the settings file keeps it."""

    count: int | None
    rules: Mapping[str, object]
    players: list[PlayerEntry]


@dataclass(frozen=True)
class TableSetup:
    """The table game the player set up last, read once from the settings file: how many
    seats, each seat's name and kind (every seat kept, so that fewer seats keep the
    others' names) and the rules."""

    count: int | None = None
    seats: tuple[tuple[str, str], ...] = ()
    """(name, kind) of each seat, as typed and chosen."""
    rules: TableRules = field(default_factory=TableRules)

    @classmethod
    def read(cls, data: object) -> TableSetup | None:
        """The setup a settings file holds; a part of the wrong shape takes its default
        (None when it is not an object at all)."""
        if not isinstance(data, dict):
            return None
        count = data.get("count")
        players = data.get("players")
        seats = tuple(
            (str(p.get("name", "")), p["kind"] if isinstance(p.get("kind"), str) else "human")
            for p in (players if isinstance(players, list) else [])
            if isinstance(p, dict)
        )
        try:
            rules = TableRules.from_dict(data.get("rules", {}))
        except (RulesError, TypeError):
            rules = TableRules()
        return cls(count if type(count) is int else None, seats, rules)

    def to_data(self) -> TableSetupEntry:
        return {
            "count": self.count,
            "rules": self.rules.to_dict(),
            "players": [{"name": name, "kind": kind} for name, kind in self.seats],
        }


@dataclass
class Settings:
    """Every player-facing setting. Unknown keys of the file are kept in `extra`."""

    theme: str = "modern"
    language: str = ""
    """The language of the words on screen; "" follows the system's."""
    edition: str = ""
    """The edition last chosen as a whole (theme, language, options), or "" (none)."""
    colour_blind: bool = False
    volume: float = 0.7
    muted: bool = False
    animation_speed: str = "normal"
    text_size: str = "normal"
    """How large the words are drawn (`TEXT_SCALES`)."""
    fullscreen: bool = False
    window_size: list[int] | None = None
    """The window's size as the player last left it (None: sized from the screen)."""
    handoff_banner: bool = True
    coach_tips: bool = False
    """Live tips at the table: the coach says what a human's move missed."""
    spoken_board: bool = False
    """The system's voice says each move, whose turn it is, and what a player asks."""
    last_setup: TableSetup | None = None
    winnable_light: str = "winnable"
    """Where the solitaires' "still winnable" light shows (`WINNABLE_LIGHTS`)."""
    guided_game_offered: bool = False
    """Whether the guided first game has been offered (it is offered once, on the menu)."""
    club_server: str = ""
    """The address of the club's table server (ws:// or wss://); "" for none."""
    club_secret: str = field(default="", repr=False)
    """The player's secret, made once (`club_keys`): each club is told a key of its own
    made from it, never the secret; never shown (nor in this object's repr, which a log
    may print)."""
    club_key: str = field(default="", repr=False)
    """The one key the game told every club before each club had its own: now told only
    to the club that knew it (`club_key_club`), as the key its player moves from."""
    club_key_club: str = ""
    """The club (`club_identity`) that knew `club_key`: the club server of the settings
    that held that key before each club had its own."""
    club_own_keys: dict[str, str] = field(default_factory=dict, repr=False)
    """A key made at random for one club, by club (`club_identity`): this computer's key
    there once it was linked to a player of another computer or its key was replaced
    (docs/protocol.md "Your key on any computer"), told there instead of the one made
    from the secret; never shown."""
    extra: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Settings:
        """Settings from a parsed file; a key of the wrong type keeps its default."""
        settings = cls()
        known = {f.name for f in fields(cls)} - {"extra"}
        for key, value in data.items():
            if key not in known:
                settings.extra[key] = value
            elif key == "last_setup":
                settings.last_setup = TableSetup.read(value)
            elif _valid_setting(key, value):
                setattr(settings, key, float(value) if key == "volume" else value)
        if settings.club_key and "club_key_club" not in data:  # the club it was made for
            settings.club_key_club = club_identity(settings.club_server)
        return settings

    def to_dict(self) -> dict[str, Any]:
        """The dict written to the settings file (extra keys at top level)."""
        data = asdict(self)
        extra = data.pop("extra")
        data["last_setup"] = None if self.last_setup is None else self.last_setup.to_data()
        return {**extra, **data}


def _valid_setting(key: str, value: Any) -> bool:
    if key == "theme":
        return value in THEME_NAMES
    if key == "language":
        return value in LANGUAGE_CODES
    if key == "edition":
        return value in EDITION_NAMES
    if key == "animation_speed":
        return value in ANIMATION_SPEEDS
    if key == "winnable_light":
        return value in WINNABLE_LIGHTS
    if key == "text_size":
        return value in TEXT_SCALES
    if key == "volume":
        return isinstance(value, int | float) and not isinstance(value, bool) and 0 <= value <= 1
    if key == "club_server":
        return isinstance(value, str) and (not value or club_address_problem(value) is None)
    if key in ("club_key", "club_secret"):
        return isinstance(value, str) and CLUB_KEY.fullmatch(value) is not None
    if key == "club_key_club":
        return isinstance(value, str) and len(value) <= CLUB_ADDRESS_LIMIT
    if key == "club_own_keys":
        return isinstance(value, dict) and all(
            len(club) <= CLUB_ADDRESS_LIMIT and isinstance(own, str) and CLUB_KEY.fullmatch(own)
            for club, own in value.items()
        )
    if key == "window_size":
        return value is None or (
            isinstance(value, list)
            and len(value) == 2
            and all(
                type(side) is int and WINDOW_SIDES[0] <= side <= WINDOW_SIDES[1] for side in value
            )
        )
    return isinstance(value, bool)


def club_address_problem(text: str) -> str | None:
    """Why `text` is not a club server's address (ws://HOST[:PORT][/PATH] or wss://...),
    in one line; None when it is one."""
    try:
        parts = urlsplit(text)
        valid = parts.scheme in ("ws", "wss") and bool(parts.hostname) and parts.port != 0
    except ValueError:  # a port that is not a number below 65536
        valid = False
    if not valid:
        return _("A club server's address begins ws:// or wss:// and names its computer.")
    spaced = any(character.isspace() or not character.isprintable() for character in text)
    if len(text) > CLUB_ADDRESS_LIMIT or parts.query or parts.fragment or spaced:
        return _("That address has more in it than a club server's address.")
    return None


def club_identity(address: str) -> str:
    """The club a server's address names, written one way (scheme and computer in small
    letters, the port always, no closing slash): ws://Club.example and
    ws://club.example:80/ are one club. "" for no address."""
    if club_address_problem(address) is not None:
        return ""
    parts = urlsplit(address)
    host = parts.hostname or ""
    host = f"[{host}]" if ":" in host else host
    port = parts.port or (443 if parts.scheme == "wss" else 80)
    return f"{parts.scheme}://{host}:{port}{parts.path.rstrip('/')}"


def club_keys(settings: Settings, address: str) -> tuple[str, str]:
    """The player's key at the club at `address`, and the key to move from there ("":
    none). The key is the HMAC-SHA256 of the club (`club_identity`) under the player's
    secret (made now, into `settings` to be saved, when there is none yet): each club
    gets its own, and no club can work out the secret or another club's key from it. A
    key of the club's own (`club_own_keys`: linked, or replaced) is told instead."""
    if CLUB_KEY.fullmatch(settings.club_secret) is None:
        settings.club_secret = secrets.token_urlsafe(CLUB_KEY_BYTES)
    club = club_identity(address)
    own = settings.club_own_keys.get(club)
    if own is not None:
        return own, ""
    made = hmac.new(settings.club_secret.encode(), club.encode(), hashlib.sha256).digest()
    key = base64.urlsafe_b64encode(made).rstrip(b"=").decode()
    was = settings.club_key if settings.club_key and settings.club_key_club == club else ""
    return key, was


def new_club_key() -> str:
    """A new key at random for one club, kept (`keep_club_key`) once the club took it."""
    return secrets.token_urlsafe(CLUB_KEY_BYTES)


def keep_club_key(settings: Settings, address: str, key: str) -> None:
    """`key` is this computer's key at the club at `address` from now on."""
    settings.club_own_keys = {**settings.club_own_keys, club_identity(address): key}


def settings_path(files: GameFiles) -> Path:
    return files.config_dir / SETTINGS_FILE


def load_settings(files: GameFiles) -> Settings:
    """The saved settings, or defaults (with a notice when the file was bad)."""
    data = files.read_object(settings_path(files))
    return Settings() if data is None else Settings.from_dict(data)


def save_settings(files: GameFiles, settings: Settings) -> bool:
    """Write the settings atomically; False (with a notice) when the disk refuses."""
    return files.write_json(settings_path(files), settings.to_dict())
