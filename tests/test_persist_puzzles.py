"""The player's puzzles on disk (game/persist/puzzles.py): the first answer to a puzzle
counts, the rating moves against the puzzle's, the streak and days in a row, a damaged
file set aside, and answers that survive a kill at any moment."""

from __future__ import annotations

import datetime
import json
import random
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from game.ai.player_ratings import START, updated
from game.persist.puzzles import (
    PuzzleProgress,
    count_daily_answer,
    count_trainer_answer,
    load_progress,
    puzzles_path,
)
from game.persist.storage import Storage

DAY = datetime.date(2026, 11, 22)
ROOT = Path(__file__).resolve().parents[1]


def test_the_first_answer_to_a_puzzle_moves_the_rating_and_the_streak(tmp_path: Path) -> None:
    files = Storage(tmp_path)
    change = count_daily_answer(files, DAY, 1600, solved=True)
    assert change is not None and change > 0
    assert change == pytest.approx(updated(START, 0, [(1600, 1.0)]) - START)
    assert count_daily_answer(files, DAY, 1600, solved=False) is None  # the day's is in
    assert count_trainer_answer(files, 0, 1300, solved=False) is not None
    assert count_trainer_answer(files, 0, 1300, solved=True) is None  # gone past it
    assert count_trainer_answer(files, 4, 1500, solved=True) is not None
    progress = load_progress(files)
    assert (progress.attempts, progress.solved, progress.streak, progress.best_streak) == (
        3,
        2,
        1,
        1,
    )
    assert progress.trainer == 5 and progress.daily.won == {DAY.isoformat()}
    expected = float(START)
    for attempts, (rating, score) in enumerate(((1600, 1.0), (1300, 0.0), (1500, 1.0))):
        expected = updated(expected, attempts, [(rating, score)])
    assert progress.rating == pytest.approx(expected, abs=0.1)


def test_puzzles_of_the_day_solved_count_days_in_a_row(tmp_path: Path) -> None:
    files = Storage(tmp_path)
    for back, solved in ((1, True), (2, True), (3, False), (4, True)):
        count_daily_answer(files, DAY - datetime.timedelta(days=back), 1500, solved)
    progress = load_progress(files)
    assert progress.daily.streak(DAY) == 2 and progress.daily.best_streak() == 2


@pytest.mark.parametrize(
    "content",
    [
        '{"version": 1, "rating": "high", "streak": -3, "trainer": 2.5, "daily": [1]}',
        '{"version": 1, "rating": -5, "solved": null}',
        '{"version": 1, "rating": 1e308, "attempts": true}',
    ],
)
def test_values_of_the_wrong_kind_take_their_defaults(tmp_path: Path, content: str) -> None:
    files = Storage(tmp_path)
    puzzles_path(files).write_text(content, encoding="utf-8")
    progress = load_progress(files)
    assert progress.streak == progress.trainer == progress.attempts == 0
    assert 0 <= progress.rating <= 4000 and not files.notices


@pytest.mark.parametrize("content", ["[1, 2]", '{"version": 2}', "{not json"])
def test_a_file_that_is_not_ours_is_set_aside_with_a_notice(tmp_path: Path, content: str) -> None:
    files = Storage(tmp_path)
    puzzles_path(files).write_text(content, encoding="utf-8")
    assert load_progress(files) == PuzzleProgress()
    assert len(files.take_notices()) == 1
    assert not puzzles_path(files).exists()
    assert len(list(tmp_path.glob("puzzles.json.bad-*"))) == 1


CHILD = """
import sys
from game.persist.puzzles import count_trainer_answer
from game.persist.storage import Storage

files = Storage(sys.argv[1])
number = 0
while True:
    count_trainer_answer(files, number, 1500, number % 3 != 0)
    print(number, flush=True)
    number += 1
"""


def test_answers_survive_a_kill_at_any_moment(tmp_path: Path) -> None:
    """A process answering trainer puzzles as fast as it can, killed (SIGKILL) at a
    moment the test picks at random: every answer it said was kept is there, whole."""
    chance = random.Random("puzzle kills")
    for kill in range(3):
        home = tmp_path / f"kill-{kill}"
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD, str(home)],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert child.stdout is not None
        stop, kept = chance.randrange(3, 30), -1
        for line in child.stdout:
            kept = int(line)
            if kept >= stop:
                break
        child.send_signal(signal.SIGKILL)
        child.communicate()
        files = Storage(home)
        progress = load_progress(files)
        assert not files.notices
        assert progress.trainer >= kept + 1 and progress.attempts == progress.trainer
        json.loads(puzzles_path(files).read_text(encoding="utf-8"))
