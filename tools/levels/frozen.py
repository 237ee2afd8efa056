"""Frozen levels: players kept exactly as they once played, as yardsticks.

A tournament or a duel against a frozen level says whether a change to a level made it
stronger. Like the oracle (`tools.levels.oracle`, which reads the stock) they live with
the tools, outside the game's package: the game never offers them, and its wheel does not
ship them.

`master-2026`: the master until issue 42. At two sides it guessed the stock order twelve
times and searched each guess six placements deep (`Lookahead`, the first draw along a
line averaged over the unknown tiles), within 32,000 positions; at three or more sides it
played every move out over guessed stock orders (32,000 playout steps).
"""

from __future__ import annotations

import random
from typing import Final

from game.ai.evaluation import WorkLimit, guessed_stock, two_sides
from game.ai.montecarlo import MonteCarlo
from game.ai.players import EXPERT_DEPTH, GreedyPlayer, best_of
from game.ai.search import Lookahead, ordered_by_points
from game.rules.modes import Mode
from game.rules.moves import Move
from game.rules.record.recorded_game import AnyState
from game.rules.table_rules import HAND_SIZE

MASTER_2026_WORK: Final = 32_000
"""Its work cap per move (positions searched or playout steps)."""
MASTER_2026_SAMPLES: Final = 12
MASTER_2026_DEPTH: Final = 6


class Master2026:
    """The master of 2026, unchanged (see the module's word)."""

    name = "master-2026"

    def __init__(self, rng: random.Random, positions: int = MASTER_2026_WORK) -> None:
        self.rng = rng
        self.positions = positions
        self.greedy = GreedyPlayer(rng)

    def choose(self, state: AnyState) -> Move:
        if state.mode is not Mode.TABLE:
            return self.greedy.choose(state)
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        if not two_sides(state):
            return MonteCarlo(state, self.rng, self.positions).best_move()
        limit = WorkLimit(self.positions)
        candidates = ordered_by_points(state, moves)
        totals = Lookahead(state, EXPERT_DEPTH, 1, limit).move_values(candidates)
        if len(totals) < len(candidates):
            return best_of(candidates, totals) if totals else candidates[0]
        depth = MASTER_2026_DEPTH - 2 if state.game.rules.partners else MASTER_2026_DEPTH
        guessed = [0.0] * len(candidates)
        searched = 0
        for _ in range(MASTER_2026_SAMPLES):
            stock = guessed_stock(state, self.rng)
            values = Lookahead(state, depth, HAND_SIZE, limit, stock).move_values(candidates)
            if len(values) < len(candidates):
                break
            guessed = [total + value for total, value in zip(guessed, values, strict=True)]
            searched += 1
        return best_of(candidates, guessed if searched else totals)
