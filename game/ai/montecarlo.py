"""Perfect-information Monte Carlo: how the expert and the master weigh their moves at a
table of three or more sides.

Hands lie face up, so the only hidden thing in a table game is the order of the stock.
`MonteCarlo` guesses that order many times with the player's own rng (never reading the
true one: `guessed_stock` builds each guess from public facts alone), and on each guess
plays every candidate move and then the rest of the hand out with a fast policy (every
seat places its highest scoring tile). A move's value is its mean result over the
guesses (the seat's objective for the hand, `utility`: its points against the table's
mean), every candidate judged on the same guesses so that luck cancels out between
them; the weaker half of the candidates is dropped at fixed rounds, so that the later
guesses go to the moves still in doubt. The effort is counted in playout steps (moves
played inside the guesses), never in seconds: a state and a seed give one move.
"""

from __future__ import annotations

import random
from typing import Final

from game.ai.evaluation import forced_table_move, guessed_stock, seat_weights, utility
from game.ai.search import ordered_by_points
from game.rules.lattice import KEY_CELLS
from game.rules.moves import HAND, PLACE, Move, new_move
from game.rules.table import TableState

PRUNE_AFTER: Final = (4, 8, 16, 32, 64)
"""Rounds (guesses) after which the weaker half of the candidates still in play is dropped."""
KEEP_AT_LEAST: Final = 2
"""Candidates never pruned below this many, so the last rounds still compare moves."""
MAX_ROUNDS: Final = 400
"""Guesses enough to tell moves apart; more only cost time near a hand's end."""


def play_out(state: TableState, rng: random.Random) -> int:
    """Play the hand to its end with every seat placing its highest scoring tile (ties
    broken by `rng`), drawing or passing when it must; returns the moves played (take
    them back with `undo`)."""
    steps = 0
    best_spots = state.figure.best_spots
    apply = state.apply_unchecked
    hands = state.hands
    while state.end_reason is None:
        _best, spots = best_spots(hands[state.current])
        if spots:
            tile, key, rot = spots[rng.randrange(len(spots))] if len(spots) > 1 else spots[0]
            apply(new_move((PLACE, tile, KEY_CELLS[key], rot, HAND, -1)))
        else:
            apply(forced_table_move(state))
        steps += 1
    return steps


class MonteCarlo:
    """Weighs the moves of the seat to play in `root` over guessed stock orders; `steps`
    caps the work (playout steps, a round of guesses is always finished) and `guesses`
    the rounds."""

    def __init__(
        self, root: TableState, rng: random.Random, steps: int, guesses: int = MAX_ROUNDS
    ) -> None:
        self.root = root
        self.rng = rng
        self.steps_left = steps
        self.guesses = guesses
        self.weights = seat_weights(root, root.current)
        self.rounds = 0

    def best_move(self) -> Move:
        """The candidate with the best mean value over the guesses."""
        candidates = ordered_by_points(self.root, self.root.legal_moves())
        totals = [0.0] * len(candidates)
        alive = list(range(len(candidates)))
        while self.steps_left > 0 and len(alive) > 1 and self.rounds < self.guesses:
            self._round(candidates, alive, totals)
            if self.rounds in PRUNE_AFTER and len(alive) > KEEP_AT_LEAST:
                alive.sort(key=lambda index: (-totals[index], index))
                alive = sorted(alive[: max(KEEP_AT_LEAST, (len(alive) + 1) // 2)])
        return candidates[max(alive, key=lambda index: (totals[index], -index))]

    def _round(self, candidates: list[Move], alive: list[int], totals: list[float]) -> None:
        """One guessed stock order: every candidate still in play, played out on it."""
        state = self.root.clone()
        state.stock = guessed_stock(self.root, self.rng)
        ties = self.rng.getrandbits(32)
        for index in alive:
            state.apply_unchecked(candidates[index])
            steps = 1 + play_out(state, random.Random(ties))
            totals[index] += utility(state, self.weights)
            for _ in range(steps):
                state.undo()
            self.steps_left -= steps
        self.rounds += 1
