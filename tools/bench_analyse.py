"""Benchmark of `analyse` on lost solitaire games: where did the player lose the deal?

    python tools/bench_analyse.py [--deals 200] [--budget-s 10]

Plays each deal out with the random player (so most are lost), half of them draw
solitaire and half stacked, and times the review of each (the same work as
`python -m game.cli analyse`, in this process). Prints a line per 20 deals, then one JSON
object: median_s, worst_s, undecided, lost, never_winnable. Budget: median <= 2 s,
worst <= 10 s.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.ai.analysis import review_solitaire
from game.cli import simulate
from game.rules.table import TableRules


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--budget-s", type=float, default=10.0)
    parser.add_argument("--first-seed", type=int, default=10_000)
    args = parser.parse_args()
    times: list[float] = []
    undecided = lost = never = 0
    for number in range(args.deals):
        mode = ("draw-solitaire", "stacked-solitaire")[number % 2]
        record = simulate(mode, 1, args.first_seed + number, ["random"], TableRules())
        if record.hands[0].get("result") == "won":
            continue
        lost += 1
        start = time.perf_counter()
        review = review_solitaire(record, args.budget_s)
        times.append(time.perf_counter() - start)
        undecided += not review.decided
        never += review.decided and review.last_winnable is None
        if (number + 1) % 20 == 0:
            print(f"{number + 1} deals: median {statistics.median(times):.3f} s, "
                  f"worst {max(times):.3f} s", flush=True)
    print(json.dumps({"median_s": round(statistics.median(times), 3),
                      "worst_s": round(max(times), 3), "undecided": undecided,
                      "lost": lost, "never_winnable": never}))


if __name__ == "__main__":
    main()
