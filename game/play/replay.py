"""A game record watched move by move, without pygame.

`Replay` checks the record with the rules engine, plays it once to collect each move's
result (from `apply`) and a copy of the state at the start of every hand, then moves a
live state to any position: forward by applying the recorded moves, back with `undo`,
to another hand from that hand's starting copy. A position is `(hand, index)`: the first
`index` moves of `hand` have been played.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.contacts import Contact
from game.rules.lattice import Cell
from game.rules.modes import Mode
from game.rules.moves import Move
from game.rules.record.document import GameRecord
from game.rules.record.recorded_game import AnyState, RecordedGame
from game.rules.record.values import RecordHand
from game.rules.results import MoveResult
from game.rules.solitaire import DrawSolitaireState, StackedSolitaireState
from game.rules.table import TableGame
from game.rules.tiles import TileId


@dataclass(frozen=True)
class Step:
    """One recorded move with what the engine said about it when it was played."""

    hand: int
    index: int
    result: MoveResult

    @property
    def move(self) -> Move:
        return self.result.move

    @property
    def player(self) -> int:
        return self.result.player

    @property
    def contacts(self) -> tuple[Contact, ...]:
        return self.result.contacts

    @property
    def drawn(self) -> TileId | None:
        """Table draws: the tile that came off the stock."""
        return self.result.drawn

    @property
    def score(self) -> int:
        return self.result.points


class Replay:
    """A record and a live state that can be moved to any position of it."""

    def __init__(self, record: GameRecord) -> None:
        RecordedGame.from_record(record)  # checks every move; RecordError when bad
        self.record = record
        self.mode = record.mode
        self.steps: list[list[Step]] = []
        self._starts: list[AnyState] = []
        self.final_cells: list[list[Cell]] = []
        state: AnyState | None = None
        for h, hand in enumerate(record.hands):
            state = self._deal(state, hand, h)
            self._starts.append(state.clone())
            steps = []
            for index, entry in enumerate(hand.moves):
                steps.append(Step(h, index, state.apply(entry.move)))
            self.steps.append(steps)
            self.final_cells.append([cell for cell, _tile, _rot in state.figure.tiles()])
        self.hand = 0
        self.index = 0
        self.state: AnyState = self._starts[0].clone()

    def _deal(self, state: AnyState | None, hand: RecordHand, index: int) -> AnyState:
        stock = hand.tiles(index)
        if self.mode.is_table:
            if state is not None:
                state.next_hand(stock)
                return state
            game = TableGame(len(self.record.players), self.record.rules)
            return game.new_state(self.record.seed, stock)
        if self.mode == Mode.DRAW_SOLITAIRE:
            return DrawSolitaireState(stock)
        return StackedSolitaireState(stock, hand.cut or 0)

    # reading

    @property
    def hands(self) -> int:
        return len(self.steps)

    @property
    def moves_in_hand(self) -> int:
        return len(self.steps[self.hand])

    @property
    def last_step(self) -> Step | None:
        """The move that led to this position (None at the start of a hand)."""
        return self.steps[self.hand][self.index - 1] if self.index else None

    @property
    def next_step(self) -> Step | None:
        """The move `forward` would play (None at the end of a hand)."""
        return self.steps[self.hand][self.index] if self.index < self.moves_in_hand else None

    @property
    def at_start(self) -> bool:
        return self.hand == 0 and self.index == 0

    @property
    def at_end(self) -> bool:
        return self.hand == self.hands - 1 and self.index == self.moves_in_hand

    # moving

    def seek(self, hand: int, index: int) -> None:
        """Go to the position after the first `index` moves of `hand` (both clamped)."""
        hand = max(0, min(self.hands - 1, hand))
        index = max(0, min(len(self.steps[hand]), index))
        if hand != self.hand or index < self.index - index:
            self.state = self._starts[hand].clone()
            self.hand, self.index = hand, 0
        while self.index > index:
            self.state.undo()
            self.index -= 1
        while self.index < index:
            self.state.apply_unchecked(self.steps[hand][self.index].move)
            self.index += 1

    def forward(self) -> bool:
        """One move on (or on to the next hand's deal); False at the end."""
        if self.index < self.moves_in_hand:
            self.seek(self.hand, self.index + 1)
        elif self.hand < self.hands - 1:
            self.seek(self.hand + 1, 0)
        else:
            return False
        return True

    def back(self) -> bool:
        """One move back (or to the end of the previous hand); False at the start."""
        if self.index > 0:
            self.seek(self.hand, self.index - 1)
        elif self.hand > 0:
            self.seek(self.hand - 1, len(self.steps[self.hand - 1]))
        else:
            return False
        return True

    def to_end(self) -> None:
        self.seek(self.hands - 1, len(self.steps[-1]))
