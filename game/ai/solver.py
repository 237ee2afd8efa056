"""Solitaire solvers: decide whether a deal can still be won, with a winning line.

Both solitaires are searched depth first straight on the rules engine's `Figure`, with
an explicit stack (so a `Solver` can be run a few thousand nodes at a time, e.g. across
the frames of a window) and a transposition table of positions proven lost. A position
is keyed exactly by which tile lies on which cell, the last cell and (draw solitaire)
the stock position: the piles' heights and the discard pile follow from those.

Dead positions are cut early: a dead end, no legal move, or a tile that can never be
placed any more (it fits no open cell and no tile that may still be placed before it
could ever touch it). Draw solitaire is solved knowing the stock order, to tell the
player afterwards whether the deal could have been won.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from typing import Final, NamedTuple

from game.rules.lattice import KEY_CELLS, NEIGHBOUR_STEPS, ORIGIN_KEY, cell_key
from game.rules.modes import Mode
from game.rules.moves import DISCARD, DISCARD_PILE, PILE, PLACE, STOCK, Move
from game.rules.solitaire import SolitaireState
from game.rules.tiles import ALL_TILES_MASK, COMPATIBLE, TILE_COUNT, TILE_VALUES

_CELL_BITS: Final = 15
"""Bits per tile in a position key: the tile's cell key plus one (0: not placed)."""
_CELL_MASK: Final = (1 << _CELL_BITS) - 1
_FIGURE_BITS: Final = _CELL_BITS * TILE_COUNT

PARTNERS: Final = tuple(
    sum(
        1 << other
        for other in range(TILE_COUNT)
        if other != tile
        and any(COMPATIBLE[colour][TILE_VALUES[tile][colour]] >> other & 1 for colour in range(3))
    )
    for tile in range(TILE_COUNT)
)
"""`PARTNERS[t]`: mask of the other tiles that may touch `t` along some edge."""


class SolveResult(NamedTuple):
    winnable: bool | None
    """True with `moves` a winning line, False when proven lost, None when out of time."""
    moves: list[Move]
    nodes: int


# An internal move: (tile, cell key, rot, source) with source a pile index (stacked) or
# one of the draw-solitaire sources below; a turned tile that goes to the discard pile
# has cell key -1.
_Step = tuple[int, int, int, int]
_FROM_STOCK: Final = -1
_FROM_DISCARD: Final = -2

POSITIONS_PER_SECOND: Final = 80_000
"""About how many positions the solver searches a second on this project's 2-core
machine (tools/bench_ai_work.py): it turns a budget in seconds (the command line's
--budget-s) into work, so that an answer never depends on how busy the machine is."""
POSITIONS_VARIABLE: Final = "CONTACK_SOLVER_POSITIONS"
"""The environment variable that gives the solver less work than `SOLVER_POSITIONS` (a
positive whole number): tests of a game in a process of its own, which are not about how
well it plays (a whole solitaire auto-played asked 10 s of it a move)."""


def solver_positions(default: int) -> int:
    """`default`, or the work `POSITIONS_VARIABLE` gives when it is set to a positive whole
    number."""
    given = os.environ.get(POSITIONS_VARIABLE, "")
    return int(given) if given.isdecimal() and int(given) > 0 else default


SOLVER_POSITIONS: Final = solver_positions(10 * POSITIONS_PER_SECOND)
"""The work the game gives one question to the solver (about ten seconds here; less when
`POSITIONS_VARIABLE` says so)."""
_FIRST_RUN_NODES: Final = 2000
"""Nodes of the first run of the search; each restart doubles it."""
_RESTART_NOISE: Final = 6.0
"""Random noise added to the move scores after the first run."""


class Solver:
    """An incremental depth-first solver of one solitaire position.

    `step(max_nodes)` searches at most that many more nodes and returns the result once
    decided (None before); `run(positions)` steps until decided or out of work.
    """

    def __init__(self, state: SolitaireState, lost: set[int] | None = None) -> None:
        """`lost` may be shared by solvers of positions of one deal: the positions one
        proves lost, the others need not search again."""
        self.nodes = 0
        self.result: SolveResult | None = None
        self._lost: set[int] = set() if lost is None else lost
        self._line: list[_Step] = []
        self._frames: list[tuple[int, list[_Step], int]] = []
        """(position key, moves in the order to try, index of the next one)"""
        self._draw = state.mode is Mode.DRAW_SOLITAIRE
        self._rng = random.Random(0)
        self._noise = 0.0
        self._run_nodes = 0
        self._run_limit = _FIRST_RUN_NODES
        self._figure = state.figure.clone()
        self._cells: dict[int, int] = {}
        self._code = 0
        for cell, tile, rot in state.figure.tiles():
            key = cell_key(cell)
            self._cells[key] = tile * 3 + rot
            self._code += (key + 1) << (_CELL_BITS * tile)
        self._order: list[int] = [cell_key(cell) for cell, _, _ in state.figure.tiles()]
        self._last = self._order[-1] if self._order else -1
        if state.mode is Mode.DRAW_SOLITAIRE:
            self._stock = state.stock
            self._pos = state.stock_pos
            self._discard = state.discard.copy()
            self._piles: list[list[int]] = []
            self._heights: list[int] = []
        else:
            self._stock = []
            self._pos = 0
            self._discard = []
            self._piles = state.piles
            self._heights = state.heights.copy()
        self._after = self._stacked_after()
        self._unplaced = ALL_TILES_MASK
        for tile in range(TILE_COUNT):
            if self._code >> (_CELL_BITS * tile) & _CELL_MASK:
                self._unplaced ^= 1 << tile
        if state.won:
            self.result = SolveResult(True, [], 0)
        elif state.is_terminal():
            self.result = SolveResult(False, [], 0)
        else:
            moves = self._expand()
            if moves is None:
                self.result = SolveResult(False, [], 0)
            else:
                self._root = (self._key(), moves, 0)
                self._frames.append(self._root)

    # --- the driver --------------------------------------------------------------------

    def run(self, positions: int, stop: Callable[[], bool] = lambda: False) -> SolveResult:
        """Search until decided, or until `positions` more positions are searched or
        `stop()` says so (then `winnable` is None); `stop` is looked at every 2,000
        positions, and only ever stops the search early: it never changes an answer."""
        end = self.nodes + positions
        while True:
            result = self.step(min(2000, max(1, end - self.nodes)))
            if result is not None:
                return result
            if self.nodes >= end or stop():
                return SolveResult(None, [], self.nodes)

    def step(self, max_nodes: int) -> SolveResult | None:
        """Search up to `max_nodes` more positions; the result once decided, else None."""
        if self.result is not None:
            return self.result
        frames = self._frames
        lost = self._lost
        budget = max_nodes
        while budget > 0:
            key, moves, index = frames[-1]
            if index == len(moves):
                lost.add(key)
                frames.pop()
                if not frames:
                    self.result = SolveResult(False, [], self.nodes)
                    return self.result
                self._undo()
                continue
            frames[-1] = (key, moves, index + 1)
            self._apply(moves[index])
            budget -= 1
            self.nodes += 1
            self._run_nodes += 1
            if self._run_nodes > self._run_limit:
                self._restart()
                continue
            if len(self._cells) == TILE_COUNT:
                self.result = SolveResult(True, self._moves(), self.nodes)
                return self.result
            child = self._key()
            if child in lost:
                self._undo()
                continue
            children = self._expand()
            if children is None:
                lost.add(child)
                self._undo()
                continue
            frames.append((child, children, 0))
        return None

    def _restart(self) -> None:
        """Give up the current line and search again from the root with a longer run and a
        shuffled move order (the positions proven lost stay proven)."""
        while self._line:
            self._undo()
        self._run_nodes = 0
        self._run_limit *= 2
        self._noise = _RESTART_NOISE
        key, _moves, _index = self._root
        moves = self._expand()
        assert moves is not None
        self._frames[:] = [(key, moves, 0)]

    # --- the position ------------------------------------------------------------------

    def _key(self) -> int:
        extra = self._last + 1
        if self._draw:
            extra = extra * 64 + self._pos
        return self._code | (extra << _FIGURE_BITS)

    def _apply(self, move: _Step) -> None:
        tile, key, rot, source = move
        if key >= 0:
            self._figure.place_unchecked(tile, key, rot)
            self._cells[key] = tile * 3 + rot
            self._code += (key + 1) << (_CELL_BITS * tile)
            self._unplaced ^= 1 << tile
            self._order.append(key)
            self._last = key
        if source >= 0:
            self._heights[source] -= 1
        elif source == _FROM_STOCK:
            self._pos += 1
            if key < 0:
                self._discard.append(tile)
        else:
            self._discard.pop()
        self._line.append(move)

    def _undo(self) -> None:
        tile, key, _rot, source = self._line.pop()
        if key >= 0:
            self._figure.remove_last()
            del self._cells[key]
            self._code -= (key + 1) << (_CELL_BITS * tile)
            self._unplaced ^= 1 << tile
            self._order.pop()
            self._last = self._order[-1] if self._order else -1
        if source >= 0:
            self._heights[source] += 1
        elif source == _FROM_STOCK:
            self._pos -= 1
            if key < 0:
                self._discard.pop()
        else:
            self._discard.append(tile)

    def _moves(self) -> list[Move]:
        """The line searched so far, as the engine's moves."""
        moves = []
        for tile, key, rot, source in self._line:
            if key < 0:
                moves.append(Move(DISCARD, tile, source=STOCK))
            elif source >= 0:
                moves.append(Move(PLACE, tile, KEY_CELLS[key], rot, PILE, source))
            else:
                origin = STOCK if source == _FROM_STOCK else DISCARD_PILE
                moves.append(Move(PLACE, tile, KEY_CELLS[key], rot, origin))
        return moves

    def _stacked_after(self) -> list[int]:
        """`after[t]`: the tiles below `t` in its pile, which can only be placed after it."""
        after = [0] * TILE_COUNT
        for pile in self._piles:
            below = 0
            for tile in pile:
                after[tile] = below
                below |= 1 << tile
        return after

    # --- the moves ---------------------------------------------------------------------

    def _expand(self) -> list[_Step] | None:
        """The moves to try, best first, or None when the position is lost."""
        figure = self._figure
        if figure.is_dead_end():
            return None
        if self._draw:
            moves = self._draw_moves()
        elif self._has_dead_tile():
            return None
        else:
            moves = self._stacked_moves()
        return moves or None

    def _stacked_moves(self) -> list[_Step]:
        tops = 0
        pile_of = {}
        heights = self._heights
        for pile, height in enumerate(heights):
            if height:
                tile = self._piles[pile][height - 1]
                tops |= 1 << tile
                pile_of[tile] = pile
        scored: list[tuple[float, _Step]] = []
        for p in self._figure.placements(tops):
            key = cell_key(p.cell)
            pile = pile_of[p.tile]
            scored.append((self._cell_score(key) + heights[pile], (p.tile, key, p.rot, pile)))
        return self._ordered(scored)

    def _ordered(self, scored: list[tuple[float, _Step]]) -> list[_Step]:
        """The moves by decreasing score, after adding this run's noise."""
        if self._noise:
            rand = self._rng.random
            scored = [(score + self._noise * rand(), move) for score, move in scored]
        scored.sort(key=lambda item: -item[0])
        return [move for _, move in scored]

    def _draw_moves(self) -> list[_Step]:
        figure = self._figure
        if not self._cells:
            return [(self._stock[self._pos], ORIGIN_KEY, 0, _FROM_STOCK)]
        scored: list[tuple[float, _Step]] = []
        if self._discard:
            for p in figure.placements(1 << self._discard[-1]):
                key = cell_key(p.cell)
                scored.append((self._cell_score(key) + 1, (p.tile, key, p.rot, _FROM_DISCARD)))
        if self._pos < TILE_COUNT:
            tile = self._stock[self._pos]
            placed = figure.placements(1 << tile)
            for p in placed:
                key = cell_key(p.cell)
                scored.append((self._cell_score(key), (tile, key, p.rot, _FROM_STOCK)))
            if not placed:
                scored.append((0, (tile, -1, 0, _FROM_STOCK)))
        return self._ordered(scored)

    def _cell_score(self, key: int) -> int:
        """How much filling `key` helps: cells closing holes first."""
        cells = self._cells
        return 4 * sum(key + step in cells for step in NEIGHBOUR_STEPS[key])

    def _has_dead_tile(self) -> bool:
        """True when some tile still to place can never be placed (stacked solitaire)."""
        unplaced = self._unplaced
        after = self._after
        risky = 0
        rest = unplaced
        while rest:
            low = rest & -rest
            rest ^= low
            tile = low.bit_length() - 1
            if not PARTNERS[tile] & unplaced & ~after[tile]:
                risky |= low
        if not risky:
            return False
        return bool(risky & ~self._figure.fitting_anywhere())


def solve(state: SolitaireState, positions: int = SOLVER_POSITIONS) -> SolveResult:
    """Search for a winning continuation of `state` (which is left unchanged)."""
    return Solver(state).run(positions)
