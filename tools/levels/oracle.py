"""The oracle: a yardstick that reads the true stock order, for the tools only.

Every level of the game plays fair: it sees the hands and the figure, never the order of
the stock. The oracle does read it, and searches each move to the end of the hand on
the true order (deepening while its work lasts). Against a fair level it measures what
knowing the stock is worth, and so how much any fair player could still gain over that
level: at two seats it won 82.0% of 200 games against master-2026 (docs/computer-players.md).
It lives with the tools, outside the game's package: the game never offers it.
"""

from __future__ import annotations

import random
from typing import Final

from game.ai.evaluation import WorkLimit
from game.ai.players import GreedyPlayer, best_of
from game.ai.search import Lookahead, ordered_by_points
from game.rules.modes import Mode
from game.rules.moves import Move
from game.rules.record.recorded_game import AnyState
from game.rules.tiles import TILE_COUNT

ORACLE_POSITIONS: Final = 128_000
"""Its work cap per move (positions searched)."""
ORACLE_DEPTHS: Final = (4, 8, 12, 16)
"""Placements it searches ahead, deeper while the work lasts (sixteen ends a hand at two
seats nearly always)."""


class Oracle:
    """Reads the true stock order and searches each move on it (see the module's word).
    Solitaires: greedy."""

    name = "oracle"

    def __init__(self, rng: random.Random, positions: int = ORACLE_POSITIONS) -> None:
        self.positions = positions
        self.greedy = GreedyPlayer(rng)

    def choose(self, state: AnyState) -> Move:
        if state.mode is not Mode.TABLE:
            return self.greedy.choose(state)
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        candidates = ordered_by_points(state, moves)
        limit = WorkLimit(self.positions)
        deepest: list[float] = []
        for depth in ORACLE_DEPTHS:
            search = Lookahead(
                state,
                depth,
                TILE_COUNT,
                limit,
                list(state.stock),
                for_the_game=True,
                average_first_draw=False,
            )
            values = search.move_values(candidates)
            if len(values) < len(candidates):
                break
            deepest = values
        return best_of(candidates, deepest) if deepest else candidates[0]
