"""Whether a solitaire position can still be won, decided a slice of work at a time.

The live "still winnable" light asks this after every move. One question may need more
work than a job should hold the worker for (the auto-player's next move would wait
behind it), so the worker process keeps the solver of the question under way between
jobs and each job searches one slice more. The positions proven lost are kept for the
deal, so that its later questions search less. A worker started afresh (the last one
died) begins the question again from the position every job carries.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Final

from game.ai.solver import Solver, SolveResult
from game.rules.solitaire import SolitaireState

SLICE_POSITIONS: Final = 10_000
"""Positions one job searches (about an eighth of a second here)."""
LOST_KEPT: Final = 2_000_000
"""Positions proven lost kept for one deal; past this the deal starts a fresh set (it
would otherwise grow with every question of a very hard deal)."""


class _Held:
    """What the worker process keeps between jobs: one deal's positions proven lost and
    the solver of the question under way."""

    def __init__(self, deal: Hashable = None) -> None:
        self.deal = deal
        self.lost: set[int] = set()
        self.question = -1
        self.solver: Solver | None = None


_held = _Held()


def solve_slice(
    question: int, deal: Hashable, state: SolitaireState, positions: int
) -> SolveResult:
    """Search question number `question` (the position `state` of deal `deal`) for up to
    `positions` more positions. The answer is decided, or undecided (`winnable` None)
    with `nodes` the positions the question has searched in all so far."""
    global _held
    if _held.deal != deal or len(_held.lost) > LOST_KEPT:
        _held = _Held(deal)
    held = _held
    if held.question != question or held.solver is None:
        held.question, held.solver = question, Solver(state, held.lost)
    result = held.solver.run(positions)
    if result.winnable is not None:
        held.question, held.solver = -1, None
    return result
