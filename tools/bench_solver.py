"""Benchmark the solitaire solvers and the fair draw-solitaire auto-player.

    python tools/bench_solver.py [--deals 1000] [--auto-deals N] [--positions 800000] [--workers 2]

Solves deals 1..N of each solitaire (draw solitaire with the stock known), prints the
figures per mode, then plays the fair auto-player on draw deals 1..M (M = N unless
`--auto-deals` says otherwise); the last line is one JSON object with every figure.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.autoplay import FairDrawPlayer
from game.ai.solver import SOLVER_POSITIONS, solve
from game.rules.solitaire import DrawSolitaireState, StackedSolitaireState

MODES = ("draw", "stacked")


def _solve_one(job: tuple[str, int, int]) -> tuple[bool | None, float]:
    """(winnable, seconds) for one deal; a winning line is replayed to check it."""
    mode, seed, positions = job
    state = DrawSolitaireState(seed=seed) if mode == "draw" else StackedSolitaireState(seed=seed)
    start = time.perf_counter()
    result = solve(state, positions)
    seconds = time.perf_counter() - start
    if result.winnable:
        for move in result.moves:
            state.apply(move)
        if not state.won:
            raise AssertionError(f"{mode} deal {seed}: the solver's line does not win")
    return result.winnable, seconds


def _auto_one(seed: int) -> bool:
    """Whether the fair auto-player wins draw deal `seed`."""
    state = DrawSolitaireState(seed=seed)
    player = FairDrawPlayer(random.Random(seed))
    while not state.is_terminal():
        state.apply(player.choose(state))
    return state.won


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--auto-deals", type=int, default=None)
    parser.add_argument("--positions", type=int, default=SOLVER_POSITIONS)
    parser.add_argument("--workers", type=int, default=2, choices=(1, 2))
    args = parser.parse_args(argv)
    seeds = range(1, args.deals + 1)
    summary: dict[str, Any] = {"deals": args.deals, "positions": args.positions}
    with Pool(args.workers) as pool:
        for mode in MODES:
            jobs = [(mode, seed, args.positions) for seed in seeds]
            results = pool.map(_solve_one, jobs, chunksize=4)
            times = [seconds for _, seconds in results]
            figures = {
                "decided": sum(w is not None for w, _ in results) / len(results),
                "winnable": sum(w is True for w, _ in results) / len(results),
                "median_s": round(statistics.median(times), 4),
                "max_s": round(max(times), 3),
            }
            print(f"{mode}: {json.dumps(figures)}", flush=True)
            summary[mode] = figures
        auto_deals = args.deals if args.auto_deals is None else args.auto_deals
        wins = pool.map(_auto_one, range(1, auto_deals + 1), chunksize=1)
    summary["auto_draw_deals"] = auto_deals
    summary["auto_draw_win_rate"] = sum(wins) / len(wins)
    print(f"fair draw auto-player: {sum(wins)} wins in {len(wins)} deals", flush=True)
    print(json.dumps(summary))
    return summary


if __name__ == "__main__":
    main()
