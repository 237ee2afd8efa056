"""A solitaire deal's flow without pygame: moves, undo/redo, assists, the end, advice."""

from __future__ import annotations

import random

import pytest

from game.ai.autoplay import simple_fair_move
from game.ai.solver import solve
from game.ai.worker import InProcessAdviser
from game.play.events import GameEnded, MovePlayed, StockTurned, TookBack, VerdictFound
from game.play.solitaire_session import SolitaireSession, WinnableDealSearch
from game.rules.modes import Mode
from game.rules.moves import DISCARD, PLACE, STOCK
from game.rules.solitaire import DrawSolitaireState, StackedSolitaireState


def lost_draw_session(seed: int = 5) -> tuple[SolitaireSession, list[object]]:
    session = SolitaireSession.new(Mode.DRAW_SOLITAIRE, seed, InProcessAdviser())
    events: list[object] = []
    while not session.finished:
        events = list(session.play(simple_fair_move(session.state)))  # type: ignore[arg-type]
    return session, events


def test_moves_come_back_as_results_and_ask_for_a_save() -> None:
    session = SolitaireSession.new(Mode.STACKED_SOLITAIRE, 3, InProcessAdviser())
    move = session.state.legal_moves()[0]
    (event,) = session.play(move)
    assert isinstance(event, MovePlayed) and event.result.move == move
    due, data = session.take_save()
    assert due and data is session.record
    assert session.take_save() == (False, session.record)


def test_undo_and_redo_note_the_assist_and_keep_the_redo_line() -> None:
    session = SolitaireSession.new(Mode.STACKED_SOLITAIRE, 3, InProcessAdviser())
    first = session.state.legal_moves()[0]
    session.play(first)
    assert session.undo() == [TookBack(0, 1)] and session.can_redo()
    assert session.redo_moves == [first]
    assert session.record.to_json()["assists"] == {"undos": True}
    session.redo()
    assert session.state.moves == [first] and not session.can_redo()


def test_a_loss_waits_to_be_counted_and_undo_takes_it_back() -> None:
    session, events = lost_draw_session()
    assert [e.won for e in events if isinstance(e, GameEnded)] == [False]
    assert session.loss_to_count and session.can_undo()
    # A lost game stays saved until its loss is counted (a crash before that counts it
    # at the next start); once counted, its save is cleared.
    assert session.take_save()[1] is session.record
    session.undo()
    assert not session.finished and not session.loss_to_count
    assert session.take_loss() is None


def test_the_verdict_on_a_lost_deal_comes_from_the_solver() -> None:
    session, _events = lost_draw_session()
    expected = solve(DrawSolitaireState(seed=5)).winnable
    assert expected is not None  # the solver decides this deal
    (event,) = session.poll()
    assert event == VerdictFound({True: "could", False: "could not"}[expected])
    report = session.take_loss()
    assert report is not None and report.record is session.record
    assert session.take_loss() is None  # counted once
    assert session.take_save() == (True, None)  # and its save goes


def test_stacked_advice_follows_the_winning_line_to_a_win() -> None:
    seed = next(s for s in range(1, 50) if solve(StackedSolitaireState(seed=s)).winnable)
    session = SolitaireSession.new(Mode.STACKED_SOLITAIRE, seed, InProcessAdviser())
    while not session.finished:
        move = session.suggest()
        assert move is not None
        session.play(move, by_computer=True)
    assert session.state.won and session.verdict == "won"


def test_draw_advice_is_a_legal_fair_move() -> None:
    session = SolitaireSession.new(Mode.DRAW_SOLITAIRE, 9, InProcessAdviser())
    move = session.suggest()
    assert move is not None and move in session.state.legal_moves()


def test_a_resumed_record_keeps_its_assists() -> None:
    session = SolitaireSession.new(Mode.DRAW_SOLITAIRE, 4, InProcessAdviser())
    session.use_assist("hints")
    again = SolitaireSession.resume(session.record, InProcessAdviser())
    assert again.assists == {"hints": True}


def test_winnable_deal_search_finds_a_deal_the_solver_wins() -> None:
    search = WinnableDealSearch(Mode.STACKED_SOLITAIRE, InProcessAdviser(), random.Random(1))
    seed = None
    for _ in range(20):
        seed = search.poll()
        if seed is not None:
            break
    assert seed is not None
    state = SolitaireSession.new(Mode.STACKED_SOLITAIRE, seed, InProcessAdviser()).state
    assert solve(state).winnable


def test_not_a_solitaire_mode_is_refused() -> None:
    with pytest.raises(ValueError):
        SolitaireSession.new("table", 1, InProcessAdviser())


def turn_until(session: SolitaireSession, fits: bool, place_at_once: bool) -> StockTurned:
    """Play the fair line until the turned stock tile fits somewhere (or nowhere)."""
    while True:
        assert not session.finished, "no such turn in this deal"
        (turned,) = session.turn_stock(place_at_once)
        assert isinstance(turned, StockTurned) and session.turned
        if (turned.then is None or turned.then.action == PLACE) == fits:
            return turned
        session.play(session.suggest() or turned.then)  # type: ignore[arg-type]


def test_a_turned_tile_that_fits_nowhere_is_discarded_by_the_session() -> None:
    session = SolitaireSession.new(Mode.DRAW_SOLITAIRE, 11, InProcessAdviser())
    turned = turn_until(session, fits=False, place_at_once=False)
    assert turned.then is not None and turned.then.action == DISCARD
    assert turned.then.source == STOCK and session.state.legal_moves().count(turned.then) == 1
    assert session.turn_stock() == []  # already face up
    session.play(turned.then)
    assert not session.turned


def test_place_at_once_plays_a_tile_with_one_spot_and_waits_on_one_with_more() -> None:
    for seed in range(1, 30):
        session = SolitaireSession.new(Mode.DRAW_SOLITAIRE, seed, InProcessAdviser())
        spots = {m.cell for m in session.state.legal_moves() if m.source == STOCK}
        (waits,) = session.turn_stock(place_at_once=False)
        session.undo()
        (turned,) = session.turn_stock(place_at_once=True)
        assert isinstance(waits, StockTurned) and isinstance(turned, StockTurned)
        if len(spots) == 1 and waits.then is None:
            assert turned.then is not None and turned.then.cell in spots
            return
        assert turned.then == waits.then
    pytest.fail("no deal in 1..29 starts with a tile that has one spot")


def test_turning_back_a_seen_tile_is_an_undo() -> None:
    session = SolitaireSession.new(Mode.DRAW_SOLITAIRE, 3, InProcessAdviser())
    assert not session.can_undo()
    session.turn_stock()
    assert session.can_undo()
    assert session.undo() == [StockTurned(None, back=True)]
    assert not session.turned and session.assists == {"undos": True}
    assert session.state.moves == []
