"""Helpers for the persistence and replay tests: finished and partial records, and the
golden record of a table game."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from game.ai.worker import InProcessAdviser
from game.app import App
from game.cli import simulate
from game.persist.autosave import saved_game_path
from game.persist.files import GameFiles
from game.persist.records_listing import RecordFile, RecordsListing
from game.rules.record.document import GameRecord
from game.rules.record.recorded_game import RecordedGame
from game.rules.table_rules import TableRules

TABLE = Path(__file__).parent / "golden" / "table-2-standard.contack.json"
"""The golden record (format version 1) of a two-seat table game."""


def table_record() -> dict[str, Any]:
    """The golden table record's data, a new copy at each call."""
    data: dict[str, Any] = json.loads(TABLE.read_text(encoding="utf-8"))
    return data


def finished_record(mode: str = "table", players: int = 3, seed: int = 11) -> dict[str, Any]:
    return simulate(mode, players, seed, ["greedy"], TableRules()).to_json()


def record(mode: str = "table", seed: int = 3) -> dict[str, Any]:
    """A finished game of `mode` (three seats at the table), deal `seed`."""
    return finished_record(mode, 3 if mode == "table" else 1, seed)


def in_progress(data: dict[str, Any], moves: int = 3) -> dict[str, Any]:
    """The game stopped after the first `moves` moves of its first hand."""
    hand = {**data["hands"][0], "moves": data["hands"][0]["moves"][:moves]}
    hand.pop("result", None)
    return {**data, "hands": [hand]}


def write_save(files: GameFiles, data: Mapping[str, Any]) -> bool:
    """Write `data` into its mode's autosave slot as it is (a save this game may not have
    written: `Storage.save_game` takes a parsed record)."""
    return files.write_json(saved_game_path(files, str(data["mode"])), data, every_move=True)


def partial_record(record: dict[str, Any], moves: int) -> dict[str, Any]:
    """The same game stopped after its first `moves` moves (a game in progress)."""
    game = GameRecord.parse(record)
    data: dict[str, Any] = {**game.to_json(), "hands": []}
    left = moves
    for hand in game.to_json()["hands"]:
        taken = hand["moves"][:left]
        copy = {**hand, "moves": list(taken)}
        if len(taken) < len(hand["moves"]):
            copy.pop("result", None)
            data["hands"].append(copy)
            break
        data["hands"].append(copy)
        left -= len(taken)
    return data


def resumed_game(app: App) -> RecordedGame:
    """The RecordedGame of the scene on top (its table match or solitaire session)."""
    scene = app.scene
    flow = getattr(scene, "match", None) or getattr(scene, "session", None)
    game = getattr(flow, "recorded", None)
    assert isinstance(game, RecordedGame), f"{type(scene).__name__} has no recorded game"
    return game


def list_records(files: GameFiles) -> list[RecordFile]:
    """The records folder listed at once, newest first; broken files
    are listed with their error."""
    listing = RecordsListing(files, InProcessAdviser())
    listing.poll()
    return listing.files
