"""Solitaire thinking in a worker process, so the window keeps its frame budget.

One worker process (spawned on first use, shared by both solitaire scenes) runs the
solvers (`SolverTask`: the verdict at game over, "winnable deals only", the stacked
auto-player's line) and the fair draw-solitaire player's moves. Solving in slices on the
main thread cost 3 ms of every frame and took 15 s of wall time on the hardest deal.

A solve cannot be interrupted from outside the worker, so every solve carries the
*generation* it was started in; starting or cancelling a `SolverTask` moves the shared
generation on and any older solve still running gives up at its next check.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.sharedctypes import Synchronized
from typing import Final, ParamSpec, TypeVar

from game.ai.solver import Solver, SolveResult
from game.rules.solitaire import DrawSolitaireState, StackedSolitaireState

SolitaireState = DrawSolitaireState | StackedSolitaireState
P = ParamSpec("P")
R = TypeVar("R")

SOLVER_BUDGET_S: Final = 10.0
"""Time one solve may take before it answers "undecided"."""

_ADVISER: ProcessPoolExecutor | None = None
_GENERATION: Synchronized[int] | None = None
_worker_generation: Synchronized[int] | None = None
"""In the worker: the shared generation counter."""


def _start_worker(generation: Synchronized[int]) -> None:
    global _worker_generation
    _worker_generation = generation


def _shared_generation() -> Synchronized[int]:
    _adviser()
    assert _GENERATION is not None
    return _GENERATION


def _adviser() -> ProcessPoolExecutor:
    """The worker process for slow thinking."""
    global _ADVISER, _GENERATION
    if _ADVISER is None:
        context = multiprocessing.get_context("spawn")
        _GENERATION = context.Value("i", 0)
        _ADVISER = ProcessPoolExecutor(max_workers=1, mp_context=context,
                                       initializer=_start_worker, initargs=(_GENERATION,))
    return _ADVISER


def think(work: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> Future[R]:
    """Run `work` in the worker process, starting a new one if the last one died."""
    global _ADVISER
    try:
        return _adviser().submit(work, *args, **kwargs)
    except BrokenProcessPool:
        _ADVISER = None
        return _adviser().submit(work, *args, **kwargs)


def answer(future: Future[R], failed: Callable[[], R]) -> R | None:
    """The worker's answer once it is there (None before); `failed()` if the worker died
    or the work raised, so a broken worker never takes the game down with it."""
    if not future.done():
        return None
    try:
        return future.result()
    except Exception:
        return failed()


def cancel_solves() -> None:
    """Make every solve started so far give up (its result is then "undecided")."""
    generation = _shared_generation()
    with generation.get_lock():
        generation.value += 1


def _cancelled(generation: int) -> bool:
    """In the worker: whether a solve started in `generation` is no longer wanted."""
    return _worker_generation is not None and _worker_generation.value != generation


def solve_in_worker(state: SolitaireState, budget_s: float, generation: int) -> SolveResult:
    """Solve `state` (in the worker) until decided, out of time or cancelled."""
    return Solver(state).run(budget_s, stop=lambda: _cancelled(generation))


class SolverTask:
    """One position solved in the worker; starting it cancels any older solve."""

    def __init__(self, state: SolitaireState, budget_s: float = SOLVER_BUDGET_S) -> None:
        cancel_solves()
        self._future = think(solve_in_worker, state.clone(), budget_s,
                             _shared_generation().value)

    def result(self) -> SolveResult | None:
        """The answer once the worker has it (None before); undecided if the worker failed."""
        return answer(self._future, lambda: SolveResult(None, [], 0))

    def cancel(self) -> None:
        """The answer is no longer wanted: free the worker for other thinking."""
        cancel_solves()
