"""The messages of protocol version 2 a client sends (docs/protocol.md "Version 2": players,
the lobby, chat, ratings, and what `create` adds), read into typed values.

A reader here raises `ValueError` with the one line that `game.net.messages` refuses the
frame with (`bad-message`): this module sits below it, which reads every frame and
hands it the version 2 parts.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from game.ai.players import LEVELS
from game.rules.seeds_names import NAME_LIMIT, cut_text, player_name
from game.rules.table_rules import MAX_PLAYERS, MIN_PLAYERS

KEY_PATTERN: Final = re.compile(r"[A-Za-z0-9_-]{32,128}")
"""A player's secret key (docs/protocol.md "Players"): made once by the game and kept."""
MAX_DAYS: Final = 14
"""The most days a table that waits gives each move."""
CHAT_LIMIT: Final = 200
"""The longest line of chat, in characters."""
DEFAULT_STAND_IN: Final = "greedy"
"""The level that plays a move whose days ran out, unless `create` names another."""
_CONTROLS: Final = frozenset({"Cc", "Cs"})
"""Control characters (line breaks included) and lone surrogates."""
_SEPARATORS: Final = frozenset({"Zl", "Zp"})
"""The line and paragraph separators (U+2028, U+2029)."""
_REFUSED_IN_CHAT: Final = _CONTROLS | _SEPARATORS
"""What no chat line holds: it is one line."""
BIDI_CONTROLS: Final = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
"""The marks, embeddings, overrides and isolates that turn text around (U+202E shows
"gg" written after it as "gg" read backwards): no chat line holds one."""
BLANK_LOOKING: Final = frozenset("\u115f\u1160\u2800\u3164\uffa0")
"""Letters and symbols drawn as nothing (Hangul fillers, the blank Braille pattern): a
line of them alone shows nothing."""

Pace = int | None
"""Days per move of a table that waits; None for a live table."""


def pace_json(days: Pace) -> object:
    """A pace as docs/protocol.md writes it: "live" or {"days": D}."""
    return "live" if days is None else {"days": days}


@dataclass(frozen=True)
class ClubOptions:
    """What `create` adds in version 2: listed in the lobby, rated, its pace, and the
    level that plays a move whose days ran out; and in version 3 whether its players may
    take a move back (None: unless rated)."""

    public: bool = False
    rated: bool = False
    days: Pace = None
    stand_in: str = DEFAULT_STAND_IN
    takebacks: bool | None = None

    @property
    def takebacks_allowed(self) -> bool:
        """Whether a player may ask to take back a move (by default, unless rated)."""
        return not self.rated if self.takebacks is None else self.takebacks


@dataclass(frozen=True)
class Hello:
    """Say who this connection is: `key` the player's secret, `name` as shown; `was`,
    the key the player said here before, to move from ("": none)."""

    name: str
    key: str
    was: str = ""


@dataclass(frozen=True)
class Mine:
    """Ask for a page of the player's unfinished tables: those after table `after` (None:
    the first page)."""

    after: str | None = None


LIVE: Final = "live"
WAITS: Final = "days"
"""The lobby's `pace` filter: live tables, or tables that wait days a move."""
LOBBY_PAGE_MOST: Final = 300
"""The most tables a lobby's page lists (and lists when no page is asked for): an entry
of seven seats with names of 24 characters each written as an escaped pair of surrogates
is under 3 KB, so a page stays within the 1 MiB of a server's frame (docs/protocol.md
"Transport")."""
BOARD_PAGE_MOST: Final = 100
"""The most players a ratings board's page lists (and lists when no page is asked for)."""
PAGE_NUMBER_MOST: Final = 100_000
"""The highest page number read (a page past the last is answered with the last)."""


@dataclass(frozen=True)
class ListPage:
    """Page `number` (1 the first) of `size` rows."""

    number: int
    size: int

    def to_data(self, most: int) -> dict[str, object]:
        """The page as a request's fields (none for the first page of `most` rows, which
        is what a request without them is answered)."""
        return {} if self == ListPage(1, most) else {"page": self.number, "per_page": self.size}


@dataclass(frozen=True)
class LobbyFilter:
    """Which of the lobby's tables to list: with at least `free` seats free, of
    `players` seats, rated or not, live or waiting (`pace`: `LIVE` or `WAITS`); None:
    any."""

    free: int = 1
    players: int | None = None
    rated: bool | None = None
    pace: str | None = None

    def to_data(self) -> dict[str, object]:
        """The filter as a `lobby` request's fields (only those that narrow it)."""
        data: dict[str, object] = {"free": self.free} if self.free > 1 else {}
        named = {"players": self.players, "rated": self.rated, "pace": self.pace}
        return data | {key: value for key, value in named.items() if value is not None}


@dataclass(frozen=True)
class LobbyRequest:
    """Ask for a page of the lobby's tables that pass `filter`, and follow it (`follow`)
    or stop following it."""

    follow: bool = True
    filter: LobbyFilter = LobbyFilter()
    page: ListPage = ListPage(1, LOBBY_PAGE_MOST)

    def to_data(self) -> dict[str, object]:
        """The request as a `lobby` message's fields (only those that are not defaults,
        so that a plain request is the message a client before filters sent)."""
        follow: dict[str, object] = {} if self.follow else {"follow": False}
        return {
            "type": "lobby",
            **follow,
            **self.filter.to_data(),
            **self.page.to_data(LOBBY_PAGE_MOST),
        }


@dataclass(frozen=True)
class Say:
    """A line of chat at `table`."""

    table: str
    text: str


@dataclass(frozen=True)
class RatingsRequest:
    """Ask for a page of the ratings board, best first; `me`: the page the asking player
    is on (then `page.number` is not read)."""

    page: ListPage = ListPage(1, BOARD_PAGE_MOST)
    me: bool = False

    def to_data(self) -> dict[str, object]:
        """The request as a `ratings` message's fields (only those that are not
        defaults)."""
        me: dict[str, object] = {"me": True} if self.me else {}
        return {"type": "ratings", **self.page.to_data(BOARD_PAGE_MOST), **me}


ClubMessage = Hello | Mine | LobbyRequest | Say | RatingsRequest


def _flag(data: Mapping[str, object], key: str, default: bool) -> bool:
    value = data.get(key, default)
    if type(value) is not bool:
        raise ValueError(f"{key} must be true or false")
    return value


def read_days(value: object) -> Pace:
    """The pace a peer wrote ("live" or {"days": D}) (`ValueError` with one line when it is
    neither)."""
    if value == "live":
        return None
    days = value.get("days") if isinstance(value, dict) and len(value) == 1 else None
    if type(days) is not int or not 1 <= days <= MAX_DAYS:
        raise ValueError(f'pace must be "live" or {{"days": D}}, D from 1 to {MAX_DAYS}')
    return days


def _stand_in(value: object) -> str:
    if isinstance(value, str) and value.startswith("ai:") and value[3:] in LEVELS:
        return value[3:]
    levels = ", ".join("ai:" + level for level in LEVELS)
    raise ValueError(f"stand_in is one of {levels}, not {cut_text(repr(value))}")


def club_options(data: Mapping[str, object]) -> ClubOptions:
    """The version 2 options of a `create` (each missing one its default)."""
    return ClubOptions(
        public=_flag(data, "public", False),
        rated=_flag(data, "rated", False),
        days=read_days(data.get("pace", "live")),
        stand_in=_stand_in(data.get("stand_in", "ai:" + DEFAULT_STAND_IN)),
        takebacks=None if data.get("takebacks") is None else _flag(data, "takebacks", False),
    )


def _key(data: Mapping[str, object], field: str) -> str:
    key = data.get(field)
    if not isinstance(key, str) or KEY_PATTERN.fullmatch(key) is None:
        raise ValueError(f"{field} must be 32 to 128 letters, digits, '_' or '-'")
    return key


def _hello(data: Mapping[str, object]) -> Hello:
    key = _key(data, "key")
    was = "" if data.get("was") is None else _key(data, "was")
    name = data.get("name")
    if not isinstance(name, str) or not 1 <= len(name) <= NAME_LIMIT:
        raise ValueError(f"name must be text of 1 to {NAME_LIMIT} characters")
    shown = player_name(name, 0, fallback="")
    if not shown:
        raise ValueError("name must show something: it holds only invisible characters")
    return Hello(shown, key, was)


def chat_text(value: object) -> str:
    """A line of chat: 1 to `CHAT_LIMIT` characters, no control character, no line or
    paragraph separator, no bidirectional control, and something to see."""
    if not isinstance(value, str) or not 1 <= len(value) <= CHAT_LIMIT:
        raise ValueError(f"text must be 1 to {CHAT_LIMIT} characters")
    if any(unicodedata.category(c) in _REFUSED_IN_CHAT for c in value):
        raise ValueError("text must hold no control characters (a line of chat is one line)")
    if not BIDI_CONTROLS.isdisjoint(value):
        raise ValueError("text must hold no bidirectional controls (U+202E and its kind)")
    if not player_name("".join(c for c in value if c not in BLANK_LOOKING), 0, fallback=""):
        raise ValueError("text must show something: it holds only invisible characters")
    return value


def harmless(text: str) -> str:
    """A line of chat as a save kept it, made harmless: one kept before `chat_text`
    refused separators and bidirectional controls loses them (`ValueError` for a control
    character, which no line ever held)."""
    if any(unicodedata.category(c) in _CONTROLS for c in text):
        raise ValueError("a line of chat holds a control character")
    return "".join(
        c for c in text if unicodedata.category(c) not in _SEPARATORS and c not in BIDI_CONTROLS
    )


def _whole(data: Mapping[str, object], key: str, lowest: int, highest: int) -> int | None:
    """A whole number from `lowest` to `highest` (None: not given)."""
    if key not in data:
        return None
    value = data[key]
    if type(value) is not int or not lowest <= value <= highest:
        raise ValueError(f"{key} must be a whole number from {lowest} to {highest}")
    return value


def _page(data: Mapping[str, object], most: int) -> ListPage:
    """The page a request asks for: the first of `most` rows unless it says."""
    number = _whole(data, "page", 1, PAGE_NUMBER_MOST)
    size = _whole(data, "per_page", 1, most)
    return ListPage(1 if number is None else number, most if size is None else size)


def _lobby(data: Mapping[str, object]) -> LobbyRequest:
    free = _whole(data, "free", 1, MAX_PLAYERS - 1)
    rated = data.get("rated")
    if rated is not None and type(rated) is not bool:
        raise ValueError("rated must be true or false")
    pace = data.get("pace")
    if not (pace is None or (isinstance(pace, str) and pace in (LIVE, WAITS))):
        raise ValueError(f'pace must be "{LIVE}" or "{WAITS}"')
    players = _whole(data, "players", MIN_PLAYERS, MAX_PLAYERS)
    shown = LobbyFilter(1 if free is None else free, players, rated, pace)
    return LobbyRequest(_flag(data, "follow", True), shown, _page(data, LOBBY_PAGE_MOST))


def read_club_message(kind: str, table: str, data: Mapping[str, object]) -> ClubMessage:
    """The version 2 message of type `kind` (`table`: the code `say` names, or the one
    `mine` asks for the page after, read by the caller)."""
    if kind == "hello":
        return _hello(data)
    if kind == "mine":
        return Mine(table or None)
    if kind == "lobby":
        return _lobby(data)
    if kind == "say":
        return Say(table, chat_text(data.get("text")))
    return RatingsRequest(_page(data, BOARD_PAGE_MOST), _flag(data, "me", False))


CLUB_TYPES: Final = frozenset({"hello", "mine", "lobby", "say", "ratings"})
"""The types of message that version 2 adds."""
