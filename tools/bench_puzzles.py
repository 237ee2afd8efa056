"""Benchmark and check of the puzzles: the puzzle of each day, and the trainer's.

    python tools/bench_puzzles.py [--days 3650] [--from 2026-01-01] [--trainer 200]

For each of `--days` days from `--from` it works out the puzzle of the day (the work of
`python -m game.cli puzzle --date`, in this process, timed), then checks it as the
`puzzle` command's readers do, through the JSON: the record replays with its last hand
in progress and the answer is the seat to act's one placement that scores most (20 or
more) among the `legal` command's moves. It then times `--trainer` trainer puzzles for
ratings from 1100 to 2000. Prints the failures, if any, and one JSON object: the
puzzles' times (p50, p99, largest, in ms), how many failed, the answers' points and
sides, the puzzles' ratings and the trainer's times.
"""

from __future__ import annotations

import argparse
import datetime
import json
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.ai.puzzles import MIN_POINTS, Puzzle, daily_puzzle, trainer_puzzle
from game.rules.record.document import GameRecord
from game.rules.record.recorded_game import RecordedGame


def problem(puzzle: Puzzle) -> str | None:
    """What is wrong with the puzzle as its JSON says it (None: nothing)."""
    data = json.loads(json.dumps(puzzle.to_json()))
    recorded = RecordedGame.from_record(GameRecord.parse(data["record"]))
    if recorded.state.hand_over:
        return "the hand is over"
    answer, points = data["answer"], data["points"]
    placements = [entry for entry in recorded.legal_entries() if "score" in entry]
    scores = sorted(entry["score"] for entry in placements)
    if answer not in placements:
        return f"the answer {answer} is not a legal placement"
    if points < MIN_POINTS or answer["score"] != points or scores[-1] != points:
        return f"the answer scores {answer['score']}, the best {scores[-1]}, not {points}"
    if scores[-2] == points:
        return f"another placement scores {points} too"
    return None


def figures(seconds: list[float]) -> dict[str, float]:
    ordered = sorted(seconds)
    return {
        "p50_ms": round(statistics.median(ordered) * 1000, 1),
        "p99_ms": round(ordered[int(0.99 * (len(ordered) - 1))] * 1000, 1),
        "largest_ms": round(ordered[-1] * 1000, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--days", type=int, default=3650)
    parser.add_argument("--from", dest="start", type=datetime.date.fromisoformat)
    parser.add_argument("--trainer", type=int, default=200)
    args = parser.parse_args()
    start = args.start or datetime.date(2026, 1, 1)
    times, failed = [], 0
    points: Counter[int] = Counter()
    sides: Counter[int] = Counter()
    ratings = []
    for offset in range(args.days):
        day = start + datetime.timedelta(days=offset)
        began = time.perf_counter()
        puzzle = daily_puzzle(day)
        times.append(time.perf_counter() - began)
        wrong = problem(puzzle)
        if wrong is not None:
            failed += 1
            print(f"{day}: {wrong}")
        points[puzzle.points] += 1
        sides[puzzle.difficulty.sides] += 1
        ratings.append(puzzle.rating)
    trainer = []
    for index in range(args.trainer):
        began = time.perf_counter()
        trainer_puzzle(index * 7, 1100 + 900 * index / max(1, args.trainer - 1))
        trainer.append(time.perf_counter() - began)
    result: dict[str, Any] = {
        "days": args.days,
        "failed": failed,
        "daily": figures(times),
        "points": dict(sorted(points.items())),
        "sides": dict(sorted(sides.items())),
        "ratings": {
            "lowest": min(ratings),
            "median": statistics.median(ratings),
            "highest": max(ratings),
        },
        "trainer": figures(trainer) if trainer else {},
    }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
