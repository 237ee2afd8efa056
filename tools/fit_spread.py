"""Fit the spread of a hand's outcome at two seats, for the master's chance of winning.

    python tools/fit_spread.py --games 200 --seed 0            # prints the fit
    python tools/fit_spread.py --games 200 --seed 0 --write    # also writes spread.json

Plays seeded 2-seat games of three hands between two players of `--level` (2 worker
processes) and, before every move, notes how many tiles the two hands hold and the
search's static judgement of the hand (seat 0's point margin, -10 per tile held:
`game.ai.search.judged`); when the hand ends, how far its true margin fell from that
judgement. The spread left with `n` tiles held is the root mean square of those misses
(a count seen in fewer than `FEWEST` positions takes the nearest count's), and a whole
hand's spread is the root mean square of the hands' margins. Hands are short (one goes
out long before the stock runs dry), so the tiles held say more of what is left than
the tiles off the table do. `--write` stores both in game/ai/spread.json, which
`game.ai.winning` reads.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.search import judged
from game.ai.winning import SPREAD_PATH
from game.rules.table import TableGame, TableState
from game.rules.table_rules import HAND_SIZE, PENALTY_PER_TILE
from tools.levels import TOOL_LEVELS, make_any_player

SEAT_0: tuple[float, ...] = (1.0, -1.0)
MOST_HELD = 2 * HAND_SIZE
FEWEST = 30

Noted = TypeVar("Noted")
Misses = list[tuple[int, float]]
"""Per position: tiles held by both seats, and the hand's true margin minus the judgement."""


def self_play_hands(
    level: str, seed_text: str, note: Callable[[TableState], Noted]
) -> list[tuple[list[Noted], tuple[int, ...]]]:
    """Each hand of one seeded 2-seat game of `level` against itself: what `note` said of
    every position before its move, and the hand's result (each seat's points)."""
    bots = [make_any_player(level, random.Random(f"{seed_text}:{s}")) for s in (0, 1)]
    state = TableGame(2).new_state(seed_text)
    hands: list[tuple[list[Noted], tuple[int, ...]]] = []
    noted: list[Noted] = []
    while not state.is_terminal():
        if state.hand_over:
            state.next_hand()
            continue
        noted.append(note(state))
        state.apply(bots[state.current].choose(state))
        if state.hand_over:
            hands.append((noted, tuple(state.sheet.results[-1])))
            noted = []
    return hands


def play(level: str, seed: int, game: int) -> tuple[Misses, list[int]]:
    """One game's misses, and each hand's final margin for seat 0."""

    def note(state: TableState) -> tuple[int, float]:
        held = state.hands[0].bit_count() + state.hands[1].bit_count()
        return held, judged(state, SEAT_0, PENALTY_PER_TILE)

    hands = self_play_hands(level, f"spread:{seed}:{game}", note)
    margins = [result[0] - result[1] for _, result in hands]
    misses = [
        (held, margin - value)
        for (noted, _), margin in zip(hands, margins, strict=True)
        for held, value in noted
    ]
    return misses, margins


def spreads(misses: Misses) -> list[float]:
    """The spread of the misses for each count of tiles held, 0 to `MOST_HELD`."""
    by_held: dict[int, list[float]] = {}
    for held, miss in misses:
        by_held.setdefault(held, []).append(miss)
    seen = {
        held: (sum(m * m for m in found) / len(found)) ** 0.5
        for held, found in by_held.items()
        if len(found) >= FEWEST
    }
    return [seen[min(seen, key=lambda k: (abs(k - held), k))] for held in range(MOST_HELD + 1)]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--level", default="expert", choices=TOOL_LEVELS)
    parser.add_argument("--write", action="store_true", help=f"write {SPREAD_PATH.name}")
    args = parser.parse_args(argv)
    with multiprocessing.Pool(2) as pool:
        games = pool.starmap(play, [(args.level, args.seed, g) for g in range(args.games)])
    misses = [miss for found, _ in games for miss in found]
    margins = [margin for _, found in games for margin in found]
    rest = spreads(misses)
    hand = (sum(m * m for m in margins) / len(margins)) ** 0.5
    print("tiles held  positions  spread")
    for held, spread in enumerate(rest):
        print(f"{held:10d} {sum(1 for h, _ in misses if h == held):10d} {spread:7.1f}")
    print(f"{len(margins)} hands, a whole hand's spread {hand:.1f}")
    if args.write:
        data = {"hand": round(hand, 1), "rest_by_tiles_held": [round(x, 1) for x in rest]}
        SPREAD_PATH.write_text(json.dumps(data) + "\n", encoding="utf-8")
        print(f"wrote {SPREAD_PATH}")


if __name__ == "__main__":
    main()
