"""A real game window in a process of its own (no display), driven by posted input, for
the tests of windows at network tables: what a window's script (net_window.py at a LAN
table, club_window.py at a club's) shares, and how a test starts one and reads what it
prints. While the window waits for the network, it waits on its connection (up to a
moment), not on the clock; the test waits on the window's lines."""

from __future__ import annotations

import math
import os
import subprocess
from collections.abc import Callable
from pathlib import Path

import pygame

from game.ai.worker import InProcessAdviser
from game.app import App, ManualClock
from game.net.client import ClientEvent, TableClient
from game.persist.storage import Storage
from game.play.table_flow import Turn
from game.scenes.club.lobby import ClubScene
from game.scenes.menus.menu import MenuScene
from game.scenes.online.calling import TableCallingScene
from game.scenes.online.remote import OnlineTable
from game.scenes.table.scene import TableScene
from tests.conftest import GUARD_S
from tests.drive import Input, is_table_of
from tests.forks import WINDOW_MODULES, forked

FRAMES = 40_000
WAIT_S = 0.05
FRAME_S = 1 / 60
"""Game time a frame: a display's 60 Hz, two fixed updates a frame as the game makes
them there (a step a frame drew the same moves twice as often)."""


def window(script: str, role: str, home: Path, *extra: str) -> subprocess.Popen[str]:
    """The window of `script` (a module of tests/) as `role`, on its own CONTACK_HOME
    `home`, forked from a zygote that has imported the game (tests/forks.py); its
    standard error goes to `home`.err beside it."""
    environment = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    with errors_of(home).open("a") as errors:
        return forked(
            WINDOW_MODULES,
            module=f"tests.{script}",
            args=[role, str(home), *extra],
            env={**environment, "CONTACK_HOME": str(home)},
            stderr=errors,
        )


def errors_of(home: Path) -> Path:
    return home.parent / f"{home.name}.err"


def said(child: subprocess.Popen[str], word: str, home: Path) -> str:
    """The rest of the next line of `child`'s output that starts with `word` (else its
    standard error's end, in the failure)."""
    assert child.stdout is not None
    for line in child.stdout:
        if line.startswith(word + " "):
            return line.removeprefix(word + " ").strip()
    child.wait(GUARD_S)
    raise AssertionError(f"the window never said {word!r}: {errors_of(home).read_text()[-2000:]}")


def open_window(home: Path, speed: str = "fast") -> App:
    """The game on `home`, at the menu, animating at `speed`, thinking in-process."""
    clock = ManualClock(FRAME_S)
    app = App((800, 600), clock=clock, storage=Storage(home), adviser=InProcessAdviser())
    app.settings.animation_speed = speed
    app.settings.guided_game_offered = True
    app.run_frames(2)
    return app


def listened(app: App) -> tuple[TableClient, Callable[[ClientEvent], None]] | None:
    """The connection the screen waits on and what takes its news in (None: it waits on
    nothing of the network now)."""
    scene = app.scene
    if isinstance(scene, TableCallingScene) and scene.opening is not None:
        return scene.opening.link.client, scene.opening.receive
    session = scene.club if isinstance(scene, MenuScene) else None
    if isinstance(scene, ClubScene):
        session = scene.session
    if session is not None:
        return session.client, session.receive
    if is_table_of(scene, OnlineTable):
        match = scene.role.remote
        idle = match.flow.turn() is Turn.COMPUTER and not match.busy()
        if (idle and not scene.tweens.busy and not scene.turns.showing_move) or at_rest(app):
            return match.link.client, match.receive
    return None


def at_rest(app: App) -> bool:
    """Whether the game would sleep until input or news comes (game.app.run): nothing
    moves, is drawn or is due (a move sent, waiting for the server to play it)."""
    return app.pace.rest(app.time, app.art.refining, app.art.generation) == math.inf


def wait_on_the_network(app: App) -> None:
    """When the screen waits for the network, wait for one event of its connection (a
    moment at most) and hand it over."""
    listening = listened(app)
    if listening is not None:
        client, take = listening
        event = client.wait(WAIT_S)
        if event is not None:
            take(event)


def play_until(app: App, done: Callable[[], bool]) -> None:
    """Play this window's seat (when the table screen is up) until `done()`, waiting on
    the network between frames."""
    drive = Input(app, frames=1)
    for _ in range(FRAMES):
        if done():
            return
        scene = app.scene
        if is_table_of(scene, OnlineTable) and scene.human_can_act():
            place(scene, drive)
            continue
        wait_on_the_network(app)
        drive.frames(1)
    raise SystemExit(f"that never came: {type(app.scene).__name__} {status(app)}")


def status(app: App) -> str:
    """What the table screen says, for a failure's message."""
    scene = app.scene
    if not is_table_of(scene, OnlineTable):
        return ""
    match = scene.role.remote
    return f"{scene.status_text()!r} turn={match.flow.turn()} position={match.flow.position()}"


def place(scene: TableScene[OnlineTable], drive: Input) -> None:
    """Tab through the tiles to one with a lit spot, and Enter drops it there."""
    controls = scene.controls
    for _ in range(len(controls.active_tiles()) + 1):
        drive.press(pygame.K_TAB)
        if controls.spot_cells():
            drive.press(pygame.K_RETURN)
            return
    drive.frames(1)
