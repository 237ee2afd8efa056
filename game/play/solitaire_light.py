"""The live "still winnable" light of a solitaire: after every move the solver decides,
in the worker, whether the deal can still be won from the position on the table.

The light shows only what the solver proved: a winning line exists (winnable), none does
(no longer winnable), or its work ran out before it could tell (undecided); until then
it thinks. It is no hint and never counts as one: the line found is never shown, only
kept to know without asking that the positions along it can still be won, and that
after a lost position every later one is lost. A new position drops the question of the
one before; undo and redo find the answers known for the positions they return to, or
ask again. The move at which the light went out is written into the record
(`light_out`, a key docs/record.md allows) for the review and the end of the game.
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable
from typing import Final

from game.ai.solver import POSITIONS_PER_SECOND, SolveResult
from game.ai.winnable import SLICE_POSITIONS, solve_slice
from game.ai.worker import Adviser, Job
from game.rules.moves import Move
from game.rules.record.document import GameRecord
from game.rules.solitaire import SolitaireState

LIGHT_POSITIONS: int = 10 * POSITIONS_PER_SECOND
"""The work the light gives one position before it says it cannot tell (tests lower it)."""
WINNABLE: Final = "winnable"
OUT: Final = "out"
THINKING: Final = "thinking"
UNDECIDED: Final = "undecided"
_QUESTIONS: Final = itertools.count()
"""Question numbers, never used twice in this process (the worker holds one question)."""

Answer = tuple[bool | None, tuple[Move, ...]]
"""Winnable (True, with a winning line), lost (False) or undecided (None)."""


def light_out(record: GameRecord) -> int | None:
    """The move at which the light went out in `record` (None when it never did, or the
    key holds something this game would not have written)."""
    value = record.light_out
    if value is None or not record.hand_count:
        return None
    return value if value <= record.move_count(0) else None


class WinnableLight:
    """The light of one deal, on or off. `look` after every change of position, `poll`
    once a frame; `shows` is what it says."""

    def __init__(self, adviser: Adviser, record: GameRecord, deal: Hashable) -> None:
        """`deal` names the deal (its positions proven lost are shared in the worker)."""
        self.adviser = adviser
        self.record = record
        self.deal = deal
        self.on = False
        self.chosen: bool | None = None
        """Whether the player switched it on or off on this deal (None: they did not)."""
        self.shows = THINKING
        self._known: dict[tuple[Move, ...], Answer] = {}
        self._history: tuple[Move, ...] = ()
        self._question = -1
        self._position: SolitaireState | None = None
        self._job: Job[SolveResult] | None = None
        self._more = False
        """The question under way wants another slice of work."""
        self._spent = 0
        """Positions the question under way has searched."""

    @property
    def thinking(self) -> bool:
        return self.on and self.shows == THINKING

    @property
    def out_at(self) -> int | None:
        """The move at which the light went out in the moves played (None: it did not)."""
        value = self.record.light_out
        return value if value is not None and value <= len(self._history) else None

    def switch(self, on: bool, state: SolitaireState) -> None:
        """Turn the light on (it looks at `state` at once) or off (its question dropped)."""
        if on != self.on:
            self.on = on
            self.look(state)

    def look(self, state: SolitaireState) -> None:
        """The position is now `state` (after a move, an undo or a redo)."""
        self.drop()
        self._history = history = tuple(state.moves)
        if not self.on:
            return
        self._note_out(False)
        answer = self._known_answer(state, history)
        if answer is None:  # asked in the next poll, once the auto-player's move is asked
            self.shows = THINKING
            self._question = next(_QUESTIONS)
            self._position = state.clone()
            self._spent = 0
            self._more = True
        else:
            self._show(answer)

    def _known_answer(self, state: SolitaireState, history: tuple[Move, ...]) -> Answer | None:
        """The answer for this position when it follows from what is known."""
        if state.won:
            return True, ()
        if state.is_terminal():
            return False, ()
        if history in self._known:
            return self._known[history]
        before = self._known.get(history[:-1]) if history else None
        if before is None or before[0] is None:
            return None
        winnable, line = before
        if not winnable:
            return False, ()  # nothing after a lost position can be won
        if line and line[0] == history[-1]:
            return True, line[1:]  # still on the winning line
        return None

    def _show(self, answer: Answer) -> bool:
        """Show `answer` for the position (True when the record's `light_out` changed)."""
        winnable, _line = answer
        if winnable is not None:
            self._known[self._history] = answer
        self.shows = WINNABLE if winnable else OUT if winnable is False else UNDECIDED
        return self._note_out(winnable is False)

    def _note_out(self, out: bool) -> bool:
        """Keep the record's `light_out` true to the moves played: gone once the move it
        names is taken back, set when the light goes out. True when it changed."""
        record, moves = self.record, len(self._history)
        kept = record.light_out
        if kept is not None and kept > moves:
            record.light_out = kept = None
        if out and kept is None:
            record.light_out = moves
            return True
        return False

    def poll(self, busy: bool) -> bool:
        """Take the answer of the slice of work done, and start the next one unless
        `busy` (the auto-player's move is being thought: it goes first). True when the
        record's `light_out` changed."""
        job = self._job
        changed = False
        if job is not None and job.done():
            self._job = None
            result = job.result()
            if result is None:  # the worker failed: say so rather than ask for ever
                self._show((None, ()))
            elif result.winnable is not None:
                changed = self._show((result.winnable, tuple(result.moves)))
            elif result.nodes >= LIGHT_POSITIONS:
                self._show((None, ()))
            else:
                self._spent = result.nodes
                self._more = True
        if self._more and not busy and self._position is not None:
            self._more = False
            positions = min(SLICE_POSITIONS, LIGHT_POSITIONS - self._spent)
            self._job = self.adviser.submit(
                solve_slice, self._question, self.deal, self._position, positions
            )
        return changed

    def drop(self) -> None:
        """Forget the question under way (its position has gone)."""
        if self._job is not None:
            self._job.cancel()
            self._job = None
        self._position = None
        self._more = False
