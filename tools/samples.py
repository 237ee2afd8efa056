"""Sample games for screenshots, benchmarks and tests: table set-ups, finished records
played by computers, a filled history and records folder."""

from __future__ import annotations

import datetime
from typing import Any, Final

from game.cli import simulate
from game.persist.history import add_finished_game, load_history, save_history
from game.persist.records import RECORD_SUFFIX, records_dir, save_named_record
from game.persist.storage import Storage
from game.play.table_setup import TableConfig
from game.rules.modes import Mode
from game.rules.record.document import GameRecord
from game.rules.table_rules import TableRules

SEAT_NAMES: Final = ("Ann", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gus")


def table_config(players: list[tuple[str, str]], seed: int = 7, **rules: Any) -> TableConfig:
    """A table set-up from (name, kind) pairs."""
    return {"rules": rules, "players": [{"name": n, "kind": k} for n, k in players], "seed": seed}


_PLAYED: dict[tuple[str, int, int], GameRecord] = {}
"""Each sample game played so far in this process, by its arguments."""


def sample_record(mode: str = Mode.TABLE, players: int = 4, seed: int = 7) -> GameRecord:
    """A finished game between greedy computer players: played once a process (the same
    arguments give the same record), each caller its own copy."""
    asked = (mode, players, seed)
    if asked not in _PLAYED:
        _PLAYED[asked] = simulate(mode, players, seed, ["greedy"], TableRules())
    return _PLAYED[asked].copy()


def fill_sample_history(storage: Storage) -> None:
    """A few finished games in the history (two humans at the table)."""
    games = (
        ("table", 4, 1),
        ("draw-solitaire", 1, 2),
        ("stacked-solitaire", 1, 3),
        ("table", 3, 4),
        ("table", 2, 5),
        ("stacked-solitaire", 1, 6),
    )
    for mode, players, seed in games:
        record = sample_record(mode, players, seed)
        names = ("Ann", "Bob", "Carla", "Dev")
        for seat in range(len(record.players)):
            if mode == "table" and seat < 2:
                record.set_player(seat, name=names[seat], kind="human")
            elif mode != "table":
                record.set_player(seat, name="Ann", kind="human")
        add_finished_game(storage, record, hints=seed == 3)


def fill_sample_daily(storage: Storage, today: datetime.date) -> None:
    """Daily deals won on some days of the month before `today` (a streak up to
    yesterday in draw solitaire), one played but not won."""
    history = load_history(storage)
    for back in (1, 2, 3, 4, 7, 9, 12, 13, 20):
        day = today - datetime.timedelta(days=back)
        history.daily["draw-solitaire"].count(day, won=True)
        history.daily["stacked-solitaire"].count(day, won=back % 3 != 0)
    history.daily["stacked-solitaire"].count(today, won=False)
    save_history(storage, history)


def fill_sample_records(storage: Storage) -> None:
    """Four named records (one in progress) and one broken file in the records folder."""
    for index, (mode, players) in enumerate(
        (("table", 4), ("draw-solitaire", 1), ("stacked-solitaire", 1), ("table", 7))
    ):
        record = sample_record(mode, players, seed=index + 3)
        if index == 3:
            record = record.only_hand(record.hand_count - 1, record.hands[-1].moves[:12])
        name = (
            "Sunday with the family",
            "Morning draw",
            "Stacked, close call",
            "Seven at the club",
        )[index]
        save_named_record(storage, record, name)
    bad = records_dir(storage) / f"Half copied{RECORD_SUFFIX}"
    bad.write_text('{"format": "contack-record", "version": 1, "mo', encoding="utf-8")
