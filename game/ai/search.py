"""The search behind the expert and master levels.

`Lookahead` plays each of its moves, the replies of the seats that follow, and so on a
fixed number of placements deep, then judges the position: every seat's points and tiles
and what the seat to move can expect from its turn. A draw either averages over every
tile the stock may still hold; the master also guesses the stock order several times, so
that later draws along a line bring the guessed tiles, and adds the guesses up. It never
reads the true stock order, and it works on its own copy of the state.
"""

from __future__ import annotations

from typing import Final

from game.ai.evaluation import (
    OutOfWork,
    WorkLimit,
    forced_table_move,
    guessed_stock,
    seat_weights,
    two_sides,
    utility,
)
from game.ai.winning import game_odds
from game.rules.figure import Placement
from game.rules.moves import DRAW, DRAW_MOVE, HAND, PLACE, Move, new_move
from game.rules.table import TableState
from game.rules.table_rules import PENALTY_PER_TILE
from game.rules.tiles import TILE_COUNT, TileId, mask_of

CHECK_EVERY: Final = 64
"""Search nodes between two looks at the clock."""


def placement_move(placement: Placement) -> Move:
    return new_move((PLACE, placement.tile, placement.cell, placement.rot, HAND, -1))


def ordered_by_points(state: TableState, moves: list[Move]) -> list[Move]:
    """`moves` with the highest scoring first (stable, so equal moves keep their order)."""
    return sorted(moves, key=lambda move: -state.placement_score(move) if move.is_place else 0)


class Lookahead:
    """Expectimax a few placements deep with a static judgement of the position.

    The searching seat and its partner take their best move; with two sides (two players
    or partners) an opponent takes the move worst for the searcher, and with more sides
    an opponent is modelled as taking its highest score. A free draw is weighed as a
    move of the searching seat only, never inside the tree. The first draw along a line
    averages over the tiles the stock may hold; given a guessed `stock` order, later
    draws bring the tiles it says (every draw does, the first too, unless
    `average_first_draw`). At most `draws` draws are followed along any line. A search
    `for_the_game` judges its leaves by the chance of winning the game.
    """

    def __init__(
        self,
        root: TableState,
        depth: int,
        draws: int,
        limit: WorkLimit,
        stock: list[TileId] | None = None,
        for_the_game: bool = False,
        average_first_draw: bool = True,
    ) -> None:
        self.seat = root.current
        self.weights = seat_weights(root, self.seat)
        self.team = root.game.team_of(self.seat)
        self.two_sides = two_sides(root)
        self.tempo = 0 if root.game.rules.club else PENALTY_PER_TILE
        self.depth = depth
        self.draws = draws
        self.limit = limit
        self.nodes = 0
        self.sampled = stock is not None
        """Draws follow the guessed `stock` order rather than averaging over the tiles."""
        self.averaged_draws = 1 if average_first_draw else 0
        """How many draws along a line average over the tiles before a guessed order is
        followed."""
        self.state = root.clone()
        self.state.stock = stock if stock is not None else guessed_stock(root, None)
        self.odds = game_odds(root, self.weights) if for_the_game else None
        """Where it plays `for_the_game`, leaves are judged by the chance of winning the
        game (`game.ai.winning`; at two seats only) rather than by the hand's value."""

    def move_values(self, moves: list[Move]) -> list[float]:
        """The value of each move for the searching seat, in order; shorter than `moves`
        when the work budget ran out first."""
        values: list[float] = []
        try:
            for move in moves:
                values.append(self._after(move, self.depth, self.draws))
        except OutOfWork:
            pass
        return values

    def _after(self, move: Move, depth: int, draws: int) -> float:
        """Value of playing `move` now (a draw is a chance node)."""
        state = self.state
        if move.action == DRAW:
            return self._chance(depth, draws)
        state.apply_unchecked(move)
        try:
            return self._value(depth - 1 if move.action == PLACE else depth, draws)
        finally:
            state.undo()

    def _value(self, depth: int, draws: int) -> float:
        state = self.state
        self.nodes += 1
        if self.nodes % CHECK_EVERY == 0:
            self.limit.spend(CHECK_EVERY)
        if state.end_reason is not None:
            return self._worth(utility(state, self.weights))
        if depth == 0:
            return self._judge()
        seat = state.current
        placements = state.figure.placements(state.hands[seat])
        if not placements:
            return self._after(forced_table_move(state), depth, draws)
        mine = state.game.team_of(seat) == self.team
        if not mine and not self.two_sides:
            best = max(p.score for p in placements)
            placements = [p for p in placements if p.score == best]
        values = [self._after(placement_move(p), depth, draws) for p in placements]
        return max(values) if mine else min(values)

    def _chance(self, depth: int, draws: int) -> float:
        """Value of a draw: the first along a line averages over every tile the stock may
        hold (its unseen part holds exactly the unknown tiles, so each is swapped to the
        front in turn); later ones bring what the guessed order says, if there is one."""
        state = self.state
        if not draws:
            return self._judge()
        if self.sampled and self.draws - draws >= self.averaged_draws:
            state.apply_unchecked(DRAW_MOVE)
            try:
                return self._value(depth, draws - 1)
            finally:
                state.undo()
        stock = state.stock
        front = state.stock_pos
        total = 0.0
        for index in range(front, TILE_COUNT):
            stock[front], stock[index] = stock[index], stock[front]
            state.apply_unchecked(DRAW_MOVE)
            try:
                total += self._value(depth, draws - 1)
            finally:
                state.undo()
                stock[front], stock[index] = stock[index], stock[front]
        return total / (TILE_COUNT - front)

    def _judge(self) -> float:
        return self._worth(judged(self.state, self.weights, self.tempo))

    def _worth(self, value: float) -> float:
        """What the search makes of `value`, the hand's value here: the chance of winning
        the game where it plays for the game, else the value itself."""
        return value if self.odds is None else self.odds.chance(self.state, value)


def judged(state: TableState, weights: tuple[float, ...], tempo: float) -> float:
    """Static value of `state` for the seat owning `weights`: every seat's hand value,
    plus what the seat to move can expect from its turn: its best score and one tile
    fewer (worth `tempo`), or the odds of its draw."""
    value = utility(state, weights)
    seat = state.current
    figure = state.figure
    best, _spots = figure.best_spots(state.hands[seat])
    turn: float
    if best >= 0:
        turn = best + tempo
    elif state.can_draw(seat):
        unknown = mask_of(state.stock[state.stock_pos :])
        best_by_tile: dict[int, int] = {}
        for p in figure.placements(unknown):
            best_by_tile[p.tile] = max(p.score, best_by_tile.get(p.tile, 0))
        fit = len(best_by_tile) / unknown.bit_count()
        mean_score = sum(best_by_tile.values()) / max(len(best_by_tile), 1)
        turn = fit * mean_score - (1 - fit) * tempo
    else:
        turn = 0.0
    return value + weights[seat] * turn
