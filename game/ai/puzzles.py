"""Puzzles from real positions: where, in a hand the computers play among themselves, one
placement scores clearly most.

A puzzle is the position before a move of the first hand of a table game between the
family levels (easy and greedy, two to four seats): the seat to act has at least
`MIN_CHOICES` placements, the best of them scores `MIN_POINTS` or more, and no other
placement (any tile, spot and turn) scores as much. Everything comes from a key, the
date for the puzzle of the day, a running number for the trainer: the deal, the seats and
the computers' seeded moves are drawn from a hash of the key, and those computers search
nothing (no clock, no budget), so one key gives one puzzle on any machine. A puzzle is
named again by its key and its move (`find_puzzle`).

Each puzzle has its themes, what its answer does as the rules report it (`themes_of`):
an opportunity play, a hole filled on three sides (as the famous 50), going out. The
trainer of a theme looks through games of five to seven seats, where holes are far
commoner (one game in 150 against one in 2,000 at two to four).

Each puzzle is rated for how hard it is to see (`Difficulty`), on the scale of the
players' solving ratings: the answer away from the last tile (an opportunity play
elsewhere on the figure), a tempting move beside the last tile or a runner-up close
below the answer, many placements at 20 or more and many choices make it harder.
"""

from __future__ import annotations

import datetime
import functools
import hashlib
import math
from dataclasses import dataclass
from typing import Any, Final

from game.ai.players import bot_rng, make_player
from game.rules.contacts import contact_score
from game.rules.lattice import neighbours
from game.rules.modes import Mode
from game.rules.moves import PLACE, Move
from game.rules.record.document import GameRecord
from game.rules.record.entries import PlayerEntry, move_to_entry
from game.rules.record.recorded_game import RecordedGame
from game.rules.results import WENT_OUT
from game.rules.table import TableGame, TableState

MIN_POINTS: Final = 20
"""The least the answer scores."""
MIN_CHOICES: Final = 3
"""The fewest placements the seat to act must have (fewer is hardly a question)."""
PLAYING_LEVELS: Final = ("easy", "greedy")
"""The computers whose games the puzzles come from: quick, and playing like families."""
SEATS: Final = (2, 3, 4)
THEME_SEATS: Final = (5, 6, 7)
MAX_GAMES: Final = 400
"""Games looked through for one puzzle at most (about one game in eight has an
opportunity play to find; a game takes under a millisecond)."""
THEME_GAMES: Final = 5000
"""Games the trainer of a theme looks through at most (going out, the rarest, is in
about one game in 500 of five to seven seats; a game takes under 2 ms)."""
GAMES_KEPT: Final = 2000
"""Games whose puzzles are kept in memory once found (most have none; those that have a
few hold a hand's first moves): a day's puzzle or a trainer's is asked again each time
its screen opens, and a theme's trainer looks through hundreds of games."""
DAILY_CHOICE: Final = 3
"""Opportunity plays the puzzle of the day is chosen from."""
TRAINER_WINDOW: Final = 100
"""How far from the player's solving rating the trainer's next puzzle may be rated."""
TRAINER_PATIENCE: Final = 60
"""Games the trainer looks through for a puzzle within its window before it takes the
nearest found (puzzles are rated from about 1100 to 1750)."""
DAILY_KEY: Final = "day"
TRAINER_KEY: Final = "trainer"
THEME_KEY: Final = "theme"

ANY: Final = ""
"""No theme: every puzzle."""
OPPORTUNITY: Final = "opportunity"
"""The answer touches two or three tiles."""
HOLE: Final = "hole"
"""The answer fills a hole: it touches three tiles (the famous 50-point play is one)."""
OUT: Final = "out"
"""The answer places the seat's last tile: it goes out and ends the hand."""
THEMES: Final = (OPPORTUNITY, HOLE, OUT)


@dataclass(frozen=True)
class Difficulty:
    """What makes a puzzle hard to see, and its rating from them."""

    choices: int
    """Placements the seat to act has."""
    contenders: int
    """Other placements scoring `MIN_POINTS` or more."""
    runner_up: int
    """The second-best placement's points."""
    near_best: int
    """The best placement beside the last tile: the move that looks greedy at first sight
    (the answer itself when it touches the last tile)."""
    away: bool
    """Whether the answer does not touch the last tile (an opportunity play elsewhere)."""
    sides: int
    """Tiles the answer touches."""
    points: int

    @property
    def rating(self) -> int:
        """1100 for the plainest, up by: 300 for an answer away from the last tile, up to
        150 as the move beside the last tile comes near the answer, up to 150 as the
        runner-up does, 25 for each other placement of 20 or more (six at most), 40 for
        each doubling of the choices; rounded to tens."""
        score = 1100.0
        if self.away:
            score += 300 + 150 * self.near_best / self.points
        score += 150 * self.runner_up / self.points
        score += 25 * min(self.contenders, 6)
        score += 40 * math.log2(self.choices / MIN_CHOICES)
        return round(score / 10) * 10


@dataclass(frozen=True)
class Puzzle:
    """A position and its one best placement. `key` and `move` name where it came from."""

    key: str
    move: int
    """The moves played in the hand before the position."""
    record: GameRecord
    """The game up to the position: its last hand in progress, stocks whole."""
    seat: int
    """The seat to play."""
    answer: Move
    points: int
    difficulty: Difficulty
    themes: tuple[str, ...]

    @property
    def rating(self) -> int:
        return self.difficulty.rating

    def has_theme(self, theme: str) -> bool:
        return theme == ANY or theme in self.themes

    def to_json(self) -> dict[str, Any]:
        """The `puzzle` command's answer: the record, the answer (a place move of
        docs/record.md for the seat to act, with its score) and its points."""
        return {
            "record": self.record.to_json(),
            "answer": move_to_entry(Mode.TABLE, self.answer, self.seat, self.points),
            "points": self.points,
        }


def series_of(key: str) -> str:
    """Where the puzzle of `key` comes from: `DAILY_KEY`, `TRAINER_KEY` or `THEME_KEY`."""
    return key.split(" ", 1)[0]


def game_setup(key: str) -> tuple[int, list[str]]:
    """The deal number and the seats' levels of the game behind `key`."""
    digest = hashlib.sha256(f"contack puzzle {key}".encode()).digest()
    deal = int.from_bytes(digest[:8], "big") % 999_999 + 1
    sizes = THEME_SEATS if series_of(key) == THEME_KEY else SEATS
    seats = sizes[digest[8] % len(sizes)]
    levels = [PLAYING_LEVELS[digest[9 + seat] % len(PLAYING_LEVELS)] for seat in range(seats)]
    return deal, levels


def difficulty(state: TableState, answer: Move, scores: dict[Move, int]) -> Difficulty:
    """How hard `answer`, the best of the placements `scores` gives, is to see."""
    points = scores[answer]
    others = sorted((score for move, score in scores.items() if move != answer), reverse=True)
    last = state.figure.last_cell
    beside = set(neighbours(last)) if last is not None else set()
    return Difficulty(
        choices=len(scores),
        contenders=sum(score >= MIN_POINTS for score in others),
        runner_up=others[0] if others else 0,
        near_best=max((score for move, score in scores.items() if move.cell in beside), default=0),
        away=answer.cell not in beside,
        sides=len(state.figure.contacts(answer.tile, answer.cell, answer.rot)),
        points=points,
    )


def themes_of(state: TableState, answer: Move) -> tuple[str, ...]:
    """What `answer` does in `state`, as the rules' result of playing it says."""
    result = state.clone().apply(answer)
    touched = len(result.contacts)
    holds = {OPPORTUNITY: touched >= 2, HOLE: touched == 3, OUT: result.end_reason == WENT_OUT}
    return tuple(theme for theme in THEMES if holds[theme])


def puzzle_here(recorded: RecordedGame, key: str) -> Puzzle | None:
    """The position of `recorded` as a puzzle, when it is one."""
    state = recorded.table_state()
    if not state.figure:
        return None
    scores = {
        move: contact_score(state.figure.contacts(move.tile, move.cell, move.rot))
        for move in state.legal_moves()
        if move.action == PLACE
    }
    if len(scores) < MIN_CHOICES:
        return None
    ranked = sorted(scores.values(), reverse=True)
    if ranked[0] < MIN_POINTS or ranked[0] == ranked[1]:
        return None
    answer = next(move for move, score in scores.items() if score == ranked[0])
    found = difficulty(state, answer, scores)
    return Puzzle(
        key,
        len(state.moves),
        recorded.record.copy(),
        state.current_player,
        answer,
        ranked[0],
        found,
        themes_of(state, answer),
    )


@functools.lru_cache(maxsize=GAMES_KEPT)
def puzzles_in_game(key: str) -> tuple[Puzzle, ...]:
    """Every puzzle of the first hand of the game behind `key`, in the order played
    (kept for the last `GAMES_KEPT` keys asked)."""
    deal, levels = game_setup(key)
    players: list[PlayerEntry] = [
        {"name": f"{level.title()} {seat + 1}", "kind": f"ai:{level}"}
        for seat, level in enumerate(levels)
    ]
    recorded = RecordedGame.new_table(TableGame(len(levels)), players, deal)
    bots = [make_player(level, bot_rng(deal, seat)) for seat, level in enumerate(levels)]
    state = recorded.state
    found = []
    while not state.hand_over:
        puzzle = puzzle_here(recorded, key)
        if puzzle is not None:
            found.append(puzzle)
        recorded.play(bots[state.current_player].choose(state))
    return tuple(found)


def find_puzzle(key: str, move: int) -> Puzzle | None:
    """The puzzle at `move` of the game behind `key` (None: there is none)."""
    return next((puzzle for puzzle in puzzles_in_game(key) if puzzle.move == move), None)


def is_opportunity(puzzle: Puzzle) -> bool:
    return OPPORTUNITY in puzzle.themes


def daily_puzzle(day: datetime.date) -> Puzzle:
    """The puzzle of `day`, the same for everyone: of the first `DAILY_CHOICE`
    opportunity plays to find in the day's games (in their order), the one that scores
    most (the harder on equal points)."""
    found: list[Puzzle] = []
    fallback: list[Puzzle] = []
    for index in range(MAX_GAMES):
        puzzles = puzzles_in_game(f"{DAILY_KEY} {day.isoformat()} {index}")
        found += filter(is_opportunity, puzzles)
        fallback += puzzles
        if len(found) >= DAILY_CHOICE:
            break
    chosen = found or fallback
    if not chosen:
        raise RuntimeError(f"no puzzle among {MAX_GAMES} games for {day}")
    return max(chosen, key=lambda puzzle: (puzzle.points, puzzle.rating))


def trainer_puzzle(start: int, rating: float, theme: str = ANY) -> tuple[int, Puzzle]:
    """The trainer's next puzzle of `theme` for a player rated `rating`: (its number, the
    puzzle), the first from number `start` on rated within `TRAINER_WINDOW` of `rating`,
    else, after `TRAINER_PATIENCE` games without one, the nearest of them (a rating above
    every puzzle's gets the hardest found). A theme's puzzles are numbered apart, in
    games of `THEME_SEATS`."""
    series, games = (TRAINER_KEY, MAX_GAMES) if theme == ANY else (THEME_KEY, THEME_GAMES)
    nearest: tuple[float, int, Puzzle] | None = None
    for number in range(start, start + games):
        if nearest is not None and number - start >= TRAINER_PATIENCE:
            break
        for puzzle in puzzles_in_game(f"{series} {number}"):
            if not puzzle.has_theme(theme):
                continue
            distance = abs(puzzle.rating - rating)
            if distance <= TRAINER_WINDOW:
                return number, puzzle
            if nearest is None or distance < nearest[0]:
                nearest = (distance, number, puzzle)
    if nearest is None:
        raise RuntimeError(f"no puzzle among {games} {series} games from {start}")
    return nearest[1], nearest[2]
