"""Headless commands of docs/record.md: simulate, legal, check, solve, analyse, daily, puzzle.

    python -m game.cli simulate --mode table --players 4 --seed 7 --ai greedy
    python -m game.cli check game.contack.json

Every command prints JSON on standard output and exits 0; a bad record or argument gets
one line on standard error and exit status 2, and nothing is written. Output that cannot
be written whole (a full disk, a closed or broken standard output) gets one line on
standard error and exit status 1, and a file it went to is cut back to what it held.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import errno
import json
import math
import os
import random
import stat
import sys
from dataclasses import fields
from typing import Any, NoReturn

from game.ai.analysis import review_solitaire, review_table
from game.ai.autoplay import SOLITAIRE_LEVELS
from game.ai.daily import DAILY_MODES, daily_record
from game.ai.players import LEVELS, Player, bot_rng, make_player
from game.ai.puzzles import daily_puzzle
from game.ai.review_entries import SolitaireReviewEntry, TableReviewEntry
from game.ai.solver import POSITIONS_PER_SECOND, solve
from game.persist.records import read_record as read_game_record
from game.rules import jsontext
from game.rules.errors import MESSAGE_LIMIT, RecordError, RulesError
from game.rules.modes import Mode
from game.rules.record.document import GameRecord
from game.rules.record.entries import PlayerEntry, move_to_entry
from game.rules.record.recorded_game import RecordedGame
from game.rules.seeds_names import cut_text, read_seed
from game.rules.table import TableGame
from game.rules.table_rules import MAX_PLAYERS, MIN_PLAYERS, TableRules

MAX_BUDGET_S = 3600.0
"""The longest a solve may be given."""
SIMULATED_SECONDS_PER_MOVE = 10.0
"""Game time one move takes in a simulated timed club game."""


class UsageError(Exception):
    """Bad command-line arguments."""


class OneLineParser(argparse.ArgumentParser):
    """Argument errors as one line on standard error and exit status 2, as for records."""

    def error(self, message: str) -> NoReturn:
        fail(f"{message} (see python -m game.cli --help)")


def make_bot(mode: Mode, level: str, rng: random.Random) -> Player:
    """A computer player for `mode`: the table levels, plus `auto` for the solitaires."""
    if mode.is_solitaire and level in SOLITAIRE_LEVELS:
        return SOLITAIRE_LEVELS[level](rng)  # type: ignore[return-value]
    return make_player(level, rng)


def parse_rules(pairs: list[str]) -> TableRules:
    """Rules from `KEY=VALUE` pairs; a value is JSON when it parses, else a string."""
    known = [option.name for option in fields(TableRules)]
    values: dict[str, Any] = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        if not sep or key not in known:
            raise UsageError(
                f"--rule {pair!r}: expected KEY=VALUE with KEY one of {', '.join(known)}"
            )
        try:
            values[key] = jsontext.parse(text)
        except ValueError:
            values[key] = text
    return TableRules.from_dict(values)


def simulate(
    mode_name: str, players: int, seed: int | str, levels: list[str], rules: TableRules
) -> GameRecord:
    """Play a whole game between computer players; the same arguments give the same record."""
    mode = Mode(mode_name)
    seats = players if mode.is_table else 1
    if len(levels) == 1:
        levels = levels * seats
    if len(levels) != seats:
        raise UsageError(f"--ai names {len(levels)} levels for {seats} seats")
    bots = [make_bot(mode, level, bot_rng(seed, seat)) for seat, level in enumerate(levels)]
    entries: list[PlayerEntry] = [
        {"name": f"{level.title()} {seat + 1}", "kind": f"ai:{level}"}
        for seat, level in enumerate(levels)
    ]
    if mode.is_table:
        recorded = RecordedGame.new_table(TableGame(players, rules), entries, seed)
    else:
        recorded = RecordedGame.new_solitaire(mode, entries[0], seed)
    state = recorded.state
    while not state.is_terminal():
        if state.hand_over:
            recorded.next_hand()
            continue
        state.advance_clock(SIMULATED_SECONDS_PER_MOVE)
        recorded.play(bots[state.current_player].choose(state))
    return recorded.record


def read_record(path: str) -> RecordedGame:
    """The record at `path` (standard input for -), replayed and checked."""
    return RecordedGame.from_record(read_document(path))


def read_document(path: str) -> GameRecord:
    """The record at `path` (standard input for -), its shape checked, not its moves."""
    if path == "-":
        if sys.stdin is None:
            raise UsageError("standard input is closed")
        return GameRecord.from_json(read_input())
    return read_game_record(path)


def read_input() -> bytes:
    """Standard input, up to a byte past `jsontext.MAX_BYTES` (`from_json` refuses that),
    read in pieces: a small record takes no buffer of the limit's size."""
    data = bytearray()
    while len(data) <= jsontext.MAX_BYTES and (piece := sys.stdin.buffer.read(1 << 16)):
        data += piece
    return bytes(data[: jsontext.MAX_BYTES + 1])


def positions_for(budget_s: float) -> int:
    """The solver's work for a budget given in seconds: what it searches in that time
    on this project's machine, so that one record gets one answer on any machine."""
    return max(1, round(budget_s * POSITIONS_PER_SECOND))


def command_solve(path: str, budget_s: float) -> dict[str, Any]:
    recorded = read_record(path)
    state = recorded.state
    if state.mode is Mode.TABLE:
        raise UsageError("solve takes a solitaire record")
    result = solve(state, positions_for(budget_s))
    if result.winnable is None:
        return {"winnable": None}
    if not result.winnable:
        return {"winnable": False}
    return {
        "winnable": True,
        "moves": [move_to_entry(recorded.mode, move, 0) for move in result.moves],
    }


def command_analyse(path: str, budget_s: float) -> SolitaireReviewEntry | TableReviewEntry:
    """The review of the record at `path` (each review replays and checks it once)."""
    record = read_document(path)
    if record.mode.is_table:
        return review_table(record, positions=positions_for(budget_s)).to_json()
    return review_solitaire(record, positions_for(budget_s)).to_json()


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(prog="python -m game.cli", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True, parser_class=OneLineParser)
    sim = commands.add_parser("simulate", help="play a whole game between computer players")
    sim.add_argument("--mode", choices=tuple(Mode), default=Mode.TABLE)
    sim.add_argument("--players", type=_players, default=2, help=f"{MIN_PLAYERS} to {MAX_PLAYERS}")
    sim.add_argument(
        "--seed", default=0, type=_seed, help="a whole number of at most 18 digits, or a word"
    )
    sim.add_argument(
        "--ai",
        default="greedy",
        help=f"LEVEL or LEVEL,LEVEL,... (weakest first: {', '.join(LEVELS)}; solitaires also auto)",
    )
    sim.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE")
    for name, text in (
        ("legal", "legal moves of whoever acts next"),
        ("check", "replay and check a record"),
    ):
        sub = commands.add_parser(name, help=text)
        sub.add_argument("file", help="record file, or - for standard input")
    daily = commands.add_parser("daily", help="print a date's daily solitaire deal")
    daily.add_argument("--mode", choices=DAILY_MODES, required=True)
    daily.add_argument("--date", type=_date, default=None, help="YYYY-MM-DD (today)")
    puzzle = commands.add_parser(
        "puzzle", help="print a date's puzzle: a table position, its best placement, its points"
    )
    puzzle.add_argument("--date", type=_date, default=None, help="YYYY-MM-DD (today)")
    sol = commands.add_parser("solve", help="decide whether a solitaire record can be won")
    sol.add_argument("file", help="record file, or - for standard input")
    sol.add_argument("--budget-s", type=_budget, default=10.0)
    analyse = commands.add_parser(
        "analyse", help="where a solitaire slipped, or a coach's review of a table game"
    )
    analyse.add_argument("file", help="record file, or - for standard input")
    analyse.add_argument("--budget-s", type=_budget, default=10.0)
    return parser


def _players(text: str) -> int:
    if not text.strip().isdecimal() or not MIN_PLAYERS <= int(text) <= MAX_PLAYERS:
        raise argparse.ArgumentTypeError(
            f"--players takes {MIN_PLAYERS} to {MAX_PLAYERS}, not {text[:20]!r}"
        )
    return int(text)


def _budget(text: str) -> float:
    try:
        seconds = float(text)
    except ValueError:
        seconds = math.nan
    if not 0 < seconds <= MAX_BUDGET_S:
        raise argparse.ArgumentTypeError(
            f"--budget-s takes seconds above 0 and up to {MAX_BUDGET_S:g}, not {text[:20]!r}"
        )
    return seconds


def _date(text: str) -> datetime.date:
    try:
        return datetime.date.fromisoformat(text.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"--date takes a date as YYYY-MM-DD, not {text[:20]!r}"
        ) from None


def _seed(text: str) -> int | str:
    try:
        return read_seed(text)
    except RecordError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def run(argv: list[str]) -> Any:
    """Run one command; returns what to print as JSON, or a record to print as it is."""
    args = build_parser().parse_args(argv)
    if args.command == "simulate":
        levels = [level.strip() for level in args.ai.split(",")]
        return simulate(args.mode, args.players, args.seed, levels, parse_rules(args.rule))
    if args.command == "solve":
        return command_solve(args.file, args.budget_s)
    if args.command == "analyse":
        return command_analyse(args.file, args.budget_s)
    if args.command == "daily":
        return daily_record(args.mode, args.date or datetime.date.today()).record
    if args.command == "puzzle":
        return daily_puzzle(args.date or datetime.date.today()).to_json()
    recorded = read_record(args.file)
    if args.command == "legal":
        return recorded.legal_entries()
    return {"ok": True, "results": recorded.results(), "totals": recorded.totals()}


def say(line: str) -> None:
    """One line on standard error, if it is there to take it."""
    if sys.stderr is not None:
        with contextlib.suppress(OSError):
            print(f"contack: {cut_text(' '.join(line.split()), MESSAGE_LIMIT)}", file=sys.stderr)


def fail(message: str) -> NoReturn:
    say(message)
    raise SystemExit(2)


def write_output(text: str) -> None:
    """Write `text` to standard output whole, or raise `OSError`; a regular file it went
    to is cut back to what it held before (no half record is left behind)."""
    stream = sys.stdout
    if stream is None:
        raise OSError(errno.EBADF, "standard output is closed")
    try:
        descriptor = stream.fileno()
    except (OSError, ValueError):  # not a file (a test's capture): written as it is
        stream.write(text)
        stream.flush()
        return
    stream.flush()
    start = _file_end(descriptor)
    data = memoryview(text.encode("utf-8"))
    try:
        while data:
            data = data[os.write(descriptor, data) :]
    except OSError:
        if start is not None:
            with contextlib.suppress(OSError):
                os.ftruncate(descriptor, start)
        raise


def _file_end(descriptor: int) -> int | None:
    """Where writing to `descriptor` starts, when it is a regular file (None otherwise)."""
    info = os.fstat(descriptor)
    if not stat.S_ISREG(info.st_mode):
        return None
    if sys.platform != "win32":
        import fcntl

        if fcntl.fcntl(descriptor, fcntl.F_GETFL) & os.O_APPEND:
            return info.st_size
    return os.lseek(descriptor, 0, os.SEEK_CUR)


def main(argv: list[str] | None = None) -> None:
    try:
        output = run(sys.argv[1:] if argv is None else argv)
    except (RulesError, UsageError) as error:
        fail(str(error))
    except (ValueError, RecursionError, OverflowError, MemoryError) as error:
        fail(str(error) or type(error).__name__)
    try:
        write_output(
            output.dumps() if isinstance(output, GameRecord) else json.dumps(output) + "\n"
        )
    except OSError as error:
        say(f"could not write the output: {error.strerror or error}")
        if sys.stdout is not None:  # so that the exit's own flush fails quietly
            with contextlib.suppress(OSError, ValueError):
                os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        raise SystemExit(1) from None


if __name__ == "__main__":
    main()
