"""The table game for 2 to 7 players (RULES.md section 5).

`TableGame` holds the fixed facts (seats and options); `TableState` is the changing
position of a whole game of several hands. The state owns a seeded `random.Random` for
its deals, so a seed plus the moves replays exactly, and the game clock of timed games
(`advance_clock`; `undo` rewinds it). `apply` returns a `MoveResult`, `outcome()` an
`Outcome` once the game is over, `standings()` the scores as the table shows them
(the score sheet behind those two is `TableScoring`, in table_scoring.py).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import partial
from typing import Final, NamedTuple

from game.rules.errors import IllegalMoveError, RulesError
from game.rules.figure import Contact, Figure, Refusal, contact_score
from game.rules.lattice import KEY_CELLS, ORIGIN, cell_key
from game.rules.moves import DRAW, DRAW_MOVE, HAND, PASS_MOVE, PLACE, Move
from game.rules.results import ALL_PASSED as ALL_PASSED  # re-exported: why a hand ended
from game.rules.results import DEAD_END as DEAD_END
from game.rules.results import WENT_OUT as WENT_OUT
from game.rules.results import MoveResult
from game.rules.table_refusals import placement_refusal, why_illegal
from game.rules.table_rules import HAND_SIZE as HAND_SIZE  # re-exported
from game.rules.table_rules import MAX_HANDS as MAX_HANDS
from game.rules.table_rules import MAX_PLAYERS as MAX_PLAYERS
from game.rules.table_rules import MAX_TIME_LIMIT_S as MAX_TIME_LIMIT_S
from game.rules.table_rules import MIN_PLAYERS as MIN_PLAYERS
from game.rules.table_rules import PENALTY_PER_TILE as PENALTY_PER_TILE
from game.rules.table_rules import VARIANTS as VARIANTS
from game.rules.table_rules import TableRules as TableRules
from game.rules.table_scoring import TableScoring
from game.rules.table_scoring import Tally as Tally  # re-exported with the state
from game.rules.tiles import ALL_TILES, TILE_COUNT, TILE_SIZES, TileId, tile_name, tiles_in


@dataclass(frozen=True)
class TableGame:
    """Fixed facts of a table game: the number of seats and the options."""

    players: int
    rules: TableRules = field(default_factory=TableRules)

    def __post_init__(self) -> None:
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise RulesError(f"a table game has 2 to 7 players, not {self.players}")
        if self.rules.partners and self.players != 4:
            raise RulesError("partners needs exactly 4 players")

    def team_of(self, seat: int) -> int:
        """The team of a seat: seats 0 and 2 against 1 and 3 with partners, else the seat."""
        return seat % 2 if self.rules.partners else seat

    def new_state(
        self, seed: int | str | None = None, stock: list[TileId] | None = None
    ) -> TableState:
        """A new game whose first hand is dealt from `stock` or shuffled with `seed`."""
        return TableState(self, random.Random(seed), stock)


class _Snapshot(NamedTuple):
    current: int
    passes: int
    stock_pos: int
    hands: tuple[int, ...]
    hand_points: tuple[int, ...]
    chips_held: tuple[int, ...]
    chips_owed: tuple[int, ...]
    chips_lent: tuple[int, ...]
    end_reason: str | None
    clock_s: float
    move: Move


_new_snapshot: Final = partial(tuple.__new__, _Snapshot)
_new_move: Final = partial(tuple.__new__, Move)


class TableState(TableScoring):
    """The position of a table game: the current hand, its history, and past results
    (the score sheet is `TableScoring`'s)."""

    game: TableGame

    def __init__(
        self, game: TableGame, rng: random.Random, stock: list[TileId] | None = None
    ) -> None:
        self.game = game
        self.rng = rng
        n = game.players
        self.results = []
        self.points_history = []
        self.chips_held = [game.rules.starting_chips(n)] * n
        self.chips_owed = [0] * n
        self.chips_lent = [0] * n
        self._clock_s = 0.0
        self._deal(stock)

    # --- dealing ---------------------------------------------------------------------

    def _deal(self, stock: list[TileId] | None) -> None:
        n = self.game.players
        if stock is None:
            stock = list(ALL_TILES)
            self.rng.shuffle(stock)
        elif sorted(stock) != list(ALL_TILES):
            raise RulesError("the stock must hold each of the 36 tiles once")
        self.stock = list(stock)
        """This hand's shuffled tiles, index 0 first; `stock_pos` is the next to draw."""
        self.stock_pos = HAND_SIZE * n
        self.hands = [0] * n
        """Bit mask of the tiles each seat holds."""
        for seat in range(n):
            for tile in stock[HAND_SIZE * seat : HAND_SIZE * (seat + 1)]:
                self.hands[seat] |= 1 << tile
        self.figure = Figure()
        self.hand_points = [0] * n
        self._hand_chips_start = self.chips_worth()
        self.passes = 0
        self.end_reason = None
        self.current = self.starting_seat()
        self._history: list[_Snapshot] = []

    def starting_seat(self) -> int:
        """Who places the first tile: the smallest tile, by the tie rule of section 5."""

        def key(seat: int) -> tuple[list[int], int]:
            return sorted(TILE_SIZES[t] for t in tiles_in(self.hands[seat])), seat

        return min(range(self.game.players), key=key)

    def next_hand(self, stock: list[TileId] | None = None) -> None:
        """Deal the next hand, after the current one ended and the game goes on."""
        if not self.hand_over:
            raise RulesError("the hand is still being played")
        if self.is_terminal():
            raise RulesError("the game is over")
        self._deal(stock)

    # --- reading ---------------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.game.players

    @property
    def hand_number(self) -> int:
        """Index of the hand being played (or just ended), from 0."""
        return len(self.results) - (1 if self.hand_over else 0)

    @property
    def current_player(self) -> int:
        return self.current

    def hands_so_far(self) -> list[tuple[int, ...]]:
        """Every seat's hand (bit masks) as dealt, then after each move of this hand."""
        return [snap.hands for snap in self._history] + [tuple(self.hands)]

    def hand_tiles(self, seat: int) -> list[TileId]:
        return tiles_in(self.hands[seat])

    def hand_size(self, seat: int) -> int:
        return self.hands[seat].bit_count()

    @property
    def stock_left(self) -> int:
        return TILE_COUNT - self.stock_pos

    def can_draw(self, seat: int) -> bool:
        return self.stock_pos < TILE_COUNT and self.hands[seat].bit_count() < HAND_SIZE

    def legal_moves(self) -> list[Move]:
        """Every move the player to act may make; empty once the hand is over."""
        if self.end_reason is not None:
            return []
        seat = self.current
        hand = self.hands[seat]
        if not self.figure:
            smallest = min(TILE_SIZES[t] for t in tiles_in(hand))
            return [
                Move(PLACE, tile, ORIGIN, rot)
                for tile in tiles_in(hand)
                if TILE_SIZES[tile] == smallest
                for rot in range(3)
            ]
        moves = [
            _new_move((PLACE, tile, KEY_CELLS[key], rot, HAND, -1))
            for tile, key, rot in self.figure.spots(hand)
        ]
        can_draw = self.stock_pos < TILE_COUNT and hand.bit_count() < HAND_SIZE
        if moves:
            if can_draw and self.game.rules.free_draw:
                moves.append(DRAW_MOVE)
            return moves
        return [DRAW_MOVE] if can_draw else [PASS_MOVE]

    def placement_score(self, move: Move) -> int:
        """Points a placement would score now (it is not checked)."""
        return contact_score(self.figure.contacts(move.tile, move.cell, move.rot))

    def refusal(self, move: Move) -> Refusal | None:
        """Why the placement `move` may not be played now, as data (`table_refusals`)."""
        return placement_refusal(self, move)

    def why_illegal(self, move: Move) -> str | None:
        """Why `move` may not be played now, in English for an error; None if it may."""
        return why_illegal(self, move)

    def source_problem(self, move: Move) -> str | None:
        """Why the tile of `move` is not where the move takes it from (a placement takes
        it from the hand of the seat to act); None if it is, or the move takes no tile."""
        if move.action != PLACE or (
            move.source == HAND and self.hands[self.current] >> move.tile & 1
        ):
            return None
        return f"{tile_name(move.tile)} is not in the hand of seat {self.current}"

    def is_terminal(self) -> bool:
        """True when the whole game is over."""
        if self.end_reason is None:
            return False
        rules = self.game.rules
        if rules.time_limit_s is not None:
            return self._clock_s >= rules.time_limit_s
        if rules.target is not None:
            return self.target_reached() or len(self.results) >= MAX_HANDS
        return len(self.results) >= rules.hands

    @property
    def clock_s(self) -> float:
        """Game time played in seconds (it only runs in timed games while a hand is on)."""
        return self._clock_s

    def advance_clock(self, dt: float) -> None:
        """Let `dt` seconds of play pass: counted in timed games while a hand is on."""
        if self.game.rules.timed and self.end_reason is None:
            self._clock_s += dt

    def set_clock(self, seconds: float) -> None:
        """Set the game time played (resuming a record). Taking back a move played before
        this call leaves the clock at `seconds`: how long that move took is not known."""
        self._clock_s = seconds
        self._history = [snap._replace(clock_s=seconds) for snap in self._history]

    def restore_clock(self, seconds: float) -> None:
        """Put the game time at `seconds` before the next move (replaying a record that
        wrote down when each move was played); taking a move back returns to its time."""
        self._clock_s = seconds

    # --- changing --------------------------------------------------------------------

    def apply(self, move: Move) -> MoveResult:
        """Play `move` for the current player after checking it (`IllegalMoveError`, a
        `ValueError`, when `why_illegal` has a reason); returns what it did."""
        reason = self.why_illegal(move)
        if reason is not None:
            raise IllegalMoveError(f"{move}: {reason}")
        seat = self.current
        drawn = self.stock[self.stock_pos] if move.action == DRAW else None
        contacts = self.apply_unchecked(move)
        return MoveResult(
            move,
            seat,
            tuple(contacts),
            contact_score(contacts),
            drawn,
            self.end_reason is not None,
            self.end_reason,
        )

    def apply_unchecked(self, move: Move) -> list[Contact]:
        """Play a move known to be legal (taken from `legal_moves`); returns its contacts.
        The solvers' hot path: no check and no `MoveResult`."""
        seat = self.current
        self._history.append(
            _new_snapshot(
                (
                    seat,
                    self.passes,
                    self.stock_pos,
                    tuple(self.hands),
                    tuple(self.hand_points),
                    tuple(self.chips_held),
                    tuple(self.chips_owed),
                    tuple(self.chips_lent),
                    self.end_reason,
                    self._clock_s,
                    move,
                )
            )
        )
        action = move.action
        if action == PLACE:
            figure = self.figure
            contacts = figure.place_unchecked(move.tile, cell_key(move.cell), move.rot)
            self.hands[seat] ^= 1 << move.tile
            for contact in contacts:
                if contact.points:
                    self._score(seat, contact.points)
            self.passes = 0
            if not self.hands[seat]:
                self._end_hand(WENT_OUT)
            elif figure.is_dead_end():
                self._end_hand(DEAD_END)
            else:
                self.current = (seat + 1) % self.game.players
            return contacts
        if action == DRAW:
            self.hands[seat] |= 1 << self.stock[self.stock_pos]
            self.stock_pos += 1
            return []
        self.passes += 1
        if self.passes >= self.game.players:
            self._end_hand(ALL_PASSED)
        else:
            self.current = (seat + 1) % self.game.players
        return []

    def undo(self) -> Move:
        """Take back the last move of this hand, and the game time since it; returns it."""
        if not self._history:
            raise RulesError("there is no move of this hand to take back")
        snap = self._history.pop()
        if snap.move.action == PLACE:
            self.figure.remove_last()
        if self.end_reason is not None:
            self.results.pop()
            self.points_history.pop()
        self.current = snap.current
        self.passes = snap.passes
        self.stock_pos = snap.stock_pos
        self.hands = list(snap.hands)
        self.hand_points = list(snap.hand_points)
        self.chips_held = list(snap.chips_held)
        self.chips_owed = list(snap.chips_owed)
        self.chips_lent = list(snap.chips_lent)
        self.end_reason = snap.end_reason
        self._clock_s = snap.clock_s
        return snap.move

    @property
    def moves(self) -> list[Move]:
        """The moves of this hand so far."""
        return [snap.move for snap in self._history]

    def clone(self) -> TableState:
        other = TableState.__new__(TableState)
        other.__dict__.update(self.__dict__)
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.results = [r.copy() for r in self.results]
        other.points_history = [p.copy() for p in self.points_history]
        other.chips_held = self.chips_held.copy()
        other.chips_owed = self.chips_owed.copy()
        other.chips_lent = self.chips_lent.copy()
        other.hands = self.hands.copy()
        other.hand_points = self.hand_points.copy()
        other.figure = self.figure.clone()
        other._history = self._history.copy()
        return other

    def __repr__(self) -> str:
        return (
            f"<TableState hand {self.hand_number} seat {self.current} "
            f"figure {len(self.figure)} stock {self.stock_left}>"
        )
