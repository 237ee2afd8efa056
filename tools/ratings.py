"""Strength ratings of the computer levels, on one Elo-like scale, from tournaments.

    python tools/tournament.py --levels easy,greedy,expert,master --games 200 \\
        --workers 1 --save games-4.json
    python tools/ratings.py games-*.json [--out game/ai/ratings.json]

Every pair of seats of a saved game on different sides is one encounter: the seat that
finished ahead wins it (equal standings: half each). A Bradley-Terry model fitted to the
encounters gives each level a rating, 400 points meaning ten to one odds of finishing
ahead, with `greedy` at 1500; the 95% interval comes from refitting on games drawn again
at random (a seeded bootstrap, so the same files give the same figures). Ratings are
given over every table and for each table size; the file written is what
`game.ai.ratings` reads.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections import defaultdict
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import rating_scale
from game.ai.ratings import RATINGS_PATH

ANCHOR = ("greedy", float(rating_scale.ANCHOR))
"""The level whose rating is fixed, and its rating."""
RESAMPLES = 200
ROUNDS = 200
"""Iterations of the Bradley-Terry fit (it converges long before)."""

Seat = tuple[str, float]
"""A seat of a saved game: its level and final standing."""
Game = list[Seat]


class Table(NamedTuple):
    players: int
    partners: bool
    games: list[Game]


def read_table(path: Path) -> Table:
    data = json.loads(path.read_text(encoding="utf-8"))
    games = [[(str(seat[0]), float(seat[1])) for seat in game] for game in data["games"]]
    return Table(int(data["players"]), bool(data["rules"]["partners"]), games)


def encounters(table: Table, games: list[Game]) -> dict[tuple[str, str], float]:
    """Per ordered pair of levels (a, b): how many encounters a won against b."""
    won: dict[tuple[str, str], float] = defaultdict(float)
    for game in games:
        for i, (level_i, standing_i) in enumerate(game):
            for j in range(i + 1, len(game)):
                level_j, standing_j = game[j]
                if level_i == level_j or (table.partners and i % 2 == j % 2):
                    continue
                share = 1.0 if standing_i > standing_j else 0.5 if standing_i == standing_j else 0
                won[level_i, level_j] += share
                won[level_j, level_i] += 1.0 - share
    return won


def fit(won: dict[tuple[str, str], float]) -> dict[str, float]:
    """Bradley-Terry strengths by the minorisation-maximisation iteration, as Elo-like
    ratings with the anchor level at its rating."""
    levels = sorted({a for a, _b in won})
    strength = dict.fromkeys(levels, 1.0)
    for _ in range(ROUNDS):
        for level in levels:
            wins = sum(won[level, other] for other in levels if (level, other) in won)
            meetings = sum(
                (won[level, other] + won[other, level]) / (strength[level] + strength[other])
                for other in levels
                if (level, other) in won
            )
            strength[level] = max(wins, 0.5) / meetings
    anchor, rating = ANCHOR
    base = strength.get(anchor, max(strength.values()))
    scale = rating_scale.SCALE
    return {level: rating + scale * math.log10(s / base) for level, s in strength.items()}


def rated(tables: list[Table]) -> dict[str, dict[str, int]]:
    """Each level's rating, 95% interval and encounters over `tables`."""

    def pooled(chosen: list[list[Game]]) -> dict[tuple[str, str], float]:
        total: dict[tuple[str, str], float] = defaultdict(float)
        for table, games in zip(tables, chosen, strict=True):
            for pair, wins in encounters(table, games).items():
                total[pair] += wins
        return total

    everything = pooled([table.games for table in tables])
    ratings = fit(everything)
    rng = random.Random("contack-ratings")
    samples: dict[str, list[float]] = defaultdict(list)
    for _ in range(RESAMPLES):
        drawn = [[rng.choice(table.games) for _game in table.games] for table in tables]
        for level, rating in fit(pooled(drawn)).items():
            samples[level].append(rating)
    result = {}
    for level, rating in sorted(ratings.items(), key=lambda item: item[1]):
        spread = sorted(samples[level])
        met = sum(wins for (a, _b), wins in everything.items() if a == level)
        met += sum(wins for (_a, b), wins in everything.items() if b == level)
        result[level] = {
            "rating": round(rating),
            "low": round(spread[int(0.025 * len(spread))]),
            "high": round(spread[int(0.975 * len(spread)) - 1]),
            "encounters": round(met),
        }
    return result


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", type=Path, nargs="+", help="files of tournament.py --save")
    parser.add_argument("--out", type=Path, default=RATINGS_PATH)
    args = parser.parse_args(argv)
    tables = [read_table(path) for path in args.games]
    by_players: dict[int, list[Table]] = defaultdict(list)
    for table in tables:
        by_players[table.players].append(table)
    overall = rated(tables)
    figures = {
        "scale": f"Bradley-Terry, 400 points = 10:1 odds of finishing ahead, {ANCHOR[0]} = "
        f"{ANCHOR[1]:.0f}; 95% intervals by bootstrap over games",
        "tables": [
            {
                "players": table.players,
                "levels": sorted({level for game in table.games for level, _ in game}),
                "games": len(table.games),
            }
            for table in tables
        ],
        "levels": overall,
        "by_players": {str(n): rated(group) for n, group in sorted(by_players.items())},
    }
    args.out.write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")
    for level, row in overall.items():
        print(f"{level:>8}: {row['rating']:5} [{row['low']}, {row['high']}]")
    print(f"written to {args.out}")


if __name__ == "__main__":
    main()
