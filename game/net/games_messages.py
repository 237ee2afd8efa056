"""Protocol version 3, a player's finished games at the club: the requests `games` (a
page of the asker's games, newest first) and `game` (one finished game's whole record),
read by the server and written by the client (docs/protocol.md "Your games"). The
answers are `games_answers.py`'s."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from game.net.club_messages import PAGE_NUMBER_MOST, ListPage

GAMES_PAGE_MOST: Final = 50
"""The most games a page of `games` lists (and lists when no size is asked for: 20)."""
GAMES_PAGE_SIZE: Final = 20
GAMES_TYPES: Final = frozenset({"games", "game"})
"""The types of message this part of version 3 adds."""


@dataclass(frozen=True)
class GamesRequest:
    """A page of the asking player's finished games, newest first."""

    page: ListPage


@dataclass(frozen=True)
class GameRequest:
    """Finished game `table`'s whole record."""

    table: str


GamesMessage = GamesRequest | GameRequest


def _whole(data: Mapping[str, object], key: str, highest: int, default: int) -> int:
    value = data.get(key, default)
    if type(value) is not int or not 1 <= value <= highest:
        raise ValueError(f"{key} must be a whole number from 1 to {highest}")
    return value


def read_games_message(kind: str, table: str, data: Mapping[str, object]) -> GamesMessage:
    """The message of type `kind` (`table`: the code `game` names, read by the caller);
    `ValueError` for a field out of its range."""
    if kind == "game":
        return GameRequest(table)
    number = _whole(data, "page", PAGE_NUMBER_MOST, 1)
    return GamesRequest(
        ListPage(number, _whole(data, "per_page", GAMES_PAGE_MOST, GAMES_PAGE_SIZE))
    )


# --- the client's requests --------------------------------------------------------------


def games_frame(page: int, per_page: int = GAMES_PAGE_SIZE) -> str:
    return json.dumps({"type": "games", "page": page, "per_page": per_page})


def game_frame(table: str) -> str:
    return json.dumps({"type": "game", "table": table})
