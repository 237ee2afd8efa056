"""How much work the computer players and the solver do, and how fast, on this machine.

    python tools/bench_ai_work.py [--games 3] [--only playouts|players|solver]

The players' and the solver's budgets are counted in positions searched, never in
seconds (so one seed gives one game on any machine); this prints the figures the
constants were chosen from: positions per move of the expert's and the master's searches
at 2, 3, 4 and 7 seats (mean and largest, against their caps; with three or more seats
they play out guessed stock orders instead, a fixed number of steps), the time a move
with a choice takes (mean and largest), and the
solver's positions per second (`POSITIONS_PER_SECOND`, which turns the command line's
--budget-s into work). First it prints the master's playout steps per second at 4 seats:
its whole move (guessed stock orders, every candidate played out and taken back) on
the positions of greedy games with a choice, with the median, 99th percentile and
largest time of one move. Times are processor time, so that other work on a busy
machine does not count.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.ai import players
from game.ai.evaluation import WorkLimit
from game.ai.montecarlo import MonteCarlo
from game.ai.solver import POSITIONS_PER_SECOND, Solver
from game.rules.solitaire import DrawSolitaireState, StackedSolitaireState
from game.rules.table import TableGame, TableState
from game.rules.table_rules import TableRules

spent: list[int] = []


class CountingLimit(WorkLimit):
    """A work limit that notes, when the move is chosen, how much of it was spent."""

    def __init__(self, positions: int) -> None:
        super().__init__(positions)
        self.budget = positions
        spent.append(0)

    def spend(self, positions: int) -> None:
        spent[-1] += positions
        super().spend(positions)


def players_work(games: int) -> None:
    players.WorkLimit = CountingLimit  # type: ignore[attr-defined]  # counts what it spends
    caps = {"expert": players.EXPERT_POSITIONS, "master": players.MASTER_POSITIONS}
    for level, cap in caps.items():
        for seats in (2, 3, 4, 7):
            spent.clear()
            moves = 0
            chosen: list[float] = []
            for seed in range(games):
                state = TableGame(seats, TableRules(hands=1)).new_state(seed)
                bots = [players.make_player(level, random.Random(s)) for s in range(seats)]
                while not state.hand_over:
                    started = time.process_time()
                    move = bots[state.current_player].choose(state)
                    if len(state.legal_moves()) > 1:
                        chosen.append(time.process_time() - started)
                    state.apply(move)
                    moves += 1
            mean = statistics.mean(spent) if spent else 0
            print(
                f"{level:6} {seats} seats: {moves} moves, positions per searched move "
                f"mean {mean:,.0f} largest {max(spent, default=0):,} (cap {cap:,}); "
                f"a move with a choice: mean {1000 * statistics.mean(chosen):.0f} ms, "
                f"largest {1000 * max(chosen):.0f} ms"
            )


def playout_positions(count: int) -> list[TableState]:
    """The first `count` positions with a choice of 4-seat greedy games (seeds 0, 1, ...)."""
    positions: list[TableState] = []
    seed = 0
    while len(positions) < count:
        state = TableGame(4, TableRules(hands=1)).new_state(seed)
        bot = players.make_player("greedy", random.Random(seed))
        while not state.hand_over and len(positions) < count:
            if len(state.legal_moves()) > 1:
                positions.append(state.clone())
            state.apply_unchecked(bot.choose(state))
        seed += 1
    return positions


def playout_rate(count: int) -> None:
    """The master's playout steps per second at 4 seats, and the time of its moves."""
    steps = 0
    times = []
    for index, state in enumerate(playout_positions(count)):
        search = MonteCarlo(state, random.Random(index), players.MASTER_STEPS)
        started = time.process_time()
        search.best_move()
        times.append(time.process_time() - started)
        steps += players.MASTER_STEPS - search.steps_left
    times.sort()
    p99 = times[min(len(times) - 1, round(0.99 * (len(times) - 1)))]
    print(
        f"master playouts, 4 seats, {count} moves: {steps / sum(times):,.0f} playout steps/s; "
        f"a move: median {1000 * statistics.median(times):.0f} ms, "
        f"99th percentile {1000 * p99:.0f} ms, largest {1000 * times[-1]:.0f} ms"
    )


def solver_rate() -> None:
    positions = 0
    started = time.process_time()
    for seed in range(1, 40):
        for deal in (DrawSolitaireState(seed=seed), StackedSolitaireState(seed=seed)):
            solver = Solver(deal)
            solver.run(200_000)
            positions += solver.nodes
    rate = positions / (time.process_time() - started)
    print(f"solver: {rate:,.0f} positions/s (POSITIONS_PER_SECOND = {POSITIONS_PER_SECOND:,})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--moves", type=int, default=60, help="master moves timed for playouts")
    parser.add_argument("--only", choices=("playouts", "players", "solver"))
    args = parser.parse_args()
    if args.only in (None, "playouts"):
        playout_rate(args.moves)
    if args.only in (None, "players"):
        players_work(args.games)
    if args.only in (None, "solver"):
        solver_rate()


if __name__ == "__main__":
    main()
