"""The fair draw-solitaire player: it never looks at the order of the stock.

What it may use: the figure, the discard pile (every tile of it was seen) and the *set*
of tiles not seen yet. Two kinds of choice are left to a player in draw solitaire
(RULES.md section 6): when the discard top fits, place it (and where) or turn the stock
instead; and where a turned stock tile goes when it fits in several places.

Each choice is made by flat Monte Carlo over the player's information set: the unseen
tiles are dealt at random into imagined stock orders (the same ones for every option),
each option is played out in each of them by a cheap *fair* policy, and the option with
the best mean outcome (tiles placed, plus a bonus for a win) is chosen. The rollout
policy places a tile where a linear evaluation of the position after it is highest:
how many unseen tiles would fit next, how many fit anywhere, how the discard pile
stands, how open the figure is (weights tuned on deals outside the benchmark's). Once
the stock is empty nothing is hidden any more: the discard pile is searched exhaustively
for an order of placements that wins (`unwind`), in the rollouts and in play. Near the
end (at most `EXACT_UNSEEN` tiles unseen) a choice is made exactly instead
(`ExactSearch`): an expectimax in which the next turned tile is any unseen tile, each
equally likely, gives every option its win probability under the best fair play; the
rollouts then only break ties (and decide when no option can win).

Why not a perfect-information solver on the imagined stocks: knowing the stock about 95%
of positions can be won, so every option looks the same ("strategy fusion").
"""

from __future__ import annotations

import random
from typing import Final

from game.rules.figure import Figure
from game.rules.lattice import KEY_CELLS
from game.rules.moves import DISCARD, DISCARD_PILE, PLACE, STOCK, Move
from game.rules.solitaire import DrawSolitaireState
from game.rules.tiles import ALL_TILES_MASK, TILE_COUNT

Spot = tuple[int, int, int]
"""(tile, cell key, rot), as `Figure.spots` gives them."""

WEIGHTS: Final = (0.661, 0.788, 0.105, -0.357, 0.611, 0.341, -1.415, 0.367, -0.993, 0.804, 2.181)
"""Weights of `_features`, tuned by the cross-entropy method on deals 5001..7000."""
HOLD_BIAS: Final = -0.522
"""Rollout policy: turn the stock rather than place the discard top when the position
as it is, plus this, is worth more than the best placement."""
SAMPLES: Final = 256
"""Imagined stock orders per choice (64 won 6.5% of deals 1..1000, 256 win 7.3%; 512 were
no better on other deals and take longer than the auto-play pause)."""
WIN_BONUS: Final = 30.0
"""A won rollout scores this many tiles on top of the 36 it placed."""
UNWIND_NODES: Final = 400
"""Placements an exhaustive search of the last discard pile (stock empty) may try."""
EXACT_UNSEEN: Final = 7
"""With this many unseen tiles or fewer, a choice is made by exact expectimax."""
EXACT_NODES: Final = 8000
"""Positions the exact search may visit before it gives up (Monte Carlo decides then)."""
_DEAD: Final = -1e9


def _features(figure: Figure, unseen: int, discard: list[int]) -> tuple[float, ...]:
    """What the rollout policy weighs in a position (the player to turn the stock next)."""
    candidate = figure.playable_tiles()
    fit_masks = figure.open_fit_masks()
    anywhere = 0
    top_cells = 0
    top = discard[-1] if discard else -1
    for fits in fit_masks:
        anywhere |= fits
        if top >= 0 and fits >> top & 1:
            top_cells += 1
    unseen_count = unseen.bit_count()
    per_unseen = 1 / max(1, unseen_count)
    discarded = 0
    for tile in discard:
        discarded |= 1 << tile
    size = len(discard)
    return (
        (candidate & unseen).bit_count() * per_unseen,
        (anywhere & unseen).bit_count() * per_unseen,
        top_cells / 3,
        size / (unseen_count + 1),
        1.0 if unseen_count == 0 else 0.0,
        1.0 if top >= 0 and candidate >> top & 1 else 0.0,
        (anywhere & discarded).bit_count() / max(1, size),
        figure.opening_count / 10,
        size / 10,
        figure.free_sides_of_last() / 2,
        len(fit_masks) / 20,
    )


def _value(figure: Figure, unseen: int, discard: list[int]) -> float:
    if figure.is_dead_end():
        return _DEAD
    return sum(w * f for w, f in zip(WEIGHTS, _features(figure, unseen, discard), strict=True))


def _best_spot(
    figure: Figure, spots: list[Spot], unseen: int, discard: list[int]
) -> tuple[Spot, float]:
    """The spot after which the position is worth most (the first of equals)."""
    best = spots[0]
    best_value = _DEAD - 1
    for spot in spots:
        figure.place_unchecked(*spot)
        value = _value(figure, unseen, discard)
        figure.remove_last()
        if value > best_value:
            best, best_value = spot, value
    return best, best_value


def _policy_discard(figure: Figure, discard: list[int], unseen: int, can_turn: bool) -> Spot | None:
    """Rollout policy: where to place the discard top, or None to turn the stock."""
    if not discard:
        return None
    spots = figure.spots(1 << discard[-1])
    if not spots:
        return None
    top = discard.pop()
    spot, value = _best_spot(figure, spots, unseen, discard)
    discard.append(top)
    if can_turn and _value(figure, unseen, discard) + HOLD_BIAS > value:
        return None
    return spot


def unwind(figure: Figure, discard: list[int], budget: list[int]) -> list[Spot] | None:
    """With the stock empty: placements of the whole discard pile, top first, that win
    (None when there are none, or when `budget[0]` placements were tried first).
    `figure` and `discard` come back as they were."""
    if not discard:
        return [] if len(figure) == TILE_COUNT else None
    tile = discard.pop()
    try:
        for spot in figure.spots(1 << tile):
            if budget[0] <= 0:
                return None
            budget[0] -= 1
            figure.place_unchecked(*spot)
            rest = None if figure.is_dead_end() else unwind(figure, discard, budget)
            figure.remove_last()
            if rest is not None:
                return [spot, *rest]
        return None
    finally:
        discard.append(tile)


def rollout(figure: Figure, discard: list[int], stock: list[int], turn_first: bool) -> bool:
    """Play on with the fair policy (`figure` and `discard` are changed); True on a win.
    With `turn_first` the stock is turned before the discard top may be placed."""
    unseen = 0
    for tile in stock:
        unseen |= 1 << tile
    pos = 0
    end = len(stock)
    while True:
        if len(figure) == TILE_COUNT:
            return True
        if figure.is_dead_end():
            return False
        if not turn_first:
            spot = _policy_discard(figure, discard, unseen, pos < end)
            if spot is not None:
                figure.place_unchecked(*spot)
                discard.pop()
                continue
        turn_first = False
        if pos == end:
            line = unwind(figure, discard, [UNWIND_NODES])
            if line is None:
                return False
            for spot in line:
                figure.place_unchecked(*spot)
            return True
        tile = stock[pos]
        pos += 1
        unseen ^= 1 << tile
        spots = figure.spots(1 << tile)
        if not spots:
            discard.append(tile)
        elif len(spots) == 1:
            figure.place_unchecked(*spots[0])
        else:
            figure.place_unchecked(*_best_spot(figure, spots, unseen, discard)[0])


def unseen_tiles(state: DrawSolitaireState) -> list[int]:
    """The tiles the player has not seen (sorted): neither in the figure nor discarded."""
    seen = 0
    for _, tile, _ in state.figure.tiles():
        seen |= 1 << tile
    for tile in state.discard:
        seen |= 1 << tile
    rest = ALL_TILES_MASK & ~seen
    return [tile for tile in range(TILE_COUNT) if rest >> tile & 1]


# An option: a spot and whether it takes the discard top, or None for "turn the stock".
_Option = tuple[Spot, bool] | None


class _OutOfBudget(Exception):
    """The exact search visited more positions than it may."""


_ExactKey = tuple[frozenset[int], int, tuple[int, ...], int]


class ExactSearch:
    """Expectimax over the information set, for the end of a game: the next turned tile
    is any unseen tile, each equally likely; the player chooses where tiles go and
    whether to place the discard top or turn. Values are win probabilities under the
    best fair play. Positions are remembered by the placements made since the search's
    root (with the last one), the discard pile and the unseen tiles."""

    def __init__(self, figure: Figure, discard: list[int], nodes: int) -> None:
        self.figure = figure
        self.discard = discard
        self.nodes = nodes
        self.memo: dict[_ExactKey, float] = {}

    def value(self, placed: frozenset[int], last: int, unseen: int) -> float:
        """Win probability with the player to choose (place the discard top or turn)."""
        figure = self.figure
        if len(figure) == TILE_COUNT:
            return 1.0
        if figure.is_dead_end():
            return 0.0
        discard = self.discard
        key = (placed, last, tuple(discard), unseen)
        known = self.memo.get(key)
        if known is not None:
            return known
        self.nodes -= 1
        if self.nodes < 0:
            raise _OutOfBudget
        best = 0.0
        if discard:
            tile = discard.pop()
            try:
                for spot in figure.spots(1 << tile):
                    best = max(best, self.after(spot, placed, unseen))
                    if best >= 1.0:
                        break
            finally:
                discard.append(tile)
        if unseen and best < 1.0:
            best = max(best, self.turn(placed, last, unseen))
        self.memo[key] = best
        return best

    def after(self, spot: Spot, placed: frozenset[int], unseen: int) -> float:
        """Win probability after placing `spot` (already taken from where it was)."""
        figure = self.figure
        tile, cell, rot = spot
        code = (cell * TILE_COUNT + tile) * 3 + rot
        figure.place_unchecked(tile, cell, rot)
        try:
            return self.value(placed | {code}, code, unseen)
        finally:
            figure.remove_last()

    def turn(self, placed: frozenset[int], last: int, unseen: int) -> float:
        """Win probability of turning the stock (`unseen` must not be empty)."""
        total = 0.0
        rest = unseen
        while rest:
            low = rest & -rest
            rest ^= low
            total += self.turned(low.bit_length() - 1, placed, last, unseen ^ low)
        return total / unseen.bit_count()

    def turned(self, tile: int, placed: frozenset[int], last: int, unseen: int) -> float:
        """Win probability once `tile` has been turned: placed at its best spot, or
        discarded when it fits nowhere."""
        spots = self.figure.spots(1 << tile)
        if not spots:
            self.discard.append(tile)
            try:
                return self.value(placed, last, unseen)
            finally:
                self.discard.pop()
        best = 0.0
        for spot in spots:
            best = max(best, self.after(spot, placed, unseen))
            if best >= 1.0:
                break
        return best


def exact_values(
    state: DrawSolitaireState, options: list[_Option], unseen: list[int], nodes: int
) -> list[float] | None:
    """Each option's win probability under the best fair play from there on, or None
    when that takes more than `nodes` positions."""
    mask = 0
    for tile in unseen:
        mask |= 1 << tile
    search = ExactSearch(state.figure.clone(), state.discard.copy(), nodes)
    values = []
    try:
        for option in options:
            if option is None:
                values.append(search.turn(frozenset(), -1, mask))
                continue
            spot, from_discard = option
            if from_discard:
                search.discard.pop()
            try:
                values.append(search.after(spot, frozenset(), mask))
            finally:
                if from_discard:
                    search.discard.append(spot[0])
    except _OutOfBudget:
        return None
    return values


class FairDrawSearch:
    """Flat Monte Carlo over the information set, with fair rollouts."""

    def __init__(self, rng: random.Random, samples: int | None = None) -> None:
        self.rng = rng
        self.samples = SAMPLES if samples is None else samples

    def choose(self, state: DrawSolitaireState) -> Move:
        """The move to play (the state is left unchanged). The stock order is never read:
        whether to turn is decided first, and only then the turned tile's moves (the
        legal moves from the stock) are looked at."""
        moves = state.legal_moves()
        if not state.figure or len(moves) == 1:
            return moves[0]
        figure = state.figure
        unseen = unseen_tiles(state)
        options: list[_Option] = []
        if state.discard:
            options = [(spot, True) for spot in figure.spots(1 << state.discard[-1])]
        if options and not unseen:
            line = unwind(figure.clone(), state.discard.copy(), [UNWIND_NODES])
            if line:
                return _move(line[0], DISCARD_PILE)
        if options:
            if unseen:
                options.append(None)
            choice = options[0] if len(options) == 1 else self._best(state, options, unseen)
            if choice is not None:
                return _move(choice[0], DISCARD_PILE)
        # Turn the stock: from here on the turned tile is seen.
        from_stock = [m for m in moves if m.source == STOCK]
        if len(from_stock) == 1 or from_stock[0].action == DISCARD:
            return from_stock[0]
        tile = from_stock[0].tile
        rest = [t for t in unseen if t != tile]
        spots = figure.spots(1 << tile)
        choice = self._best(state, [(spot, False) for spot in spots], rest)
        assert choice is not None
        return _move(choice[0], STOCK)

    def _best(
        self, state: DrawSolitaireState, options: list[_Option], unseen: list[int]
    ) -> _Option:
        """The option with the best mean rollout over the same imagined stocks; near the
        end, the option that wins most often under exact expectimax (the rollouts only
        break ties between options that win equally often)."""
        if len(unseen) <= EXACT_UNSEEN:
            values = exact_values(state, options, unseen, EXACT_NODES)
            if values is not None:
                top = max(values)
                if top > 0:
                    options = [o for o, v in zip(options, values, strict=True) if v == top]
                    if len(options) == 1:
                        return options[0]
        stocks = []
        for _ in range(self.samples):
            order = unseen.copy()
            self.rng.shuffle(order)
            stocks.append(order)
        best: _Option = options[0]
        best_score = -1.0
        for option in options:
            score = 0.0
            for stock in stocks:
                figure = state.figure.clone()
                discard = state.discard.copy()
                if option is not None:
                    figure.place_unchecked(*option[0])
                    if option[1]:
                        discard.pop()
                won = rollout(figure, discard, stock, option is None)
                score += len(figure) + (WIN_BONUS if won else 0.0)
            if score > best_score:
                best, best_score = option, score
        return best


def _move(spot: Spot, source: str) -> Move:
    tile, key, rot = spot
    return Move(PLACE, tile, KEY_CELLS[key], rot, source)
