"""The table game for 2 to 7 players (RULES.md section 5).

`TableGame` holds the fixed facts (seats and options); `TableState` is the changing
position of a whole game of several hands. The state owns a seeded `random.Random` for
its deals, so a seed plus the moves replays exactly, and the game clock of timed games
(`advance_clock`; `undo` rewinds it). `apply` returns a `MoveResult`, `outcome()` an
`Outcome` once the game is over, `standings()` the scores as the table shows them (the
score sheet behind those two is the state's `sheet`, a `ScoreSheet`: table_scoring.py).
Each move notes only what it changed, so `undo` puts back exactly that.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Literal

from game.rules.contacts import contact_score
from game.rules.errors import RulesError
from game.rules.figure import Figure
from game.rules.figure_refusals import Refusal
from game.rules.lattice import CELL_KEYS, KEY_CELLS, ORIGIN
from game.rules.modes import Mode
from game.rules.moves import DRAW, DRAW_MOVE, HAND, PASS_MOVE, PLACE, Move, new_move
from game.rules.results import ALL_PASSED, DEAD_END, WENT_OUT, MoveResult, Outcome
from game.rules.state import PLAYING, apply_checked
from game.rules.table_refusals import placement_refusal, why_illegal
from game.rules.table_rules import HAND_SIZE, MAX_HANDS, MAX_PLAYERS, MIN_PLAYERS, TableRules
from game.rules.table_scoring import Purse, ScoreSheet, Tally
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


def dealt_hands(stock: list[TileId], players: int) -> list[int]:
    """Each seat's hand (a bit mask of tiles) dealt from the top of `stock`, five each."""
    hands = [0] * players
    for seat in range(players):
        for tile in stock[HAND_SIZE * seat : HAND_SIZE * (seat + 1)]:
            hands[seat] |= 1 << tile
    return hands


def starting_seat(hands: list[int]) -> int:
    """Who places the first tile: the smallest tile, by the tie rule of section 5."""

    def key(seat: int) -> tuple[list[int], int]:
        return sorted(TILE_SIZES[t] for t in tiles_in(hands[seat])), seat

    return min(range(len(hands)), key=key)


_Step = tuple[Move, int, int, int, int, Purse | None, float]
"""What a move changed, so that `undo` puts back exactly that: (the move, the seat that
made it, the passes in a row before it, the tiles it took out of the seat's hand or put
in (a bit mask), the counting points it scored, in club games the chips before it scored,
the clock)."""


class TableState:
    """The position of a table game: the current hand, its history, and the score sheet
    of the game (`sheet`)."""

    mode: Literal[Mode.TABLE] = Mode.TABLE

    def __init__(
        self, game: TableGame, rng: random.Random, stock: list[TileId] | None = None
    ) -> None:
        self.game = game
        self.rng = rng
        self.sheet = ScoreSheet(game.players, game.rules)
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
        self.hands = dealt_hands(stock, n)
        """Bit mask of the tiles each seat holds."""
        self.figure = Figure()
        self.sheet.new_hand()
        self.passes = 0
        self.end_reason: str | None = None
        self.current = starting_seat(self.hands)
        self._history: list[_Step] = []

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
        return len(self.sheet.results) - (1 if self.hand_over else 0)

    @property
    def current_player(self) -> int:
        return self.current

    @property
    def hand_over(self) -> bool:
        return self.end_reason is not None

    @property
    def status(self) -> str:
        """PLAYING while the hand goes on, else why it ended."""
        return PLAYING if self.end_reason is None else self.end_reason

    def hands_so_far(self) -> list[tuple[int, ...]]:
        """Every seat's hand (bit masks) as dealt, then after each move of this hand."""
        hands = self.hands.copy()
        found = [tuple(hands)]
        for _move, seat, _passes, hand_change, *_ in reversed(self._history):
            hands[seat] ^= hand_change
            found.append(tuple(hands))
        return found[::-1]

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
            new_move((PLACE, tile, KEY_CELLS[key], rot, HAND, -1))
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

    # --- the score -------------------------------------------------------------------

    def is_terminal(self) -> bool:
        """True when the whole game is over."""
        if self.end_reason is None:
            return False
        rules = self.game.rules
        if rules.time_limit_s is not None:
            return self._clock_s >= rules.time_limit_s
        if rules.target is not None:
            return self.sheet.target_reached() or len(self.sheet.results) >= MAX_HANDS
        return len(self.sheet.results) >= rules.hands

    def outcome(self) -> Outcome | None:
        """How the game came out, once it is over (`is_terminal`); None while it goes on."""
        if not self.is_terminal():
            return None
        tally = self.sheet.tally()
        assert self.end_reason is not None
        return Outcome(
            self.end_reason, tally.leaders, tally.totals, tally.standings, tally.team_totals
        )

    def tally(self) -> Tally:
        """Totals, standings and leaders over the ended hands (the score sheet's)."""
        return self.sheet.tally()

    def standings(self) -> list[int]:
        """Each seat's score as the table shows it now (the score sheet's `standings`)."""
        return self.sheet.standings(self.end_reason is None)

    def hand_result(self) -> list[int]:
        """Per seat, the score of the hand so far (club: chips won minus chips lost)."""
        return self.sheet.hand_result(self.hands, self.hand_over)

    def penalties(self) -> list[int]:
        """The end-of-hand penalty of each seat (0 in club games, where there is none)."""
        return self.sheet.penalties(self.hands)

    # --- the clock -------------------------------------------------------------------

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
        self._history = [(*step[:-1], seconds) for step in self._history]

    def restore_clock(self, seconds: float) -> None:
        """Put the game time at `seconds` before the next move (replaying a record that
        wrote down when each move was played); taking a move back returns to its time."""
        self._clock_s = seconds

    # --- changing --------------------------------------------------------------------

    def apply(self, move: Move) -> MoveResult:
        """Play `move` for the current player after checking it (`IllegalMoveError`, a
        `ValueError`, when `why_illegal` has a reason); returns what it did."""
        draws = move.action == DRAW and self.stock_pos < TILE_COUNT
        return apply_checked(self, move, self.stock[self.stock_pos] if draws else None)

    def apply_unchecked(self, move: Move) -> int:
        """Play a move known to be legal (taken from `legal_moves`); returns the points it
        scored. The solvers' and playouts' hot path: no check and no `MoveResult`."""
        seat = self.current
        passes = self.passes
        action = move.action
        if action == PLACE:
            figure = self.figure
            tile = move.tile
            points = figure.place_unchecked(tile, CELL_KEYS[move.cell], move.rot)
            hand = self.hands[seat] ^ 1 << tile
            self.hands[seat] = hand
            purse = self.sheet.score(seat, points) if points else None
            self._history.append((move, seat, passes, 1 << tile, points, purse, self._clock_s))
            self.passes = 0
            if not hand:
                self._end_hand(WENT_OUT)
            elif figure.is_dead_end():
                self._end_hand(DEAD_END)
            else:
                self.current = (seat + 1) % self.game.players
            return points
        if action == DRAW:
            drawn = 1 << self.stock[self.stock_pos]
            self._history.append((move, seat, passes, drawn, 0, None, self._clock_s))
            self.hands[seat] |= drawn
            self.stock_pos += 1
            return 0
        self._history.append((move, seat, passes, 0, 0, None, self._clock_s))
        self.passes = passes + 1
        if self.passes >= self.game.players:
            self._end_hand(ALL_PASSED)
        else:
            self.current = (seat + 1) % self.game.players
        return 0

    def _end_hand(self, reason: str) -> None:
        self.end_reason = reason
        self.sheet.end_hand(self.hands)

    def undo(self) -> Move:
        """Take back the last move of this hand, and the game time since it; returns it."""
        if not self._history:
            raise RulesError("there is no move of this hand to take back")
        move, seat, passes, hand_change, points, purse, clock_s = self._history.pop()
        action = move.action
        if action == PLACE:
            self.figure.remove_last()
        elif action == DRAW:
            self.stock_pos -= 1
        if self.end_reason is not None:
            self.sheet.reopen_hand()
            self.end_reason = None
        self.current = seat
        self.passes = passes
        self.hands[seat] ^= hand_change
        if points:
            self.sheet.unscore(seat, points, purse)
        self._clock_s = clock_s
        return move

    @property
    def moves(self) -> list[Move]:
        """The moves of this hand so far."""
        return [step[0] for step in self._history]

    def clone(self) -> TableState:
        other = TableState.__new__(TableState)
        other.__dict__.update(self.__dict__)
        other.rng = random.Random.__new__(random.Random)  # unseeded: its state is set next
        other.rng.setstate(self.rng.getstate())
        other.sheet = self.sheet.copy()
        other.hands = self.hands.copy()
        other.figure = self.figure.clone()
        other._history = self._history.copy()
        return other

    def __repr__(self) -> str:
        return (
            f"<TableState hand {self.hand_number} seat {self.current} "
            f"figure {len(self.figure)} stock {self.stock_left}>"
        )
