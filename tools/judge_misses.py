"""How well can a position at two seats be judged? The misses of three judgements.

    python tools/judge_misses.py --games 2000 --seed 0

Plays seeded 2-seat games of three hands between two experts (2 worker processes) and,
before every move, notes the position from the side of the seat to move: its point
margin in the hand so far, the tiles each side holds and the best placement each side
has now. When the hand ends, each position's true final margin is compared with three
judgements of it: none (the margin so far), the master's (`game.ai.search.judged`: -10
a tile held, the best placement of the seat to move) and a least-squares fit of the
rest of the hand on the same facts (fitted on four positions in five, measured on the
fifth). Prints each one's miss (root mean square, points) and the fit's weights: how
much of a hand's outcome any judgement of its position can tell, the rest being the
draws'. The figures in docs/computer-players.md: 10,000 games, seed 1.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.search import judged
from game.rules.table import TableState
from game.rules.table_rules import PENALTY_PER_TILE
from tools.fit_spread import self_play_hands

FACTS = ("one", "tiles held", "their tiles held", "best", "can place", "their best", "they can")
"""What the fit weighs, from the side of the seat to move ('their': the other side's)."""

Row = tuple[list[float], float, float, float]
"""A position's facts, the margin so far, the master's judgement, the final margin."""


def facts(state: TableState) -> tuple[list[float], float, float]:
    """The position's facts, its margin so far and the master's judgement, all from the
    side of the seat to move."""
    me = state.current
    them = 1 - me
    figure = state.figure
    best, _ = figure.best_spots(state.hands[me])
    their_best, _ = figure.best_spots(state.hands[them])
    points = state.sheet.hand_points
    weights = (1.0, -1.0) if me == 0 else (-1.0, 1.0)
    return (
        [
            1.0,
            state.hands[me].bit_count(),
            state.hands[them].bit_count(),
            max(best, 0),
            float(best >= 0),
            max(their_best, 0),
            float(their_best >= 0),
        ],
        points[me] - points[them],
        judged(state, weights, PENALTY_PER_TILE),
    )


def play(seed: int, game: int) -> list[Row]:
    """Every position of one expert self-play game, with its hand's final margin."""

    def note(state: TableState) -> tuple[int, list[float], float, float]:
        return (state.current, *facts(state))

    return [
        (found, margin, judgement, result[seat] - result[1 - seat])
        for noted, result in self_play_hands("expert", f"misses:{seed}:{game}", note)
        for seat, found, margin, judgement in noted
    ]


def least_squares(rows: list[Row]) -> list[float]:
    """Weights of the facts that best give the rest of the hand (final margin less the
    margin so far), by the normal equations."""
    size = len(FACTS)
    matrix = [[0.0] * (size + 1) for _ in range(size)]
    for found, margin, _judgement, final in rows:
        rest = final - margin
        for i in range(size):
            row = matrix[i]
            for j in range(size):
                row[j] += found[i] * found[j]
            row[size] += found[i] * rest
    for col in range(size):  # Gaussian elimination with partial pivoting
        pivot = max(range(col, size), key=lambda r: abs(matrix[r][col]))
        matrix[col], matrix[pivot] = matrix[pivot], matrix[col]
        for r in range(size):
            if r != col and matrix[col][col]:
                factor = matrix[r][col] / matrix[col][col]
                matrix[r] = [a - factor * b for a, b in zip(matrix[r], matrix[col], strict=True)]
    return [matrix[i][size] / matrix[i][i] if matrix[i][i] else 0.0 for i in range(size)]


def miss(values: list[tuple[float, float]]) -> float:
    """Root mean square of judgement minus outcome."""
    return float((sum((guess - final) ** 2 for guess, final in values) / len(values)) ** 0.5)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    with multiprocessing.Pool(2) as pool:
        games = pool.starmap(play, [(args.seed, g) for g in range(args.games)], chunksize=8)
    rows = [row for found in games for row in found]
    fitting = [row for index, row in enumerate(rows) if index % 5]
    measured = [row for index, row in enumerate(rows) if not index % 5]
    weights = least_squares(fitting)
    fitted = [
        (margin + sum(w * f for w, f in zip(weights, found, strict=True)), final)
        for found, margin, _judgement, final in measured
    ]
    print(f"{len(rows)} positions of {args.games} games; misses (root mean square, points):")
    print(f"  none (the margin so far)  {miss([(m, final) for _, m, _, final in measured]):6.1f}")
    print(f"  the master's judgement    {miss([(j, final) for _, _, j, final in measured]):6.1f}")
    print(f"  fitted                    {miss(fitted):6.1f}")
    named = zip(FACTS, weights, strict=True)
    print("  weights: " + ", ".join(f"{name} {weight:+.2f}" for name, weight in named))


if __name__ == "__main__":
    main()
