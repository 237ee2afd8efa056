"""Speed of the rules engine: random 4-player hands, and legal-move queries on big figures.

    python tools/bench_rules.py [--seconds 5]

The last line is one JSON object: hands_per_s, moves_per_s, legal_query_us (the mean
time of one `legal_moves()` for a full hand of five on a figure of 25 or more tiles).
Times are processor time, so that other work on a busy machine does not count.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.rules.figure import Figure
from game.rules.lattice import cell_key
from game.rules.table import TableGame, TableState
from game.rules.tiles import ALL_TILES_MASK, mask_of, tiles_in


def random_hands(seconds: float, rng: random.Random) -> tuple[int, int, float]:
    """Play random 4-player hands for `seconds`; returns (hands, moves, elapsed)."""
    game = TableGame(4)
    hands = moves = 0
    start = time.process_time()
    while (elapsed := time.process_time() - start) < seconds:
        state = game.new_state(rng.getrandbits(64))
        while not state.hand_over:
            legal = state.legal_moves()
            state.apply_unchecked(legal[rng.randrange(len(legal))])
            moves += 1
        hands += 1
    return hands, moves, elapsed


def big_figure(rng: random.Random, at_least: int = 25) -> Figure:
    """A figure of `at_least` tiles grown by random legal placements."""
    while True:
        figure = Figure()
        left = ALL_TILES_MASK
        while True:
            placements = figure.placements(left)
            if not placements:
                break
            tile, cell, rot, _ = placements[rng.randrange(len(placements))]
            figure.place_unchecked(tile, cell_key(cell), rot)
            left &= ~(1 << tile)
        if len(figure) >= at_least and len(tiles_in(left)) >= 5:
            return figure


def legal_query_us(rng: random.Random, positions: int = 200, repeats: int = 50) -> float:
    """Mean microseconds of one legal-move query for a hand of five on a big figure."""
    total = 0.0
    for _ in range(positions):
        figure = big_figure(rng)
        placed = {tile for _, tile, _ in figure.tiles()}
        free = [t for t in range(36) if t not in placed]
        state: TableState = TableGame(4).new_state(rng.getrandbits(64))
        state.figure = figure
        state.hands[state.current] = mask_of(rng.sample(free, 5))
        start = time.process_time()
        for _ in range(repeats):
            state.legal_moves()
        total += time.process_time() - start
    return total / (positions * repeats) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    rng = random.Random(1939)
    hands, moves, elapsed = random_hands(args.seconds, rng)
    query = legal_query_us(rng)
    print(f"{hands} random 4-player hands, {moves} moves in {elapsed:.2f} s")
    print(f"legal-move query, full hand, figure >= 25 tiles: {query:.1f} us")
    figures = {
        "hands_per_s": round(hands / elapsed, 1),
        "moves_per_s": round(moves / elapsed, 1),
        "legal_query_us": round(query, 2),
    }
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
