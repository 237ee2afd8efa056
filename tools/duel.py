"""Paired decisions: does level B choose better than level A, move by move?

    python tools/duel.py expert master --positions 600 --players 4

A tournament needs hundreds of games to tell two close levels apart, because every game
is mostly luck. This asks the two levels for a move in the same positions instead: the
positions where the last seat is to move with a choice, in seeded games of a table of
easy, greedy and expert seats (at two seats, expert against expert; the last seat played
by the expert). Where A and B choose
differently, each move is played on and the game finished by the table's own levels
(the last seat by the expert) a few times, on the true stock and the same later deals,
and the two results compared: the seat's points against the others' mean for the hand,
and its share of the game's win. Prints the mean difference (B - A) over the positions
that differ, with a 95% interval, and per position asked; 2 worker processes. Either
level may be a yardstick of the tools (`tools.levels`), such as master-2026.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.players import Player, make_player
from game.rules.moves import Move
from game.rules.table import TableGame, TableState
from tools.levels import TOOL_LEVELS, make_any_player

TABLE_LEVELS = ("easy", "greedy", "expert")
"""The other seats, cycled (at two seats the other is the expert); the last seat is the
one asked."""
FINISHES = 4
"""Times each move is played on to the game's end (the table's levels with other rngs)."""


def table_bots(players: int, seed: str) -> list[Player]:
    """The table's players: the other seats' levels cycled, the asked (last) seat the
    expert, each with its own rng from `seed`."""
    others = TABLE_LEVELS if players > 2 else ("expert",)
    levels = [others[seat % len(others)] for seat in range(players - 1)]
    return [
        make_player(level, random.Random(f"{seed}:{seat}"))
        for seat, level in enumerate([*levels, "expert"])
    ]


def play_to_end(
    state: TableState, bots: list[Player], before_move: Callable[[TableState], None]
) -> None:
    """Play the game out with `bots`, calling `before_move` at every turn."""
    while not state.is_terminal():
        if state.hand_over:
            state.next_hand()
            continue
        before_move(state)
        state.apply(bots[state.current].choose(state))


def positions(players: int, game: int) -> list[TableState]:
    """The last seat's positions with a choice in one seeded game."""
    state = TableGame(players).new_state(f"duel:{game}")
    found: list[TableState] = []

    def note(turn: TableState) -> None:
        if turn.current == players - 1 and len(turn.legal_moves()) > 1:
            found.append(turn.clone())

    play_to_end(state, table_bots(players, f"duel:{game}"), note)
    return found


def finish(state: TableState, seed: str) -> tuple[float, float]:
    """Play the game out; the asked seat's hand points against the others' mean, win share."""
    players = state.players
    seat = players - 1
    hand = len(state.sheet.results)
    play_to_end(state, table_bots(players, seed), lambda _turn: None)
    result = state.sheet.results[hand]
    margin = result[seat] - (sum(result) - result[seat]) / (players - 1)
    outcome = state.outcome()
    assert outcome is not None
    return margin, (1 / len(outcome.winners) if seat in outcome.winners else 0.0)


def judge(job: tuple[str, str, int, TableState]) -> tuple[float, float] | None:
    """B's gain over A in one position (None when they choose alike)."""
    first, second, index, state = job
    moves: list[Move] = [
        make_any_player(level, random.Random(index)).choose(state) for level in (first, second)
    ]
    if moves[0] == moves[1]:
        return None
    totals = []
    for move in moves:
        margin = win = 0.0
        for run in range(FINISHES):
            after = state.clone()
            after.apply(move)
            got = finish(after, f"finish:{index}:{run}")
            margin += got[0] / FINISHES
            win += got[1] / FINISHES
        totals.append((margin, win))
    return totals[1][0] - totals[0][0], totals[1][1] - totals[0][1]


def interval(values: list[float]) -> str:
    if len(values) < 2:
        return "n/a"
    mean = statistics.mean(values)
    half = 1.96 * statistics.stdev(values) / len(values) ** 0.5
    return f"{mean:+.3f} [{mean - half:+.3f}, {mean + half:+.3f}]"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first", choices=TOOL_LEVELS)
    parser.add_argument("second", choices=TOOL_LEVELS)
    parser.add_argument("--positions", type=int, default=600)
    parser.add_argument("--players", type=int, default=4, choices=range(2, 8))
    args = parser.parse_args(argv)
    with multiprocessing.Pool(2) as pool:
        found: list[TableState] = []
        game = 0
        while len(found) < args.positions:
            for batch in pool.starmap(
                positions, [(args.players, g) for g in range(game, game + 8)]
            ):
                found.extend(batch)
            game += 8
        random.Random("duel").shuffle(found)
        jobs = [(args.first, args.second, i, s) for i, s in enumerate(found[: args.positions])]
        gains = [gain for gain in pool.map(judge, jobs, chunksize=4) if gain is not None]
    points = [gain[0] for gain in gains]
    wins = [gain[1] for gain in gains]
    print(
        f"{args.second} - {args.first}, {args.players} seats: {len(gains)} of "
        f"{args.positions} positions differ; there, hand points {interval(points)}, "
        f"game win share {interval(wins)}; per position asked: points "
        f"{sum(points) / args.positions:+.3f}, win share {sum(wins) / args.positions:+.4f}"
    )


if __name__ == "__main__":
    main()
