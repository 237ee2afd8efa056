"""What a person typed or a machine chose that a record holds: seeds (deal numbers or
words) and players' names, read the same way by `check` and by the game."""

from __future__ import annotations

import random
import re
import unicodedata
from typing import Any, Final

from game.rules.errors import RecordError

SEED_DIGITS: Final = 18
"""The most digits of a numeric seed, and the most characters of a word seed."""
_SEED_WORD: Final = re.compile(rf"[A-Za-z0-9_.-]{{1,{SEED_DIGITS}}}")
_SEED_NUMBER: Final = re.compile(r"[+-]?[0-9]+")


def is_seed(value: object) -> bool:
    """Whether `value` may seed a game: a whole number of at most `SEED_DIGITS` digits
    (either sign), or a short word of ASCII letters, digits, `_`, `.` and `-`."""
    if type(value) is int:
        return abs(value) < 10**SEED_DIGITS
    return isinstance(value, str) and _SEED_WORD.fullmatch(value) is not None


def read_seed(text: str) -> int | str:
    """A seed as a person typed it (a number, else a word); `RecordError` when it is
    neither (`is_seed`)."""
    text = text.strip()
    seed: int | str = int(text) if _SEED_NUMBER.fullmatch(text) else text
    if not is_seed(seed):
        raise RecordError(
            f"a seed is a whole number of at most {SEED_DIGITS} digits or a "
            f"word of letters and digits, not {cut_text(text)!r}"
        )
    return seed


def cut_text(text: str, limit: int = 40) -> str:
    """`text` cut to `limit` characters with an ellipsis: an error line quotes what a
    person typed or a file held without repeating all of it."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


LARGEST_NEW_DEAL: Final = 999_999
"""New games' deal numbers have six digits at most: short to read out."""


def new_seed() -> int:
    """A fresh deal number for a new game (1 to `LARGEST_NEW_DEAL`)."""
    return random.SystemRandom().randrange(1, LARGEST_NEW_DEAL + 1)


HIDDEN_CATEGORIES: Final = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})
"""Characters no name shows: controls (NUL included), invisible format marks (U+200B,
U+202E, U+FEFF...), surrogates, private and unassigned."""
NAME_LIMIT: Final = 24
"""The most characters of a player's name shown."""


def player_name(name: object, seat: int, fallback: str = "Seat {number}") -> str:
    """A player's name as written in a record (`name`, of any JSON type), as the screens
    show it: control and format characters dropped, spaces trimmed, cut at `NAME_LIMIT`
    with an ellipsis; `fallback` with the seat's number when nothing visible is left (a
    record may hold anything there; a screen passes the words in the player's language)."""
    text = "".join(
        c
        for c in (name if isinstance(name, str) else "")[:1000]
        if unicodedata.category(c) not in HIDDEN_CATEGORIES
    ).strip()
    if len(text) > NAME_LIMIT:
        text = text[: NAME_LIMIT - 1].rstrip() + "…"
    if not any(unicodedata.category(c)[0] not in "ZM" for c in text):
        return fallback.format(number=seat + 1)
    return text


def trim_names(players: list[Any]) -> None:
    """Write each player's name as `player_name` shows it into a record's `players`, so
    that a game continued from a record with a huge or invisible name saves only what
    shows (an invisible one as "": each screen names that seat in its player's
    language)."""
    for seat, player in enumerate(players):
        if isinstance(player, dict):
            shown = player_name(player.get("name"), seat, fallback="")
            if player.get("name") != shown:
                player["name"] = shown
