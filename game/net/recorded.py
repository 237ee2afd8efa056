"""What the server's tables and the clients' copies share: a table game and its record
in step (`RecordedGame`), read as a table's."""

from __future__ import annotations

from game.rules.record.document import GameRecord
from game.rules.record.recorded_game import RecordedGame
from game.rules.table import TableState


class RecordedTable:
    """A table game held as the rules' `RecordedGame`."""

    def __init__(self, recorded: RecordedGame) -> None:
        if not isinstance(recorded.state, TableState):
            raise ValueError("not a table game")
        self.recorded = recorded

    @property
    def state(self) -> TableState:
        state = self.recorded.state
        assert isinstance(state, TableState)
        return state

    @property
    def record(self) -> GameRecord:
        return self.recorded.record
