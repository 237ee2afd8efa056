"""Puzzles from real positions: a dated puzzle is one placement that scores most (20 or
more, no other placement as much) by a naive reading of the rules, the same date gives
the same puzzle in any process, the `puzzle` command, the trainer's choice by rating and
the difficulty's order, a puzzle found again by its key and move, the themes of known
positions and the trainer of a theme."""

from __future__ import annotations

import datetime
import json
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai import puzzles
from game.ai.puzzles import (
    HOLE,
    MIN_POINTS,
    OPPORTUNITY,
    OUT,
    TRAINER_PATIENCE,
    TRAINER_WINDOW,
    Difficulty,
    daily_puzzle,
    find_puzzle,
    puzzles_in_game,
    trainer_puzzle,
)
from game.rules.lattice import neighbours
from game.rules.modes import Mode
from game.rules.record.document import GameRecord
from game.rules.record.entries import entry_to_move
from game.rules.record.recorded_game import RecordedGame
from game.rules.table import TableState
from tests.commands import command
from tests.rules_helpers import naive_placements

DAY = datetime.date(2026, 11, 22)


def puzzle_process(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "game.cli", "puzzle", *args], capture_output=True, text=True
    )


def check_puzzle(data: dict[str, Any]) -> None:
    """What the owners' checker asks of a puzzle, with the rules read naively: the record
    replays with its last hand in progress, the answer is the seat to act's placement,
    it scores `points` (20 or more) and no other placement scores as much."""
    assert set(data) == {"record", "answer", "points"}
    recorded = RecordedGame.from_record(GameRecord.parse(json.loads(json.dumps(data["record"]))))
    state = recorded.state
    assert isinstance(state, TableState) and not state.hand_over
    assert all(len(hand["stock"]) == 36 for hand in data["record"]["hands"])
    answer = data["answer"]
    assert answer["player"] == state.current_player
    move = entry_to_move(Mode.TABLE, answer, 0, 0)
    placements = naive_placements(state.figure, state.hand_tiles(state.current_player))
    scores = {(tile, cell, rot): score for tile, cell, rot, score in placements}
    points = data["points"]
    assert points >= MIN_POINTS and answer["score"] == points
    assert scores[move.tile, move.cell, move.rot] == points
    assert sorted(scores.values())[-2] < points


@settings(max_examples=30, deadline=None)
@given(st.dates(datetime.date(1, 1, 1), datetime.date(9999, 12, 31)))
def test_every_dated_puzzle_is_one_best_placement_by_a_naive_reading_of_the_rules(
    day: datetime.date,
) -> None:
    check_puzzle(daily_puzzle(day).to_json())


def test_the_puzzle_command_prints_the_same_puzzle_for_a_date_in_two_processes() -> None:
    """A new process and this one (each hashing strings its own way)."""
    first, second = (
        puzzle_process("--date", DAY.isoformat()),
        command("puzzle", "--date", DAY.isoformat()),
    )
    assert first.returncode == second.returncode == 0
    assert first.stdout == second.stdout
    data = json.loads(first.stdout)
    check_puzzle(data)
    assert data == daily_puzzle(DAY).to_json()
    assert data["record"]["players"][data["answer"]["player"]]["kind"].startswith("ai:")


@pytest.mark.parametrize("text", ["2026-02-30", "tomorrow", "2026-13-01", "10000-01-01", ""])
def test_a_bad_date_gets_one_line_and_status_2(text: str) -> None:
    done = command("puzzle", "--date", text)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "--date" in done.stderr


def test_without_a_date_the_puzzle_is_todays() -> None:
    before = datetime.date.today()
    done = command("puzzle")
    days = {before, datetime.date.today()}  # midnight may pass meanwhile
    assert done.returncode == 0
    assert json.loads(done.stdout) in [daily_puzzle(day).to_json() for day in days]


def test_the_trainer_finds_a_puzzle_near_the_rating_from_its_place_on() -> None:
    for rating in (1200, 1550):
        number, puzzle = trainer_puzzle(5, rating)
        assert number >= 5 and abs(puzzle.rating - rating) <= TRAINER_WINDOW
        assert puzzle.key == f"trainer {number}"
        check_puzzle(puzzle.to_json())
        assert trainer_puzzle(5, rating)[0] == number  # the same place, the same puzzle


def test_a_rating_above_every_puzzles_gets_the_hardest_of_a_few_games(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    looked: list[str] = []
    real = puzzles.puzzles_in_game

    def counted(key: str) -> tuple[puzzles.Puzzle, ...]:
        looked.append(key)
        return real(key)

    monkeypatch.setattr(puzzles, "puzzles_in_game", counted)
    number, hardest = trainer_puzzle(7, 9000)
    assert len(looked) == TRAINER_PATIENCE and 7 <= number < 7 + TRAINER_PATIENCE
    assert hardest.rating == max(p.rating for key in looked for p in real(key))


def test_an_answer_away_from_the_last_tile_or_a_close_runner_up_is_rated_harder() -> None:
    plain = Difficulty(
        choices=3, contenders=0, runner_up=5, near_best=20, away=False, sides=1, points=20
    )
    assert plain.rating == 1140
    away = Difficulty(3, 0, 5, 5, True, 2, 20)
    tempting = Difficulty(3, 0, 15, 15, True, 2, 20)
    assert plain.rating < away.rating < tempting.rating
    close = Difficulty(3, 0, 15, 20, False, 1, 20)
    crowded = Difficulty(6, 2, 15, 20, False, 1, 25)
    assert plain.rating < close.rating < crowded.rating


def test_a_puzzle_is_found_again_by_its_key_and_move() -> None:
    for puzzle in puzzles_in_game("trainer 12") + puzzles_in_game("theme 129"):
        again = find_puzzle(puzzle.key, puzzle.move)
        assert again is not None and again.to_json() == puzzle.to_json()
        assert (again.rating, again.themes) == (puzzle.rating, puzzle.themes)
    assert find_puzzle("trainer 12", 999) is None


def test_a_games_puzzles_are_found_once_a_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """The puzzles screen asks for the day's puzzle each time it opens, and a theme's
    trainer looks through hundreds of games: a game already looked through is not played
    again."""
    played: list[str] = []
    real = puzzles.game_setup

    def counted(key: str) -> tuple[int, list[str]]:
        played.append(key)
        return real(key)

    monkeypatch.setattr(puzzles, "game_setup", counted)
    first = puzzles_in_game("trainer 31")
    assert puzzles_in_game("trainer 31") is first and played.count("trainer 31") <= 1


@pytest.mark.parametrize(
    ("key", "move", "themes"),
    [
        ("theme 2", 20, ()),  # beside the last tile, one side
        ("theme 4", 23, (OPPORTUNITY,)),  # two sides
        ("theme 129", 18, (OPPORTUNITY, HOLE)),  # a hole: three sides
        ("theme 481", 26, (OPPORTUNITY, OUT)),  # the seat's last tile
    ],
)
def test_the_themes_of_known_positions_say_what_the_answer_does(
    key: str, move: int, themes: tuple[str, ...]
) -> None:
    """Each theme read off the position directly: the tiles around the answer's cell and
    the tiles left in the seat's hand."""
    puzzle = find_puzzle(key, move)
    assert puzzle is not None and puzzle.themes == themes
    state = RecordedGame.from_record(puzzle.record).table_state()
    touched = sum(state.figure.tile_at(cell) is not None for cell in neighbours(puzzle.answer.cell))
    assert (touched >= 2, touched == 3) == (OPPORTUNITY in themes, HOLE in themes)
    assert (len(state.hand_tiles(puzzle.seat)) == 1) == (OUT in themes)
    check_puzzle(puzzle.to_json())


@pytest.mark.parametrize("theme", [HOLE, OUT])
def test_the_trainer_of_a_theme_finds_only_puzzles_of_it_in_games_numbered_apart(
    theme: str,
) -> None:
    number, puzzle = trainer_puzzle(400, 1600, theme)
    assert number >= 400 and puzzle.key == f"theme {number}" and theme in puzzle.themes
    assert trainer_puzzle(number, 1500, theme) == (number, puzzle)
