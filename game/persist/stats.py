"""The statistics of finished games: per player name at the table, per solitaire.

They are kept in `history.json` beside the list of games (`game.persist.history` reads
and writes the file); here are their shapes, their checked reading, and the counting of
one finished game.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from typing import Any, Final, TypeVar

from game.ai.player_ratings import START, shipped_ratings, table_encounters, updated
from game.rules.modes import Mode
from game.rules.record.recorded_game import RecordedGame
from game.rules.seeds_names import player_name

SOLITAIRE_MODES: Final = tuple(mode for mode in Mode if mode.is_solitaire)


@dataclass
class PlayerStats:
    """One player name's table games."""

    games: int = 0
    wins: int = 0
    score_sum: int = 0
    best_score: int | None = None
    best_move: int = 0
    computer: bool = False
    rating: int | None = None
    """The rating from games alone against the computers, on their levels' scale (None
    before the first)."""
    rated_games: int = 0
    streak: int = 0
    """Games won in a row alone against the computers."""
    best_streak: int = 0

    @property
    def mean_score(self) -> float:
        return self.score_sum / self.games if self.games else 0.0

    def count_against_computers(self, won: bool, encounters: list[tuple[float, float]]) -> None:
        """A game played alone against the computers: the streak, and the rating from
        its `encounters` with the rated ones (`game.ai.player_ratings`)."""
        self.streak = self.streak + 1 if won else 0
        self.best_streak = max(self.best_streak, self.streak)
        if encounters:
            before = START if self.rating is None else self.rating
            self.rating = round(updated(before, self.rated_games, encounters))
            self.rated_games += 1


@dataclass
class SolitaireStats:
    """One solitaire's games; wins with help are counted apart from clean wins."""

    played: int = 0
    won: int = 0
    clean_wins: int = 0
    hint_wins: int = 0
    undo_wins: int = 0
    autoplay_wins: int = 0
    streak: int = 0
    best_streak: int = 0

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0


@dataclass
class DailyStats:
    """One solitaire's daily deals: the dates (YYYY-MM-DD) finished and won."""

    played: set[str] = field(default_factory=set)
    won: set[str] = field(default_factory=set)

    def to_dict(self) -> dict[str, list[str]]:
        return {"played": sorted(self.played), "won": sorted(self.won)}

    @classmethod
    def from_dict(cls, values: Any) -> DailyStats:
        """Read the lists of dates; anything that is not a date is dropped."""
        stats = cls()
        if isinstance(values, dict):
            for key in ("played", "won"):
                dates = values.get(key)
                if isinstance(dates, list):
                    getattr(stats, key).update(d for d in dates[-DAILY_LIMIT:] if is_date(d))
        stats.played |= stats.won
        return stats

    def count(self, day: datetime.date, won: bool) -> None:
        self.played.add(day.isoformat())
        if won:
            self.won.add(day.isoformat())

    def streak(self, today: datetime.date) -> int:
        """Daily deals won on consecutive days up to today (or yesterday, while today's
        is still to play)."""
        day = today if today.isoformat() in self.won else today - datetime.timedelta(days=1)
        count = 0
        while day.isoformat() in self.won:
            count += 1
            day -= datetime.timedelta(days=1)
        return count

    def best_streak(self) -> int:
        best = run = 0
        previous: datetime.date | None = None
        for text in sorted(self.won):
            day = datetime.date.fromisoformat(text)
            run = run + 1 if previous is not None and (day - previous).days == 1 else 1
            best, previous = max(best, run), day
        return best


DAILY_LIMIT: Final = 4000
"""The most dates kept per list (about eleven years of daily deals)."""


def is_date(value: Any) -> bool:
    """Whether `value` is a date written YYYY-MM-DD (as the files keep dates)."""
    if not isinstance(value, str) or len(value) != 10:
        return False
    try:
        datetime.date.fromisoformat(value)
    except ValueError:
        return False
    return True


Stats = TypeVar("Stats", PlayerStats, SolitaireStats)  # untranslated: a type's name


def read_stats(kind: type[Stats], values: Any) -> Stats | None:
    """A stats object from a dict whose values have the right types, else None."""
    if not isinstance(values, dict):
        return None
    stats = kind()
    for key, default in vars(kind()).items():
        value = values.get(key, default)
        if isinstance(default, bool):
            ok = isinstance(value, bool)
        elif default is None:
            ok = value is None or type(value) is int
        else:
            ok = type(value) is int
        if not ok:
            return None
        setattr(stats, key, value)
    return stats


def count_table_game(players: dict[str, PlayerStats], recorded: RecordedGame) -> None:
    """Add a finished table game to the statistics of each of its player names (and to
    the rating and streak of one person playing alone against computers)."""
    state = recorded.table_state()
    tally = state.tally()
    best_moves = [0] * state.players
    for hand in recorded.record.hands:
        for entry in hand.moves:
            if entry.score is not None and 0 <= entry.player < state.players:
                best_moves[entry.player] = max(best_moves[entry.player], entry.score)
    for seat, player in enumerate(recorded.record.players):
        name = player_name(player.name, seat)
        stats = players.setdefault(name, PlayerStats())
        stats.computer = player.level is not None
        score = tally.standings[seat]
        stats.games += 1
        stats.wins += seat in tally.leaders
        stats.score_sum += score
        stats.best_score = score if stats.best_score is None else max(stats.best_score, score)
        stats.best_move = max(stats.best_move, best_moves[seat])
    seats = recorded.record.players
    levels = [player.level for player in seats]
    people = [seat for seat, player in enumerate(seats) if player.is_human]
    if len(people) == 1 and levels.count(None) == 1:  # one person, the others computers
        seat = people[0]
        stats = players[player_name(seats[seat].name, seat)]
        ratings = shipped_ratings(state.players)
        encounters = table_encounters(
            seat, levels, tally.standings, state.game.rules.partners, ratings
        )
        stats.count_against_computers(seat in tally.leaders, encounters)


def count_solitaire(
    stats: SolitaireStats, won: bool, *, hints: bool, undos: bool, autoplay: bool
) -> None:
    """Add a finished solitaire: a win with hints, undo or auto-play is not a clean win."""
    stats.played += 1
    if not won:
        stats.streak = 0
        return
    stats.won += 1
    stats.streak += 1
    stats.best_streak = max(stats.best_streak, stats.streak)
    stats.hint_wins += hints
    stats.undo_wins += undos
    stats.autoplay_wins += autoplay
    stats.clean_wins += not (hints or undos or autoplay)
