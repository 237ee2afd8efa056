"""Writes the finished games a club's PostgreSQL archive holds as record files, one
`CODE.contack.json` each (the game's record, as `python -m game.cli check` and the
game's Records screen read it; the server's own key, with the seats' tokens, left out):

    python tools/export_archive.py --archive postgresql://USER@HOST:PORT/DB --out DIR

It says how many it wrote; a game whose save cannot be read is named on standard error
and skipped (exit status 1).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.net.tables.postgres_archive import PostgresArchive
from game.net.tables.table import NetTable
from game.persist.atomic import write_text_atomically
from game.persist.records import RECORD_SUFFIX
from game.rules.errors import RulesError


def export(archive: PostgresArchive, out: Path) -> tuple[int, list[str]]:
    """Write every archived game to `out`; how many were written, and a line for each
    that could not be."""
    out.mkdir(parents=True, exist_ok=True)
    written, failures = 0, []
    for game in archive.games():
        try:
            record = NetTable.from_saved(game.text).record
        except RulesError as error:
            failures.append(f"cannot export game {game.code}: {error}")
            continue
        write_text_atomically(out / f"{game.code}{RECORD_SUFFIX}", record.dumps())
        written += 1
    return written, failures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--archive", required=True, metavar="postgresql://USER@HOST:PORT/DB")
    parser.add_argument("--out", required=True, type=Path, metavar="DIR")
    args = parser.parse_args(argv)
    try:
        archive = PostgresArchive(args.archive)
    except OSError as error:
        print(f"cannot reach the archive {args.archive}: {error}", file=sys.stderr)
        return 1
    try:
        written, failures = export(archive, args.out)
    finally:
        archive.close()
    for failure in failures:
        print(failure, file=sys.stderr)
    print(f"{written} games written to {args.out}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
