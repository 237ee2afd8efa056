"""One real game window (a process of its own, no display) playing a table across rooms
by posted input, for tests/test_net_two_windows.py:

    python -m tests.net_window host HOME          # hosts; prints "invitation TEXT"
    python -m tests.net_window join HOME TEXT     # joins by the invitation TEXT

The host clicks New table game and Host a table (its last setup, written in HOME, has a
friend's seat); the friend clicks Join a table, types the invitation and clicks Join.
Each then plays its seat from the keyboard (Tab picks a tile, Enter drops it on a lit
spot) until the final score screen, and prints "record JSON". While the window waits for
the other window, it waits on its connection (up to a moment), not on the clock.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path

import pygame

from game.ai.worker import InProcessAdviser
from game.app import App, ManualClock
from game.net.client import ClientEvent, TableClient
from game.persist.settings import Settings, TableSetup
from game.persist.storage import Storage
from game.play.table_flow import Turn
from game.rules.table_rules import TableRules
from game.scenes.menus.menu import MenuScene
from game.scenes.online.hosting import HostScene
from game.scenes.online.join import JoinScene
from game.scenes.online.remote import RemoteTableScene
from game.scenes.setup.scene import SetupScene
from game.scenes.table.score import ScoreScene
from tests.drive import Input

FRAMES = 40_000
WAIT_S = 0.05


def host_settings(home: Path) -> None:
    """Ann at this computer and a friend's seat, one hand, on loopback at a free port."""
    settings = Settings(animation_speed="fast", handoff_banner=False)
    seats = (("Ann", "human"), ("Friend", "remote"))
    settings.last_setup = TableSetup(2, seats, TableRules(hands=1))
    settings.extra.update(host_address="127.0.0.1", host_port=0)
    settings.guided_game_offered = True
    Storage(home).save_settings(settings)


def wait_on_the_network(app: App) -> None:
    """When the screen waits for the other window, wait for one event of its connection
    (a moment at most) and hand it over."""
    scene = app.scene
    client: TableClient | None = None
    take: Callable[[ClientEvent], None] | None = None
    if isinstance(scene, JoinScene | HostScene) and scene.opening is not None:
        client, take = scene.opening.link.client, scene.opening.receive
    elif isinstance(scene, RemoteTableScene):
        match = scene.remote
        idle = match.flow.turn() is Turn.COMPUTER and not match.flow.thinking
        if idle and not scene.tweens.busy and not scene.turns.showing_move:
            client, take = match.link.client, match.receive
    if client is not None and take is not None:
        event = client.wait(WAIT_S)
        if event is not None:
            take(event)


def play(app: App) -> dict[str, object]:
    """Play this window's seat to the game's end; the whole record."""
    drive = Input(app, frames=1)
    for _ in range(FRAMES):
        scene = app.scene
        if isinstance(scene, ScoreScene) and scene.final:
            data: dict[str, object] = scene.match.record.to_json()
            return data
        if isinstance(scene, RemoteTableScene) and scene.human_can_act():
            place(scene, drive)
            continue
        if isinstance(scene, JoinScene) and scene.opening is None:
            raise SystemExit(f"the join failed: {scene.said}")
        wait_on_the_network(app)
        drive.frames(1)
    raise SystemExit(f"the game did not end: {type(app.scene).__name__} {status(app)}")


def status(app: App) -> str:
    """What the table screen says, for a failure's message."""
    scene = app.scene
    if not isinstance(scene, RemoteTableScene):
        return ""
    match = scene.remote
    return f"{scene.status_text()!r} turn={match.flow.turn()} position={match.flow.position()}"


def place(scene: RemoteTableScene, drive: Input) -> None:
    """Tab through the tiles to one with a lit spot, and Enter drops it there."""
    controls = scene.controls
    for _ in range(len(controls.active_tiles()) + 1):
        drive.press(pygame.K_TAB)
        if controls.spot_cells():
            drive.press(pygame.K_RETURN)
            return
    drive.frames(1)


def main() -> None:
    role, home = sys.argv[1], Path(sys.argv[2])
    if role == "host":
        host_settings(home)
    app = App((800, 600), clock=ManualClock(), storage=Storage(home), adviser=InProcessAdviser())
    app.settings.animation_speed = "fast"
    app.settings.guided_game_offered = True
    app.run_frames(2)
    drive = Input(app)
    menu = app.scene
    assert isinstance(menu, MenuScene)
    if role == "host":
        drive.click(menu.buttons["table"])
        setup = app.scene
        assert isinstance(setup, SetupScene)
        drive.click(setup.start)
        for _ in range(FRAMES):
            if isinstance(app.scene, RemoteTableScene):
                break
            wait_on_the_network(app)
            drive.frames(1)
        table = app.scene
        assert isinstance(table, RemoteTableScene)
        print("invitation", table.remote.link.invitation, flush=True)
    else:
        drive.click(menu.buttons["join"])
        join = app.scene
        assert isinstance(join, JoinScene)
        drive.text(sys.argv[3])
        drive.click(join.join)
    print("record", json.dumps(play(app)), flush=True)
    app.close()


if __name__ == "__main__":
    main()
