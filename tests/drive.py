"""Driving the real app headless in tests: one way to build it and to post real mouse
and keyboard events. (Fixtures live in conftest.py.)"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from game.ai.worker import Adviser, InProcessAdviser
from game.app import App, ManualClock
from game.persist.storage import Storage
from game.ui.tiles import TileArt
from game.ui.widgets import Widget

Point = tuple[float, float]


def new_app(home: Path, size: tuple[int, int] = (1280, 800), *, speed: str | None = None,
            banner: bool | None = None, record_path: str | None = None,
            art: TileArt | None = None, adviser: Adviser | None = None,
            frames: int = 2) -> App:
    """An app on a data folder `home`, thinking in-process, with a manual clock; `art`
    shares a tile-art cache between the tests of a module (rendering tiles is slow)."""
    app = App(size, clock=ManualClock(), storage=Storage(home), record_path=record_path,
              adviser=adviser or InProcessAdviser())
    if art is not None:
        app.art = art
    if speed is not None:
        app.settings.animation_speed = speed
    if banner is not None:
        app.settings.handoff_banner = banner
    pygame.event.clear()
    app.run_frames(frames)
    return app


def post(kind: int, **fields: Any) -> None:
    pygame.event.post(pygame.event.Event(kind, **fields))


def at(point: Point) -> tuple[int, int]:
    return (round(point[0]), round(point[1]))


def click(app: App, target: Widget | Point, *, button: int = 1, frames: int = 2) -> None:
    """A real click on a widget's middle (which must be usable) or on a point."""
    if isinstance(target, Widget):
        assert target.visible and target.enabled, target.label
        pos = target.rect.center
    else:
        pos = at(target)
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=button)
    app.run_frames(frames)


def drag(app: App, start: Point, end: Point, *, frames: int = 1) -> None:
    """Press at `start`, move through the middle to `end`, release."""
    start_at, end_at = at(start), at(end)
    post(pygame.MOUSEMOTION, pos=start_at, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=start_at, button=1)
    middle = at(((start[0] + end[0]) / 2, (start[1] + end[1]) / 2))
    for pos in (middle, end_at):
        post(pygame.MOUSEMOTION, pos=pos, rel=(pos[0] - start_at[0], pos[1] - start_at[1]),
             buttons=(1, 0, 0))
    post(pygame.MOUSEBUTTONUP, pos=end_at, button=1)
    app.run_frames(frames)


def run_until(app: App, done: Callable[[], bool], limit: int = 20_000) -> None:
    """Run frames until `done()`; computers and solvers think in-process, so this waits
    on frames, never on wall-clock time."""
    for _ in range(limit):
        if done():
            return
        app.tick()
    raise AssertionError("the condition never came true")


def press(app: App, key: int, mod: int = 0, *, frames: int = 2) -> None:
    """A real key press (and release), then `frames` frames."""
    post(pygame.KEYDOWN, key=key, mod=mod, unicode="")
    post(pygame.KEYUP, key=key, mod=mod)
    app.run_frames(frames)
