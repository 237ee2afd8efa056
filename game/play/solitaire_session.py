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
from typing import Any, Final, TypeVar

from game.ai.analysis import SolitaireReview
from game.ai.solver import POSITIONS_PER_SECOND, SOLVER_POSITIONS, SolveResult
from game.ai.worker import Adviser, Job, review, solve
from game.play.events import (
    Event,
    GameEnded,
    MovePlayed,
    Report,
    StockTurned,
    TookBack,
    VerdictFound,
)
from game.play.solitaire_advice import AutoPlayAdvice, FairOdds
from game.play.solitaire_light import WinnableLight
from game.rules.modes import Mode
from game.rules.moves import DISCARD, STOCK, Move
from game.rules.record.document import GameRecord
from game.rules.record.entries import PlayerEntry
from game.rules.record.recorded_game import RecordedGame
from game.rules.solitaire import SolitaireState
from game.rules.state import GameState

PLAYER: Final[PlayerEntry] = {"name": "Player", "kind": "human"}  # untranslated: the record's own
ASSISTS: Final = ("hints", "undos", "autoplay", "review")
"""The help a player may take; a review during play counts as a hint in the statistics."""
DEAL_SEARCH_POSITIONS: Final = 2 * POSITIONS_PER_SECOND
"""Solver work a candidate deal gets when only winnable deals are wanted (about 2 s)."""


Position = TypeVar("Position", bound=GameState)  # untranslated: a type's name


def as_dealt(state: Position) -> Position:
    """A copy of `state` as it was dealt, before its first move."""
    dealt = state.clone()
    while dealt.moves:
        dealt.undo()
    return dealt


def verdict_of(review: SolitaireReview | None) -> str:
    """The word on a lost deal: "could" (have been won), "could not" or "unknown"."""
    if review is None or not review.decided:
        return "unknown"
    return "could not" if review.last_winnable is None else "could"  # untranslated: a key


def new_recorded(mode: str, seed: int, **extra: Any) -> RecordedGame:
    """A fresh deal number `seed` of `mode` (`extra` keys go into its record)."""
    return RecordedGame.new_solitaire(mode, PLAYER.copy(), seed, **extra)


class SolitaireSession:
    """One deal in play. Build it with `new` or `resume`."""

    def __init__(self, recorded: RecordedGame, adviser: Adviser) -> None:
        if recorded.mode.is_table:
            raise ValueError("a solitaire session needs a solitaire")
        self.recorded = recorded
        self.adviser = adviser
        recorded.record.trim_names()
        self.assists = {name: True for name in ASSISTS if recorded.record.assists.get(name)}
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
        self.advice = AutoPlayAdvice(adviser)
        self.fair_odds = FairOdds(adviser)
        state = self.state
        cut = state.cut if state.mode is Mode.STACKED_SOLITAIRE else None
        self.light = WinnableLight(adviser, recorded.record, (self.mode, tuple(state.stock), cut))
        """The live "still winnable" light (off until the screen turns it on)."""
        self.light.look(state)
        self.turned = False
        """Draw solitaire: the stock's top is face up, waiting to be placed or discarded."""

    @classmethod
    def new(cls, mode: str, seed: int, adviser: Adviser, **extra: Any) -> SolitaireSession:
        return cls(new_recorded(mode, seed, **extra), adviser)

    @classmethod
    def resume(cls, record: GameRecord, adviser: Adviser) -> SolitaireSession:
        """The deal of `record`, replayed and checked (`RulesError` if it cannot be)."""
        return cls(RecordedGame.from_record(record), adviser)

    # --- reading -------------------------------------------------------------------------

    @property
    def state(self) -> SolitaireState:
        return self.recorded.solitaire_state()

    @property
    def mode(self) -> str:
        return self.recorded.mode

    @property
    def record(self) -> GameRecord:
        return self.recorded.record

    @property
    def seed(self) -> int:
        """The deal number (0 for a record whose seed is not a number)."""
        seed = self.record.seed
        return int(seed) if seed is not None and str(seed).isdigit() else 0

    def can_undo(self) -> bool:
        if self.turned and not self.finished:
            return True
        return bool(self.state.moves) and (not self.finished or self.loss_to_count)

    def can_redo(self) -> bool:
        return not self.finished and bool(self.redo_moves)

    # --- playing -------------------------------------------------------------------------

    def play(self, move: Move, *, by_computer: bool = False, redoing: bool = False) -> list[Event]:
        """Play `move` (`IllegalMoveError` if it is not legal)."""
        result = self.recorded.play(move)
        self.turned = False
        if not redoing:
            if self.redo_moves and self.redo_moves[-1] == move:
                self.redo_moves.pop()
            else:
                self.redo_moves.clear()
        self.advice.played(move)
        self.fair_odds.drop()  # it was for the position before
        self.light.look(self.state)
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
        return GameEnded(won, self.report())

    def _start_review(self) -> None:
        self.review = None
        self._review_job = self.adviser.submit(
            review, self.recorded.record.dumps(), SOLVER_POSITIONS, self.adviser.generation()
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
        """Estimate how often the fair auto-player wins draw solitaire: during play from
        here, with the tiles not seen yet shuffled (any deal like this one: the true order
        would tell the player about the stock); once the game is over, this very deal from
        its start, on the stock as dealt."""
        state = self.state
        if state.mode is Mode.DRAW_SOLITAIRE:
            over = state.is_terminal()
            from_move = 0 if over else len(state.moves)
            position = as_dealt(state) if over else state.clone()
            self.fair_odds.ask(position, from_move, self.seed, as_dealt=over)

    def turn_stock(self, place_at_once: bool = False) -> list[Event]:
        """Draw solitaire: turn the stock's top face up. What it does by itself comes in
        the event: its discard when it fits nowhere, or its only spot when the player asked
        to place such a tile at once."""
        state = self.state
        if state.mode is not Mode.DRAW_SOLITAIRE or self.finished or self.turned:
            return []
        moves = [m for m in state.legal_moves() if m.source == STOCK]
        if not moves:
            return []
        self.turned = True
        alone = moves[0].action == DISCARD or (place_at_once and len({m.cell for m in moves}) == 1)
        return [StockTurned(moves[0] if alone else None)]

    def undo(self) -> list[Event]:
        """Take back the last move (also after a loss not yet counted), kept for redo."""
        if not self.can_undo():
            return []
        if self.turned and not self.finished:  # the tile was seen: an undo all the same
            self.turned = False
            self.use_assist("undos")
            return [StockTurned(None, back=True)]
        if self.finished:  # undo at a lost end: the game goes on, and nothing was counted
            self.finished = False
            self.loss_to_count = False
            self.verdict = None
            self._drop_review()
        self.use_assist("undos")
        move = self.recorded.undo()
        self.redo_moves.append(move)
        self.advice.reset()
        self.light.look(self.state)
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
            self.record.assists = self.assists

    def report(self) -> Report:
        return Report(
            self.record,
            bool(self.assists.get("hints") or self.assists.get("review")),
            bool(self.assists.get("undos")),
            bool(self.assists.get("autoplay")),
        )

    def take_loss(self) -> Report | None:
        """The report of a loss still to be counted (once the player moves on), once."""
        if not self.loss_to_count:
            return None
        self.loss_to_count = False
        self.save_due = True  # counted: its save goes
        return self.report()

    def take_save(self) -> tuple[bool, GameRecord | None]:
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
        self.fair_odds.poll()
        self.advice.poll()
        if self.light.poll(busy=self.advice.thinking):
            self.save_due = True  # the record says where the light went out
        return events

    @property
    def judging(self) -> bool:
        """Whether the solver is still deciding if a lost deal could have been won."""
        return self.finished and self._review_job is not None

    def suggest(self) -> Move | None:
        """The auto-player's next move here (None while it is still thinking or the game
        is over)."""
        return None if self.finished else self.advice.suggest(self.state, self.turned)

    def _drop_review(self) -> None:
        if self._review_job is not None:
            self.adviser.cancel_solves()
            self._review_job = None
        self.review = None
        self._review_asked = False
        self.fair_odds.drop()

    def close(self) -> None:
        """Forget the thinking under way."""
        self._drop_review()
        self.advice.reset()
        self.light.drop()


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
            solve, state, DEAL_SEARCH_POSITIONS, self.adviser.generation()
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
