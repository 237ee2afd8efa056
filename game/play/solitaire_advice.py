"""The thinking a solitaire session asks of its adviser besides the review: the
auto-player's next move and the fair auto-player's odds of winning from here.

Both hold at most one job at a time and answer from it once it is done; the session
tells them when the position changes.
"""

from __future__ import annotations

from typing import Final

from game.ai.analysis import fair_odds
from game.ai.autoplay import best_stock_move, fair_move, simple_fair_move, stacked_best_try
from game.ai.solver import SOLVER_POSITIONS, SolveResult
from game.ai.worker import Adviser, Job, solve
from game.rules.modes import Mode
from game.rules.moves import Move
from game.rules.solitaire import DrawSolitaireState, SolitaireState, StackedSolitaireState

ODDS_BATCH: Final = 1
"""Fair games played per worker job when estimating the fair odds (about 1 s, so that a
move asked for meanwhile waits no longer)."""
ODDS_GAMES: Final = 40
"""Fair games the odds estimate stops at."""


class AutoPlayAdvice:
    """The auto-player's move: the fair player's in draw solitaire, the solver's winning
    line (or its best try) in stacked solitaire."""

    def __init__(self, adviser: Adviser) -> None:
        self.adviser = adviser
        self._move: Job[Move] | None = None
        self._move_for = -1
        self._line: list[Move] | None = None
        self._line_job: Job[SolveResult] | None = None
        self.no_winning_line = False
        """Stacked solitaire: the solver found no winning line from this position."""

    def suggest(self, state: SolitaireState, turned: bool) -> Move | None:
        """The next move here, or None while it is still being worked out. `turned`: draw
        solitaire's stock tile is face up, waiting to be placed."""
        if state.mode is Mode.STACKED_SOLITAIRE:
            return self._suggest_stacked(state)
        if turned:
            return best_stock_move(state)
        key = len(state.moves)
        if self._move is None or self._move_for != key:
            self._move_for = key
            self._move = self.adviser.submit(fair_move, state.clone())
        job = self._move
        if not job.done():
            return None
        move = job.result()
        if move is None or move not in state.legal_moves():  # the worker failed
            return simple_fair_move(state)
        return move

    def _suggest_stacked(self, state: StackedSolitaireState) -> Move | None:
        if self._line:
            return self._line[0]
        if not self.no_winning_line and self._line_job is None:
            self._line_job = self.adviser.submit(
                solve, state.clone(), SOLVER_POSITIONS, self.adviser.generation()
            )
            self.poll()  # an in-process adviser has answered already
            if self._line:
                return self._line[0]
        return stacked_best_try(state) if self.no_winning_line else None

    def poll(self) -> None:
        job = self._line_job
        if job is not None and job.done():
            self._line_job = None
            line = job.result()
            if line is not None and line.winnable and line.moves:
                self._line = list(line.moves)
            else:
                self.no_winning_line = True

    @property
    def thinking(self) -> bool:
        """Whether the next move is still being worked out."""
        if self._line_job is not None:
            return True
        return self._move is not None and not self._move.done()

    def played(self, move: Move) -> None:
        """`move` was played: the line goes on if it foresaw it."""
        if self._line and self._line[0] == move:
            self._line.pop(0)
        else:
            self.reset()

    def reset(self) -> None:
        """The position changed in a way the advice did not foresee."""
        if self._line_job is not None:
            self.adviser.cancel_solves()
        self._move = None
        self._move_for = -1
        self._line = None
        self._line_job = None
        self.no_winning_line = False


class FairOdds:
    """How often the fair auto-player wins draw solitaire from a position, estimated a few
    games per job until `ODDS_GAMES`: of this very deal (once the game is over, its stock
    as dealt), or of any deal like it (during play, the unseen tiles shuffled)."""

    def __init__(self, adviser: Adviser) -> None:
        self.adviser = adviser
        self.wins_games: tuple[int, int] | None = None
        """(wins, games) so far, or None when nothing was asked for this position."""
        self.from_move = 0
        """The move the estimate starts from (0: the deal's start)."""
        self.as_dealt = False
        """Whether the games are played on the stock as dealt (the odds of this deal)."""
        self._start: DrawSolitaireState | None = None
        self._seed = 0
        self._job: Job[tuple[int, int]] | None = None

    def ask(self, start: DrawSolitaireState, from_move: int, seed: int, as_dealt: bool) -> None:
        """Start estimating from `start`, `from_move` moves into deal number `seed`, on
        its stock as dealt or with the unseen tiles shuffled."""
        self.drop()
        self._start = start
        self._seed = seed
        self.from_move = from_move
        self.as_dealt = as_dealt
        self.wins_games = (0, 0)
        self._next()

    def _next(self) -> None:
        assert self._start is not None and self.wins_games is not None
        seed = hash((self._seed, self.from_move, self.wins_games[1])) & 0xFFFF_FFFF
        self._job = self.adviser.submit(
            fair_odds, self._start.clone(), ODDS_BATCH, seed, self.as_dealt
        )

    @property
    def pending(self) -> bool:
        return self._job is not None

    @property
    def games_wanted(self) -> int:
        """The games the estimate plays in all."""
        return ODDS_GAMES

    def poll(self) -> None:
        job = self._job
        if job is None or not job.done() or self.wins_games is None:
            return
        self._job = None
        batch = job.result()
        if batch is not None:
            wins, games = self.wins_games
            self.wins_games = (wins + batch[0], games + batch[1])
            if self.wins_games[1] < ODDS_GAMES:
                self._next()

    def drop(self) -> None:
        """Forget the estimate: the position it was for has gone."""
        if self._job is not None:
            self._job.cancel()
            self._job = None
        self.wins_games = None
