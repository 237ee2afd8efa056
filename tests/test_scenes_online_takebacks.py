"""Take-backs at the table screen over the network, driven by real input against a table
server on loopback: Undo (U) asks Ann to let Bob take back his tile and, once she
accepts, the tile is back in his hand; Ann asks, and the bar over Bob's figure takes
his answer (Escape refuses, a click on Accept accepts). Each wait is for one event from
the server, never for the clock."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pygame
import pytest

from game.app import App
from game.net.hosting import HostedServer
from game.net.invitation import read_invitation
from game.net.remote_match import RemoteMatch
from game.net.table_opening import TableOpening
from game.net.tables.registry import Registry
from game.rules.moves import PLACE
from game.scenes.online.remote import OnlineTable, online_table_scene
from game.scenes.table.scene import TableScene
from game.ui.painting import alike
from tests.conftest import GUARD_S, AppMaker
from tests.drive import Input
from tests.game_window import place
from tests.net_clients import sit_down
from tests.net_helpers import ROOMY, ManualClock, dealer

STEPS = 600
WAIT_S = 0.05
"""How long a step waits for Bob's connection while Ann's may be the one to answer."""


@pytest.fixture
def served() -> Iterator[HostedServer]:
    """A table server on loopback dealing the same tables every run."""
    hosted = HostedServer(Registry(ManualClock(), limits=ROOMY, deal=dealer()), "127.0.0.1", 0)
    hosted.start()
    yield hosted
    hosted.stop()


def at_table(app: App, server: HostedServer) -> tuple[RemoteMatch, TableScene[OnlineTable]]:
    """Ann hosts a table of two; Bob, this window, sits at its second seat."""
    opening = TableOpening.host(server, server.address or "", ["remote", "remote"], {}, ["Ann"])
    ann = sit_down(opening)
    bob = sit_down(TableOpening.join(read_invitation(ann.link.invitation), ["Bob"]))
    scene = online_table_scene(app, bob)
    app.push(scene)
    return ann, scene


def until(
    app: App, ann: RemoteMatch, scene: TableScene[OnlineTable], done: Callable[[], bool]
) -> None:
    """Frames until `done()`; while the window shows nothing new, each waits for the next
    event of Ann's or Bob's connection (Ann's match takes hers in as her window would)."""
    bob = scene.role.remote.link.client
    for _ in range(STEPS):
        app.run_frames(1)
        for event in ann.link.client.poll():
            ann.receive(event)
        ann.flow.poll()
        if done():
            return
        if not scene.stage.moving():
            arrived = bob.wait(WAIT_S)
            if arrived is not None:
                scene.role.remote.receive(arrived)
    raise AssertionError(f"that never came: {scene.status_text()!r}")


def ann_places(app: App, ann: RemoteMatch, scene: TableScene[OnlineTable]) -> None:
    """Ann places her first placement (once Bob has played, when it is his turn); Bob's
    window shows it."""
    for _ in range(3):
        until(app, ann, scene, lambda: scene.human_can_act() or ann.flow.to_act() == 0)
        if ann.flow.to_act() == 0:
            break
        place(scene, Input(app, frames=1))
    ann.flow.play(next(m for m in ann.flow.legal_moves() if m.action == PLACE))
    moves = len(ann.flow.state.moves) + 1
    until(app, ann, scene, lambda: len(scene.match.state.moves) == moves and scene.human_can_act())


def test_undo_asks_the_others_and_the_tile_comes_back_once_they_accept(
    make_app: AppMaker, served: HostedServer
) -> None:
    app = make_app(speed="instant", banner=False, frames=1)
    ann, scene = at_table(app, served)
    try:
        drive = Input(app, frames=1)
        until(app, ann, scene, lambda: scene.human_can_act() or ann.flow.to_act() == 0)
        if not scene.human_can_act():
            ann_places(app, ann, scene)
        assert not scene.buttons["undo"].enabled  # nothing of Bob's to take back yet
        hand = scene.match.state.hand_size(1)
        place(scene, drive)
        until(app, ann, scene, lambda: scene.match.state.hand_size(1) == hand - 1)
        until(app, ann, scene, lambda: scene.buttons["undo"].enabled)
        drive.press(pygame.K_u)
        until(app, ann, scene, lambda: ann.takebacks.to_answer() == [0])
        until(app, ann, scene, lambda: scene.role.remote.takebacks.pending)
        assert scene.status_text() == ("Take-back asked: waiting for Ann…",)
        assert not scene.human_can_act() and not scene.buttons["undo"].enabled
        ann.takebacks.answer(True)
        until(app, ann, scene, lambda: scene.match.state.hand_size(1) == hand)
        assert scene.human_can_act() and scene.match.state.current == 1
        assert "Took back Bob's last tile." in app.notices
        until(app, ann, scene, lambda: ann.flow.state.hand_size(1) == hand)  # Ann's too
    finally:
        ann.close()
        app.close()


def ann_alone(ann: RemoteMatch, done: Callable[[], bool]) -> None:
    """Ann's connection only, each event taken in, until `done()` (Bob's window meanwhile
    sees nothing: it cannot play on before Ann asks)."""
    for _ in range(STEPS):
        ann.flow.poll()
        if done():
            return
        event = ann.link.client.wait(GUARD_S)
        assert event is not None, "nothing came"
        ann.receive(event)
    raise AssertionError("that never came to Ann")


def ann_asks(app: App, ann: RemoteMatch, scene: TableScene[OnlineTable]) -> None:
    """Ann places and asks at once to take her tile back: the bar shows over Bob's
    figure."""
    for _ in range(3):
        until(app, ann, scene, lambda: scene.human_can_act() or ann.flow.to_act() == 0)
        if ann.flow.to_act() == 0:
            break
        place(scene, Input(app, frames=1))
    bar = scene.role.takeback_bar.rect
    before = app.screen.subsurface(bar).copy()
    ann.flow.play(next(m for m in ann.flow.legal_moves() if m.action == PLACE))
    ann_alone(ann, lambda: ann.takeback_seat() == 0)
    assert ann.ask_takeback()
    ann_alone(ann, lambda: ann.takebacks.pending)
    until(app, ann, scene, lambda: scene.role.takeback_bar.open)
    Input(app, frames=1).frames(1)
    unchanged = alike(app.screen.subsurface(bar), before, 8)
    assert unchanged.count() < bar.width * bar.height // 2  # the bar over the figure
    assert "Ann asks to take back their last move." in app.notices


def test_the_bar_refuses_with_escape_and_accepts_with_a_click(
    make_app: AppMaker, served: HostedServer
) -> None:
    app = make_app(speed="instant", banner=False, frames=1)
    ann, scene = at_table(app, served)
    try:
        drive = Input(app, frames=1)
        ann_asks(app, ann, scene)
        figure = len(scene.match.state.figure)
        drive.press(pygame.K_ESCAPE)
        until(app, ann, scene, lambda: not scene.role.remote.takebacks.pending)
        assert "Bob refused: Ann's move stands." in app.notices
        assert app.scene is scene and len(scene.match.state.figure) == figure
        assert ann.takeback_seat() is None  # the same take-back is not asked again

        ann_asks(app, ann, scene)
        figure = len(scene.match.state.figure)
        drive.click(scene.role.takeback_bar.accept)
        until(app, ann, scene, lambda: len(scene.match.state.figure) == figure - 1)
        assert "Took back Ann's last tile." in app.notices
        until(app, ann, scene, lambda: ann.flow.to_act() == 0)
        assert not scene.role.takeback_bar.open
    finally:
        ann.close()
        app.close()
