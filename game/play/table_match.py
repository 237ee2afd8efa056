"""The turn flow of a table game: seats, computers, forced moves, undo and redo, clock,
autosave.

A `TableMatch` owns the `RecordedGame` (the rules engine and its record in step) and
decides everything about whose turn it is and what may happen next; it never draws and
never waits on the wall clock. The table scene asks `turn()` what the game waits for,
hands over the human's moves with `play`, lets the computers think with `think` and
`poll`, and animates the events these return. Computers and hints are chosen by an
`Adviser` (a worker process in the window, in-process in tests).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final

from game.ai.players import LEVELS, Player, bot_rng, make_player
from game.ai.worker import Adviser, Job, choose_move
from game.i18n import _
from game.play.events import Event, MovePlayed, Redone, TookBack
from game.play.table_advice import TableAdvice
from game.play.table_setup import TableConfig
from game.play.table_undo import undo_target
from game.rules.errors import RulesError
from game.rules.moves import DRAW_MOVE, PLACE, Move
from game.rules.record.document import GameRecord
from game.rules.record.recorded_game import RecordedGame
from game.rules.seeds_names import new_seed
from game.rules.share import deal_number
from game.rules.table import TableGame, TableState
from game.rules.table_rules import TableRules
from game.rules.tiles import TileId, tiles_in

DEFAULT_PLAYERS: Final = (  # the setup screen names the seats; these stand in
    {"name": "You", "kind": "human"},  # untranslated: a stand-in
    {"name": "Bot", "kind": "ai:greedy"},  # untranslated: a stand-in
)


class Turn(StrEnum):
    """What the game waits for."""

    HUMAN = "human"
    """A human seat to place a tile (or, with the free draw, to draw)."""
    FORCED = "forced"
    """A human seat that cannot place: its draw or pass is played for it."""
    COMPUTER = "computer"
    """A computer seat to choose its move."""
    HAND_OVER = "hand over"  # untranslated: a name in the code
    """The hand has ended and the game goes on: the next hand waits to be dealt."""
    GAME_OVER = "game over"  # untranslated: a name in the code


STAND_IN_LEVEL: Final = "expert"
"""Who plays a computer seat of a level this version does not know (a newer game's)."""


class SeatNews:
    """What a table screen may ask any match beyond the rules (a network table answers)."""

    networked = False
    """Whether the table is played over the network (its server keeps the game)."""
    assists = True
    """Whether hints, undo and redo may be asked (not at a network table, nor in a lesson)."""
    spot_points = True
    """Whether a held tile's lit spots say what each would score (not in a puzzle, where
    that would give the answer away)."""
    shows_turn = True
    """Whether the seat to play is shown as such (not once a puzzle is answered: nobody
    plays on)."""

    def seat_note(self, seat: int) -> str | None:
        """A word on the seat's panel in place of its kind (a network table's "away")."""
        return None

    def take_notices(self) -> list[str]:
        """What the players should be told since the last call."""
        return []

    def waits_for_reader(self) -> bool:
        """Whether the game waits for the player to read (a lesson's text): nobody is
        thinking of a move meanwhile."""
        return False


class TableMatch(SeatNews):
    """One table game in play. Build it with `new` or `resume`."""

    keeps_record = True
    """Whether the game is autosaved and counted in the history (not a lesson's)."""

    def __init__(self, recorded: RecordedGame, adviser: Adviser) -> None:
        if not isinstance(recorded.state, TableState):
            raise ValueError("a table match needs a table game")
        self.recorded = recorded
        self.adviser = adviser
        recorded.record.trim_names()
        players = recorded.record.players
        self.names = recorded.record.names(_("Seat {number}"))
        self.kinds = [p.kind for p in players]
        seed = recorded.record.seed or 0
        self.computers: dict[int, Player] = {
            seat: make_player(p.level if p.level in LEVELS else STAND_IN_LEVEL, bot_rng(seed, seat))
            for seat, p in enumerate(players)
            if p.level is not None
        }
        self.undos_used = recorded.record.undos
        self.save_due = False
        self._legal: list[Move] | None = None
        self._thinking: Job[tuple[Move, Player]] | None = None
        self._thinking_for: tuple[int, int] | None = None
        self.advice = TableAdvice(adviser)
        """Hints and the coach's tips (`hints_used` is counted there)."""

    @classmethod
    def new(cls, config: TableConfig, adviser: Adviser, seed: int | str) -> TableMatch:
        """A new game from a setup `config` ({"rules": {...}, "players": [...]})."""
        players = [dict(p) for p in config.get("players", [])] or [dict(p) for p in DEFAULT_PLAYERS]
        rules = TableRules.from_dict(config.get("rules", {}))
        game = TableGame(len(players), rules)
        return cls(RecordedGame.new_table(game, players, config.get("seed", seed)), adviser)

    @classmethod
    def resume(cls, record: GameRecord, adviser: Adviser) -> TableMatch:
        """The game of `record`, replayed and checked (`RulesError` if it cannot be)."""
        return cls(RecordedGame.from_record(record), adviser)

    @classmethod
    def open(
        cls, config: TableConfig, record: GameRecord | None, adviser: Adviser
    ) -> tuple[TableMatch, str | None]:
        """The game of `record` resumed or, if it cannot be, a new one from `config` with
        the reason in words."""
        failure = None
        if record is not None:
            try:
                return cls.resume(record, adviser), None
            except (RulesError, KeyError, TypeError, ValueError) as error:
                failure = _("The saved game could not be resumed ({reason}).").format(reason=error)
        return cls.new(config, adviser, new_seed()), failure

    # --- reading -------------------------------------------------------------------------

    @property
    def state(self) -> TableState:
        state = self.recorded.state
        assert isinstance(state, TableState)
        return state

    @property
    def record(self) -> GameRecord:
        """The game's record (kept in step with every move)."""
        return self.recorded.record

    @property
    def rules(self) -> TableRules:
        return self.state.game.rules

    @property
    def players(self) -> int:
        return self.state.players

    def is_human(self, seat: int) -> bool:
        return seat not in self.computers

    @property
    def humans(self) -> int:
        return sum(1 for seat in range(self.players) if self.is_human(seat))

    def legal_moves(self) -> list[Move]:
        """The legal moves of the seat to act (asked once per position)."""
        if self._legal is None:
            self._legal = self.state.legal_moves()
        return self._legal

    def can_place(self) -> bool:
        return any(move.action == PLACE for move in self.legal_moves())

    def can_free_draw(self) -> bool:
        """Whether the seat to act may draw instead of placing (the free-draw option)."""
        return DRAW_MOVE in self.legal_moves() and self.can_place()

    def turn(self) -> Turn:
        state = self.state
        if state.hand_over:
            return Turn.GAME_OVER if state.is_terminal() else Turn.HAND_OVER
        seat = state.current_player
        if not self.is_human(seat):
            return Turn.COMPUTER
        return Turn.HUMAN if self.can_place() else Turn.FORCED

    def forced_move(self) -> Move:
        """The draw or pass a human who cannot place must make."""
        assert self.turn() is Turn.FORCED
        return self.legal_moves()[0]

    def hands(self) -> list[list[TileId]]:
        """Every seat's tiles in hand, in the order the hand shows them."""
        return [self.state.hand_tiles(seat) for seat in range(self.players)]

    def hands_so_far(self) -> list[list[list[TileId]]]:
        """Every seat's tiles in hand as dealt, then after each move of this hand."""
        return [[tiles_in(mask) for mask in masks] for masks in self.state.hands_so_far()]

    def standings(self) -> list[int]:
        """Each seat's score as the table shows it (club: `chips_worth`)."""
        return self.state.standings()

    def went_out(self) -> int | None:
        """The seat that placed its last tile, once a hand has ended that way."""
        hands, over = self.state.hands, self.state.hand_over
        return next((s for s, hand in enumerate(hands) if not hand), None) if over else None

    def time_left_s(self) -> float | None:
        """Timed club games: game time left (0 once it has run out)."""
        limit = self.rules.time_limit_s
        return None if limit is None else max(0.0, limit - self.state.clock_s)

    def position(self) -> tuple[int, int]:
        """Identifies the position: hand number and moves played in it."""
        return (self.record.hand_count, len(self.state.moves))

    # --- playing -------------------------------------------------------------------------

    def play(self, move: Move) -> list[Event]:
        """Play a human's move (`IllegalMoveError` if it is not legal)."""
        return [self._play(move, by_computer=False, forced=False)]

    def play_forced(self) -> list[Event]:
        """Play the draw or pass of a human who cannot place."""
        return [self._play(self.forced_move(), by_computer=False, forced=True)]

    def _play(self, move: Move, *, by_computer: bool, forced: bool) -> MovePlayed:
        if not by_computer and not forced:
            self.advice.look_at(self.state, move, self.position(), self.record.seed)
        result = self.recorded.play(move)
        if not by_computer:
            self.record.clear_redo()  # a new line of play: no redo
        self._moved()
        return MovePlayed(result, by_computer, forced)

    def advance_clock(self, dt: float) -> None:
        """Game time passes (it counts only in timed games, while a hand is on)."""
        self.state.advance_clock(dt)

    def next_hand(self) -> None:
        """Deal the next hand (the last one has ended and the game goes on)."""
        self.recorded.next_hand()
        self._legal = None
        self.save_due = True

    @property
    def deal(self) -> int | None:
        """The game's deal number (None for a record whose seed is not one)."""
        return deal_number(self.record.seed)

    # --- computers and hints -------------------------------------------------------------

    def think(self) -> bool:
        """Start the computer to act choosing its move; False if it already is."""
        seat = self.state.current_player
        if self._thinking is not None and self._thinking_for == self.position():
            return False
        self._thinking = self.adviser.submit(choose_move, self.computers[seat], self.state.clone())
        self._thinking_for = self.position()
        return True

    @property
    def thinking(self) -> bool:
        return self._thinking is not None

    def poll(self) -> list[Event]:
        """The computer's move once chosen, played (no events while it still thinks)."""
        job = self._thinking
        if job is None or self._thinking_for != self.position() or not job.done():
            return []
        self._thinking = None
        answer = job.result()
        seat = self.state.current_player
        if answer is None:  # the worker failed: think again in this process, simply
            move = make_player("greedy", bot_rng(self.record.seed or 0, seat)).choose(self.state)
        else:
            move, self.computers[seat] = answer
        return [self._play(move, by_computer=True, forced=False)]

    def ask_hint(self) -> bool:
        """Ask for a hint for the human to act; False when none can be asked now."""
        asked = self.assists and self.turn() is Turn.HUMAN
        return asked and self.advice.ask_hint(self.state, self.position(), self.record.seed)

    def _drop_thinking(self) -> None:
        if self._thinking is not None:
            self._thinking.cancel()
        self._thinking = None
        self.advice.drop_hint()

    # --- undo and redo ------------------------------------------------------------------

    def undo_target(self, seat: int | None = None) -> int | None:
        """Index in this hand's moves of the placement an undo by human `seat` would take
        back, if any (see `table_undo`)."""
        if self.state.hand_over or not self.assists:
            return None
        moves = self.record.last_hand_moves()
        return undo_target(moves, self.is_human, self.state.current_player, seat)

    def can_undo(self, seat: int | None = None) -> bool:
        return self.undo_target(seat) is not None

    def undo(self, seat: int | None = None) -> list[Event]:
        """Take back human `seat`'s last placement and every move after it (kept, with the
        record, for redo). Timed games: the clock goes back to that move."""
        target = self.undo_target(seat)
        if target is None:
            return []
        taken = self.record.last_hand_moves()[target:]
        seat = taken[0].player
        while len(self.state.moves) > target:
            self.recorded.undo()
        self.record.push_redo(taken)
        self._moved()
        self.undos_used += 1
        self.record.undos = self.undos_used
        return [TookBack(seat, len(taken))]

    def _redo_moves(self) -> list[Move] | None:
        """The moves the next redo plays, when they are still legal to play now."""
        if self.state.hand_over or not self.assists:
            return None
        try:
            groups = self.record.redo_groups()
        except RulesError:
            return None
        if not groups or not groups[-1] or groups[-1][0].player != self.state.current_player:
            return None
        return [entry.move for entry in groups[-1]]

    def can_redo(self) -> bool:
        return self._redo_moves() is not None

    def redo(self) -> list[Event]:
        """Play again the moves the last undo took back."""
        moves = self._redo_moves()
        if moves is None:
            return []
        seat = self.state.current_player
        self.record.pop_redo()
        played = 0
        try:
            for move in moves:
                self.recorded.play(move)
                played += 1
        except RulesError:  # a redo list written by hand into a record: drop it
            self.record.clear_redo()
        self._moved()
        return [Redone(seat, played)] if played else []

    def _moved(self) -> None:
        self._drop_thinking()
        self._legal = None
        self.save_due = True

    # --- saving --------------------------------------------------------------------------

    def take_save(self) -> tuple[bool, GameRecord | None]:
        """(whether an autosave is due, the record to save or None to clear the save).

        The record carries the hand's game clock in timed games. Calling this marks the
        save as done.
        """
        due, self.save_due = self.save_due, False
        return due, self.save_data()

    def save_data(self) -> GameRecord | None:
        """The record to autosave now, or None once the game is over."""
        state = self.state
        if state.is_terminal():
            return None
        if self.rules.timed and not state.hand_over:
            self.record.set_hand_clock(state.clock_s)
        return self.record

    def close(self) -> None:
        """Forget any thinking under way."""
        self._drop_thinking()
