"""How the server's computer seats think: a `Thinker` starts a computer choosing its move
and calls back with it. `AdvisedThinker` hands the work to `Adviser`s (the game's worker
processes on a live server, so the event loop never waits on a computer; at once in
this process with `InProcessAdviser`), and the server polls it while a move is being
thought (it is told when one starts: an idle server sleeps).

The work is shared fairly, by thinking time actually used: each table asks for one move
at a time, and each *owner* (the network that opened the table) has its own queue. When
an adviser is free it takes the next move of the owner that has used the least thinking
time, ties going to the one that waited longest since its last move started. An owner
keeps the time it used when it goes idle (a network whose tables think one move at a
time is idle between its moves), and one that comes back starts no lower than
`CREDIT_S` below the used time of the last move started (the front of the work): little
credit for idle time, and no escape from the time used (a network that came back used
to start level with the least busy one, ties going to the smaller name: masters of
networks that sort first kept a friends' table waiting for minutes). One
owner thinks on at most `per_owner` advisers at once, and the last `quick` advisers
think only the quick levels' moves (those that search nothing: a few ms each), so a
friends' greedy table is answered at once beside any number of masters thinking."""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final, Protocol

from game.ai.players import BUDGETED_LEVELS, Player
from game.ai.worker import Adviser, Job, choose_move
from game.net.tables.limits import Clock
from game.rules.moves import Move
from game.rules.table import TableState

CREDIT_S: Final = 1.0
"""How far below the front of the work an owner that was idle may come back: a table
whose computer thinks little, between its players' moves, goes first."""

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


def searches(player: Player) -> bool:
    """Whether `player`'s moves take long: a level that searches (expert, master)."""
    return player.name in BUDGETED_LEVELS


@dataclass
class _Owner:
    """One owner's waiting moves, how many of its moves are being thought, the thinking
    time it has used, and when its last move started (ties go to the one waiting
    longest)."""

    waiting: deque[tuple[Player, TableState, Reply]] = field(default_factory=deque)
    running: int = 0
    used: float = 0.0
    turn: int = 0

    @property
    def active(self) -> bool:
        return bool(self.waiting or self.running)


@dataclass
class _Running:
    job: Job[tuple[Move, Player]]
    owner: str
    answer: Reply
    started: float


class AdvisedThinker:
    """Thinks through `advisers`, one move at a time on each; `poll` hands out the
    answers that are ready and starts the next moves. Of two or more advisers, the last
    `quick` think only quick moves (`searches`)."""

    def __init__(
        self,
        *advisers: Adviser,
        per_owner: int = 1,
        quick: int = 1,
        clock: Clock = time.monotonic,
    ):
        self.advisers = advisers
        self.per_owner = per_owner
        self.general = len(advisers) - quick if len(advisers) > quick else len(advisers)
        """The advisers that think any move (the others, quick moves only)."""
        self.clock = clock
        self._owners: dict[str, _Owner] = {}
        self._running: list[_Running | None] = [None] * len(advisers)
        self._turns = 0
        self._front = 0.0
        """The used time of the owner whose move started last, when it started (the
        moves start least used first, so this only grows while any owner thinks)."""
        self.started: Callable[[], None] = lambda: None
        """Told, in the thread that started it, each time a move starts being thought."""

    def think(self, player: Player, state: TableState, answer: Reply, owner: str) -> None:
        known = self._owners.get(owner)
        if known is None or not known.active:
            floor = self._front - CREDIT_S
            known = self._owners.setdefault(owner, _Owner(used=floor, turn=self._tick()))
            known.used = max(known.used, floor)
        known.waiting.append((player, state, answer))
        self.poll()

    def thinking(self) -> bool:
        """Whether a move is being thought (or its answer waits for `poll`); safe in any
        thread."""
        return any(running is not None for running in self._running)

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
                self._forget_idle()
                running.answer(running.job.result())
        quick_first = range(len(self._running) - 1, -1, -1)  # a quick move finds its own
        for slot in quick_first:
            self._start(slot)

    def _tick(self) -> int:
        self._turns += 1
        return self._turns

    def _forget_idle(self) -> None:
        """Forget the idle owners that would come back at the floor anyway (all of them
        when none thinks now)."""
        floor = self._front - CREDIT_S
        for name in [n for n, o in self._owners.items() if not o.active and o.used <= floor]:
            del self._owners[name]
        if not any(owner.active for owner in self._owners.values()):
            self._owners.clear()
            self._front = 0.0

    def _next_owner(self, quick_only: bool) -> str | None:
        """The owner whose move goes next: the least thinking time used, then the one
        waiting longest, among those with a move waiting (a quick one, for a quick
        adviser) and fewer than `per_owner` being thought."""
        ready = [
            (owner.used, owner.turn, name)
            for name, owner in self._owners.items()
            if owner.waiting
            and owner.running < self.per_owner
            and not (quick_only and searches(owner.waiting[0][0]))
        ]
        return min(ready)[2] if ready else None

    def _start(self, slot: int) -> None:
        """Give adviser `slot`, if it is free, the next move."""
        if self._running[slot] is not None:
            return
        name = self._next_owner(quick_only=slot >= self.general)
        if name is None:
            return
        owner = self._owners[name]
        player, state, answer = owner.waiting.popleft()
        owner.turn = self._tick()
        self._front = max(self._front, owner.used)
        try:
            job = self.advisers[slot].submit(choose_move, player, state)
        except OSError:  # no worker can be started (a full disk, no memory): think simply
            self._forget_idle()
            answer(None)
            return
        owner.running += 1
        self._running[slot] = _Running(job, name, answer, self.clock())
        self.started()
        if job.done():  # an in-process adviser: answered at once
            self.poll()
