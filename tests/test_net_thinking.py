"""How the server shares its computers' thinking (game/net/tables/thinking.py): each network that
opened tables has its own queue, the one that used the least thinking time goes next, and
one network thinks on one worker at a time, so another's table is answered at once."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from typing import Any

import pytest

import game.net.server
from game.ai.players import Player, make_player
from game.ai.worker import DoneJob, Job
from game.net.tables.registry import Registry
from game.net.tables.thinking import AdvisedThinker, Answer
from game.rules.moves import Move
from game.rules.record.recorded_game import AnyState
from game.rules.table import TableGame, TableState
from tests.net_clients import serving
from tests.net_helpers import ROOMY, ManualClock, dealer


class HeldJob:
    """A worker's job that is done when the test says so."""

    def __init__(self, answer: tuple[Move, Player]) -> None:
        self.answer = answer
        self.finished = False

    def done(self) -> bool:
        return self.finished

    def result(self) -> tuple[Move, Player] | None:
        return self.answer if self.finished else None

    @property
    def failed(self) -> bool:
        return False

    def cancel(self) -> None:
        """Nothing to stop."""


class HeldAdviser:
    """One worker whose jobs end when the test ends them."""

    def __init__(self) -> None:
        self.jobs: list[HeldJob] = []

    def submit(self, work: Callable[..., Any], *args: Any) -> Job[Any]:
        job = HeldJob(work(*args))
        self.jobs.append(job)
        return job

    def cancel_solves(self) -> None:
        """Nothing to stop."""

    def generation(self) -> int:
        return 0

    def shutdown(self) -> None:
        """Nothing runs elsewhere."""

    def finish(self) -> None:
        """End the job under way."""
        next(job for job in self.jobs if not job.finished).finished = True

    @property
    def busy(self) -> bool:
        return any(not job.finished for job in self.jobs)


STATE: TableState = TableGame(2).new_state(1)


def computer() -> Player:
    return make_player("random", random.Random(1))


def ask(thinker: AdvisedThinker, owner: str, label: str, answered: list[str]) -> None:
    """Ask for a move of a table of `owner`; its `label` is noted when answered."""

    def answer(result: Answer) -> None:
        assert result is not None
        answered.append(label)

    thinker.think(computer(), STATE, answer, owner)


def test_one_network_thinks_on_one_worker_and_another_networks_table_goes_at_once() -> None:
    workers = [HeldAdviser(), HeldAdviser()]
    thinker = AdvisedThinker(*workers, clock=ManualClock())
    answered: list[str] = []
    for table in range(8):
        ask(thinker, "10.6.6.0/24", f"hostile {table}", answered)
    busy = [w.busy for w in workers]
    assert sum(busy) == 1  # eight tables, one worker
    ask(thinker, "10.7.7.0/24", "friends", answered)
    assert [w.busy for w in workers] == [True, True]
    workers[busy.index(False)].finish()
    thinker.poll()
    assert answered == ["friends"]


def test_the_network_that_used_the_least_thinking_goes_next_and_its_tables_take_turns() -> None:
    clock = ManualClock()
    worker = HeldAdviser()
    thinker = AdvisedThinker(worker, clock=clock)
    answered: list[str] = []
    ask(thinker, "busy", "busy 1", answered)  # thinks 5 s
    ask(thinker, "busy", "busy 2", answered)
    ask(thinker, "light", "light 1", answered)
    clock.now += 5
    worker.finish()
    thinker.poll()
    ask(thinker, "busy", "busy 1", answered)  # the first table asks again, behind the second
    for _ in range(3):
        clock.now += 1
        worker.finish()
        thinker.poll()
    assert answered == ["busy 1", "light 1", "busy 2", "busy 1"]


def test_a_network_that_comes_back_starts_at_most_a_second_below_the_least_busy_one() -> None:
    clock = ManualClock()
    worker = HeldAdviser()
    thinker = AdvisedThinker(worker, clock=clock)
    answered: list[str] = []
    for move in range(5):
        ask(thinker, "busy", f"busy {move}", answered)
    for _ in range(3):  # 30 s of thinking while "new" was away
        clock.now += 10
        worker.finish()
        thinker.poll()
    for move in range(3):
        ask(thinker, "new", f"new {move + 1}", answered)
    for _ in range(5):
        clock.now += 10
        worker.finish()
        thinker.poll()
    # "new" comes back at 29 s (a second of credit), "busy" is at 40 s after its move 3
    assert answered[3:] == ["busy 3", "new 1", "new 2", "busy 4", "new 3"]


class Named:
    """A computer of level `name` that plays the first legal move (at once: the test's
    worker says how long it took)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def choose(self, state: AnyState) -> Move:
        return state.legal_moves()[0]


def keep_asking(thinker: AdvisedThinker, owner: str, level: str, answered: list[str]) -> None:
    """A self-playing table of `owner`: its computer asks again as soon as it is answered."""

    def answer(result: Answer) -> None:
        answered.append(owner)
        thinker.think(Named(level), STATE, answer, owner)

    thinker.think(Named(level), STATE, answer, owner)


def test_masters_of_networks_sorting_first_leave_a_friends_table_its_share() -> None:
    clock = ManualClock()
    worker = HeldAdviser()
    thinker = AdvisedThinker(worker, clock=clock)
    answered: list[str] = []

    def think_one() -> None:
        """The move being thought ends: a master's took a second, the friends' 10 ms."""
        job = next(job for job in worker.jobs if not job.finished)
        clock.now += 1.0 if job.answer[1].name == "master" else 0.01
        job.finished = True
        thinker.poll()

    for network in range(5):  # "10.0.N.0/24" sorts before the friends' "10.9.9.0/24"
        keep_asking(thinker, f"10.0.{network}.0/24", "master", answered)
    waits = []
    for move in range(60):
        think_one()
        if move >= 5 and move % 3 == 0:  # once each master has thought a move: the
            # friends' computer thinks a little every few seconds
            asked = len(answered)
            ask(thinker, "10.9.9.0/24", "friends", answered)
            while answered[-1] != "friends":
                think_one()
            waits.append(len(answered) - asked - 1)
    assert max(waits) <= 1  # at most the master's move already being thought
    counts = [answered.count(f"10.0.{n}.0/24") for n in range(5)]
    assert max(counts) - min(counts) <= 1, counts


def test_a_quick_move_has_a_worker_of_its_own_beside_any_number_of_masters() -> None:
    workers = [HeldAdviser(), HeldAdviser(), HeldAdviser()]
    thinker = AdvisedThinker(*workers, clock=ManualClock())
    answered: list[str] = []
    for network in range(5):
        keep_asking(thinker, f"10.0.{network}.0/24", "master", answered)
    assert [w.busy for w in workers] == [True, True, False]  # masters on two of three
    thinker.think(Named("greedy"), STATE, lambda answer: answered.append("friends"), "10.9.9.0/24")
    assert [w.busy for w in workers] == [True, True, True]
    workers[2].finish()
    thinker.poll()
    assert answered == ["friends"]


def test_a_worker_that_cannot_start_answers_that_the_thinking_failed() -> None:
    class NoWorker(HeldAdviser):
        def submit(self, work: Callable[..., Any], *args: Any) -> Job[Any]:
            raise OSError(28, "No space left on device")

    thinker = AdvisedThinker(NoWorker())
    results: list[Answer] = []
    thinker.think(computer(), STATE, results.append, "x")
    assert results == [None]
    thinker.think(computer(), STATE, results.append, "x")
    assert results == [None, None]


def test_an_in_process_adviser_answers_at_once() -> None:
    class AtOnce(HeldAdviser):
        def submit(self, work: Callable[..., Any], *args: Any) -> Job[Any]:
            return DoneJob(work(*args))

    thinker = AdvisedThinker(AtOnce())
    answered: list[str] = []
    ask(thinker, "x", "a", answered)
    ask(thinker, "y", "b", answered)
    assert answered == ["a", "b"]


class Looked(AdvisedThinker):
    """A thinker that counts the server's looks for answers."""

    looks = 0

    def answered(self) -> bool:
        self.looks += 1
        return super().answered()


def test_a_server_looks_for_answers_only_while_a_move_is_being_thought(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An idle server looked a hundred times a second (1.4% of a core, for nothing)."""
    monkeypatch.setattr(game.net.server, "POLL_S", 0.0)  # a look each turn of the loop
    worker = HeldAdviser()
    thinker = Looked(worker, clock=ManualClock())
    registry = Registry(ManualClock(), thinker, limits=ROOMY, deal=dealer())
    answered: list[str] = []

    async def turns(count: int) -> None:
        for _ in range(count):
            await asyncio.sleep(0)

    async def scenario() -> None:
        async with serving(registry):
            await turns(50)
            assert thinker.looks == 0  # idle
            ask(thinker, "x", "a", answered)
            await turns(10)
            assert thinker.looks > 0 and answered == []  # thinking
            worker.finish()
            await turns(10)
            assert answered == ["a"]
            looks = thinker.looks
            await turns(50)
            assert thinker.looks == looks  # idle again

    asyncio.run(scenario())
