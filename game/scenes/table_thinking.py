"""Computer thinking off the main thread, so the window keeps drawing while a seat thinks.

A `Thinker` runs one `choose` at a time on a clone of the state in a worker thread. The
scene asks `result()` every update; a result for a position the scene has since left
(after an undo) is dropped by comparing the `ticket` it was started with.
"""

from __future__ import annotations

import sys
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Final

from game.ai.players import Player
from game.rules.moves import Move
from game.rules.table import TableState

SWITCH_INTERVAL_S: Final = 0.001
"""GIL switch interval while a worker thinks: short, so frames never wait long for it."""


class Thinker:
    """One worker thread choosing moves for computer seats (and hints)."""

    def __init__(self) -> None:
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="contack-ai")
        self._future: Future[Move] | None = None
        self.ticket: object = None
        self._saved_interval = sys.getswitchinterval()

    @property
    def busy(self) -> bool:
        return self._future is not None

    def start(self, player: Player, state: TableState, ticket: object) -> None:
        """Begin choosing a move for `state` (cloned here) on the worker thread."""
        self.cancel()
        sys.setswitchinterval(SWITCH_INTERVAL_S)
        self.ticket = ticket
        position = state.clone()
        self._future = self._pool.submit(player.choose, position)

    def result(self, ticket: object) -> Move | None:
        """The chosen move once ready and still wanted for `ticket`, else None."""
        future = self._future
        if future is None or not future.done():
            return None
        self._future = None
        sys.setswitchinterval(self._saved_interval)
        if ticket != self.ticket:
            return None
        return future.result()

    def cancel(self) -> None:
        """Forget the move being chosen (the thread finishes it and it is dropped)."""
        if self._future is not None:
            self._future.cancel()
            self._future = None
            sys.setswitchinterval(self._saved_interval)

    def close(self) -> None:
        self.cancel()
        self._pool.shutdown(wait=False, cancel_futures=True)
