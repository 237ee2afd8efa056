"""Benchmark of `analyse` on lost solitaire games: where did the player lose the deal?

    python tools/bench_analyse.py [--deals 200] [--positions 800000]

Plays each deal out with the random player (so most are lost), half of them draw
solitaire and half stacked, and times the review of each (the same work as
`python -m game.cli analyse`, in this process). Then times the window's frames (paced
at 60 a second, at 1280x800) while the worker reviews: the replay viewer reviewing a
lost draw solitaire, then the coach going over a six-hand table game. Then `analyse
--budget-s 1` on a 200-hand game of seven human seats (processor time and the hands left
unreviewed). Prints a line per 20 deals, then one JSON object: median_s, worst_s,
undecided, lost, never_winnable, the frame figures of each review and long_table.
Budgets: median <= 2 s, worst <= 10 s; frames as the window's (p99 <= 4 ms at
1280x800); the long table's review within 2 s of processor time.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game import cli
from game.ai.analysis import review_solitaire
from game.ai.solver import SOLVER_POSITIONS
from game.app import App, ManualClock
from game.cli import simulate
from game.persist.storage import Storage
from game.rules.record.document import GameRecord
from game.rules.table_rules import TableRules
from game.scenes.review.coach import CoachScene
from game.scenes.review.replay import ReplayScene
from tools.frames import bare_frame_ms, frame_figures, paced_frames


def frames_while_reviewing(kind: str) -> dict[str, Any]:
    """Frame times of the window while the worker process does one review."""
    with tempfile.TemporaryDirectory() as home:
        app = App((1280, 800), clock=ManualClock(1 / 60), storage=Storage(home))
        warm = app.adviser.submit(abs, 1)  # the worker process is up before the review
        while not warm.done():
            time.sleep(0.01)
        if kind == "solitaire":
            lost = simulate("draw-solitaire", 1, 4, ["random"], TableRules())
            viewer = ReplayScene(app, lost)
            app.push(viewer)
            app.run_frames(60)
            viewer.ask_review()

            def done() -> bool:
                return viewer.review_job is None
        else:
            record = simulate("table", 3, 9, ["random", "random", "greedy"], TableRules(hands=6))
            for seat in range(2):
                record.set_player(seat, kind="human")
            app.push(CoachScene(app, record.copy()))  # its words drawn once
            app.run_frames(60)
            app.pop()
            app.run_frames(2)
            coach = CoachScene(app, GameRecord.parse(record.to_json()))
            app.push(coach)

            def done() -> bool:
                return coach.coaching is None

        times: list[tuple[float, float]] = []
        start = time.perf_counter()
        for frame_ms in paced_frames(app):
            times.append(frame_ms)
            if done() or time.perf_counter() - start > 60:
                break
        seconds = time.perf_counter() - start
        bare = bare_frame_ms(app)
        app.close()
    return {**frame_figures(times, bare), "review_s": round(seconds, 2)}


def long_table_review(hands: int = 200) -> dict[str, Any]:
    """`analyse --budget-s 1` on a long game of seven human seats, in this process."""
    record = simulate("table", 7, 3, ["greedy"] * 7, TableRules(hands=hands))
    for seat in range(7):
        record.set_player(seat, kind="human")
    text = record.dumps()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "long.contack.json"
        path.write_text(text, encoding="utf-8")
        start = time.process_time()
        answer = cli.run(["analyse", str(path), "--budget-s", "1"])
        seconds = time.process_time() - start
    return {
        "hands": hands,
        "record_bytes": len(text.encode("utf-8")),
        "review_cpu_s": round(seconds, 2),
        "reviewed_moves": len(answer["reviews"]),
        "unreviewed_hands": answer["unreviewed_hands"],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--positions", type=int, default=SOLVER_POSITIONS)
    parser.add_argument("--first-seed", type=int, default=10_000)
    args = parser.parse_args()
    times: list[float] = []
    undecided = lost = never = 0
    for number in range(args.deals):
        mode = ("draw-solitaire", "stacked-solitaire")[number % 2]
        record = simulate(mode, 1, args.first_seed + number, ["random"], TableRules())
        if record.hands[0].result == "won":
            continue
        lost += 1
        start = time.perf_counter()
        review = review_solitaire(record, args.positions)
        times.append(time.perf_counter() - start)
        undecided += not review.decided
        never += review.decided and review.last_winnable is None
        if (number + 1) % 20 == 0:
            print(
                f"{number + 1} deals: median {statistics.median(times):.3f} s, "
                f"worst {max(times):.3f} s",
                flush=True,
            )
    print(
        json.dumps(
            {
                "median_s": round(statistics.median(times), 3),
                "worst_s": round(max(times), 3),
                "undecided": undecided,
                "lost": lost,
                "never_winnable": never,
                "solitaire_review_frames": frames_while_reviewing("solitaire"),
                "coach_frames": frames_while_reviewing("table"),
                "long_table": long_table_review(),
            }
        )
    )


if __name__ == "__main__":
    main()
