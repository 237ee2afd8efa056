"""The computer seats of a registry's tables: each thinks through the registry's
`Thinker` (a worker process on a live server, at once in this process in tests), one
network's tables after another, and their answers are played one after another, in the
order they came, so that a thinker that answers at once plays a whole run of computer
moves without recursing."""

from __future__ import annotations

import contextlib
from collections import deque
from collections.abc import Callable, Mapping
from functools import partial

from game.ai.players import Player
from game.net.messages import Refused
from game.net.tables.table import Follower, NetTable
from game.net.tables.thinking import Answer, Answered, Thinker
from game.rules.moves import Move
from game.rules.table import TableState

Play = Callable[[NetTable, Follower | None, int, Move], None]
"""The registry's way to play and announce a move (`Refused` when it may not be)."""


class Computers:
    """Think for the computer seats of `tables` and `play` their answers."""

    def __init__(self, thinker: Thinker, tables: Mapping[bytes, NetTable], play: Play) -> None:
        self.thinker = thinker
        self.tables = tables
        self.play = play
        self._answers: deque[NetTable] = deque()
        """The tables whose computer has answered, in order."""
        self._answering = False

    def hold(self, table: NetTable) -> None:
        """`table`'s computers think through the thinker from now on."""
        table.think_move = partial(self._think, table)

    def _think(self, table: NetTable, player: Player, state: TableState) -> Answered:
        job = Answered()

        def reply(answer: Answer) -> None:
            job.fill(answer)
            self._answers.append(table)
            self._play_answers()

        opener = table.club.networks[0] if table.club.networks else table.code
        self.thinker.think(player, state, reply, opener)  # a network's tables think in turn
        return job

    def let_play(self, table: NetTable) -> None:
        """Start the computer to act thinking, if the table's flow waits for one (and it
        is not thinking already). An answer that comes at once is played once it has
        started."""
        held, self._answering = self._answering, True
        try:
            table.flow.think()
        finally:
            self._answering = held
        self._play_answers()

    def _play_answers(self) -> None:
        if self._answering:
            return
        self._answering = True
        try:
            while self._answers:
                self._play_answer(self._answers.popleft())
        finally:
            self._answering = False

    def _play_answer(self, table: NetTable) -> None:
        if self.tables.get(table.key) is not table:
            return  # the table was closed meanwhile
        seat = table.state.current
        move = table.flow.chosen()  # None: a player took the seat back, or it moved on
        if move is not None:
            with contextlib.suppress(Refused):  # not saved: the table was told; `sweep` retries
                self.play(table, None, seat, move)
