"""Seeded tournaments between computer levels, seats rotated.

    python tools/tournament.py --levels expert,greedy --games 400 --players 2
    python tools/tournament.py --levels greedy,expert,master,easy --games 400 --players 4 \\
        --budget master=8000

Game `g` deals with seed `g // players` and seats the levels rotated by `g % players`,
so every level plays every deal from every seat once per block of `players` games.
Prints per level the win rate with a 95% confidence interval (a shared win counts
1 / winning sides; with partners both seats of the winning team win), the mean final
standing (points; club: chips) and the mean time per move; the last line is one JSON
object with the same figures; `--save FILE` also writes every game's seats, which
tools/ratings.py turns into ratings. `--budget LEVEL=POSITIONS` (or
`--master-positions`) sets a level's work cap per move, in positions searched or playout
steps; 2 worker processes by default.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import sys
import time
from pathlib import Path
from typing import Any, NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.cli import SIMULATED_SECONDS_PER_MOVE, parse_rules
from game.rules.table import TableGame
from game.rules.table_rules import TableRules
from tools.levels import TOOL_LEVELS, make_any_player


class SeatResult(NamedTuple):
    level: str
    standing: float
    win: float
    move_time_s: float
    moves: int


class Setup(NamedTuple):
    levels: tuple[str, ...]
    players: int
    rules: TableRules
    budgets: dict[str, int]
    seed: int


def seat_levels(setup: Setup, game: int) -> list[str]:
    """The level at each seat of game `game`: the list cycled to the table, rotated."""
    table = [setup.levels[s % len(setup.levels)] for s in range(setup.players)]
    shift = game % setup.players
    return table[shift:] + table[:shift]


def play_game(setup: Setup, game: int) -> list[SeatResult]:
    """Play one whole game; the result of each seat."""
    levels = seat_levels(setup, game)
    bots = [
        make_any_player(
            level, random.Random(f"tournament:{setup.seed}:{game}:{seat}"), setup.budgets.get(level)
        )
        for seat, level in enumerate(levels)
    ]
    state = TableGame(setup.players, setup.rules).new_state(
        f"tournament:{setup.seed}:{game // setup.players}"
    )
    spent = [0.0] * setup.players
    moves = [0] * setup.players
    while not state.is_terminal():
        if state.hand_over:
            state.next_hand()
            continue
        state.advance_clock(SIMULATED_SECONDS_PER_MOVE)
        seat = state.current_player
        start = time.perf_counter()
        move = bots[seat].choose(state)
        spent[seat] += time.perf_counter() - start
        moves[seat] += 1
        state.apply(move)
    outcome = state.outcome()
    assert outcome is not None
    share = 1 / len({state.game.team_of(seat) for seat in outcome.winners})
    return [
        SeatResult(
            level,
            float(outcome.standings[seat]),
            share if seat in outcome.winners else 0.0,
            spent[seat],
            moves[seat],
        )
        for seat, level in enumerate(levels)
    ]


def _play(args: tuple[Setup, int]) -> list[SeatResult]:
    return play_game(*args)


def mean_interval(values: list[float]) -> tuple[float, float]:
    """The mean and the half width of its 95% confidence interval (normal approximation)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, math.inf
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * math.sqrt(variance / n)


def summarise(results: list[list[SeatResult]], levels: tuple[str, ...]) -> dict[str, Any]:
    """Per level: games (seats) played, win rate with its interval, mean standing, move time."""
    summary: dict[str, Any] = {}
    for level in dict.fromkeys(levels):
        seats = [seat for game in results for seat in game if seat.level == level]
        if not seats:
            continue  # more levels than seats: this one never sat down
        win, win_half = mean_interval([seat.win for seat in seats])
        standing, standing_half = mean_interval([seat.standing for seat in seats])
        moves = sum(seat.moves for seat in seats)
        summary[level] = {
            "seats": len(seats),
            "win_rate": round(win, 4),
            "win_ci95": [round(win - win_half, 4), round(win + win_half, 4)],
            "mean_score": round(standing, 2),
            "score_ci95": [round(standing - standing_half, 2), round(standing + standing_half, 2)],
            "mean_move_ms": round(1000 * sum(s.move_time_s for s in seats) / max(moves, 1), 3),
        }
    return summary


def save_games(path: Path, setup: Setup, results: list[list[SeatResult]]) -> None:
    """Write every game's seats (level, standing, win share) for tools/ratings.py."""
    games = [[[seat.level, seat.standing, seat.win] for seat in game] for game in results]
    table = {"players": setup.players, "rules": setup.rules.to_dict(), "budgets": setup.budgets}
    path.write_text(json.dumps({**table, "games": games}) + "\n", encoding="utf-8")


def parse_budgets(pairs: list[str], master_positions: int | None) -> dict[str, int]:
    budgets: dict[str, int] = {}
    for pair in pairs:
        level, sep, text = pair.partition("=")
        if not sep or level not in TOOL_LEVELS:
            raise SystemExit(
                f"--budget {pair!r}: expected LEVEL=POSITIONS, LEVEL one of {list(TOOL_LEVELS)}"
            )
        budgets[level] = int(text)
    if master_positions is not None:
        budgets["master"] = master_positions
    return budgets


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", required=True, help="LEVEL,LEVEL,... cycled over the seats")
    parser.add_argument("--players", type=int, default=None, help="seats (default: one a level)")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument(
        "--budget",
        action="append",
        default=[],
        metavar="LEVEL=SECONDS",
        help="work cap per move of a level, in positions",
    )
    parser.add_argument("--master-positions", type=int, default=None)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--save", type=Path, default=None, help="also write each game's seats to this JSON file"
    )
    args = parser.parse_args(argv)
    levels = tuple(level.strip() for level in args.levels.split(","))
    for level in levels:
        if level not in TOOL_LEVELS:
            raise SystemExit(f"unknown level {level!r} (levels: {', '.join(TOOL_LEVELS)})")
    setup = Setup(
        levels,
        args.players or len(levels),
        parse_rules(args.rule),
        parse_budgets(args.budget, args.master_positions),
        args.seed,
    )
    TableGame(setup.players, setup.rules)  # refuse a bad table before starting workers
    started = time.perf_counter()
    jobs = [(setup, game) for game in range(args.games)]
    if args.workers > 1:
        with multiprocessing.Pool(args.workers) as pool:
            results = pool.map(_play, jobs, chunksize=4)
    else:
        results = [_play(job) for job in jobs]
    summary = summarise(results, levels)
    if args.save is not None:
        save_games(args.save, setup, results)
    elapsed = time.perf_counter() - started
    print(
        f"{args.games} games, {setup.players} players, rules {setup.rules.to_dict()}, "
        f"budgets {setup.budgets}, {elapsed:.0f} s"
    )
    for level, row in summary.items():
        low, high = row["win_ci95"]
        print(
            f"{level:>8}: win {100 * row['win_rate']:5.1f}% [{100 * low:5.1f}, {100 * high:5.1f}]"
            f"  mean score {row['mean_score']:8.2f}  move {row['mean_move_ms']:7.2f} ms"
            f"  ({row['seats']} seats)"
        )
    print(
        json.dumps(
            {
                "games": args.games,
                "players": setup.players,
                "levels": list(levels),
                "rules": setup.rules.to_dict(),
                "budgets": setup.budgets,
                "seconds": round(elapsed, 1),
                "results": summary,
            }
        )
    )


if __name__ == "__main__":
    main()
