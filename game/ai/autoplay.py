"""The solitaire auto-players and hints.

Draw solitaire: `FairDrawPlayer` never looks at the order of the stock. It places the
discard top whenever it fits (burying it under the next unplaceable tile costs more than
waiting gains), else turns the stock. To choose where a tile goes it uses only what is
visible (the figure, the discard pile and the set of tiles not seen yet): it deals the
unseen tiles at random into a few imagined stocks and asks the solver, in each, whether
the position after each placement still wins.

Stacked solitaire: `StackedAutoPlayer` plays the solver's winning line whenever one
exists, and otherwise the move that keeps the most tiles playable.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final, Protocol

from game.ai.solver import Solver
from game.rules.lattice import neighbours
from game.rules.moves import DISCARD, STOCK, Move
from game.rules.solitaire import DrawSolitaireState, StackedSolitaireState
from game.rules.tiles import ALL_TILES

SAMPLES: Final = 8
"""Imagined stocks per decision of the fair draw-solitaire player."""
SAMPLE_NODES: Final = 1500
"""Solver nodes per imagined stock and choice; an undecided one counts as half a win."""
STACKED_BUDGET_S: Final = 10.0
"""Solver time the stacked auto-player may spend on one position."""


class SolitairePlayer(Protocol):
    """The player protocol of `game.ai.players`, for the solitaires."""

    name: str

    def choose(self, state: DrawSolitaireState | StackedSolitaireState) -> Move: ...


def _cell_neighbours(state: DrawSolitaireState | StackedSolitaireState, move: Move) -> int:
    """How many tiles the cell of a placement touches (0 for a discard)."""
    if move.action == DISCARD:
        return 0
    return sum(cell in state.figure for cell in neighbours(move.cell))


def _unseen(state: DrawSolitaireState) -> list[int]:
    """The tiles the player has not seen: not in the figure and not on the discard pile."""
    seen = {tile for _, tile, _ in state.figure.tiles()} | set(state.discard)
    return [tile for tile in ALL_TILES if tile not in seen]


def _wins(state: DrawSolitaireState) -> float:
    """1 when the solver wins `state` within its node budget, 0 when lost, else 0.5."""
    if state.won:
        return 1.0
    result = Solver(state).step(SAMPLE_NODES)
    if result is None:
        return 0.5
    return 1.0 if result.winnable else 0.0


class FairDrawPlayer:
    """Draw solitaire without peeking at the stock: sampled stocks decide each choice."""

    name = "auto"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, state: DrawSolitaireState) -> Move:
        """The move to play; `state` is left unchanged."""
        moves = state.legal_moves()
        if not state.figure:
            return moves[0]
        from_discard = [m for m in moves if m.source != STOCK]
        if from_discard:
            return self._best_placement(state, from_discard)
        from_stock = [m for m in moves if m.source == STOCK]
        return self._best_placement(state, from_stock)

    def _worlds(self, state: DrawSolitaireState, fixed: int | None) -> list[DrawSolitaireState]:
        """Copies of `state` whose unseen stock is dealt at random; `fixed` (a tile just
        turned) stays on top."""
        unseen = [t for t in _unseen(state) if t != fixed]
        prefix = state.stock[: state.stock_pos] + ([] if fixed is None else [fixed])
        worlds = []
        for _ in range(SAMPLES):
            self.rng.shuffle(unseen)
            world = state.clone()
            world.stock = prefix + unseen
            worlds.append(world)
        return worlds

    def _score(self, worlds: list[DrawSolitaireState], move: Move) -> float:
        total = 0.0
        for world in worlds:
            after = world.clone()
            after.apply_unchecked(move)
            total += _wins(after)
        return total

    def _best_placement(self, state: DrawSolitaireState, moves: list[Move]) -> Move:
        """The placement (all of one tile) that wins in the most imagined stocks; ties go
        to the cell that touches the most tiles."""
        if len(moves) == 1:
            return moves[0]
        worlds = self._worlds(state, moves[0].tile if moves[0].source == STOCK else None)
        return max(moves, key=lambda m: (self._score(worlds, m), _cell_neighbours(state, m)))


class StackedAutoPlayer:
    """Stacked solitaire: the solver's winning line when there is one, else the best try."""

    name = "auto"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self._line: list[Move] = []
        self._played: list[Move] = []

    def choose(self, state: StackedSolitaireState) -> Move:
        """The move to play; `state` is left unchanged."""
        history = state.moves
        if self._line and history == self._played:
            move = self._line.pop(0)
            self._played.append(move)
            return move
        result = Solver(state).run(STACKED_BUDGET_S)
        if result.winnable:
            self._line = result.moves
            self._played = history
            return self.choose(state)
        self._line = []
        return stacked_best_try(state)


def stacked_best_try(state: StackedSolitaireState) -> Move:
    """The move after which the pile tops have the most placements."""
    moves = state.legal_moves()

    def tops_after(move: Move) -> int:
        after = state.clone()
        after.apply_unchecked(move)
        tops = sum(1 << t for i in range(len(after.piles)) if (t := after.top(i)) is not None)
        return len(after.figure.placements(tops)) if not after.is_terminal() else -1

    return max(moves, key=tops_after)


def draw_hint(state: DrawSolitaireState) -> Move | None:
    """The fair auto-player's next move (None when the game is over)."""
    if state.is_terminal():
        return None
    return FairDrawPlayer(random.Random(0)).choose(state)


def stacked_hint(state: StackedSolitaireState) -> Move | None:
    """The first move of a winning line, else the best try (None when the game is over)."""
    if state.is_terminal():
        return None
    return StackedAutoPlayer(random.Random(0)).choose(state)


def hint(state: DrawSolitaireState | StackedSolitaireState) -> Move | None:
    """The auto-player's next move in either solitaire (None when the game is over)."""
    if isinstance(state, DrawSolitaireState):
        return draw_hint(state)
    return stacked_hint(state)


class SolitaireAutoPlayer:
    """The `auto` level: the fair player in draw solitaire, the solver in stacked."""

    name = "auto"

    def __init__(self, rng: random.Random) -> None:
        self.draw = FairDrawPlayer(rng)
        self.stacked = StackedAutoPlayer(rng)

    def choose(self, state: DrawSolitaireState | StackedSolitaireState) -> Move:
        if isinstance(state, DrawSolitaireState):
            return self.draw.choose(state)
        return self.stacked.choose(state)


SOLITAIRE_LEVELS: dict[str, Callable[[random.Random], SolitairePlayer]] = {
    "auto": SolitaireAutoPlayer,
}
"""Solitaire levels by name, each a factory taking the player's rng."""
