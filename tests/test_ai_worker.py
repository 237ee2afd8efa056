"""The one worker pool, with a real worker process: thinking happens there, a cancelled
solve gives up, a worker that died (killed mid-think, at the table too) is replaced, and
shutting down leaves no worker behind. Then, in-process: every caller falls back on its
own answer when the worker fails.

The tests marked "real worker" are the only ones that wait on another process; they wait
for its answers, never for a length of time.
"""

from __future__ import annotations

import os
import random
import signal
from collections.abc import Callable
from concurrent.futures import wait
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any, NoReturn, TypeVar

import pytest

from game.ai.autoplay import simple_fair_move, stacked_best_try
from game.ai.players import MasterPlayer
from game.ai.solver import SOLVER_POSITIONS, SolveResult, solve
from game.ai.worker import DoneJob, InProcessAdviser, Job, WorkerPool
from game.ai.worker import solve as solve_job
from game.play.couch import new_couch_table
from game.play.events import HintFound, MovePlayed, VerdictFound
from game.play.seats import Computer
from game.play.solitaire_session import SolitaireSession
from game.play.table_flow import Turn
from game.rules.modes import Mode
from game.rules.record.entries import PlayerEntry
from game.rules.solitaire import DrawSolitaireState, StackedSolitaireState
from tests.drive import new_app

R = TypeVar("R")


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
    job = pool.submit(solve_job, hard, SOLVER_POSITIONS, pool.generation())
    pool.cancel_solves()
    result = answer(job)
    assert result == SolveResult(None, [], result.nodes)
    quick = pool.submit(
        solve_job, StackedSolitaireState(seed=2), SOLVER_POSITIONS, pool.generation()
    )
    assert answer(quick) == solve(StackedSolitaireState(seed=2))


def test_a_worker_that_died_is_replaced(pool: WorkerPool) -> None:
    dying = pool.submit(os._exit, 3)
    assert answer(dying) is None and dying.failed
    assert answer(pool.submit(os.getpid)) not in (None, os.getpid())


def test_the_table_gets_its_move_when_its_worker_is_killed_mid_think(pool: WorkerPool) -> None:
    players: list[PlayerEntry] = [
        {"name": "Bot", "kind": "ai:master"},
        {"name": "Two", "kind": "ai:master"},
    ]
    match = new_couch_table({"players": players, "seed": 4}, pool, 4)
    assert answer(pool.submit(os.getpid))  # the worker is up
    (killed,) = pool.worker_pids()
    seat = match.state.current_player
    computer = match.seats[seat]
    assert isinstance(computer, Computer)
    usual = computer.player
    # a master with no time cap and many guesses: about 10 s here, so the kill lands
    # while the worker is surely still thinking this move
    computer.player = MasterPlayer(random.Random(1), positions=10**9, samples=64, depth=8)
    assert match.turn() is Turn.COMPUTER and match.think()
    os.kill(killed, signal.SIGKILL)
    job = computer._job
    assert job is not None
    assert answer(job) is None and job.failed
    (event,) = match.poll()  # the table's own fallback move
    assert isinstance(event, MovePlayed) and event.by_computer
    assert event.result.move in match.state.moves and not match.thinking
    computer.player = usual
    assert match.turn() is Turn.COMPUTER and match.think()  # the next computer thinks
    following = match.seats[match.state.current_player]
    assert isinstance(following, Computer)
    job = following._job
    assert job is not None and answer(job) is not None and not job.failed
    assert pool.worker_pids() and killed not in pool.worker_pids()  # in a new worker
    (event,) = match.poll()
    assert isinstance(event, MovePlayed) and event.by_computer


def test_shutting_down_leaves_no_worker_behind(pool: WorkerPool) -> None:
    worker = answer(pool.submit(os.getpid))
    pool.shutdown()
    with pytest.raises(ProcessLookupError):  # ended and reaped, not a zombie
        os.kill(worker, 0)
    assert pool.worker_pids() == []


# --- in-process ---------------------------------------------------------------------


def test_the_in_process_adviser_answers_at_once_and_lets_a_crash_through() -> None:
    adviser = InProcessAdviser()
    assert adviser.submit(os.getpid).result() == os.getpid()
    failing: Callable[[], int] = lambda: 1 // 0  # noqa: E731
    with pytest.raises(ZeroDivisionError):  # not hidden behind a fallback move
        adviser.submit(failing)


def test_a_worker_that_cannot_be_started_gives_a_failed_job(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    class Broken:
        def submit(self, *_args: Any) -> NoReturn:
            raise BrokenProcessPool("no worker")

        def shutdown(self, **_options: Any) -> None:
            pass

    pool = WorkerPool()
    monkeypatch.setattr(pool, "_executor", Broken)
    job = pool.submit(os.getpid)
    assert job.done() and job.failed and job.result() is None


class DeadWorker(InProcessAdviser):
    """Every job fails, as when the worker dies each time it thinks."""

    def submit(self, work: Callable[..., R], *args: Any) -> Job[R]:
        self.submitted += 1
        return DoneJob(None, failed=True)


def test_the_app_stops_its_adviser_when_it_closes(tmp_path: Path) -> None:
    stops: list[bool] = []

    class Watched(InProcessAdviser):
        def shutdown(self) -> None:
            stops.append(True)

    new_app(tmp_path, adviser=Watched()).close()
    assert stops == [True]


def test_table_computers_and_hints_without_a_working_worker() -> None:
    players: list[PlayerEntry] = [
        {"name": "Ann", "kind": "human"},
        {"name": "Bot", "kind": "ai:master"},
        {"name": "Cy", "kind": "ai:expert"},
    ]
    match = new_couch_table({"players": players, "seed": 3}, DeadWorker(), 3)
    computer_moves = 0
    while computer_moves < 6 and match.turn() in (Turn.COMPUTER, Turn.HUMAN, Turn.FORCED):
        if match.turn() is Turn.COMPUTER:
            assert match.think()
            (event,) = match.poll()  # the greedy fallback plays at once
            assert isinstance(event, MovePlayed) and event.by_computer
            computer_moves += 1
        elif match.turn() is Turn.FORCED:
            match.play_forced()
        else:
            assert match.ask_hint()
            assert not any(
                isinstance(e, HintFound) for e in match.advice.poll_hint(match.position())
            )
            assert not match.advice.hint_pending  # no hint, and no hint left waiting
            match.play(match.legal_moves()[0])
    assert computer_moves == 6


def test_solitaires_fall_back_on_their_own_moves_without_a_working_worker() -> None:
    draw = SolitaireSession.new(Mode.DRAW_SOLITAIRE, 5, DeadWorker())
    assert draw.suggest() == simple_fair_move(draw.state)  # type: ignore[arg-type]
    while not draw.finished:
        move = draw.suggest()
        assert move is not None
        draw.play(move)
    assert not draw.state.won  # deal 5 is lost this way: its verdict is "unknown"
    assert draw.poll() == [VerdictFound("unknown")] and not draw.judging
    stacked = SolitaireSession.new(Mode.STACKED_SOLITAIRE, 3, DeadWorker())
    assert stacked.suggest() == stacked_best_try(stacked.state)  # type: ignore[arg-type]
    assert not stacked.advice.thinking
