"""Advice at a table game: a hint for the human to act, and the coach's look at each
human move as it is played (for learners). Both are worked out by the adviser while the
game goes on and come back as events (`HintFound`, `TipFound`), as the solitaires'
advice does in `solitaire_advice`; `GameReview` is the coach's review of a whole game,
worked out a move at a time. One adviser answers all three: the hint is the move the
coach would call best there (`coach_choice`, seeded as the coach's review of that move
is), so the coach never finds fault with a hint taken.
"""

from __future__ import annotations

import contextlib

from game.ai.analysis import (
    MoveReview,
    ReviewPlan,
    TableReview,
    coach_choice,
    plan_review,
    review_move,
    summed_up,
)
from game.ai.worker import Adviser, Job
from game.play.events import Event, HintFound, TipFound
from game.rules.errors import RulesError
from game.rules.moves import Move
from game.rules.record.document import GameRecord
from game.rules.table import TableState

Position = tuple[int, int]
"""A position of the game: hand number and moves played in it."""


class TableAdvice:
    """The hint under way (one at a time, for the position it was asked in) and the
    coach's looks at human moves, in the order they were played."""

    def __init__(self, adviser: Adviser) -> None:
        self.adviser = adviser
        self.hints_used = 0
        self.tips = False
        """Whether the coach looks at each human move as it is played (for learners)."""
        self._hint: Job[Move] | None = None
        self._hint_for: Position | None = None
        self._tips: list[Job[MoveReview]] = []

    def ask_hint(self, state: TableState, position: Position, seed: int | str | None) -> bool:
        """Ask the coach for the move of the seat to act in `state`, at `position` of the
        game dealt from `seed`; False while one is asked."""
        if self._hint is not None:
            return False
        self.hints_used += 1
        hand, index = position[0] - 1, position[1]
        self._hint = self.adviser.submit(coach_choice, state.clone(), hand, index, seed)
        self._hint_for = position
        return True

    @property
    def hint_pending(self) -> bool:
        return self._hint is not None

    def poll_hint(self, position: Position) -> list[Event]:
        """The hint once found, if the game is still where it was asked."""
        job = self._hint
        if job is None or not job.done():
            return []
        self._hint = None
        answer = job.result()
        if answer is None or self._hint_for != position:
            return []
        return [HintFound(answer)]

    def drop_hint(self) -> None:
        if self._hint is not None:
            self._hint.cancel()
        self._hint = None

    def look_at(
        self, state: TableState, move: Move, position: Position, seed: int | str | None
    ) -> None:
        """With tips on: have the coach look at human `move`, about to be played in
        `state` (left unchanged) at `position`."""
        if not self.tips:
            return
        hand, index = position[0] - 1, position[1]
        self._tips.append(self.adviser.submit(review_move, state.clone(), move, hand, index, seed))

    def poll_tips(self) -> list[Event]:
        """The coach's looks at the moves just played, in order, as they come."""
        events: list[Event] = []
        while self._tips and self._tips[0].done():
            answer = self._tips.pop(0).result()
            if answer is not None:
                events.append(TipFound(answer))
        return events


class GameReview:
    """The coach's review of a table record (of the hands in `hands`, when given), each
    human move a job of its own for the adviser, one at a time: the screen says how far
    it has got (a game's review takes half a minute) and leaving drops what is left."""

    def __init__(
        self, adviser: Adviser, record: GameRecord, hands: tuple[int, ...] | None = None
    ) -> None:
        self.adviser = adviser
        self.reviews: list[MoveReview] = []
        self._job: Job[MoveReview] | None = None
        self.plan: ReviewPlan | None = None
        with contextlib.suppress(RulesError):  # a record that does not replay: no review
            self.plan = plan_review(record, None if hands is None else set(hands))
        self.failed = self.plan is None
        self._next()

    @property
    def total(self) -> int:
        """How many moves the coach looks at."""
        return 0 if self.plan is None else len(self.plan.positions)

    @property
    def looked_at(self) -> int:
        return len(self.reviews)

    def _next(self) -> None:
        plan = self.plan
        if plan is not None and not self.failed and self.looked_at < self.total:
            state, move, hand, index = plan.positions[self.looked_at]
            self._job = self.adviser.submit(review_move, state, move, hand, index, plan.seed)

    def poll(self) -> TableReview | None:
        """The review once every move has been looked at (None until then, and when it
        failed: `failed` says so)."""
        while self._job is not None and self._job.done():
            review, self._job = self._job.result(), None
            if review is None:
                self.failed = True
                break
            self.reviews.append(review)
            self._next()
        if self.plan is None or self.failed or self.looked_at < self.total:
            return None
        return summed_up(self.plan.humans, self.plan.highlight, self.reviews)

    def cancel(self) -> None:
        """The review is no longer wanted."""
        if self._job is not None:
            self._job.cancel()
        self._job = None
