"""Hypothesis drives a session of each mode through play, undo, redo, save and resume in
any order (issue 27): after every step the record replays to the very position the
session holds, an undo answers `TookBack`, a redo plays again what the undo took back,
and a session resumed from its save is the same game with the same redo line."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from game.ai.worker import DoneJob, InProcessAdviser, Job
from game.play.couch import new_couch_table, resume_couch_table
from game.play.events import MovePlayed, Redone, TookBack
from game.play.solitaire_session import SolitaireSession
from game.play.table_flow import Turn
from game.play.table_setup import TableConfig
from game.rules.modes import Mode
from game.rules.record.document import GameRecord
from game.rules.record.entries import PlayerEntry
from game.rules.record.recorded_game import RecordedGame
from game.rules.state import GameState
from game.rules.table import TableState

FAST = settings(max_examples=12, stateful_step_count=40, deadline=None)


class NoThinking(InProcessAdviser):
    """An adviser that never thinks: the machine is about the turn flow, not the solver."""

    def submit(self, work: Callable[..., Any], *args: Any) -> Job[Any]:
        self.submitted += 1
        return DoneJob(None, failed=True)


def position(state: GameState) -> tuple[Any, ...]:
    """Everything a replay must give back exactly."""
    figure = tuple(state.figure.tiles())
    if isinstance(state, TableState):
        return (
            figure,
            tuple(state.hands),
            state.current,
            state.stock_pos,
            state.sheet.results,
            state.sheet.hand_points,
            state.hand_number,
        )
    return figure, tuple(state.moves), state.is_terminal()


def saved(record: GameRecord) -> GameRecord:
    """The record as a save file gives it back: written out and read again."""
    return GameRecord.from_json(record.dumps())


def replayed(record: GameRecord) -> GameState:
    return RecordedGame.from_record(record.copy()).state


class TableMachine(RuleBasedStateMachine):
    """Three people at one table, two hands, every option of the turn flow."""

    def __init__(self) -> None:
        super().__init__()
        players: list[PlayerEntry] = [
            {"name": name, "kind": "human"} for name in ("Ann", "Bob", "Cy")
        ]
        config: TableConfig = {"players": players, "rules": {"hands": 2, "free_draw": True}}
        self.match = new_couch_table(config, NoThinking(), 7)

    @rule(pick=st.integers(0, 10_000))
    def act(self, pick: int) -> None:
        turn = self.match.turn()
        if turn is Turn.HUMAN:
            moves = self.match.legal_moves()
            events = self.match.play(moves[pick % len(moves)])
            assert isinstance(events[0], MovePlayed)
        elif turn is Turn.FORCED:
            self.match.play_forced()
        elif turn is Turn.HAND_OVER:
            self.match.next_hand()

    @precondition(lambda self: self.match.can_undo())
    @rule()
    def undo(self) -> None:
        events = self.match.undo()
        assert any(isinstance(event, TookBack) for event in events)
        assert self.match.can_redo()

    @precondition(lambda self: self.match.can_redo())
    @rule()
    def redo(self) -> None:
        events = self.match.redo()
        assert any(isinstance(event, Redone) for event in events)

    @precondition(lambda self: self.match.save_data() is not None)
    @rule()
    def save_and_resume(self) -> None:
        data = self.match.save_data()
        assert data is not None
        resumed = resume_couch_table(saved(data), NoThinking())
        assert position(resumed.state) == position(self.match.state)
        assert resumed.can_redo() == self.match.can_redo()
        self.match = resumed

    @invariant()
    def the_record_replays_to_the_position(self) -> None:
        assert position(replayed(self.match.record)) == position(self.match.state)


class SolitaireMachine(RuleBasedStateMachine):
    mode = Mode.DRAW_SOLITAIRE

    def __init__(self) -> None:
        super().__init__()
        self.session = SolitaireSession.new(self.mode, 11, NoThinking())

    @precondition(lambda self: not self.session.finished)
    @rule(pick=st.integers(0, 10_000))
    def act(self, pick: int) -> None:
        moves = self.session.state.legal_moves()
        events = self.session.play(moves[pick % len(moves)])
        assert isinstance(events[0], MovePlayed)

    @precondition(lambda self: self.session.can_undo())
    @rule()
    def undo(self) -> None:
        assert self.session.undo() == [TookBack(0, 1)]
        assert self.session.can_redo()

    @precondition(lambda self: self.session.can_redo())
    @rule()
    def redo(self) -> None:
        expected = self.session.redo_moves[-1]
        events = self.session.redo()
        assert isinstance(events[0], MovePlayed) and events[0].result.move == expected

    @rule()
    def save_and_resume(self) -> None:
        resumed = SolitaireSession.resume(saved(self.session.record), NoThinking())
        assert position(resumed.state) == position(self.session.state)
        self.session = resumed

    @invariant()
    def the_record_replays_to_the_position(self) -> None:
        assert position(replayed(self.session.record)) == position(self.session.state)


class StackedMachine(SolitaireMachine):
    mode = Mode.STACKED_SOLITAIRE


TestTableSession = TableMachine.TestCase
TestDrawSolitaireSession = SolitaireMachine.TestCase
TestStackedSolitaireSession = StackedMachine.TestCase
for _case in (TestTableSession, TestDrawSolitaireSession, TestStackedSolitaireSession):
    _case.settings = FAST
