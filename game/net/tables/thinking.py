"""How the server's computer seats think: a `Thinker` starts a computer choosing its move
and calls back with it. `AdvisedThinker` hands the work to `Adviser`s (the game's worker
processes on a live server, so the event loop never waits on a computer; at once in
this process with `InProcessAdviser`), and the server polls it.

The work is shared fairly: each table asks for one move at a time, and each *owner* (the
network that opened the table) has its own queue. When an adviser is free it takes the
next move of the owner that has used the least thinking time so far (an owner that
comes back from idle starts level with the least busy one: no credit for idle time),
and one owner thinks on at most `per_owner` advisers at once. So eight tables of
masters opened by one network keep one worker busy, and another network's greedy table
is answered by the other at once."""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from game.ai.players import Player
from game.ai.worker import Adviser, Job, choose_move
from game.net.tables.limits import Clock
from game.rules.moves import Move
from game.rules.table import TableState

Answer = tuple[Move, Player] | None
"""A computer's move and the player after choosing it; None when the thinking failed."""
Reply = Callable[[Answer], None]


class Thinker(Protocol):
    """Lets a computer choose its move and calls `answer` with it (later, or at once)."""

    def think(self, player: Player, state: TableState, answer: Reply, owner: str) -> None:
        """Start `player` choosing a move in `state` (a copy the thinker may keep) for a
        table of `owner`."""


class Answered:
    """A computer's move as a `Job` its flow polls: filled when the thinker answers."""

    def __init__(self) -> None:
        self._answer: Answer = None
        self._done = False

    def done(self) -> bool:
        return self._done

    def result(self) -> tuple[Move, Player] | None:
        return self._answer

    @property
    def failed(self) -> bool:
        return self._done and self._answer is None

    def cancel(self) -> None:
        """The thinker answers all the same; nobody reads it."""

    def fill(self, answer: Answer) -> None:
        self._answer, self._done = answer, True


class InlineThinker:
    """Thinks at once, in this process (tests and tools)."""

    def think(self, player: Player, state: TableState, answer: Reply, owner: str) -> None:
        answer(choose_move(player, state))


@dataclass
class _Owner:
    """One owner's waiting moves, how many of its moves are being thought, and the
    thinking time it has used."""

    waiting: deque[tuple[Player, TableState, Reply]] = field(default_factory=deque)
    running: int = 0
    used: float = 0.0


@dataclass
class _Running:
    job: Job[tuple[Move, Player]]
    owner: str
    answer: Reply
    started: float


class AdvisedThinker:
    """Thinks through `advisers`, one move at a time on each; `poll` hands out the
    answers that are ready and starts the next moves."""

    def __init__(self, *advisers: Adviser, per_owner: int = 1, clock: Clock = time.monotonic):
        self.advisers = advisers
        self.per_owner = per_owner
        self.clock = clock
        self._owners: dict[str, _Owner] = {}
        self._running: list[_Running | None] = [None] * len(advisers)

    def think(self, player: Player, state: TableState, answer: Reply, owner: str) -> None:
        if owner not in self._owners:
            active = [o.used for o in self._owners.values()]
            self._owners[owner] = _Owner(used=min(active, default=0.0))
        self._owners[owner].waiting.append((player, state, answer))
        self.poll()

    def answered(self) -> bool:
        """Whether a move is chosen (or its thinking failed): `poll` has work; safe in
        any thread (the jobs are futures)."""
        return any(running is not None and running.job.done() for running in self._running)

    def poll(self) -> None:
        """Call back every computer whose move is chosen (or whose thinking failed), and
        give each free adviser its next move."""
        for slot, running in enumerate(self._running):
            if running is not None and running.job.done():
                self._running[slot] = None
                owner = self._owners[running.owner]
                owner.running -= 1
                owner.used += self.clock() - running.started
                self._forget_if_idle(running.owner)
                running.answer(running.job.result())
        for slot in range(len(self._running)):
            self._start(slot)

    def _next_owner(self) -> str | None:
        """The owner whose move goes next: the least thinking time used, among those
        with a move waiting and fewer than `per_owner` being thought."""
        ready = [
            (owner.used, name)
            for name, owner in self._owners.items()
            if owner.waiting and owner.running < self.per_owner
        ]
        return min(ready)[1] if ready else None

    def _start(self, slot: int) -> None:
        """Give adviser `slot`, if it is free, the next move."""
        name = self._next_owner() if self._running[slot] is None else None
        if name is None:
            return
        owner = self._owners[name]
        player, state, answer = owner.waiting.popleft()
        try:
            job = self.advisers[slot].submit(choose_move, player, state)
        except OSError:  # no worker can be started (a full disk, no memory): think simply
            self._forget_if_idle(name)
            answer(None)
            return
        owner.running += 1
        self._running[slot] = _Running(job, name, answer, self.clock())
        if job.done():  # an in-process adviser: answered at once
            self.poll()

    def _forget_if_idle(self, name: str) -> None:
        owner = self._owners[name]
        if not owner.waiting and not owner.running:
            del self._owners[name]
