"""Protocol version 3, a player's finished games at the club: the answers to `games`
and `game` (docs/protocol.md "Your games"), written by the server and read by the
client as strictly as every other frame."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass

from game.net.club_answers import NAME_LIMIT, PLAYER_LIMIT, Paging, read_paging
from game.net.club_messages import ListPage
from game.net.games_messages import GAMES_PAGE_MOST
from game.net.messages import AI_PREFIX
from game.net.reply_fields import (
    BadReply,
    read_code,
    read_count,
    read_flag,
    read_list,
    read_number,
    read_text,
)
from game.rules.errors import RecordError
from game.rules.record.document import GameRecord
from game.rules.table_rules import MAX_PLAYERS, MIN_PLAYERS


@dataclass(frozen=True)
class GameSeat:
    """A seat of a finished game: who sat there (`kind`: "human" or "ai:LEVEL"; `name`:
    None when none was given; `player`: their public id, None for a computer or one who
    said no hello) and their final score."""

    kind: str
    name: str | None
    player: str | None
    score: int


@dataclass(frozen=True)
class ClubGame:
    """One of the asker's finished games: its code, when it was last played (seconds
    since the epoch), its seats, the asker's seat and place (1 the best; equal scores
    share a place), whether it was rated and whether it was played to its end (a game
    closed for idleness was not)."""

    table: str
    finished: float
    seats: tuple[GameSeat, ...]
    seat: int
    place: int
    rated: bool
    over: bool

    def to_data(self) -> dict[str, object]:
        return {
            "table": self.table,
            "finished": round(self.finished),
            "players": [
                {"kind": seat.kind, "name": seat.name, "player": seat.player, "score": seat.score}
                for seat in self.seats
            ],
            "seat": self.seat,
            "place": self.place,
            "rated": self.rated,
            "over": self.over,
        }


@dataclass(frozen=True)
class GamesPage:
    """A page of the asker's finished games, newest first."""

    games: tuple[ClubGame, ...]
    paging: Paging


@dataclass(frozen=True)
class GameAnswer:
    """A finished game's whole record."""

    table: str
    record: GameRecord


GamesAnswer = GamesPage | GameAnswer


def games_page_frame(games: list[ClubGame], page: ListPage, total: int) -> str:
    more = page.number * page.size < total
    paged = {"page": page.number, "per_page": page.size, "total": total, "more": more}
    listed = [game.to_data() for game in games]
    return json.dumps({"type": "games", "games": listed, **paged}, separators=(",", ":"))


def game_answer_frame(table: str, record: Mapping[str, object]) -> str:
    return json.dumps({"type": "game", "table": table, "record": record}, separators=(",", ":"))


def _seat(data: Mapping[str, object]) -> GameSeat:
    kind = data.get("kind")
    if kind != "human" and not (isinstance(kind, str) and kind.startswith(AI_PREFIX)):
        raise BadReply("a seat's kind is 'human' or 'ai:LEVEL'")
    name = None if data.get("name") is None else read_text(data, "name", NAME_LIMIT)
    player = None if data.get("player") is None else read_text(data, "player", PLAYER_LIMIT)
    score = read_number(data, "score")
    if score != int(score):
        raise BadReply("score is a whole number")
    return GameSeat(kind, name, player, int(score))


def _game(data: Mapping[str, object]) -> ClubGame:
    seats = tuple(_seat(seat) for seat in read_list(data, "players", MAX_PLAYERS))
    if len(seats) < MIN_PLAYERS:
        raise BadReply(f"a game of {len(seats)} players")
    return ClubGame(
        read_code(data, "table"),
        float(read_count(data, "finished")),
        seats,
        read_count(data, "seat", len(seats)),
        _place(data, len(seats)),
        read_flag(data, "rated"),
        read_flag(data, "over"),
    )


def _place(data: Mapping[str, object], seats: int) -> int:
    place = read_count(data, "place", seats + 1)
    if not place:
        raise BadReply("place is a place from 1")
    return place


def read_games_answer(kind: str, data: Mapping[str, object]) -> GamesAnswer | None:
    """The answer of type `kind` (None: not one of them)."""
    if kind == "games":
        games = tuple(_game(game) for game in read_list(data, "games", GAMES_PAGE_MOST))
        return GamesPage(games, read_paging(data, len(games), GAMES_PAGE_MOST))
    if kind == "game":
        record = data.get("record")
        if not isinstance(record, dict):
            raise BadReply("record is not an object")
        try:
            return GameAnswer(read_code(data, "table"), GameRecord.parse(record))
        except RecordError as error:
            raise BadReply(str(error)) from None
    return None
