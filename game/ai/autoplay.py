"""The solitaire auto-players and hints.

Draw solitaire: `FairDrawPlayer` never looks at the order of the stock. It sees the
figure, the discard pile and the set of tiles not seen yet; whether to place the discard
top (and where) or turn the stock, and where a turned tile goes, are chosen by playing
each option out many times in imagined stock orders with a cheap fair policy
(`game.ai.fair_draw`).

Stacked solitaire: `StackedAutoPlayer` plays the solver's winning line whenever one
exists, and otherwise the move that keeps the most tiles playable.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from game.ai.fair_draw import FairDrawSearch
from game.ai.players import placement_points
from game.ai.solver import SOLVER_POSITIONS, Solver
from game.rules.modes import Mode
from game.rules.moves import DISCARD_PILE, STOCK, Move
from game.rules.solitaire import DrawSolitaireState, SolitaireState, StackedSolitaireState


class SolitairePlayer(Protocol):
    """The player protocol of `game.ai.players`, for the solitaires."""

    name: str

    def choose(self, state: DrawSolitaireState | StackedSolitaireState) -> Move: ...


class FairDrawPlayer:
    """Draw solitaire without peeking at the stock: imagined stock orders, played out by
    a fair policy, decide each choice."""

    name = "auto"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self._search = FairDrawSearch(rng)

    def choose(self, state: DrawSolitaireState) -> Move:
        """The move to play; `state` is left unchanged."""
        return self._search.choose(state)


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
        result = Solver(state).run(SOLVER_POSITIONS)
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


def fair_move(state: DrawSolitaireState) -> Move:
    """The fair auto-player's move: it never reads the stock's order."""
    return draw_hint(state) or simple_fair_move(state)


def simple_fair_move(state: DrawSolitaireState) -> Move:
    """A quick fair move: the discard top where it scores most, else turn the stock."""
    moves = state.legal_moves()
    from_discard = [m for m in moves if m.source == DISCARD_PILE]
    if from_discard:
        return max(from_discard, key=lambda m: placement_points(state, m))
    return best_stock_move(state)


def best_stock_move(state: DrawSolitaireState) -> Move:
    """The turned tile's placement that scores most (or its discard when none)."""
    moves = [m for m in state.legal_moves() if m.source == STOCK]
    return max(moves, key=lambda m: placement_points(state, m))


def stacked_hint(state: StackedSolitaireState) -> Move | None:
    """The first move of a winning line, else the best try (None when the game is over)."""
    if state.is_terminal():
        return None
    return StackedAutoPlayer(random.Random(0)).choose(state)


def hint(state: SolitaireState) -> Move | None:
    """The auto-player's next move in either solitaire (None when the game is over)."""
    if state.mode is Mode.DRAW_SOLITAIRE:
        return draw_hint(state)
    return stacked_hint(state)


class SolitaireAutoPlayer:
    """The `auto` level: the fair player in draw solitaire, the solver in stacked."""

    name = "auto"

    def __init__(self, rng: random.Random) -> None:
        self.draw = FairDrawPlayer(rng)
        self.stacked = StackedAutoPlayer(rng)

    def choose(self, state: SolitaireState) -> Move:
        if state.mode is Mode.DRAW_SOLITAIRE:
            return self.draw.choose(state)
        return self.stacked.choose(state)


SOLITAIRE_LEVELS: dict[str, Callable[[random.Random], SolitairePlayer]] = {
    "auto": SolitaireAutoPlayer,
}
"""Solitaire levels by name, each a factory taking the player's rng."""
