"""The turn flow of a table game: who acts, when a computer thinks, when a hand is dealt,
when the game ends, forced moves, undo and redo, the clock and the record it keeps.

A `TableFlow` owns the `RecordedGame` (the rules engine and its record in step) and has
a controller per seat (`game.play.seats`): a person at this computer, a computer
thinking through the adviser, a lesson's script, a person elsewhere. Its `Guide` holds
the persons to a script (the lesson) or lets them play the rules' moves (`NoGuide`); its
`Referee` decides the moves: the flow itself (`KeptHere`) or, for a network table in the
window, the server. The couch table, the guided lesson, the puzzle, a network table in
the window and a table on the server are configurations of it (which controllers, which
guide and referee, which assists), never subclasses; the server asks it the turn and
tells it the time that passed as the window does (`advance_clock`), and the flow alone
runs a timed game's clock. It never draws and never waits on the wall clock:
a screen asks `turn()` what the game waits for, hands over a person's moves with `play`,
lets the computers think with `think` and `poll`, and animates the events these return.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import StrEnum

from game.ai.worker import Adviser
from game.i18n import _
from game.play.events import Event, GameEnded, MovePlayed, Report
from game.play.seats import Controller, Guide, News, NoGuide, Referee, Seats
from game.play.table_advice import TableAdvice
from game.play.table_undo import TakeBacks
from game.rules.modes import Mode
from game.rules.moves import PLACE, Move
from game.rules.record.document import GameRecord
from game.rules.record.recorded_game import RecordedGame
from game.rules.share import deal_number
from game.rules.table import TableState
from game.rules.table_rules import TableRules


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


def table_state(recorded: RecordedGame) -> TableState:
    """The state of a table game's `recorded` (its mode is the table's)."""
    state = recorded.state
    assert isinstance(state, TableState)
    return state


class KeptHere:
    """The referee of a game kept by its own flow (at the couch, in a lesson or a puzzle,
    on a table server): its persons' moves are played at once, its computers' once
    chosen, and nothing is said beyond the rules."""

    networked = False

    def __init__(self, flow: TableFlow) -> None:
        self.flow = flow

    def waits(self) -> bool:
        return False

    def end_known(self) -> bool:
        return True

    def send(self, move: Move, forced: bool) -> list[Event]:
        return self.flow.play_from(move, by_computer=False, forced=forced)

    def take(self) -> list[Event]:
        move = self.flow.chosen()
        return [] if move is None else self.flow.play_from(move, by_computer=True)

    def deal(self) -> None:
        self.flow.recorded.next_hand()
        self.flow.moved()

    def pass_time(self, dt: float) -> None:
        """Game time runs while the game waits for a seat's move (`to_act`): not between
        hands, nor while the referee waits (a server's table on hold)."""
        if self.flow.to_act() is not None:
            self.flow.state.advance_clock(dt)

    def close(self) -> None:
        """Nothing to leave."""

    def seat_note(self, seat: int) -> str | None:
        return None

    def reading(self) -> bool:
        return False

    def take_notices(self) -> list[str]:
        return []

    def final_words(self) -> list[str]:
        return []


class TableFlow:
    """One table game in play (a `Session`): its seats' controllers and what it allows
    make it a couch table (game.play.couch), a lesson, a puzzle or a network table."""

    def __init__(
        self,
        recorded: RecordedGame,
        seats: Sequence[Controller],
        adviser: Adviser,
        *,
        keeps_record: bool = True,
        assists: bool = True,
        spot_points: bool = True,
        guide: Guide | None = None,
        referee: Callable[[TableFlow], Referee] = KeptHere,
    ) -> None:
        """`referee` makes the flow's referee (by default the game is kept here)."""
        if recorded.mode != Mode.TABLE:
            raise ValueError("a table flow needs a table game")
        self.recorded = recorded
        self.seats = Seats(seats)
        self.keeps_record = keeps_record
        """Whether the game is autosaved and counted in the history."""
        self.assists = assists
        """Whether hints, undo and redo may be asked (not online, in lessons or puzzles)."""
        self.spot_points = spot_points
        """Whether a held tile's lit spots say what each would score (not in a puzzle)."""
        self.shows_turn = True
        """Whether the seat to play is shown as such (not once a puzzle is answered)."""
        self._guide: Guide = guide or NoGuide()
        self.referee = referee(self)
        self.news: News = self.referee
        self.takebacks = TakeBacks(self)
        self.save_due = False
        self._legal: list[Move] | None = None
        self.advice = TableAdvice(adviser)
        """Hints and the coach's tips (`hints_used` is counted there)."""

    # --- reading -------------------------------------------------------------------------

    @property
    def state(self) -> TableState:
        return table_state(self.recorded)

    @property
    def record(self) -> GameRecord:
        """The game's record (kept in step with every move)."""
        return self.recorded.record

    @property
    def mode(self) -> str:
        return self.recorded.mode

    @property
    def rules(self) -> TableRules:
        return self.state.game.rules

    @property
    def players(self) -> int:
        return self.state.players

    @property
    def names(self) -> list[str]:
        """Each seat's name as the screens show it."""
        return self.record.names(_("Seat {number}"))

    @property
    def kinds(self) -> list[str]:
        """Each seat's kind as recorded ("human", "ai:<level>")."""
        return [player.kind for player in self.record.players]

    def is_human(self, seat: int) -> bool:
        """Whether a person at this computer plays `seat`."""
        return self.seats[seat].here

    @property
    def humans(self) -> int:
        return self.seats.humans

    def legal_moves(self) -> list[Move]:
        """The legal moves of the seat to act (asked once per position); in a lesson, the
        one move it waits for from a person."""
        return self._guide.allowed(self._rules_moves, self.is_human(self.state.current))

    def _rules_moves(self) -> list[Move]:
        if self._legal is None:
            self._legal = self.state.legal_moves()
        return self._legal

    def _can_place(self) -> bool:
        return any(move.action == PLACE for move in self.legal_moves())

    def can_free_draw(self) -> bool:
        """Whether the seat to act may draw instead of placing (the free-draw option; in
        a lesson, when it waits for the person's draw)."""
        return self._guide.may_draw(self.legal_moves())

    def turn(self) -> Turn:
        state = self.state
        if state.hand_over:
            if not self.referee.end_known():
                return Turn.COMPUTER
            return Turn.GAME_OVER if state.is_terminal() else Turn.HAND_OVER
        seat = self.to_act()
        if seat is None or not self.is_human(seat):
            return Turn.COMPUTER
        if self._can_place() or not self._guide.forces:
            return Turn.HUMAN
        return Turn.FORCED

    def to_act(self) -> int | None:
        """The seat whose move the game waits for now: none once the hand is over, nor
        while its referee waits (a move on its way, a seat not taken, nobody at a
        server's table)."""
        if self.state.hand_over or self.referee.waits():
            return None
        return self.state.current

    def computer_to_act(self) -> int | None:
        """The computer seat whose move the game waits for, if any."""
        seat = self.to_act()
        return seat if seat is not None and self.seats[seat].computer else None

    def forced_move(self) -> Move:
        """The draw or pass a human who cannot place must make."""
        assert self.turn() is Turn.FORCED
        return self.legal_moves()[0]

    def position(self) -> tuple[int, int]:
        """Identifies the position: hand number and moves played in it."""
        return (self.record.hand_count, len(self.state.moves))

    @property
    def deal(self) -> int | None:
        """The game's deal number (None for a record whose seed is not one)."""
        return deal_number(self.record.seed)

    # --- playing -------------------------------------------------------------------------

    def play(self, move: Move) -> list[Event]:
        """Play a person's move (`IllegalMoveError` if it is not legal; in a lesson, if it
        is not the one the lesson waits for). At a table kept elsewhere it is sent, and
        shown once played there."""
        self._guide.check(move, self.legal_moves())
        return self.referee.send(move, forced=False)

    def play_forced(self) -> list[Event]:
        """Play the draw or pass of a human who cannot place."""
        return self.referee.send(self.forced_move(), forced=True)

    def _play(self, move: Move, *, by_computer: bool, forced: bool) -> list[Event]:
        if not by_computer and not forced:
            self.advice.look_at(self.state, move, self.position(), self.record.seed)
        result = self.recorded.play(move)
        if not by_computer:
            self.record.clear_redo()  # a new line of play: no redo
        event = MovePlayed(result, by_computer, forced)
        self._guide.played(event)
        return self.after_move(event)

    def after_move(self, event: MovePlayed) -> list[Event]:
        """`event`'s move was just played (by the flow, or on a network table's mirror):
        what was thought for the last position is dropped; `GameEnded` after the last."""
        self.moved()
        if not self.state.is_terminal():
            return [event]
        won = any(self.is_human(seat) for seat in self.state.tally().leaders)
        return [event, GameEnded(won, self.report())]

    def play_from(self, move: Move, *, by_computer: bool, forced: bool = False) -> list[Event]:
        """Play a move decided where the game is kept: a person's here, a computer's, or
        on a server a remote player's (`IllegalMoveError` if the rules refuse it)."""
        return self._play(move, by_computer=by_computer, forced=forced)

    def take_back(self) -> int:
        """Take back the last move outright, with no redo (a server's move it could not
        save; a puzzle's miss); the seat that had made it."""
        seat = self.record.last_move().player
        self.recorded.undo()
        self.moved()
        return seat

    def advance_clock(self, dt: float) -> None:
        """`dt` seconds have passed: a window's frame, or on a server the time since its
        table was last looked at. Game time counts them in timed games while the game
        waits for a seat's move (see `KeptHere.pass_time`); a table kept elsewhere takes
        in what has come instead."""
        self.referee.pass_time(dt)

    def next_hand(self) -> None:
        """Deal the next hand (the last one has ended and the game goes on)."""
        self.referee.deal()

    # --- computers and hints -------------------------------------------------------------

    def think(self) -> bool:
        """Start the computer to act choosing its move (see `Seats.think`); False when
        the game waits for no computer, or it already is choosing."""
        if self.computer_to_act() is None:
            return False
        return self.seats.think(self.state, self.position())

    @property
    def thinking(self) -> bool:
        """Whether a move is on its way: a computer's here, or, at a table kept elsewhere,
        whatever the table waits for (another seat's move, a move sent, players to
        join, the next hand), which comes over the network."""
        elsewhere = self.referee.networked and self.turn() is Turn.COMPUTER
        return elsewhere or self.seats.thinking

    def chosen(self) -> Move | None:
        """The move the seat to act chose, once it has (handed out once)."""
        return self.seats.chosen(self.state, self.position())

    def poll(self) -> list[Event]:
        """The computer's move once chosen, played (no events while it still thinks); at a
        table kept elsewhere, the next move it told."""
        return self.referee.take()

    def ask_hint(self) -> bool:
        """Ask for a hint for the human to act; False when none can be asked now."""
        asked = self.assists and self.turn() is Turn.HUMAN
        return asked and self.advice.ask_hint(self.state, self.position(), self.record.seed)

    def _drop_thinking(self) -> None:
        self.seats.stop()
        self.advice.drop_hint()

    # --- undo and redo (see `TakeBacks`) ------------------------------------------------

    def can_undo(self, seat: int | None = None) -> bool:
        return self.takebacks.target(seat) is not None

    def undo(self, seat: int | None = None) -> list[Event]:
        return self.takebacks.undo(seat)

    def can_redo(self) -> bool:
        return self.takebacks.redo_moves() is not None

    def redo(self) -> list[Event]:
        return self.takebacks.redo()

    def moved(self) -> None:
        """The position has changed: what was thought for the last one is dropped."""
        self._drop_thinking()
        self._legal = None
        self.save_due = True

    # --- keeping -------------------------------------------------------------------------

    def take_save(self) -> tuple[bool, GameRecord | None]:
        """(whether an autosave was due, `save_data()`); the save is then done."""
        due, self.save_due = self.save_due, False
        return due, self.save_data()

    def save_data(self) -> GameRecord | None:
        """The record to autosave now (with the hand's game clock in timed games), or
        None once the game is over: the save goes."""
        state = self.state
        if state.is_terminal():
            return None
        if self.rules.timed and not state.hand_over:
            self.record.set_hand_clock(state.clock_s)
        return self.record

    def report(self) -> Report:
        """The game for the history and statistics, with the help the players took."""
        return Report(self.record, self.advice.hints_used > 0, self.takebacks.used > 0)

    def close(self) -> None:
        """Forget any thinking under way (and leave a table kept elsewhere)."""
        self._drop_thinking()
        self.referee.close()
