"""The screens of a table across rooms, driven by real input against a table server on
loopback: Join a table from the menu (a bad invitation said in one line, then a seat
taken), hosting from the setup screen (a friend's seat; the invitation shown until the
friend joins) and the table screen over the network. Each wait is for one event from the
server, never for the clock."""

from __future__ import annotations

import pygame

from game.app import App
from game.net.hosting import HostedServer
from game.net.invitation import read_invitation
from game.net.table_opening import TableOpening
from game.scenes.join import JoinScene
from game.scenes.menu import MenuScene
from game.scenes.setup import SetupScene
from game.scenes.table_hosting import HostScene
from game.scenes.table_remote import RemoteTableScene
from tests.conftest import AppMaker
from tests.drive import Input
from tests.net_clients import GUARD_S, sit_down


def until_seated(app: App, calling: JoinScene | HostScene) -> RemoteTableScene:
    """Frames, each after one event of the connection `calling` opened, until the table
    shows."""
    for _ in range(100):
        if isinstance(app.scene, RemoteTableScene):
            return app.scene
        opening = calling.opening
        assert opening is not None, getattr(calling, "said", "")
        event = opening.link.client.wait(GUARD_S)
        assert event is not None, "the table was not sat at"
        opening.receive(event)
        app.run_frames(1)
    raise AssertionError("the table was not sat at")


def test_joining_from_the_menu_with_a_bad_then_a_good_invitation(
    make_app: AppMaker, table_server: HostedServer
) -> None:
    address = table_server.address or ""
    host = sit_down(TableOpening.host(table_server, address, ["remote", "remote"], {}, ["Ann"]))
    app = make_app()
    try:
        drive = Input(app)
        menu = app.scene
        assert isinstance(menu, MenuScene)
        drive.click(menu.buttons["join"])
        join = app.scene
        assert isinstance(join, JoinScene)
        drive.text("not an invitation")
        drive.click(join.join)
        assert "contack://" in join.said and join.opening is None
        join.invitation.text = host.link.invitation
        join.name.text = "Bob"
        drive.press(pygame.K_RETURN)
        table = app.scene if isinstance(app.scene, RemoteTableScene) else until_seated(app, join)
        assert table.remote.held == {1} and table.remote.names == ["Ann", "Bob"]
        assert not table.buttons["undo"].visible and not table.buttons["invite"].visible
        assert app.settings.extra["table_name"] == "Bob"
    finally:
        host.close()
        app.close()


def test_hosting_from_the_setup_shows_the_invitation_until_the_friend_joins(
    make_app: AppMaker,
) -> None:
    app = make_app()
    app.settings.extra.update(host_address="127.0.0.1", host_port=0)
    friend = None
    try:
        drive = Input(app)
        drive.click(app.scene.buttons["table"])  # type: ignore[attr-defined]
        setup = app.scene
        assert isinstance(setup, SetupScene)
        setup.count.set_value(2)
        setup.kinds[0].set_value("human")
        setup.kinds[1].set_value("remote")
        drive.frames(1)
        assert setup.start.label == "Host a table"
        drive.click(setup.start)
        hosting = app.scene
        assert isinstance(hosting, HostScene | RemoteTableScene)
        table = hosting if isinstance(hosting, RemoteTableScene) else until_seated(app, hosting)
        assert table.inviting and table.buttons["invite"].visible
        assert table.status_text() == "Waiting for friends to join…"
        friend = sit_down(TableOpening.join(read_invitation(table.remote.link.invitation), ["Bo"]))
        for _ in range(100):
            app.run_frames(1)
            if not table.inviting:
                break
            event = table.remote.link.client.wait(GUARD_S)
            assert event is not None
            table.remote.receive(event)
        drive.frames(1)
        assert not table.inviting and not table.buttons["invite"].visible
        assert table.remote.names[1] == "Bo"
    finally:
        if friend is not None:
            friend.close()
        app.close()
