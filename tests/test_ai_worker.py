"""The one worker pool, with a real worker process: thinking happens there, a cancelled
solve gives up, and a worker that died (killed mid-think, at the table too) is replaced.

These are the only tests that wait on another process; they wait for its answers, never
for a length of time.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Callable
from concurrent.futures import wait
from typing import Any

import pytest

from game.ai.solver import SolveResult, solve
from game.ai.worker import InProcessAdviser, Job, WorkerPool
from game.ai.worker import solve as solve_job
from game.play.events import MovePlayed
from game.play.table_match import TableMatch, Turn
from game.rules.solitaire import DrawSolitaireState, StackedSolitaireState


def answer(job: Job[Any]) -> Any:
    """Block until the worker has answered `job` (or failed)."""
    future = getattr(job, "_future", None)
    if future is not None:
        wait([future], timeout=120)
    assert job.done()
    return job.result()


@pytest.fixture
def pool() -> Any:
    pool = WorkerPool()
    yield pool
    pool.shutdown()


def test_work_runs_in_another_process(pool: WorkerPool) -> None:
    assert answer(pool.submit(os.getpid)) != os.getpid()


def test_a_cancelled_solve_gives_up_and_frees_the_worker(pool: WorkerPool) -> None:
    hard = DrawSolitaireState(seed=182)  # about 3 s to solve alone
    job = pool.submit(solve_job, hard, 10.0, pool.generation())
    pool.cancel_solves()
    result = answer(job)
    assert result == SolveResult(None, [], result.nodes)
    quick = pool.submit(solve_job, StackedSolitaireState(seed=2), 10.0, pool.generation())
    assert answer(quick) == solve(StackedSolitaireState(seed=2), 10.0)


def test_a_worker_that_died_is_replaced(pool: WorkerPool) -> None:
    dying = pool.submit(os._exit, 3)
    assert answer(dying) is None and dying.failed
    assert answer(pool.submit(os.getpid)) not in (None, os.getpid())


def test_the_table_gets_its_move_when_its_worker_is_killed_mid_think(pool: WorkerPool) -> None:
    players = [{"name": "Bot", "kind": "ai:master"}, {"name": "Two", "kind": "ai:master"}]
    match = TableMatch.new({"players": players, "seed": 4}, pool, 4)
    assert answer(pool.submit(os.getpid))  # the worker is up
    assert match.turn() is Turn.COMPUTER and match.think()
    for pid in pool.worker_pids():
        os.kill(pid, signal.SIGKILL)
    job = match._thinking
    assert job is not None
    answer(job)
    (event,) = match.poll()
    assert isinstance(event, MovePlayed) and event.by_computer
    assert event.result.move in match.state.moves
    match.think()  # the next computer thinks in a new worker
    assert answer(match._thinking) is not None  # type: ignore[arg-type]


def test_the_in_process_adviser_answers_at_once_and_reports_failures() -> None:
    adviser = InProcessAdviser()
    assert adviser.submit(os.getpid).result() == os.getpid()
    failing: Callable[[], int] = lambda: 1 // 0  # noqa: E731
    job = adviser.submit(failing)
    assert job.done() and job.failed and job.result() is None
