"""Advice at a table game: a hint for the human to act, and the coach's look at each
human move as it is played (for learners). Both are worked out by the adviser while the
game goes on and come back as events (`HintFound`, `TipFound`), as the solitaires'
advice does in `solitaire_advice`. One adviser answers both: the hint is the move the
coach would call best there (`coach_choice`, seeded as the coach's review of that move
is), so the coach never finds fault with a hint taken.
"""

from __future__ import annotations

from game.ai.analysis import MoveReview, coach_choice, review_move
from game.ai.worker import Adviser, Job
from game.play.events import Event, HintFound, TipFound
from game.rules.moves import Move
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
