"""Computer thinking in a worker process, so the window keeps drawing while a seat thinks.

A thread would share the GIL with the drawing: measured on a 7-seat table with the
master level thinking, frames went from under 2 ms to 5-10 ms (p99 above 50 ms). So a
`Thinker` sends a clone of the state and the player to one worker process (spawned once
and shared by every table) and gets back the move and the player, whose rng has moved
on. The scene asks `result()` every update; a result for a position the scene has since
left (after an undo) is dropped by comparing the `ticket` it was started with.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
from concurrent.futures import Future, ProcessPoolExecutor

from game.ai.players import Player
from game.rules.moves import Move
from game.rules.table import TableState

_pool: ProcessPoolExecutor | None = None


def _worker_pool() -> ProcessPoolExecutor:
    """The shared worker process (started on first use, with a clean interpreter)."""
    global _pool
    if _pool is None:
        _pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                                    initializer=_yield_to_the_window)
    return _pool


def _yield_to_the_window() -> None:
    """Worker start-up: a lower priority, so the window's process is scheduled first."""
    with contextlib.suppress(AttributeError, OSError):
        os.nice(10)


def choose_in_worker(player: Player, state: TableState) -> tuple[Move, Player]:
    """Runs in the worker: the move and the player as it is after choosing."""
    return player.choose(state), player


class Thinker:
    """Chooses moves for computer seats (and hints) without blocking the window."""

    def __init__(self) -> None:
        self._future: Future[tuple[Move, Player]] | None = None
        self.ticket: object = None

    @property
    def busy(self) -> bool:
        return self._future is not None

    def start(self, player: Player, state: TableState, ticket: object) -> None:
        """Begin choosing a move for `state` (a clone is sent) in the worker."""
        self.cancel()
        self.ticket = ticket
        self._future = _worker_pool().submit(choose_in_worker, player, state.clone())

    def result(self, ticket: object) -> tuple[Move, Player] | None:
        """(move, player after choosing) once ready and still wanted for `ticket`."""
        future = self._future
        if future is None or not future.done():
            return None
        self._future = None
        if ticket != self.ticket:
            return None
        return future.result()

    def cancel(self) -> None:
        """Forget the move being chosen (the worker finishes it and it is dropped)."""
        if self._future is not None:
            self._future.cancel()
            self._future = None

    def close(self) -> None:
        self.cancel()
