"""The flow of one solitaire deal: moves, undo and redo, assists, the end, the advice.

A `SolitaireSession` owns the `RecordedGame` of one deal of draw or stacked solitaire
and everything decided about it apart from the rules: the redo stack, the assists the
player used (kept in the record as `assists`), whether the game has ended and whether
its loss still waits to be counted (undo may take a loss back), the solver's verdict on
a lost deal, and the auto-player's advice. Slow thinking goes through an `Adviser`.
The scene animates the events it returns and paces auto-play; it never decides rules.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Final

from game.ai.analysis import SolitaireReview, fair_odds
from game.ai.autoplay import best_stock_move, fair_move, simple_fair_move, stacked_best_try
from game.ai.solver import SolveResult
from game.ai.worker import SOLVER_BUDGET_S, Adviser, Job, review, solve
from game.play.events import Event, GameEnded, MovePlayed, TookBack, VerdictFound
from game.rules.moves import Move
from game.rules.record import GameRecord, RecordedGame
from game.rules.seeds_names import trim_names
from game.rules.solitaire import DrawSolitaireState, StackedSolitaireState

SolitaireState = DrawSolitaireState | StackedSolitaireState
PLAYER: Final = {"name": "Player", "kind": "human"}  # untranslated: the record's own
ASSISTS: Final = ("hints", "undos", "autoplay", "review")
"""The help a player may take; a review during play counts as a hint in the statistics."""
DEAL_SEARCH_BUDGET_S: Final = 2.0
"""Solver time a candidate deal gets when only winnable deals are wanted."""
ODDS_BATCH: Final = 4
"""Fair games played per worker job when estimating the fair odds (about 2 s)."""
ODDS_GAMES: Final = 40
"""Fair games the odds estimate stops at."""


@dataclass(frozen=True)
class Report:
    """A finished deal for the history and statistics."""

    record: dict[str, Any]
    hints: bool
    undos: bool
    autoplay: bool


def verdict_of(review: SolitaireReview | None) -> str:
    """The word on a lost deal: "could" (have been won), "could not" or "unknown"."""
    if review is None or not review.decided:
        return "unknown"
    return "could not" if review.last_winnable is None else "could"  # untranslated: a key


def new_recorded(mode: str, seed: int, **extra: Any) -> RecordedGame:
    """A fresh deal number `seed` of `mode` (`extra` keys go into its record)."""
    return RecordedGame.new_solitaire(mode, dict(PLAYER), seed, **extra)


class SolitaireSession:
    """One deal in play. Build it with `new` or `resume`."""

    def __init__(self, recorded: RecordedGame, adviser: Adviser) -> None:
        if not isinstance(recorded.state, DrawSolitaireState | StackedSolitaireState):
            raise ValueError("a solitaire session needs a solitaire")
        self.recorded = recorded
        self.adviser = adviser
        trim_names(recorded.record.players)
        assists = recorded.record.data.get("assists")
        self.assists = (
            {name: bool(assists.get(name)) for name in ASSISTS if assists.get(name)}
            if isinstance(assists, dict)
            else {}
        )
        self.redo_moves: list[Move] = []
        self.finished = recorded.is_over()
        self.loss_to_count = False
        """Lost, but not in the statistics yet: undo may still take the loss back."""
        self.verdict: str | None = "won" if self.finished and self.state.won else None
        self.save_due = False
        self.review: SolitaireReview | None = None
        """Where the game slipped: found at a loss, or when the player asks."""
        self._review_job: Job[SolitaireReview] | None = None
        self._review_asked = False
        self.odds: tuple[int, int] | None = None
        """(wins, games) of the fair auto-player from `odds_from` moves into the deal."""
        self.odds_from = 0
        self._odds_job: Job[tuple[int, int]] | None = None
        self._advice: Job[Move] | None = None
        self._advice_for = -1
        self._line: list[Move] | None = None
        self._line_job: Job[SolveResult] | None = None
        self._no_line = False

    @classmethod
    def new(cls, mode: str, seed: int, adviser: Adviser, **extra: Any) -> SolitaireSession:
        return cls(new_recorded(mode, seed, **extra), adviser)

    @classmethod
    def resume(cls, data: dict[str, Any], adviser: Adviser) -> SolitaireSession:
        """The deal of record `data`, replayed and checked (`RulesError` if it cannot be)."""
        return cls(RecordedGame.from_record(GameRecord(data)), adviser)

    # --- reading -------------------------------------------------------------------------

    @property
    def state(self) -> SolitaireState:
        state = self.recorded.state
        assert isinstance(state, DrawSolitaireState | StackedSolitaireState)
        return state

    @property
    def mode(self) -> str:
        return self.recorded.mode

    @property
    def record(self) -> dict[str, Any]:
        return self.recorded.record.data

    @property
    def seed(self) -> int:
        """The deal number (0 for a record whose seed is not a number)."""
        seed = self.record.get("seed", 0)
        return int(seed) if isinstance(seed, int | str) and str(seed).isdigit() else 0

    def initial_state(self) -> SolitaireState:
        """The deal as it was before the first move."""
        state = self.state.clone()
        while state.moves:
            state.undo()
        return state

    def can_undo(self) -> bool:
        return bool(self.state.moves) and (not self.finished or self.loss_to_count)

    def can_redo(self) -> bool:
        return not self.finished and bool(self.redo_moves)

    # --- playing -------------------------------------------------------------------------

    def play(self, move: Move, *, by_computer: bool = False, redoing: bool = False) -> list[Event]:
        """Play `move` (`IllegalMoveError` if it is not legal)."""
        result = self.recorded.play(move)
        if not redoing:
            if self.redo_moves and self.redo_moves[-1] == move:
                self.redo_moves.pop()
            else:
                self.redo_moves.clear()
        self._advice_played(move)
        self._drop_odds()  # they were for the position before
        self.save_due = True
        events: list[Event] = [MovePlayed(result, by_computer, False)]
        if self.recorded.is_over():
            events.append(self._finish())
        return events

    def _finish(self) -> GameEnded:
        self.finished = True
        won = self.state.won
        if won:
            self.verdict = "won"
        else:
            self.verdict = None
            self.loss_to_count = True
            self._start_review()
        return GameEnded(won)

    def _start_review(self) -> None:
        self.review = None
        self._review_job = self.adviser.submit(
            review, self.recorded.record.dumps(), SOLVER_BUDGET_S, self.adviser.generation()
        )

    def ask_review(self) -> None:
        """The player asks where the game slipped; during play it counts as an assist. The
        answer comes as `take_asked_review`."""
        if not self.finished:
            self.use_assist("review")
            self._start_review()
        elif self.review is None and self._review_job is None:
            self._start_review()
        self._review_asked = True
        self.poll()  # an in-process adviser has answered already

    def take_asked_review(self) -> SolitaireReview | None:
        """The review the player asked for, once it is there (once)."""
        if not self._review_asked or self.review is None or self._review_job is not None:
            return None
        self._review_asked = False
        return self.review

    @property
    def reviewing(self) -> bool:
        """Whether the review the player asked for is still being worked out."""
        return self._review_asked and self._review_job is not None

    def ask_odds(self) -> None:
        """Estimate how often the fair auto-player wins draw solitaire from here (from the
        deal's start once the game is over), a few games per job."""
        state = self.state
        if not isinstance(state, DrawSolitaireState):
            return
        start = state.is_terminal()
        self.odds_from = 0 if start else len(state.moves)
        self.odds = (0, 0)
        self._next_odds()

    def _next_odds(self) -> None:
        state = self.initial_state() if self.odds_from == 0 else self.state.clone()
        assert isinstance(state, DrawSolitaireState) and self.odds is not None
        seed = hash((self.seed, self.odds_from, self.odds[1])) & 0xFFFF_FFFF
        self._odds_job = self.adviser.submit(fair_odds, state, ODDS_BATCH, seed)

    @property
    def odds_pending(self) -> bool:
        return self._odds_job is not None

    def undo(self) -> list[Event]:
        """Take back the last move (also after a loss not yet counted), kept for redo."""
        if not self.can_undo():
            return []
        if self.finished:  # undo at a lost end: the game goes on, and nothing was counted
            self.finished = False
            self.loss_to_count = False
            self.verdict = None
            self._drop_review()
        self.use_assist("undos")
        move = self.recorded.undo()
        self.redo_moves.append(move)
        self.reset_advice()
        self.save_due = True
        return [TookBack(0, 1)]

    def redo(self) -> list[Event]:
        if not self.can_redo():
            return []
        return self.play(self.redo_moves.pop(), redoing=True)

    def use_assist(self, name: str) -> None:
        """Note honestly that the player used hints, undo or auto-play in this game."""
        if not self.assists.get(name):
            self.assists[name] = True
            self.record["assists"] = dict(self.assists)

    def report(self) -> Report:
        return Report(
            self.record,
            bool(self.assists.get("hints") or self.assists.get("review")),
            bool(self.assists.get("undos")),
            bool(self.assists.get("autoplay")),
        )

    def take_win(self, events: list[Event]) -> Report | None:
        """The report of a deal these events won (a win is counted at once)."""
        won = any(isinstance(e, GameEnded) and e.won for e in events)
        return self.report() if won else None

    def take_loss(self) -> Report | None:
        """The report of a loss still to be counted (once the player moves on), once."""
        if not self.loss_to_count:
            return None
        self.loss_to_count = False
        self.save_due = True  # counted: its save goes
        return self.report()

    def take_save(self) -> tuple[bool, dict[str, Any] | None]:
        """(whether an autosave is due, the record to save or None to clear the save). A
        lost game stays saved until its loss is counted, so that a game closed before the
        player moves on is counted when the game next starts."""
        due, self.save_due = self.save_due, False
        return due, None if self.recorded.is_over() and not self.loss_to_count else self.record

    # --- thinking ------------------------------------------------------------------------

    def poll(self) -> list[Event]:
        """Collect the verdict and the advice once the adviser has them."""
        events: list[Event] = []
        job = self._review_job
        if job is not None and job.done():
            self._review_job = None
            answer = job.result()
            self.review = answer if answer is not None and answer.decided else None
            if self.finished and not self.state.won:
                self.verdict = verdict_of(answer)
                events.append(VerdictFound(self.verdict))
            if self.review is None:
                self._review_asked = False
        odds = self._odds_job
        if odds is not None and odds.done() and self.odds is not None:
            self._odds_job = None
            batch = odds.result()
            if batch is not None:
                self.odds = (self.odds[0] + batch[0], self.odds[1] + batch[1])
                if self.odds[1] < ODDS_GAMES:
                    self._next_odds()
        line_job = self._line_job
        if line_job is not None and line_job.done():
            self._line_job = None
            line = line_job.result()
            if line is not None and line.winnable and line.moves:
                self._line = list(line.moves)
            else:
                self._no_line = True
        return events

    @property
    def thinking(self) -> bool:
        """Whether the auto-player's advice is still being worked out."""
        if self._line_job is not None:
            return True
        return self._advice is not None and not self._advice.done()

    @property
    def no_winning_line(self) -> bool:
        """Stacked solitaire: the solver found no winning line from this position."""
        return self._no_line

    @property
    def judging(self) -> bool:
        """Whether the solver is still deciding if a lost deal could have been won."""
        return self.finished and self._review_job is not None

    def suggest(self, turned: bool = False) -> Move | None:
        """The auto-player's next move here (None while it is still thinking or the game
        is over). `turned`: draw solitaire's stock tile is face up, waiting to be placed."""
        if self.finished:
            return None
        state = self.state
        if isinstance(state, DrawSolitaireState):
            return self._suggest_draw(state, turned)
        return self._suggest_stacked(state)

    def _suggest_draw(self, state: DrawSolitaireState, turned: bool) -> Move | None:
        if turned:
            return best_stock_move(state)
        key = len(state.moves)
        if self._advice is None or self._advice_for != key:
            self._advice_for = key
            self._advice = self.adviser.submit(fair_move, state.clone())
        job = self._advice
        if not job.done():
            return None
        move = job.result()
        if move is None or move not in state.legal_moves():  # the worker failed
            return simple_fair_move(state)
        return move

    def _suggest_stacked(self, state: StackedSolitaireState) -> Move | None:
        if self._line:
            return self._line[0]
        if self._no_line:
            return stacked_best_try(state)
        if self._line_job is None:
            self._line_job = self.adviser.submit(
                solve, state.clone(), SOLVER_BUDGET_S, self.adviser.generation()
            )
            self.poll()  # an in-process adviser has answered already
            return (
                self._line[0]
                if self._line
                else (stacked_best_try(state) if self._no_line else None)
            )
        return None

    def _advice_played(self, move: Move) -> None:
        if self._line and self._line[0] == move:
            self._line.pop(0)
        else:
            self.reset_advice()

    def reset_advice(self) -> None:
        """The position changed in a way the advice did not foresee."""
        if self._line_job is not None:
            self.adviser.cancel_solves()
        self._advice = None
        self._advice_for = -1
        self._line = None
        self._line_job = None
        self._no_line = False

    def _drop_review(self) -> None:
        if self._review_job is not None:
            self.adviser.cancel_solves()
            self._review_job = None
        self.review = None
        self._review_asked = False
        self._drop_odds()

    def _drop_odds(self) -> None:
        if self._odds_job is not None:
            self._odds_job.cancel()
            self._odds_job = None
        self.odds = None

    def close(self) -> None:
        """Forget the thinking under way."""
        self._drop_review()
        self.reset_advice()


class WinnableDealSearch:
    """Looks for a deal the solver can win, one candidate at a time."""

    def __init__(self, mode: str, adviser: Adviser, rng: random.Random | None = None) -> None:
        self.mode = mode
        self.adviser = adviser
        self.rng = rng or random.Random()
        self.candidate = 0
        self._job: Job[SolveResult] | None = None
        self._next()

    def _next(self) -> None:
        self.candidate = self.rng.randrange(1, 1_000_000)
        state = new_recorded(self.mode, self.candidate).state
        self.adviser.cancel_solves()
        self._job = self.adviser.submit(
            solve, state, DEAL_SEARCH_BUDGET_S, self.adviser.generation()
        )

    def poll(self) -> int | None:
        """The deal number once one is found to be winnable (else None; keeps looking)."""
        job = self._job
        if job is None or not job.done():
            return None
        answer = job.result()
        if answer is not None and answer.winnable:
            self._job = None
            return self.candidate
        self._next()
        return None

    def cancel(self) -> None:
        if self._job is not None:
            self.adviser.cancel_solves()
            self._job = None
