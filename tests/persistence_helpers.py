"""Helpers for the persistence and replay tests: a headless app and real posted events."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path
from typing import Any

import pygame

from game.app import App, ManualClock
from game.cli import simulate
from game.persist.storage import Storage
from game.rules.record import GameRecord, RecordedGame
from game.rules.table import TableRules
from game.ui.widgets import Widget


def make_app(home: Path, size: tuple[int, int] = (1280, 800),
             record_path: str | None = None) -> App:
    app = App(size, clock=ManualClock(), storage=Storage(home), record_path=record_path)
    app.run_frames(2)
    return app


def click(app: App, widget: Widget) -> None:
    """A real left click on the middle of `widget`, then a frame."""
    assert widget.visible and widget.enabled, widget.label
    pos = widget.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.run_frames(2)


def press(app: App, key: int, times: int = 1) -> None:
    for _ in range(times):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0))
        app.tick()
    app.tick()


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
