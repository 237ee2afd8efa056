"""A client's copy of a table, kept in step with the server's messages: the rules' own
state, replayed from a `view`, so a client knows the position, the legal moves and the
scores without being told the stock's order.

The tiles still in the stock stand in a made-up order (sorted) until a draw names the
one drawn, which is then moved to the front of what is left; nothing the client shows
depends on that order.
"""

from __future__ import annotations

from game.net.replies import MoveMessage
from game.net.takeback_answers import TookBackMessage
from game.play.table_flow import table_state
from game.rules.errors import RulesError
from game.rules.moves import DRAW, Move
from game.rules.record.document import GameRecord
from game.rules.record.recorded_game import RecordedGame
from game.rules.results import MoveResult
from game.rules.table import TableState
from game.rules.tiles import ALL_TILES, tile_name


class TableMirror:
    """The position of a table as its clients see it."""

    def __init__(self, view: GameRecord) -> None:
        """Replay `view` (`RulesError` when it is not a table's view)."""
        record = view.copy()
        if not record.hand_count:
            raise RulesError("a view has the hands of a record")
        known = [tile for tile in record.hands[-1].stock if tile is not None]
        hidden = sorted(set(ALL_TILES) - set(known), key=tile_name)
        record.set_stock(-1, [*known, *hidden])
        recorded = RecordedGame.from_record(record)
        if not recorded.mode.is_table:
            raise RulesError("a view is a table game's")
        self.recorded = recorded

    @property
    def state(self) -> TableState:
        return table_state(self.recorded)

    def legal_moves(self) -> list[Move]:
        """The moves the seat to act may make."""
        return self.state.legal_moves()

    def follows(self, message: MoveMessage) -> bool:
        """Whether `message` is the next move of this table (not one already seen)."""
        return (message.hand, message.index) == (
            self.recorded.record.hand_count - 1,
            len(self.state.moves),
        )

    def play(self, message: MoveMessage) -> MoveResult:
        """Play the next move as the server announced it, and say what it did (`RulesError`
        when it cannot be played here: the copy is out of step and wants a new view)."""
        if not self.follows(message):
            raise RulesError(f"move {message.index} of hand {message.hand} is not the next")
        if message.move.move.action == DRAW and message.move.drawn is not None:
            self._bring_forward(message.move.drawn)
        if message.move.clock_s is not None:  # a timed game: the server runs the clock
            self.state.restore_clock(message.move.clock_s)
        return self.recorded.play(message.move.move)

    def take_back(self, message: TookBackMessage) -> int:
        """Take back the moves a take-back took back (move `index` of hand `hand` and
        every move after it); how many (`RulesError` when this copy does not hold them:
        it is out of step and wants a new view)."""
        moves = len(self.state.moves)
        if message.hand != self.recorded.record.hand_count - 1 or not message.index < moves:
            raise RulesError(f"move {message.index} of hand {message.hand} is not here")
        for _ in range(moves - message.index):
            self.recorded.undo()
        return moves - message.index

    def _bring_forward(self, tile: int) -> None:
        """Put `tile` next in the stock, in the state and in its record."""
        state = self.state
        stock = state.stock
        front = state.stock_pos
        if tile not in stock[front:]:
            raise RulesError(f"{tile_name(tile)} is not in the stock")
        at = stock.index(tile, front)
        stock[front], stock[at] = stock[at], stock[front]
        record = self.recorded.record
        tiles = list(record.hands[-1].stock)
        tiles[front], tiles[at] = tiles[at], tiles[front]
        record.set_stock(-1, tiles)
