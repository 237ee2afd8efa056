"""What a screen may ask for next, as typed values: a screen with nothing to be told
(`Screen`), or one of the requests that carry what their screen needs. Scenes hand
these to `Services.open` or `Services.switch_to`; the router makes the scene."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from game.rules.modes import Mode

if TYPE_CHECKING:
    from game.ai.analysis import SolitaireReview
    from game.net.remote_match import RemoteMatch
    from game.persist.puzzles import PuzzleAnswer
    from game.play.table_flow import TableFlow
    from game.play.table_setup import TableConfig
    from game.rules.record.document import GameRecord
    from game.ui.slip import Focus


class Screen(StrEnum):
    """The screens opened with nothing to be told."""

    MENU = "menu"
    SETUP = "setup"
    DRAW_SOLITAIRE = Mode.DRAW_SOLITAIRE
    STACKED_SOLITAIRE = Mode.STACKED_SOLITAIRE
    RECORDS = "records"
    HISTORY = "history"
    STATS = "stats"
    ACHIEVEMENTS = "achievements"
    RULES = "rules"
    DAILY = "daily"
    PUZZLES = "puzzles"
    PUZZLE_HISTORY = "puzzle-history"
    GUIDED_GAME = "guided-game"
    SETTINGS = "settings"
    ABOUT = "about"
    JOIN = "join"
    CLUB = "club"
    NEW_CLUB_TABLE = "new-club-table"
    CLUB_KEY = "club-key"
    CLUB_GAMES = "club-games"


@dataclass(frozen=True)
class TableRequest:
    """A table game: new from a setup `config`, or resumed from `record`."""

    config: TableConfig
    record: GameRecord | None = None


@dataclass(frozen=True)
class HostRequest:
    """Host a table from a setup `config` whose seats include friends ("remote")."""

    config: TableConfig


@dataclass(frozen=True)
class RemoteTableRequest:
    """A networked table, sat at (or watched) through `match`."""

    match: RemoteMatch


@dataclass(frozen=True)
class RejoinRequest:
    """Take back the seats of the network game left unfinished (Join a table's)."""


@dataclass(frozen=True)
class SolitaireRequest:
    """A solitaire of `mode` (Mode.DRAW_SOLITAIRE or Mode.STACKED_SOLITAIRE) on deal `seed`."""

    mode: str
    seed: int | None = None


@dataclass(frozen=True)
class ScoreRequest:
    """The score sheet at a hand's end; `on_next_hand` deals the next hand."""

    match: TableFlow
    end_words: str
    on_next_hand: Callable[[], None]


@dataclass(frozen=True)
class ReplayRequest:
    """A record in the replay viewer: with a solitaire's `review` (its winning line
    played at once when `show_line`), or opened at a coach's `focus`."""

    record: GameRecord
    title: str = ""
    review: SolitaireReview | None = None
    show_line: bool = False
    focus: Focus | None = None


@dataclass(frozen=True)
class CoachRequest:
    """The table coach's review of a record (of `hands` only, when given)."""

    record: GameRecord
    title: str = ""
    hands: tuple[int, ...] | None = None


@dataclass(frozen=True)
class SaveRecordRequest:
    """The dialog that keeps `record` under a name the player types."""

    record: GameRecord


@dataclass(frozen=True)
class PuzzleRetryRequest:
    """A puzzle of the history asked again, counting nothing."""

    answer: PuzzleAnswer


ScreenRequest = (
    Screen
    | TableRequest
    | RemoteTableRequest
    | HostRequest
    | RejoinRequest
    | SolitaireRequest
    | ScoreRequest
    | ReplayRequest
    | CoachRequest
    | SaveRecordRequest
    | PuzzleRetryRequest
)
