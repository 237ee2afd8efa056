"""Helpers for the persistence and replay tests: finished and partial records."""

from __future__ import annotations

from typing import Any

from game.app import App
from game.cli import simulate
from game.rules.record import GameRecord, RecordedGame
from game.rules.table import TableRules


def finished_record(mode: str = "table", players: int = 3, seed: int = 11) -> dict[str, Any]:
    return simulate(mode, players, seed, ["greedy"], TableRules()).data


def partial_record(record: dict[str, Any], moves: int) -> dict[str, Any]:
    """The same game stopped after its first `moves` moves (a game in progress)."""
    game = GameRecord(record)
    data: dict[str, Any] = {**game.data, "hands": []}
    left = moves
    for hand in game.hands:
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
