"""The two solitaires: draw solitaire (RULES.md section 6) and stacked solitaire (section 7).

Both states are a `GameState` (state.py), as the table is: `legal_moves`, `why_illegal`
(None when legal), `apply` (returns a `MoveResult`), `apply_unchecked` (the solvers' hot
path, returns the points scored), `undo`, `clone`, `outcome` (an `Outcome` once won or lost,
else None). A solitaire is one hand: it is over when the game is, and it has no clock.
"""

from __future__ import annotations

import copy
import random
from typing import Final, Literal, Self

from game.rules.errors import RulesError
from game.rules.figure import Figure
from game.rules.lattice import CELL_KEYS, KEY_CELLS, ORIGIN, ORIGIN_KEY
from game.rules.modes import Mode
from game.rules.moves import DISCARD, DISCARD_PILE, PILE, PLACE, STOCK, Move, new_move
from game.rules.results import LOST, WON, MoveResult, Outcome
from game.rules.state import PLAYING, apply_checked
from game.rules.tiles import ALL_TILES, TILE_COUNT, TileId, tile_name

PILE_COUNT: Final = 7
PILE_SIZES: Final = (5, 5, 5, 5, 5, 5, 6)
CUT_PILE: Final = 6


def shuffled_tiles(rng: random.Random) -> list[TileId]:
    tiles = list(ALL_TILES)
    rng.shuffle(tiles)
    return tiles


def _check_stock(stock: list[TileId]) -> list[TileId]:
    if sorted(stock) != list(ALL_TILES):
        raise RulesError("the stock must hold each of the 36 tiles once")
    return list(stock)


def _not_on_top(top: TileId | None, tile: TileId, empty: str, shows: str) -> str | None:
    """None when `tile` is `top`; else `empty` when there is no top, or `shows` followed
    by the tile that is there and the one the move names."""
    if top is None:
        return empty
    if top != tile:
        return f"{shows} {tile_name(top)}, not {tile_name(tile)}"
    return None


class _SolitaireBase:
    """What both solitaires are: one player placing tiles taken from face-up sources (the
    stock and discard pile, or the piles) on one figure, until it is won or lost."""

    mode: Mode
    figure: Figure
    stock: list[TileId]
    """The deal's tiles in their shuffled order."""
    status: str
    _history: list[Move]

    def legal_moves(self) -> list[Move]:
        raise NotImplementedError

    def source_problem(self, move: Move) -> str | None:
        """Why the tile of `move` is not where the move takes it from; None if it is."""
        raise NotImplementedError

    def _take(self, move: Move) -> None:
        """Take the tile of `move` from its source (or turn the stock tile to the discard
        pile): what a move changes besides the figure."""
        raise NotImplementedError

    def _put_back(self, move: Move) -> None:
        """Undo what `_take` did for `move`."""
        raise NotImplementedError

    @property
    def current_player(self) -> int:
        return 0

    def is_terminal(self) -> bool:
        return self.status != PLAYING

    @property
    def hand_over(self) -> bool:
        """The one hand is over when the game is."""
        return self.status != PLAYING

    @property
    def end_reason(self) -> str | None:
        """WON or LOST once the game is over, else None."""
        return None if self.status == PLAYING else self.status

    def next_hand(self, stock: list[TileId] | None = None) -> None:
        """A solitaire has no next hand: always `RulesError`."""
        raise RulesError("solitaires have one hand")

    def advance_clock(self, dt: float) -> None:
        """Solitaires have no game clock: nothing to count."""

    @property
    def won(self) -> bool:
        return self.status == WON

    def outcome(self) -> Outcome | None:
        """WON or LOST with the tiles placed, once the game is over; None while it goes on."""
        if self.status == PLAYING:
            return None
        placed = (len(self.figure),)
        return Outcome(self.status, (0,) if self.status == WON else (), placed, placed)

    @property
    def moves(self) -> list[Move]:
        return self._history.copy()

    def _settle(self) -> None:
        """Decide whether the game has ended after a move."""
        if len(self.figure) == TILE_COUNT:
            self.status = WON
        elif self.figure.is_dead_end() or not self.legal_moves():
            self.status = LOST
        else:
            self.status = PLAYING

    def apply(self, move: Move) -> MoveResult:
        """Play `move` after checking it (`IllegalMoveError`, a `ValueError`, when
        `why_illegal` has a reason); returns what it did."""
        return apply_checked(self, move, move.tile if move.source == STOCK else None)

    def apply_unchecked(self, move: Move) -> int:
        """Play a move known to be legal (from `legal_moves`); returns the points it
        scored."""
        self._take(move)
        points = 0
        if move.action == PLACE:
            points = self.figure.place_unchecked(move.tile, CELL_KEYS[move.cell], move.rot)
        self._history.append(move)
        self._settle()
        return points

    def undo(self) -> Move:
        """Take back the last move; returns it."""
        if not self._history:
            raise RulesError("there is no move to take back")
        move = self._history.pop()
        if move.action == PLACE:
            self.figure.remove_last()
        self._put_back(move)
        self.status = PLAYING
        return move

    def clone(self) -> Self:
        """A copy to play on: its figure and every list it holds (the history, the
        sources) are its own; the piles' tiles are never changed, so they are shared."""
        other = copy.copy(self)
        other.figure = self.figure.clone()
        for name, value in vars(self).items():
            if isinstance(value, list):
                setattr(other, name, value.copy())
        return other

    def why_illegal(self, move: Move) -> str | None:
        """Why `move` may not be played now, in words for the player; None if it may."""
        if self.status != PLAYING:
            return f"the game is {self.status}"
        if move in self.legal_moves():
            return None
        reason = self.source_problem(move)
        if reason is None and move.action == PLACE:
            reason = self.figure.why_illegal(move.tile, move.cell, move.rot)
        if reason is None:
            what = tile_name(move.tile) if move.tile >= 0 else move.action
            reason = f"{what} cannot be played now"
        return reason


class DrawSolitaireState(_SolitaireBase):
    """Solitaire No. 1: turn the stock one tile at a time; unplaceable tiles are discarded."""

    mode: Literal[Mode.DRAW_SOLITAIRE] = Mode.DRAW_SOLITAIRE

    def __init__(self, stock: list[TileId] | None = None, seed: int | str | None = None) -> None:
        self.stock = (
            _check_stock(stock) if stock is not None else shuffled_tiles(random.Random(seed))
        )
        self.stock_pos = 0
        self.discard: list[TileId] = []
        self.figure = Figure()
        self.status = PLAYING
        self._history = []

    @property
    def stock_left(self) -> int:
        return TILE_COUNT - self.stock_pos

    @property
    def stock_top(self) -> TileId | None:
        """The next stock tile (face down: a fair player must not look)."""
        return self.stock[self.stock_pos] if self.stock_pos < TILE_COUNT else None

    @property
    def discard_top(self) -> TileId | None:
        return self.discard[-1] if self.discard else None

    def legal_moves(self) -> list[Move]:
        if self.status != PLAYING:
            return []
        if not self.figure:
            tile = self.stock[0]
            return [Move(PLACE, tile, ORIGIN, rot, STOCK) for rot in range(3)]
        moves = []
        if self.discard:
            top = self.discard[-1]
            moves = [
                new_move((PLACE, tile, KEY_CELLS[key], rot, DISCARD_PILE, -1))
                for tile, key, rot in self.figure.spots(1 << top)
            ]
        if self.stock_pos < TILE_COUNT:
            tile = self.stock[self.stock_pos]
            stock_moves = [
                new_move((PLACE, tile, KEY_CELLS[key], rot, STOCK, -1))
                for tile, key, rot in self.figure.spots(1 << tile)
            ]
            moves.extend(stock_moves or [Move(DISCARD, tile, source=STOCK)])
        return moves

    def source_problem(self, move: Move) -> str | None:
        if move.source == STOCK:
            return _not_on_top(self.stock_top, move.tile, "the stock is empty", "the stock tile is")
        if move.source == DISCARD_PILE and move.action == PLACE:
            return _not_on_top(
                self.discard_top, move.tile, "the discard pile is empty", "the discard top is"
            )
        return "draw solitaire places the stock tile or the discard top"

    def _take(self, move: Move) -> None:
        if move.action == DISCARD:
            self.discard.append(self.stock[self.stock_pos])
            self.stock_pos += 1
        elif move.source == STOCK:
            self.stock_pos += 1
        else:
            self.discard.pop()

    def _put_back(self, move: Move) -> None:
        if move.action == DISCARD:
            self.discard.pop()
            self.stock_pos -= 1
        elif move.source == STOCK:
            self.stock_pos -= 1
        else:
            self.discard.append(move.tile)


class StackedSolitaireState(_SolitaireBase):
    """Solitaire No. 2: seven face-up piles; place any pile's top tile."""

    mode: Literal[Mode.STACKED_SOLITAIRE] = Mode.STACKED_SOLITAIRE

    def __init__(
        self,
        stock: list[TileId] | None = None,
        cut: int | None = None,
        seed: int | str | None = None,
    ) -> None:
        rng = random.Random(seed)
        self.stock = _check_stock(stock) if stock is not None else shuffled_tiles(rng)
        if cut is None:
            cut = rng.randrange(PILE_SIZES[CUT_PILE])
        if type(cut) is not int or not 0 <= cut < PILE_SIZES[CUT_PILE]:
            raise RulesError(f"the cut must be 0 to 5, not {cut!r}")
        self.cut = cut
        self.piles: list[list[TileId]] = []
        """Each pile bottom to top (pile 6 without its cut tile); `heights` says how
        many of them are still there."""
        start = 0
        for size in PILE_SIZES:
            self.piles.append(self.stock[start : start + size])
            start += size
        self.cut_tile = self.piles[CUT_PILE].pop(cut)
        self.heights = [len(pile) for pile in self.piles]
        self.figure = Figure()
        self.figure.place_unchecked(self.cut_tile, ORIGIN_KEY, 0)
        self.status = PLAYING
        self._history = []
        self._settle()

    def top(self, pile: int) -> TileId | None:
        height = self.heights[pile]
        return self.piles[pile][height - 1] if height else None

    def legal_moves(self) -> list[Move]:
        if self.status != PLAYING:
            return []
        tops = 0
        pile_of = {}
        for pile, height in enumerate(self.heights):
            if height:
                tile = self.piles[pile][height - 1]
                tops |= 1 << tile
                pile_of[tile] = pile
        return [
            new_move((PLACE, tile, KEY_CELLS[key], rot, PILE, pile_of[tile]))
            for tile, key, rot in self.figure.spots(tops)
        ]

    def source_problem(self, move: Move) -> str | None:
        if move.source != PILE or not 0 <= move.pile < PILE_COUNT:
            return "stacked solitaire places the top of one of the 7 piles"
        pile = f"pile {move.pile} is"
        empty = f"{pile} empty, not {tile_name(move.tile)}"
        return _not_on_top(self.top(move.pile), move.tile, empty, f"{pile} topped by")

    def _take(self, move: Move) -> None:
        self.heights[move.pile] -= 1

    def _put_back(self, move: Move) -> None:
        self.heights[move.pile] += 1


SolitaireState = DrawSolitaireState | StackedSolitaireState
"""Either solitaire's position, told apart by its `mode`."""
