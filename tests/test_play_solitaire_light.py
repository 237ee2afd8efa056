"""The live "still winnable" light without pygame: what it knows and asks, a new move
dropping the old question, undo and redo, its honest "cannot tell", the record's
`light_out`, and the worker's slices of work."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

import pytest

import game.play.solitaire_light as solitaire_light
from game.ai.analysis import review_solitaire
from game.ai.autoplay import simple_fair_move
from game.ai.solver import Solver, solve
from game.ai.winnable import solve_slice
from game.ai.worker import DoneJob, InProcessAdviser, Job
from game.play.solitaire_light import OUT, THINKING, UNDECIDED, WINNABLE
from game.play.solitaire_session import SolitaireSession
from game.rules.modes import Mode
from game.rules.moves import Move
from game.rules.record.document import LIGHT_KEY
from game.rules.solitaire import DrawSolitaireState, StackedSolitaireState
from tests.conftest import HeldAdviser

R = TypeVar("R")
SEED = 7
"""A draw deal whose plain fair game lets the win slip early (after move 5)."""


def lit(session: SolitaireSession) -> SolitaireSession:
    """The session with its light on and its first question answered."""
    session.light.switch(True, session.state)
    settle(session)
    return session


def settle(session: SolitaireSession) -> None:
    """Poll until the light has its answer (an in-process adviser answers each slice
    at once: one poll asks, the next takes the answer)."""
    for _ in range(200):
        session.poll()
        if not session.light.thinking:
            return
    raise AssertionError("the light never answered")


class SliceCounter(InProcessAdviser):
    """Thinks in-process and counts the light's slices of work."""

    def __init__(self) -> None:
        super().__init__()
        self.slices = 0

    def submit(self, work: Callable[..., R], *args: Any) -> Job[R]:
        self.slices += work is solve_slice
        return super().submit(work, *args)


@functools.cache
def slip_of(seed: int) -> tuple[tuple[Move, ...], int]:
    """The plain fair game of draw deal `seed` and the move that let its win slip."""
    session = SolitaireSession.new(Mode.DRAW_SOLITAIRE, seed, InProcessAdviser())
    while not session.finished:
        session.play(simple_fair_move(session.state))  # type: ignore[arg-type]
    review = review_solitaire(session.record, 800_000)
    assert review.decided and review.last_winnable is not None and review.slipped
    return tuple(session.state.moves), review.last_winnable + 1


def test_the_light_goes_out_at_the_move_that_lets_the_win_slip() -> None:
    moves, slip = slip_of(SEED)
    session = lit(SolitaireSession.new(Mode.DRAW_SOLITAIRE, SEED, InProcessAdviser()))
    assert session.light.shows == WINNABLE
    for number, move in enumerate(moves, 1):
        session.play(move)
        settle(session)
        assert session.light.shows == (WINNABLE if number < slip else OUT), number
        assert session.record.to_json().get(LIGHT_KEY) == (None if number < slip else slip)
    assert session.light.out_at == slip
    assert not session.assists  # the light is no hint


def test_along_its_winning_line_the_light_asks_nothing_more() -> None:
    adviser = SliceCounter()
    session = lit(SolitaireSession.new(Mode.STACKED_SOLITAIRE, 3, adviser))
    line = solve(session.state).moves
    assert line and session.light.shows == WINNABLE
    asked = adviser.slices
    for move in line:
        session.play(move)
        settle(session)
        assert session.light.shows == WINNABLE
    assert adviser.slices == asked and session.state.won


def test_after_a_lost_position_the_light_stays_out_without_asking() -> None:
    moves, slip = slip_of(SEED)
    adviser = SliceCounter()
    session = lit(SolitaireSession.new(Mode.DRAW_SOLITAIRE, SEED, adviser))
    for move in moves[:slip]:
        session.play(move)
        settle(session)
    asked = adviser.slices
    for move in moves[slip:]:
        session.play(move)
        session.poll()
        assert session.light.shows == OUT  # at once: nothing after a lost position wins
    assert adviser.slices == asked


def test_undo_and_redo_find_the_answers_they_return_to() -> None:
    moves, slip = slip_of(SEED)
    session = lit(SolitaireSession.new(Mode.DRAW_SOLITAIRE, SEED, InProcessAdviser()))
    for move in moves[:slip]:
        session.play(move)
        settle(session)
    assert session.light.shows == OUT and session.record.to_json()[LIGHT_KEY] == slip
    session.undo()
    assert session.light.shows == WINNABLE  # known: the light is on again at once
    assert LIGHT_KEY not in session.record.to_json()  # the move it went out at is taken back
    session.redo()
    assert session.light.shows == OUT and session.record.to_json()[LIGHT_KEY] == slip


def test_a_new_move_drops_the_question_of_the_position_before() -> None:
    adviser = HeldAdviser()
    session = SolitaireSession.new(Mode.STACKED_SOLITAIRE, 3, adviser)
    session.light.switch(True, session.state)
    session.poll()
    assert session.light.shows == THINKING and adviser.submitted == 1
    first = session.state.legal_moves()[-1]
    session.play(first)
    session.poll()  # the new position's question
    assert adviser.submitted == 2
    adviser.release()
    session.poll()
    expected = solve(session.state).winnable
    assert session.light.shows == (WINNABLE if expected else OUT)
    assert session.light._known.keys() == {(first,)}  # the first answer was never read


def test_the_light_waits_for_the_auto_players_move() -> None:
    adviser = HeldAdviser()
    session = SolitaireSession.new(Mode.DRAW_SOLITAIRE, SEED, adviser)
    assert session.suggest() is None  # the fair player's move is being worked out
    session.light.switch(True, session.state)
    session.poll()
    assert adviser.submitted == 1  # the light asks only once the move is answered
    adviser.release()
    session.poll()
    assert adviser.submitted == 2 and session.light.thinking


def test_when_its_work_runs_out_the_light_says_it_cannot_tell(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(solitaire_light, "LIGHT_POSITIONS", 2)
    session = SolitaireSession.new(Mode.DRAW_SOLITAIRE, 182, InProcessAdviser())  # a hard deal
    session.light.switch(True, session.state)
    settle(session)
    assert session.light.shows == UNDECIDED
    assert LIGHT_KEY not in session.record.to_json()


class FailingAdviser(InProcessAdviser):
    """Every job fails, as a worker that dies would answer."""

    def submit(self, work: Callable[..., R], *args: Any) -> Job[R]:
        return DoneJob(None, failed=True)


def test_a_worker_that_fails_leaves_the_light_undecided() -> None:
    session = SolitaireSession.new(Mode.STACKED_SOLITAIRE, 3, FailingAdviser())
    session.light.switch(True, session.state)
    settle(session)
    assert session.light.shows == UNDECIDED


def test_a_light_that_is_off_asks_nothing() -> None:
    adviser = SliceCounter()
    session = SolitaireSession.new(Mode.STACKED_SOLITAIRE, 3, adviser)
    session.play(session.state.legal_moves()[0])
    session.poll()
    assert adviser.slices == 0 and not session.light.on


def test_a_loss_ends_with_the_light_out_and_its_move_in_the_record() -> None:
    moves, slip = slip_of(SEED)
    session = SolitaireSession.new(Mode.DRAW_SOLITAIRE, SEED, InProcessAdviser())
    session.light.switch(True, session.state)
    for move in moves:  # played faster than the light answers: only the end is known
        session.play(move)
    assert session.finished and session.light.shows == OUT
    assert session.light.out_at == len(moves) > slip  # when the light turned, honestly


@pytest.mark.parametrize(
    "state",
    [DrawSolitaireState(seed=11), StackedSolitaireState(seed=14)],
    ids=["draw, lost", "stacked, winnable"],
)
def test_the_worker_goes_on_with_a_question_slice_by_slice(
    state: DrawSolitaireState | StackedSolitaireState,
) -> None:
    whole = Solver(state.clone()).run(800_000)
    deal = ("test", tuple(state.stock))
    slices = 0
    while True:
        answer = solve_slice(101, deal, state, 100)
        slices += 1
        if answer.winnable is not None:
            break
        assert answer.nodes == 100 * slices  # the same solver, searching on
    assert answer.winnable == whole.winnable and answer.nodes == whole.nodes
    assert slices > 1
