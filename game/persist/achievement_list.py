"""The achievements: what each is called and asks, its picture, and how far a moment
takes the player towards it.

A moment is what just happened (a finished game's facts, a puzzle answered, the guided
hand's opportunity play, a game coached) with the statistics it bears on. Each
achievement measures it with a pure function: a number towards its `goal` (the best
number so far is kept), or, for a collection, the marks it adds (the levels beaten).
`game.persist.achievements` keeps the progress and the dates.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Final, Protocol

from game.ai.ratings import level_ratings
from game.i18n import N_
from game.persist.stats import DailyStats, PlayerStats, SolitaireStats
from game.play.game_facts import GameFacts
from game.rules.modes import Mode

LEVELS: Final = frozenset({"easy", "greedy", "expert", "master"})
"""The levels a person can beat (random is for tests and the command line)."""
EXPERT_RATING: Final = level_ratings().get("expert")


class PuzzleStanding(Protocol):
    """The player's puzzles as the achievements read them (`PuzzleProgress`)."""

    rating: float
    attempts: int
    solved: int
    best_streak: int
    daily: DailyStats


@dataclass(frozen=True)
class Moment:
    """What just happened, with the statistics it bears on (after counting it)."""

    game: GameFacts | None = None
    players: Mapping[str, PlayerStats] = field(default_factory=dict)
    solitaires: Mapping[str, SolitaireStats] = field(default_factory=dict)
    daily: Mapping[str, DailyStats] = field(default_factory=dict)
    puzzles: PuzzleStanding | None = None
    lesson_opportunity: bool = False
    """The guided hand's player made an opportunity play."""
    coached: bool = False
    """The coach reviewed a game."""


def _nothing(moment: Moment) -> int:
    return 0


@dataclass(frozen=True)
class Achievement:
    """One achievement: its words (English, for the catalogue), its picture (a figure
    of `game.ui.achievements.art` and a badge drawn on it), and its measure."""

    key: str
    name: str
    description: str
    picture: str
    measure: Callable[[Moment], int] = _nothing
    goal: int = 1
    badge: str = ""
    marks: Callable[[Moment], Iterable[str]] | None = None
    """A collection's measure: the marks a moment adds (progress: how many are held)."""


NO_GAME: Final = GameFacts(mode="", seats=0, won=False)


def _game(moment: Moment, mode: str) -> GameFacts:
    """The finished game of `mode` the moment is about (else one where nothing happened)."""
    game = moment.game
    return game if game is not None and game.mode == mode else NO_GAME


def _table(moment: Moment) -> GameFacts:
    return _game(moment, Mode.TABLE)


def _table_win(moment: Moment, condition: Callable[[GameFacts], bool] | None = None) -> int:
    """1 when a person won the table game of the moment (and it meets `condition`)."""
    game = _table(moment)
    return int(game.won and (condition is None or condition(game)))


def _people(moment: Moment) -> list[PlayerStats]:
    """The table statistics of the people's names (not the computers')."""
    return [stats for stats in moment.players.values() if not stats.computer]


def _own_win(moment: Moment, mode: str, clean: bool = False) -> int:
    """1 when the moment is a solitaire of `mode` won without auto-play (`clean`: and
    without hints or undo)."""
    game = _game(moment, mode)
    help_used = game.autoplay or (clean and (game.hints or game.undos))
    return int(game.won and not help_used)


def _own_wins(moment: Moment, mode: str) -> int:
    """The solitaires of `mode` won without auto-play."""
    stats = moment.solitaires.get(mode)
    return 0 if stats is None else stats.won - stats.autoplay_wins


def _daily(moment: Moment) -> DailyStats:
    """The daily deals of both solitaires together."""
    days = DailyStats()
    for stats in moment.daily.values():
        days.won |= stats.won
    return days


def _both_on_one_day(moment: Moment) -> int:
    draw, stacked = moment.daily.get(Mode.DRAW_SOLITAIRE), moment.daily.get(Mode.STACKED_SOLITAIRE)
    return int(draw is not None and stacked is not None and bool(draw.won & stacked.won))


def _puzzles(moment: Moment, read: Callable[[PuzzleStanding], float]) -> int:
    puzzles = moment.puzzles
    return 0 if puzzles is None or not puzzles.attempts else round(read(puzzles))


ACHIEVEMENTS: Final = (
    # --- the table game ---
    Achievement("first-win", N_("First win"), N_("Win a table game."), "hexagon", _table_win),
    Achievement(
        "every-level",
        N_("Every level beaten"),
        N_("Win a table game against each level: easy, greedy, expert, master."),
        "four",
        goal=len(LEVELS),
        badge="4",
        marks=lambda m: _table(m).beaten & LEVELS,
    ),
    Achievement(
        "master-seven",
        N_("Seven at the table"),
        N_("Win a game of seven seats with the master among them."),
        "seven",
        lambda m: _table_win(m, lambda game: game.seats == 7 and "master" in game.beaten),
        badge="7",
    ),
    Achievement(
        "fifty",
        N_("The famous fifty"),
        N_("Score 50 points with one tile."),
        "fill",
        lambda m: _table(m).best_placement,
        goal=50,
        badge="50",
    ),
    Achievement(
        "three-sides",
        N_("Three sides"),
        N_("Place a tile touching three tiles: the rarest opportunity play."),
        "fill",
        lambda m: _table(m).most_tiles_touched if _table(m).most_tiles_touched >= 2 else 0,
        goal=3,
    ),
    Achievement(
        "went-out",
        N_("Out first"),
        N_("Place your last tile and end a hand."),
        "single",
        lambda m: int(_table(m).went_out),
    ),
    Achievement(
        "by-hundred",
        N_("A hundred clear"),
        N_("Win a table game by 100 points or more."),
        "hexagon",
        lambda m: _table(m).margin,
        goal=100,
        badge="100",
    ),
    Achievement(
        "club-win",
        N_("Club winner"),
        N_("Win a game of Club Contack."),
        "chain",
        lambda m: _table_win(m, lambda game: game.club),
        badge="♣",
    ),
    Achievement(
        "partners-win",
        N_("Partners"),
        N_("Win a partners game."),
        "pair",
        lambda m: _table_win(m, lambda game: game.partners),
    ),
    Achievement(
        "clean-win",
        N_("No second thoughts"),
        N_("Beat the computers with no hint and no undo."),
        "single",
        lambda m: _table_win(m, lambda game: bool(game.beaten) and not (game.hints or game.undos)),
        badge="✓",
    ),
    Achievement(
        "table-streak",
        N_("Ten in a row"),
        N_("Win 10 table games in a row alone against the computers."),
        "ten",
        lambda m: max((stats.best_streak for stats in _people(m)), default=0),
        goal=10,
        badge="10",
    ),
    Achievement(
        "table-rating",
        N_("Expert's equal"),
        N_("Reach a table rating above the expert level's."),
        "four",
        lambda m: max((stats.rating or 0 for stats in _people(m)), default=0),
        goal=(1500 if EXPERT_RATING is None else EXPERT_RATING.rating) + 1,
        badge="★",
    ),
    Achievement(
        "table-games",
        N_("Regular"),
        N_("Play 25 table games."),
        "hexagon",
        lambda m: max((stats.games for stats in _people(m)), default=0),
        goal=25,
        badge="25",
    ),
    # --- draw solitaire ---
    Achievement(
        "draw-win",
        N_("Patience"),
        N_("Win a draw solitaire without auto-play."),
        "stock",
        lambda m: _own_win(m, Mode.DRAW_SOLITAIRE),
    ),
    Achievement(
        "draw-clean",
        N_("Unaided"),
        N_("Win a draw solitaire without hints, undo or auto-play."),
        "stock",
        lambda m: _own_win(m, Mode.DRAW_SOLITAIRE, clean=True),
        badge="✓",
    ),
    Achievement(
        "draw-five",
        N_("Five draws"),
        N_("Win 5 draw solitaires without auto-play."),
        "stock",
        lambda m: _own_wins(m, Mode.DRAW_SOLITAIRE),
        goal=5,
        badge="5",
    ),
    # --- stacked solitaire ---
    Achievement(
        "stacked-win",
        N_("Seven piles"),
        N_("Win a stacked solitaire without auto-play."),
        "piles",
        lambda m: _own_win(m, Mode.STACKED_SOLITAIRE),
    ),
    Achievement(
        "stacked-clean",
        N_("Steady hand"),
        N_("Win a stacked solitaire without hints, undo or auto-play."),
        "piles",
        lambda m: _own_win(m, Mode.STACKED_SOLITAIRE, clean=True),
        badge="✓",
    ),
    Achievement(
        "stacked-ten",
        N_("Pile driver"),
        N_("Win 10 stacked solitaires without auto-play."),
        "piles",
        lambda m: _own_wins(m, Mode.STACKED_SOLITAIRE),
        goal=10,
        badge="10",
    ),
    # --- daily deals ---
    Achievement(
        "daily-draw",
        N_("Deal of the day"),
        N_("Win the daily draw solitaire."),
        "stock",
        lambda m: int(bool(m.daily.get(Mode.DRAW_SOLITAIRE, DailyStats()).won)),
        badge="☀",
    ),
    Achievement(
        "daily-stacked",
        N_("Piles of the day"),
        N_("Win the daily stacked solitaire."),
        "piles",
        lambda m: int(bool(m.daily.get(Mode.STACKED_SOLITAIRE, DailyStats()).won)),
        badge="☀",
    ),
    Achievement(
        "daily-both",
        N_("A full day"),
        N_("Win both daily deals of one day."),
        "pair",
        _both_on_one_day,
        badge="☀",
    ),
    Achievement(
        "daily-week",
        N_("A week of deals"),
        N_("Win a daily deal on seven days in a row."),
        "seven",
        lambda m: _daily(m).best_streak(),
        goal=7,
        badge="7",
    ),
    Achievement(
        "daily-month",
        N_("A month of deals"),
        N_("Win a daily deal on thirty days in a row."),
        "calendar",
        lambda m: _daily(m).best_streak(),
        goal=30,
        badge="30",
    ),
    # --- puzzles ---
    Achievement(
        "puzzle-first",
        N_("Puzzler"),
        N_("Solve a puzzle."),
        "pair",
        lambda m: _puzzles(m, lambda puzzles: min(1, puzzles.solved)),
        badge="?",
    ),
    Achievement(
        "puzzle-streak",
        N_("Ten straight"),
        N_("Solve 10 puzzles in a row."),
        "ten",
        lambda m: _puzzles(m, lambda puzzles: puzzles.best_streak),
        goal=10,
        badge="10",
    ),
    Achievement(
        "puzzle-week",
        N_("Puzzle week"),
        N_("Solve the puzzle of the day on seven days in a row."),
        "seven",
        lambda m: _puzzles(m, lambda puzzles: puzzles.daily.best_streak()),
        goal=7,
        badge="?",
    ),
    Achievement(
        "puzzle-rating",
        N_("Sharp eye"),
        N_("Reach a solving rating of 1600."),
        "fill",
        lambda m: _puzzles(m, lambda puzzles: puzzles.rating),
        goal=1600,
        badge="★",
    ),
    Achievement(
        "puzzle-fifty",
        N_("Fifty puzzles"),
        N_("Solve 50 puzzles."),
        "calendar",
        lambda m: _puzzles(m, lambda puzzles: puzzles.solved),
        goal=50,
        badge="50",
    ),
    # --- the guided hand and the coach ---
    Achievement(
        "lesson",
        N_("Quick study"),
        N_("Make an opportunity play in the guided hand."),
        "chain",
        lambda m: int(m.lesson_opportunity),
    ),
    Achievement(
        "coached",
        N_("Second opinion"),
        N_("Have the coach review a table game."),
        "chain",
        lambda m: int(m.coached),
        badge="?",
    ),
)
"""Every achievement, in the order the Achievements screen shows them."""
BY_KEY: Final = {achievement.key: achievement for achievement in ACHIEVEMENTS}
