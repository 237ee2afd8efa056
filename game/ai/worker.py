"""Slow thinking off the window's process: one worker pool for the whole game.

Computer seats, hints, the solitaire solvers and the fair draw-solitaire player all
think here. A thread would share the GIL with the drawing (measured on a 7-seat table
with the master level thinking: frames went from under 2 ms to 5-10 ms), so the work
goes to one low-priority worker process, spawned on first use and shared by every
scene. A caller submits a picklable function with its arguments and gets a `Job` that
it polls once per update; the window never waits.

A job whose worker died (or whose function raised) is answered as failed, and the next
submission starts a new worker: a crash in the worker never takes the window down. Long
solves check a shared *generation* counter, so `cancel_solves` makes every solve started
before it give up at its next check.

`InProcessAdviser` has the same interface and runs each job at once in the calling
process: tests and tools use it, so that nothing waits on another process's time.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import multiprocessing.connection
import os
import threading
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.sharedctypes import Synchronized
from typing import Any, Generic, Protocol, TypeVar

from game import news
from game.ai.analysis import SolitaireReview, review_solitaire
from game.ai.players import Player
from game.ai.solver import Solver, SolveResult
from game.rules.moves import Move
from game.rules.record.document import GameRecord
from game.rules.record.recorded_game import AnyState
from game.rules.solitaire import SolitaireState

R = TypeVar("R")
R_co = TypeVar("R_co", covariant=True)


class Job(Protocol[R_co]):
    """A piece of thinking under way: poll `done`, then read `result` once."""

    def done(self) -> bool:
        """True once the answer (or the failure) is there."""

    def result(self) -> R_co | None:
        """The answer; None before it is done or when the job failed."""

    @property
    def failed(self) -> bool:
        """True when the worker died or the function raised."""

    def cancel(self) -> None:
        """The answer is no longer wanted."""


class Adviser(Protocol):
    """Runs thinking jobs: in a worker process (`WorkerPool`) or at once (tests)."""

    def submit(self, work: Callable[..., R], *args: Any) -> Job[R]:
        """Start `work(*args)`; `work` and its arguments must be picklable."""

    def cancel_solves(self) -> None:
        """Make every solve started so far give up (its answer is then undecided)."""

    def generation(self) -> int:
        """The current solve generation (pass it to `solve` so cancelling reaches it)."""

    def shutdown(self) -> None:
        """Stop the worker process, if any (the game is closing)."""


class _FutureJob(Generic[R]):
    """A job running in the worker process; its answer is news for the window
    (`game.news`), which may be asleep."""

    def __init__(self, future: Future[R]) -> None:
        self._future = future
        future.add_done_callback(lambda _future: news.arrived())

    def done(self) -> bool:
        return self._future.done()

    def result(self) -> R | None:
        if not self._future.done() or self.failed:
            return None
        return self._future.result()

    @property
    def failed(self) -> bool:
        return (
            self._future.done()
            and not self._future.cancelled()
            and self._future.exception() is not None
        ) or self._future.cancelled()

    def cancel(self) -> None:
        self._future.cancel()


class DoneJob(Generic[R]):
    """A job that ran at once (in-process), or failed."""

    def __init__(self, value: R | None, failed: bool = False) -> None:
        self._value = value
        self._failed = failed

    def done(self) -> bool:
        return True

    def result(self) -> R | None:
        return None if self._failed else self._value

    @property
    def failed(self) -> bool:
        return self._failed

    def cancel(self) -> None:
        """Nothing to stop."""


_worker_generation: Synchronized[int] | None = None
"""In the worker process: the shared solve generation."""


def _start_worker(generation: Synchronized[int]) -> None:
    """Worker start-up: remember the generation; a lower priority, so the window's
    process is scheduled first; and end with the game, even when it is killed."""
    global _worker_generation
    _worker_generation = generation
    with contextlib.suppress(AttributeError, OSError):
        os.nice(10)
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(
            target=_exit_with, args=(parent.sentinel,), daemon=True, name="contack-watchdog"
        ).start()


def _exit_with(parent_sentinel: int) -> None:
    """Wait for the game's process to end, then end this worker at once (a game killed
    outright leaves no process behind, whatever the worker was thinking)."""
    multiprocessing.connection.wait([parent_sentinel])
    os._exit(0)


def _cancelled(generation: int) -> bool:
    """Whether a solve started in `generation` is no longer wanted."""
    return _worker_generation is not None and _worker_generation.value != generation


class WorkerPool:
    """One worker process (spawned on first use) and the shared solve generation."""

    def __init__(self) -> None:
        self._context = multiprocessing.get_context("spawn")
        self._shared_generation: Synchronized[int] | None = None
        self._pool: ProcessPoolExecutor | None = None

    @property
    def _generation(self) -> Synchronized[int]:
        """The solve generation shared with the worker (made with the first worker, so a
        game that never thinks starts no helper process)."""
        if self._shared_generation is None:
            self._shared_generation = self._context.Value("i", 0)
        return self._shared_generation

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                max_workers=1,
                mp_context=self._context,
                initializer=_start_worker,
                initargs=(self._generation,),
            )
        return self._pool

    def submit(self, work: Callable[..., R], *args: Any) -> Job[R]:
        try:
            return _FutureJob(self._executor().submit(work, *args))
        except BrokenProcessPool:  # the worker died: start a new one
            self._discard()
        try:
            return _FutureJob(self._executor().submit(work, *args))
        except (BrokenProcessPool, OSError):  # no worker can be started: a failed job
            self._discard()
            return DoneJob(None, failed=True)

    def cancel_solves(self) -> None:
        if self._shared_generation is None:  # nothing was ever solved
            return
        with self._generation.get_lock():
            self._generation.value += 1

    def generation(self) -> int:
        return int(self._generation.value)

    def worker_pids(self) -> list[int]:
        """The worker processes' ids (for tests that kill one)."""
        processes = getattr(self._pool, "_processes", None) or {}
        return list(processes)

    def _discard(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    def shutdown(self) -> None:
        self.cancel_solves()
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)


_shared: WorkerPool | None = None


def shared_pool() -> WorkerPool:
    """The game's one worker pool (its process starts on the first job)."""
    global _shared
    if _shared is None:
        _shared = WorkerPool()
    return _shared


class InProcessAdviser:
    """The same interface, thinking at once in this process (tests, tools). An error in
    the thinking is raised, not answered as a failed job: a test or a tool sees the
    computer's crash instead of its fallback move (a dying worker is `WorkerPool`'s)."""

    def __init__(self) -> None:
        self._generation = 0
        self.submitted = 0

    def submit(self, work: Callable[..., R], *args: Any) -> Job[R]:
        """The work done at once; its answer is news, as a worker's is (`game.news`)."""
        self.submitted += 1
        job = DoneJob(work(*args))
        news.arrived()
        return job

    def cancel_solves(self) -> None:
        self._generation += 1

    def generation(self) -> int:
        return self._generation

    def shutdown(self) -> None:
        """Nothing runs elsewhere."""


# --- the work (runs in the worker, or in-process) -----------------------------------


def choose_move(player: Player, state: AnyState) -> tuple[Move, Player]:
    """A computer's move and the player as it is after choosing (its rng moved on)."""
    return player.choose(state), player


def solve(state: SolitaireState, positions: int, generation: int) -> SolveResult:
    """Solve a solitaire position until decided, out of work or cancelled."""
    return Solver(state).run(positions, stop=lambda: _cancelled(generation))


def review(record_json: str, positions: int, generation: int) -> SolitaireReview:
    """Where a solitaire record slipped, until decided, out of work or cancelled."""
    return review_solitaire(
        GameRecord.from_json(record_json), positions, stop=lambda: _cancelled(generation)
    )
