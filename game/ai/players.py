"""Computer players: each gets a state and its own seeded rng and returns a move.

A player works on any state with `legal_moves()` (table game or solitaire). Levels are
registered by name in `LEVELS`; `make_player` builds one.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from game.rules.figure import Figure
from game.rules.moves import PLACE, Move


class State(Protocol):
    figure: Figure

    def legal_moves(self) -> list[Move]: ...


class Player(Protocol):
    """A computer player; `choose` must return one of `state.legal_moves()`."""

    name: str

    def choose(self, state: State) -> Move: ...


def placement_points(state: State, move: Move) -> int:
    """Points a move scores at once (0 for draws, passes and discards)."""
    if move.action != PLACE:
        return 0
    return sum(c.points for c in state.figure.contacts(move.tile, move.cell, move.rot))


class RandomPlayer:
    """Uniform among the legal moves."""

    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, state: State) -> Move:
        moves = state.legal_moves()
        return moves[self.rng.randrange(len(moves))]


class GreedyPlayer:
    """The highest immediate score; ties broken by the seeded rng."""

    name = "greedy"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, state: State) -> Move:
        moves = state.legal_moves()
        scores = [placement_points(state, move) for move in moves]
        best = max(scores)
        top = [move for move, score in zip(moves, scores, strict=True) if score == best]
        return top[self.rng.randrange(len(top))]


LEVELS: dict[str, Callable[[random.Random], Player]] = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
}


def make_player(level: str, rng: random.Random) -> Player:
    """A player of the named level; `ValueError` naming the levels for an unknown one."""
    try:
        factory = LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown AI level {level!r} (levels: {', '.join(LEVELS)})") from None
    return factory(rng)
