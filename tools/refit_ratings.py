"""Play every tournament behind the levels' ratings again and refit them.

    python tools/refit_ratings.py --dir games/              # plays and prints the ratings
    python tools/refit_ratings.py --dir games/ --write      # also writes game/ai/ratings.json

Runs `tools/tournament.py` once for each table of `TABLES` (seeded, seats rotated, 2
worker processes), saving each one's games in `--dir` (a table whose file is there
already is not played again, so a run cut short goes on where it stopped), then fits the
ratings from all of them with `tools/ratings.py`. Run it after any change to a level's
play; about 40 minutes on two cores.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.ratings import RATINGS_PATH
from tools import ratings, tournament


class Table(NamedTuple):
    players: int
    levels: str
    """The levels cycled over the seats (seven seats: two of each but one master)."""
    games: int
    seed: int

    @property
    def file_name(self) -> str:
        return f"games-{self.players}-{self.levels.replace(',', '-')}-{self.seed}.json"


TABLES = (
    Table(2, "easy,greedy", 400, 0),
    Table(2, "expert,greedy", 200, 0),
    Table(2, "expert,master", 400, 0),
    Table(2, "expert,master", 400, 1),
    Table(3, "easy,greedy,expert", 300, 0),
    Table(3, "greedy,expert,master", 300, 0),
    Table(4, "easy,greedy,expert,master", 800, 0),
    Table(7, "easy,greedy,expert,master", 280, 0),
)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dir", type=Path, default=None, help="where the games are saved")
    parser.add_argument("--write", action="store_true", help=f"write {RATINGS_PATH.name}")
    args = parser.parse_args(argv)
    folder = args.dir or Path(tempfile.mkdtemp(prefix="contack-ratings-"))
    folder.mkdir(parents=True, exist_ok=True)
    files = []
    for table in TABLES:
        path = folder / table.file_name
        if not path.exists():
            print(f"{table.players} seats, {table.levels}, {table.games} games, seed {table.seed}")
            tournament.main(
                [
                    f"--levels={table.levels}",
                    f"--players={table.players}",
                    f"--games={table.games}",
                    f"--seed={table.seed}",
                    f"--save={path}",
                ]
            )
        files.append(str(path))
    out = RATINGS_PATH if args.write else folder / "ratings.json"
    ratings.main([*files, f"--out={out}"])


if __name__ == "__main__":
    main()
