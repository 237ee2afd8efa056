"""How the server's computer seats think: a `Thinker` starts a computer choosing its move
and calls back with it. `AdvisedThinker` hands the work to an `Adviser` (the game's
worker process on a live server, so the event loop never waits on a computer; at once
in this process with `InProcessAdviser`), and the server polls it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from game.ai.players import Player
from game.ai.worker import Adviser, Job, choose_move
from game.rules.moves import Move
from game.rules.table import TableState

Answer = tuple[Move, Player] | None
"""A computer's move and the player after choosing it; None when the thinking failed."""


class Thinker(Protocol):
    """Lets a computer choose its move and calls `answer` with it (later, or at once)."""

    def think(self, player: Player, state: TableState, answer: Callable[[Answer], None]) -> None:
        """Start `player` choosing a move in `state` (a copy the thinker may keep)."""


class InlineThinker:
    """Thinks at once, in this process (tests and tools)."""

    def think(self, player: Player, state: TableState, answer: Callable[[Answer], None]) -> None:
        answer(choose_move(player, state))


class AdvisedThinker:
    """Thinks through an `Adviser`; `poll` hands out the answers that are ready."""

    def __init__(self, adviser: Adviser) -> None:
        self.adviser = adviser
        self.pending: list[tuple[Job[tuple[Move, Player]], Callable[[Answer], None]]] = []

    def think(self, player: Player, state: TableState, answer: Callable[[Answer], None]) -> None:
        try:
            job = self.adviser.submit(choose_move, player, state)
        except OSError:  # no worker can be started (a full disk, no memory): think simply
            answer(None)
            return
        self.pending.append((job, answer))
        self.poll()

    def poll(self) -> None:
        """Call back every computer whose move is chosen (or whose thinking failed)."""
        ready: list[tuple[Job[tuple[Move, Player]], Callable[[Answer], None]]] = []
        waiting: list[tuple[Job[tuple[Move, Player]], Callable[[Answer], None]]] = []
        for pending in self.pending:
            (ready if pending[0].done() else waiting).append(pending)
        self.pending = waiting
        for job, answer in ready:
            answer(job.result())
