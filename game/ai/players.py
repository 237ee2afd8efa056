"""Computer players: each gets a state and its own seeded rng and returns a move.

A player works on any state with `legal_moves()` (table game or solitaire). Levels are
registered by name in `LEVELS`, weakest first: `random` (for tests and the command
line), then the ladder the game offers, `easy`, `greedy`, `expert` and `master`: each
won more often than the one before in seeded tournaments at 2, 3, 4 and 7 seats (the
figures and ratings are in docs/computer-players.md and `game.ai.ratings`).
`make_player` builds one, and `bot_rng` gives each computer seat of a seeded game its own
rng (the window and the headless commands alike). Expert and master search table games (two sides:
`game.ai.search`; three or more: `game.ai.montecarlo`) and play solitaires greedily. A
player never changes the state it is given and, for one state and one rng seed, always
takes the same move: its effort is counted in positions searched or playout steps,
never in seconds, so a busy machine changes how long a move takes, not which move it is.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final, Protocol

from game.ai.evaluation import WorkLimit, guessed_stock, two_sides
from game.ai.montecarlo import MonteCarlo
from game.ai.search import Lookahead, ordered_by_points
from game.rules.contacts import contact_score
from game.rules.lattice import neighbours
from game.rules.modes import Mode
from game.rules.moves import PLACE, Move
from game.rules.record.recorded_game import AnyState
from game.rules.table_rules import HAND_SIZE


class Player(Protocol):
    """A computer player; `choose` must return one of `state.legal_moves()`."""

    name: str

    def choose(self, state: AnyState) -> Move: ...


def placement_points(state: AnyState, move: Move) -> int:
    """Points a move scores at once (0 for draws, passes and discards)."""
    if move.action != PLACE:
        return 0
    return contact_score(state.figure.contacts(move.tile, move.cell, move.rot))


def bot_rng(seed: int | str, seat: int) -> random.Random:
    """The rng of the computer player in `seat` of the game dealt from `seed`."""
    return random.Random(f"contack-ai:{seed}:{seat}")


class RandomPlayer:
    """Uniform among the legal moves."""

    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, state: AnyState) -> Move:
        moves = state.legal_moves()
        return moves[self.rng.randrange(len(moves))]


class GreedyPlayer:
    """The highest immediate score; ties broken by the seeded rng."""

    name = "greedy"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, state: AnyState) -> Move:
        moves = state.legal_moves()
        scores = [placement_points(state, move) for move in moves]
        best = max(scores)
        top = [move for move, score in zip(moves, scores, strict=True) if score == best]
        return top[self.rng.randrange(len(top))]


class EasyPlayer:
    """Plays for points like a family player, with human mistakes: it often overlooks
    opportunity plays away from the last tile, and now and then plays a move at random.
    It never draws while it could place."""

    name = "easy"
    SEES_OPENINGS = 0.5
    """Chance, each turn, that it looks beyond the last tile for opportunity plays."""
    SLIPS = 0.2
    """Chance, each turn, that it plays any move it noticed rather than the best."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, state: AnyState) -> Move:
        moves = state.legal_moves()
        placements = [move for move in moves if move.action == PLACE]
        if not placements:
            return moves[0]
        last = state.figure.last_cell
        noticed = placements
        if last is not None and self.rng.random() >= self.SEES_OPENINGS:
            near = set(neighbours(last))
            noticed = [move for move in placements if move.cell in near] or placements
        if self.rng.random() < self.SLIPS:
            return noticed[self.rng.randrange(len(noticed))]
        scores = [placement_points(state, move) for move in noticed]
        best = max(scores)
        top = [move for move, score in zip(noticed, scores, strict=True) if score == best]
        return top[self.rng.randrange(len(top))]


EXPERT_DEPTH: Final = 2
"""Placements the expert looks ahead at two sides (its own, then the other side's)."""
EXPERT_POSITIONS: Final = 8_000
"""The expert's work cap per move, in positions searched or playout steps (at most
about 0.1 s here)."""
EXPERT_GUESSES: Final = 3
"""Guessed stock orders the expert plays each move out on at three or more sides (a few
ms here). Tournaments set it: with two guesses it is little better than greedy, with
four or more (400 playout steps) as strong as the master's hundreds."""
MASTER_POSITIONS: Final = 32_000
"""The master's work cap per move, in positions searched or playout steps (about 0.3 s
here with three or more sides, 0.5 s searching at two: see tools/bench_ai_work.py)."""
MASTER_STEPS: Final = 32_000
"""The master's effort at three or more sides, in playout steps (capped by its
`positions`)."""
MASTER_SAMPLES: Final = 12
"""Stock orders the master guesses and searches at two sides."""
MASTER_DEPTH: Final = 6
"""Placements the master searches ahead on each guessed stock at two sides (two fewer
with partners)."""


def best_of(moves: list[Move], values: list[float]) -> Move:
    """The first move of highest value (`values` may stop short of `moves`)."""
    return moves[max(range(len(values)), key=values.__getitem__)]


class ExpertPlayer:
    """At two sides (two players, or partners) it looks `depth` placements ahead (its
    move, then the other side's reply), averaging over every tile a forced draw may
    bring, and judges the race to go out, the tile penalty and what the seat to move can
    do next. With three or more sides, where one reply tells little, it plays each move
    out on three guessed stock orders (`game.ai.montecarlo`), for its points against the
    table's mean. Solitaires: greedy."""

    name = "expert"

    def __init__(
        self,
        rng: random.Random,
        positions: int = EXPERT_POSITIONS,
        depth: int = EXPERT_DEPTH,
        draws: int = 1,
        guesses: int = EXPERT_GUESSES,
    ) -> None:
        self.rng = rng
        self.positions = positions
        self.depth = depth
        self.draws = draws
        self.guesses = guesses
        self.greedy = GreedyPlayer(rng)

    def choose(self, state: AnyState) -> Move:
        if state.mode is not Mode.TABLE:
            return self.greedy.choose(state)
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        if not two_sides(state):
            return MonteCarlo(state, self.rng, self.positions, self.guesses).best_move()
        ordered = ordered_by_points(state, moves)
        search = Lookahead(state, self.depth, self.draws, WorkLimit(self.positions))
        values = search.move_values(ordered)
        return best_of(ordered, values) if values else ordered[0]


class MasterPlayer:
    """At two sides it guesses the unknown stock order `samples` times (with its own
    rng, never reading the true order); on each guess it searches `depth` placements
    deep (two fewer with partners, where every seat branches), the first draw along a
    line averaged over the unknown tiles and later ones bringing the guessed tiles, and
    plays the move with the best total over the guesses; when the work cap (`positions`)
    runs out before every guess is searched, the expert's judgement decides. With three
    or more sides it plays every move out over guessed stock orders (`steps` playout
    steps, `game.ai.montecarlo`: the expert's way, with a few hundred guesses where it
    takes three). The effort is fixed, so a state and a seed give one move.
    Solitaires: greedy."""

    name = "master"

    def __init__(
        self,
        rng: random.Random,
        positions: int = MASTER_POSITIONS,
        samples: int = MASTER_SAMPLES,
        depth: int = MASTER_DEPTH,
        steps: int = MASTER_STEPS,
        for_the_game: bool = True,
    ) -> None:
        self.rng = rng
        self.positions = positions
        self.samples = samples
        self.depth = depth
        self.steps = steps
        self.for_the_game = for_the_game
        self.greedy = GreedyPlayer(rng)

    def choose(self, state: AnyState) -> Move:
        if state.mode is not Mode.TABLE:
            return self.greedy.choose(state)
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        if not two_sides(state):
            work = min(self.steps, self.positions)
            return MonteCarlo(state, self.rng, work).best_move()
        limit = WorkLimit(self.positions)
        candidates = ordered_by_points(state, moves)
        totals = Lookahead(state, EXPERT_DEPTH, 1, limit).move_values(candidates)
        if len(totals) < len(candidates):
            return best_of(candidates, totals) if totals else candidates[0]
        depth = self.depth - 2 if state.game.rules.partners else self.depth
        guessed = [0.0] * len(candidates)
        searched = 0
        for _ in range(self.samples):
            stock = guessed_stock(state, self.rng)
            search = Lookahead(state, depth, HAND_SIZE, limit, stock, self.for_the_game)
            values = search.move_values(candidates)
            if len(values) < len(candidates):
                break
            guessed = [total + value for total, value in zip(guessed, values, strict=True)]
            searched += 1
        return best_of(candidates, guessed if searched else totals)


LEVELS: dict[str, Callable[[random.Random], Player]] = {
    "random": RandomPlayer,
    "easy": EasyPlayer,
    "greedy": GreedyPlayer,
    "expert": ExpertPlayer,
    "master": MasterPlayer,
}

BUDGETED_LEVELS: dict[str, Callable[[random.Random, int], Player]] = {
    "expert": ExpertPlayer,
    "master": MasterPlayer,
}
"""The levels that take a work budget per move (positions) as a second argument."""


def make_player(level: str, rng: random.Random, positions: int | None = None) -> Player:
    """A player of the named level, with its own work budget per move (positions) when
    given and the level has one; `ValueError` naming the levels for an unknown one."""
    try:
        factory = LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown AI level {level!r} (levels: {', '.join(LEVELS)})") from None
    if positions is not None and level in BUDGETED_LEVELS:
        return BUDGETED_LEVELS[level](rng, positions)
    return factory(rng)
