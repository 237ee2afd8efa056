"""The guided first game's script: a legal hand by the rules that teaches, step by step,
what each step's title says; the lesson lets the player make only the move it shows."""

from __future__ import annotations

import pytest

from game.ai.worker import InProcessAdviser
from game.play.events import MovePlayed
from game.play.lesson import (
    COMPUTER,
    LESSON_DEAL,
    LESSON_MOVES,
    LESSON_STEPS,
    YOU,
    Lesson,
)
from game.play.table_flow import Turn
from game.rules.errors import IllegalMoveError
from game.rules.moves import DRAW_MOVE, PASS_MOVE, PLACE, parse_move
from game.rules.results import WENT_OUT, MoveResult
from game.rules.table import TableGame, TableState
from game.rules.table_rules import TableRules
from game.rules.tiles import parse_tile


def play_lesson(lesson: Lesson) -> dict[str, list[MoveResult]]:
    """Play the lesson through as a player would; the moves' results by step title."""
    results: dict[str, list[MoveResult]] = {}
    while not lesson.finished:
        if lesson.waiting:
            lesson.go_on()
            continue
        title = lesson.step.title
        if lesson.flow.turn() is Turn.COMPUTER:
            assert lesson.flow.think()
            events = lesson.flow.poll()
        else:
            expected = lesson.expected()
            assert expected is not None
            events = lesson.flow.play(expected)
        results.setdefault(title, []).extend(
            event.result for event in events if isinstance(event, MovePlayed)
        )
    return results


def advance_to(lesson: Lesson, title: str) -> None:
    """Play the lesson on to the step called `title`, waiting for its move."""
    while lesson.step.title != title or lesson.waiting:
        if lesson.waiting:
            lesson.go_on()
        elif lesson.flow.turn() is Turn.COMPUTER:
            lesson.flow.think()
            lesson.flow.poll()
        else:
            move = lesson.expected()
            assert move is not None
            lesson.flow.play(move)


def test_the_script_is_a_legal_hand_by_the_rules() -> None:
    state = TableGame(2, TableRules(hands=1)).new_state(
        stock=[parse_tile(name) for name in LESSON_DEAL]
    )
    assert state.current_player == COMPUTER  # it holds the smallest tile, 1-2-3
    for text in LESSON_MOVES:
        move = parse_move(text)
        assert move in state.legal_moves(), text
        state.apply(move)
    assert state.end_reason == WENT_OUT
    assert state.hand_tiles(YOU) == [] and state.hand_size(COMPUTER) == 5
    assert state.hand_result() == [90, 10 - 50]
    assert sum(step.moves for step in LESSON_STEPS) == len(LESSON_MOVES)


def test_each_step_teaches_what_it_says() -> None:
    lesson = Lesson(InProcessAdviser())
    results = play_lesson(lesson)
    matching = results["A matching contact"][-1]
    assert [(c.value, c.other_value, c.points) for c in matching.contacts] == [(2, 2, 0)]
    counting = results["A counting contact"][-1]
    assert len(counting.contacts) == 1 and counting.points == 10
    assert [r.move for r in results["You must draw"]] == [DRAW_MOVE]
    assert [r.move for r in results["Keep drawing"]] == [DRAW_MOVE]
    drawn = results["Keep drawing"][0].drawn
    assert results["Place the drawn tile"][0].move.tile == drawn
    first_drawn = results["You must draw"][0].drawn
    two_sided = results["A two-sided opportunity play"][0]
    assert two_sided.move.tile == first_drawn  # the tile that fitted nowhere before
    assert len(two_sided.contacts) == 2 and two_sided.points == 15
    passing = results["A pass"]
    assert [r.move for r in passing] == [DRAW_MOVE] * 4 + [PASS_MOVE]
    assert all(r.player == COMPUTER for r in passing)
    three_sided = results["The three-sided opportunity play"][0]
    assert len(three_sided.contacts) == 3 and three_sided.points == 40
    assert three_sided.end_reason == WENT_OUT
    assert lesson.step.title == "The end of the hand" and lesson.finished
    assert lesson.flow.state.penalties() == [0, 50]


def test_the_forced_draws_and_the_pass_are_the_rules_own() -> None:
    """Where the lesson says a seat cannot place, the rules engine agrees."""
    lesson = Lesson(InProcessAdviser())
    advance_to(lesson, "You must draw")
    assert TableState.legal_moves(lesson.flow.state) == [DRAW_MOVE]
    assert (
        lesson.flow.can_free_draw() and lesson.flow.turn() is Turn.HUMAN
    )  # pressed, not played for you


def test_the_two_sided_play_is_away_from_the_last_tile() -> None:
    lesson = Lesson(InProcessAdviser())
    advance_to(lesson, "A two-sided opportunity play")
    shown = lesson.shown_move()
    assert shown is not None
    contacts = lesson.flow.state.figure.contacts(shown.tile, shown.cell, shown.rot)
    assert lesson.flow.state.figure.last_cell not in [c.neighbour for c in contacts]


def test_only_the_shown_move_may_be_played() -> None:
    lesson = Lesson(InProcessAdviser())
    assert lesson.waiting and lesson.flow.legal_moves() == [] and not lesson.flow.think()
    lesson.go_on()  # the welcome read
    assert lesson.flow.think() and not lesson.flow.think()  # the computer's opening, once
    lesson.flow.poll()
    assert lesson.waiting and lesson.explaining
    lesson.go_on()
    shown = lesson.shown_move()
    assert shown is not None and lesson.flow.legal_moves() == [shown]
    others = [m for m in TableState.legal_moves(lesson.flow.state) if m != shown]
    assert others
    with pytest.raises(IllegalMoveError, match="the lesson waits"):
        lesson.flow.play(others[0])
    lesson.flow.play(shown)
    assert (
        not lesson.flow.can_undo(YOU) and not lesson.flow.can_redo() and not lesson.flow.ask_hint()
    )
    assert not lesson.flow.keeps_record


def test_a_step_that_is_read_goes_on_only_when_asked() -> None:
    lesson = Lesson(InProcessAdviser())
    assert lesson.can_go_on()
    lesson.go_on()
    assert lesson.step_index == 1 and not lesson.can_go_on()
    lesson.go_on()  # nothing to read: the computer's move comes first
    expected = lesson.expected()
    assert lesson.step_index == 1 and expected is not None and expected.action == PLACE
