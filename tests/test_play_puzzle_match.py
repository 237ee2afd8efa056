"""A puzzle at the table (game/play/puzzle_match.py): the player's seat to play, no
points on the lit spots, no hints or undo, the answer judged, after a miss the best
play in the player's tile's place, and the answer revealed on asking, not solved."""

from __future__ import annotations

import datetime

from game.ai.puzzles import daily_puzzle
from game.ai.worker import InProcessAdviser
from game.play.events import MovePlayed, TookBack
from game.play.puzzle_match import PuzzleMatch
from game.rules.moves import PLACE

DAY = datetime.date(2026, 11, 22)


def test_the_puzzles_seat_is_the_players_and_nothing_gives_the_answer_away() -> None:
    puzzle = daily_puzzle(DAY)
    match = PuzzleMatch(puzzle, InProcessAdviser())
    seat = puzzle.seat
    assert match.flow.state.current_player == seat and match.flow.shows_turn
    assert match.flow.is_human(seat) and match.flow.humans == 1 and match.flow.names[seat] == "You"
    assert not (match.flow.spot_points or match.flow.assists or match.flow.keeps_record)
    assert not match.flow.ask_hint() and not match.flow.can_undo(seat)
    assert match.flow.deal is None  # a position, not a deal to share
    assert puzzle.answer in match.flow.legal_moves()


def test_a_right_answer_is_solved_and_stays() -> None:
    puzzle = daily_puzzle(DAY)
    match = PuzzleMatch(puzzle, InProcessAdviser())
    [played] = match.answer(puzzle.answer)
    assert isinstance(played, MovePlayed) and played.result.points == puzzle.points
    assert match.verdict is not None and match.verdict.solved
    assert not match.flow.shows_turn  # nobody plays on after a puzzle
    assert match.show_best() == []


def test_a_miss_says_what_it_scored_then_the_best_play_takes_its_place() -> None:
    puzzle = daily_puzzle(DAY)
    match = PuzzleMatch(puzzle, InProcessAdviser())
    wrong = next(m for m in match.flow.legal_moves() if m.action == PLACE and m != puzzle.answer)
    points = match.flow.state.placement_score(wrong)
    match.answer(wrong)
    verdict = match.verdict
    assert verdict is not None and not verdict.solved
    assert (verdict.points, verdict.best_points) == (points, puzzle.points)
    took, best = match.show_best()
    assert took == TookBack(puzzle.seat, 1)
    assert isinstance(best, MovePlayed) and best.result.move == puzzle.answer
    assert match.flow.state.figure.tile_at(puzzle.answer.cell) == (
        puzzle.answer.tile,
        puzzle.answer.rot,
    )
    assert match.flow.state.figure.tile_at(wrong.cell) is None or wrong.cell == puzzle.answer.cell
    assert match.show_best() == []  # shown once


def test_the_answer_revealed_on_asking_is_played_and_not_solved() -> None:
    puzzle = daily_puzzle(DAY)
    match = PuzzleMatch(puzzle, InProcessAdviser())
    [played] = match.reveal()
    assert isinstance(played, MovePlayed) and played.result.move == puzzle.answer
    verdict = match.verdict
    assert verdict is not None and verdict.revealed and not verdict.solved
    assert (verdict.points, verdict.best_points) == (puzzle.points, puzzle.points)
    assert match.show_best() == []  # the answer is on the board already
