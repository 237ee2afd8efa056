"""The frames of protocol version 2 the server sends (docs/protocol.md "Version 2"): the
answers to `hello`, `mine`, `lobby`, `say` and `ratings`. A `view`'s chat and an
`over`'s ratings are written by `game.net.replies`."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

from game.net.club_messages import ListPage


def _frame(data: Mapping[str, object]) -> str:
    """ASCII JSON, as every frame of the server (`game.net.replies`)."""
    return json.dumps(data, separators=(",", ":"))


def welcome_frame(player: str, name: str, rating: int) -> str:
    return _frame({"type": "welcome", "player": player, "name": name, "rating": rating})


def my_tables_frame(tables: Sequence[Mapping[str, object]], after: str | None) -> str:
    """A page of the player's unfinished tables: each {"table", "seat", "token", "to_move",
    "pace"} and the table's "seats" ({"kind", "name"}, as in the lobby); `after`, the table
    to ask the next page after (None: the last page)."""
    return _frame({"type": "my-tables", "tables": list(tables), "next": after})


def lobby_frame(entries: Sequence[Mapping[str, object]], page: ListPage, total: int) -> str:
    """A page of the lobby: its tables, and how many pass the filter in all."""
    return _frame({"type": "lobby", "tables": list(entries), **_paged(page, total)})


def _paged(page: ListPage, total: int) -> dict[str, object]:
    """Which page an answer is, how many rows there are in all, and whether more pages
    follow."""
    more = page.number * page.size < total
    return {"page": page.number, "per_page": page.size, "total": total, "more": more}


def said_frame(table: str, line: Mapping[str, object]) -> str:
    """A line of chat (`line`: its seat, name and text)."""
    return _frame(said(table, line))


def said(table: str, line: Mapping[str, object]) -> dict[str, object]:
    """A line of chat as a `said` message (a `view`'s chat lists them)."""
    return {"type": "said", "table": table, **line}


def ratings_frame(
    players: Sequence[Mapping[str, object]], page: ListPage, total: int, place: int | None
) -> str:
    """A page of the ratings board, best first: each {"player", "name", "rating",
    "games"}; `place`, the asking player's on the board (0 the best; None: not on it, or
    no hello), written from 1 as "me"."""
    me = None if place is None else place + 1
    return _frame({"type": "ratings", "players": list(players), **_paged(page, total), "me": me})
