"""The screens of a table across rooms, driven by real input against a table server on
loopback: Join a table from the menu (a bad invitation said in one line, then a seat
taken), hosting from the setup screen (a friend's seat; the invitation shown until the
friend joins) and the table screen over the network. Each wait is for one event from the
server, never for the clock."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.app import App
from game.net.hosting import HostedServer
from game.net.invitation import read_invitation
from game.net.kept_seats import SETTING as KEPT
from game.net.kept_seats import KeptSeats
from game.net.remote_match import RemoteMatch
from game.net.table_opening import TableOpening
from game.scenes.base import Scene
from game.scenes.menus.menu import MenuScene
from game.scenes.online.calling import TableCallingScene
from game.scenes.online.hosting import HostScene
from game.scenes.online.join import JoinScene
from game.scenes.online.remote import OnlineTable
from game.scenes.setup.scene import SetupScene
from game.scenes.table.scene import TableScene
from tests.conftest import GUARD_S, AppMaker
from tests.drive import Input, is_table_of
from tests.net_clients import sit_down


def answer_until(app: App, calling: TableCallingScene, done: Callable[[], bool]) -> None:
    """Frames, each after one event of the connection `calling` opened, until `done()`."""
    for _ in range(100):
        if done():
            return
        opening = calling.opening
        assert opening is not None, getattr(calling, "said", "")
        event = opening.link.client.wait(GUARD_S)
        assert event is not None, "the server did not answer"
        opening.receive(event)
        app.run_frames(1)
    raise AssertionError("the server never answered that")


def until_seated(app: App, calling: JoinScene | HostScene) -> TableScene[OnlineTable]:
    """Frames, each after one event of the connection `calling` opened, until the table
    shows."""
    answer_until(app, calling, lambda: is_table_of(app.scene, OnlineTable))
    assert is_table_of(app.scene, OnlineTable)
    return app.scene


def ann_hosts_two(server: HostedServer) -> RemoteMatch:
    """Ann at a table of two on `server`, the second seat free for a friend."""
    address = server.address or ""
    return sit_down(TableOpening.host(server, address, ["remote", "remote"], {}, ["Ann"]))


def test_joining_from_the_menu_with_a_bad_then_a_good_invitation(
    make_app: AppMaker, table_server: HostedServer
) -> None:
    host = ann_hosts_two(table_server)
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
        table = app.scene if is_table_of(app.scene, OnlineTable) else until_seated(app, join)
        assert table.role.remote.held == {1} and table.role.remote.flow.names == ["Ann", "Bob"]
        assert not table.buttons["hint"].visible and not table.buttons["invite"].visible
        assert table.buttons["undo"].visible  # it asks the others for a take-back
        assert app.settings.extra["table_name"] == "Bob"
    finally:
        host.close()
        app.close()


def test_hosting_from_the_setup_shows_the_invitation_until_the_friend_joins(
    make_app: AppMaker,
) -> None:
    app = make_app()
    friend = None
    try:
        drive = Input(app)
        table = host_from_setup(app)
        assert table.role.inviting and table.buttons["invite"].visible
        assert table.status_text() == ("Waiting for friends to join…",)
        friend = sit_down(
            TableOpening.join(read_invitation(table.role.remote.link.invitation), ["Bo"])
        )
        for _ in range(100):
            app.run_frames(1)
            if not table.role.inviting:
                break
            event = table.role.remote.link.client.wait(GUARD_S)
            assert event is not None
            table.role.remote.receive(event)
        drive.frames(1)
        assert not table.role.inviting and not table.buttons["invite"].visible
        assert table.match.names[1] == "Bo"
    finally:
        if friend is not None:
            friend.close()
        app.close()


def host_from_setup(app: App) -> TableScene[OnlineTable]:
    """Ann hosts a table of two from the setup screen, the second seat a friend's."""
    app.settings.extra.update(host_address="127.0.0.1", host_port=0)
    hosting = click_host_a_table(app)
    if is_table_of(hosting, OnlineTable):
        return hosting
    assert isinstance(hosting, HostScene)
    return until_seated(app, hosting)


def click_host_a_table(app: App) -> Scene:
    """From the menu: a table of two, Ann's seat and a friend's, and Host a table; the
    screen that follows."""
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
    return app.scene


def test_a_hosted_game_closed_is_hosted_again_and_its_seat_taken_back(
    make_app: AppMaker,
) -> None:
    app = make_app()
    table = host_from_setup(app)
    code = table.role.remote.link.table
    assert KeptSeats.read(app.settings.extra[KEPT]) is not None
    app.close()  # the server stops, its table saved
    again = make_app()
    try:
        drive = Input(again)
        menu = again.scene
        assert isinstance(menu, MenuScene)
        drive.click(menu.buttons["continue-join"])  # the menu's Continue beside Join a table
        join = again.scene
        if is_table_of(join, OnlineTable):
            back = join
        else:
            assert isinstance(join, JoinScene)
            assert join.take_back.visible and join.opening is not None
            back = until_seated(again, join)
        assert back.role.remote.link.table == code and back.role.remote.held == {0}
        assert back.role.remote.link.server is not None and back.role.inviting
    finally:
        again.close()


def test_a_refused_rejoin_is_said_in_one_line_and_the_kept_seats_are_forgotten(
    make_app: AppMaker, table_server: HostedServer
) -> None:
    host = ann_hosts_two(table_server)
    app = make_app()
    try:
        app.settings.extra[KEPT] = KeptSeats(host.link.invitation, ("not-a-token",)).to_dict()
        join = JoinScene(app, rejoin=True)
        app.push(join)
        app.run_frames(1)
        answer_until(app, join, lambda: join.opening is None)
        assert app.scene is join and join.said == "That seat is no longer yours."
        assert KEPT not in app.settings.extra and not join.take_back.visible
        typed = join.invitation.text
        Input(app).text("7")  # the field still takes typing after the refusal
        assert join.invitation.text == typed + "7" and join.said == ""
    finally:
        host.close()
        app.close()


def test_a_table_that_cannot_be_hosted_is_said_back_on_the_setup_screen(
    make_app: AppMaker,
) -> None:
    app = make_app()
    try:
        app.settings.extra.update(host_address="192.0.2.1", host_port=0)  # not this computer's
        assert isinstance(click_host_a_table(app), SetupScene)
        assert any("cannot be hosted here" in str(notice) for notice in app.notices)
    finally:
        app.close()
