"""The player's puzzles on disk (game/persist/puzzles.py): the first answer to a puzzle
counts, the rating moves against the puzzle's, the streak and days in a row, the history
of answers read back whole, a file of version 1 read with nothing lost, a damaged file
set aside, and answers that survive a kill at any moment."""

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
    PuzzleAnswer,
    PuzzleProgress,
    count_daily_answer,
    count_trainer_answer,
    load_progress,
    puzzles_path,
)
from game.persist.storage import Storage

DAY = datetime.date(2026, 11, 22)
ROOT = Path(__file__).resolve().parents[1]


def answer(rating: int, solved: bool, key: str = "trainer 0") -> PuzzleAnswer:
    return PuzzleAnswer(key, 3, rating, solved, DAY.isoformat())


def test_the_first_answer_to_a_puzzle_moves_the_rating_and_the_streak(tmp_path: Path) -> None:
    files = Storage(tmp_path)
    change = count_daily_answer(files, DAY, answer(1600, solved=True))
    assert change is not None and change > 0
    assert change == pytest.approx(updated(START, 0, [(1600, 1.0)]) - START)
    assert count_daily_answer(files, DAY, answer(1600, solved=False)) is None  # the day's is in
    assert count_trainer_answer(files, 0, answer(1300, solved=False)) is not None
    assert count_trainer_answer(files, 0, answer(1300, solved=True)) is None  # gone past it
    assert count_trainer_answer(files, 4, answer(1500, solved=True)) is not None
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
        count_daily_answer(files, DAY - datetime.timedelta(days=back), answer(1500, solved))
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


def test_the_history_keeps_every_answer_whole_latest_last(tmp_path: Path) -> None:
    files = Storage(tmp_path)
    first = PuzzleAnswer(
        "day 2026-11-22 0", 14, 1600, True, DAY.isoformat(), ("opportunity",), 12.34
    )
    count_daily_answer(files, DAY, first)
    themed = PuzzleAnswer("theme 129", 18, 1160, False, "2026-11-23", ("opportunity", "hole"), 3)
    count_trainer_answer(files, 129, themed, themed=True)
    count_trainer_answer(files, 0, answer(1500, True))
    progress = load_progress(files)
    assert (progress.theme_trainer, progress.trainer) == (130, 1)
    assert count_trainer_answer(files, 7, themed, themed=True) is None  # gone past it
    kept = progress.history
    assert [entry.key for entry in kept] == ["day 2026-11-22 0", "theme 129", "trainer 0"]
    assert kept[0] == PuzzleAnswer(
        first.key, 14, 1600, True, "2026-11-22", ("opportunity",), 12.3, round(kept[0].change, 1)
    )
    assert kept[0].change > 0 > kept[1].change
    assert kept[1].themes == ("opportunity", "hole") and kept[1].seconds == 3.0
    assert sum(entry.change for entry in kept) == pytest.approx(progress.rating - START, abs=0.2)
    assert PuzzleProgress.from_dict(progress.to_dict()) == progress


def test_a_file_of_version_1_is_read_with_nothing_lost_and_written_as_version_2(
    tmp_path: Path,
) -> None:
    files = Storage(tmp_path)
    old = {
        "version": 1,
        "rating": 1562.5,
        "attempts": 9,
        "solved": 6,
        "streak": 2,
        "best_streak": 4,
        "trainer": 31,
        "daily": {"played": ["2026-11-20", "2026-11-21"], "won": ["2026-11-21"]},
    }
    puzzles_path(files).write_text(json.dumps(old), encoding="utf-8")
    progress = load_progress(files)
    assert not files.take_notices()
    assert (progress.rating, progress.attempts, progress.solved) == (1562.5, 9, 6)
    assert (progress.streak, progress.best_streak, progress.trainer) == (2, 4, 31)
    assert progress.daily.played == {"2026-11-20", "2026-11-21"}
    assert progress.daily.won == {"2026-11-21"} and progress.daily.streak(DAY) == 1
    assert progress.history == [] and progress.theme_trainer == 0
    count_trainer_answer(files, 31, answer(1500, True))
    written = json.loads(puzzles_path(files).read_text(encoding="utf-8"))
    assert written["version"] == 2 and written["attempts"] == 10
    assert {key: written[key] for key in ("best_streak", "daily")} == {
        key: old[key] for key in ("best_streak", "daily")
    }
    assert [entry["key"] for entry in written["history"]] == ["trainer 0"]


def test_an_answer_of_the_wrong_kind_is_left_out_of_the_history(tmp_path: Path) -> None:
    files = Storage(tmp_path)
    good = answer(1500, True).to_dict()
    bad: list[object] = [
        "trainer 3",
        {**good, "move": "3"},
        {**good, "solved": 1},
        {**good, "themes": "hole"},
        {**good, "seconds": "12"},
        {**good, "date": "yesterday"},
        {key: value for key, value in good.items() if key != "date"},
    ]
    data = {"version": 2, "attempts": 7, "history": [*bad, good]}
    puzzles_path(files).write_text(json.dumps(data), encoding="utf-8")
    progress = load_progress(files)
    assert progress.history == [answer(1500, True)] and progress.attempts == 7
    assert not files.notices


@pytest.mark.parametrize(
    "content", ["[1, 2]", '{"version": 3}', '{"version": 0}', '{"history": []}', "{not json"]
)
def test_a_file_that_is_not_ours_is_set_aside_with_a_notice(tmp_path: Path, content: str) -> None:
    files = Storage(tmp_path)
    puzzles_path(files).write_text(content, encoding="utf-8")
    assert load_progress(files) == PuzzleProgress()
    assert len(files.take_notices()) == 1
    assert not puzzles_path(files).exists()
    assert len(list(tmp_path.glob("puzzles.json.bad-*"))) == 1


CHILD = """
import sys
from game.persist.puzzles import PuzzleAnswer, count_trainer_answer
from game.persist.storage import Storage

files = Storage(sys.argv[1])
number = 0
while True:
    answer = PuzzleAnswer(f"trainer {number}", 5, 1500, number % 3 != 0, "2026-11-22")
    count_trainer_answer(files, number, answer)
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
        assert [entry.key for entry in progress.history] == [
            f"trainer {number}" for number in range(progress.trainer)
        ]
        json.loads(puzzles_path(files).read_text(encoding="utf-8"))
