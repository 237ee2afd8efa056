"""Play online, driven by real input against a scripted club on loopback
(tools/club_peer.py): the menu offers it once a club server is set, the name is asked
once, the lobby is followed live and a table joined with one click, a new table opened
by invitation shows its code, Your tables marks your turn and opens the table again, the
ratings board picks out your place, and the menu says at how many tables it is your
turn. Each wait is for one answer of the club, never for the clock."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame

from game.app import App
from game.net.client import ClubIdentity, TableClient
from game.net.club import ClubSession
from game.net.club_answers import LobbyTables
from game.net.hosting import HostedServer
from game.net.messages import ClubTableOptions, TablePace
from game.net.replies import Created, TableView
from game.persist.settings import Settings, TableSetup, club_keys
from game.scenes.club.lobby import LOBBY, MINE, RATINGS, ClubScene
from game.scenes.club.new_table import NewClubTableScene
from game.scenes.menus.menu import MenuScene
from game.scenes.online.remote import OnlineTable
from game.scenes.setup.scene import SetupScene
from game.scenes.table.scene import TableScene
from tests.conftest import GUARD_S, AppMaker
from tests.drive import Input, is_table_of, menu_button, open_from_menu
from tests.net_helpers import ManualClock
from tests.test_net_club_client import next_of
from tests.test_scenes_online_remote import answer_until
from tools.club_peer import ClubPeer, public_name
from tools.screenshot import staged
from tools.screenshot_club import _stop_clubs

SECRET = "a-secret-for-the-tests-" + "k" * 30


def key_at(club: ClubPeer) -> str:
    """The key Ann's game tells `club` (made from her secret, `SECRET`)."""
    return club_keys(Settings(club_secret=SECRET), club.address)[0]


def at_club(make_app: AppMaker, club: ClubPeer, name: str = "Ann") -> App:
    return at_address(make_app, club.address, name)


def at_address(make_app: AppMaker, address: str, name: str = "Ann", **options: Any) -> App:
    """Ann's window (made with `options`) at the club server at `address`."""
    app = make_app(**options)
    app.settings.club_server, app.settings.club_secret = address, SECRET
    if name:
        app.settings.extra["table_name"] = name
    menu = app.scene
    assert isinstance(menu, MenuScene)
    menu.resize(app.size)
    return app


def heard(app: App, session: Callable[[], ClubSession | None], done: Callable[[], bool]) -> None:
    """Frames, each after one answer of the club, until `done()`."""
    for _ in range(100):
        if done():
            return
        listening = session()
        assert listening is not None
        event = listening.client.wait(GUARD_S)
        assert event is not None, "the club did not answer"
        listening.receive(event)
        app.run_frames(2)  # a frame may run no update (its time is under a step)
    raise AssertionError("the club never said that")


def play_online(app: App) -> ClubScene:
    Input(app).click(menu_button(app, "online"))
    scene = app.scene
    assert isinstance(scene, ClubScene)
    return scene


def a_table_of(club: ClubPeer, name: str) -> str:
    """A table of two that `name` opened at the club (the second seat free)."""
    other = TableClient(club.address, hello=ClubIdentity(name, "o" * 40)).start()
    other.create(["remote", "remote"], {})
    code = next_of(other, Created).table
    other.join(code, name)
    next_of(other, TableView)  # seated first (a join still on its way could come second)
    return code


def test_play_online_is_on_the_menu_only_with_a_club_server(make_app: AppMaker) -> None:
    app = make_app()
    assert not menu_button(app, "online").visible
    app.settings.club_server = "wss://club.example.org"
    app.settings.extra["table_name"] = ""
    menu = app.scene
    assert isinstance(menu, MenuScene)
    menu.resize(app.size)
    assert menu_button(app, "online").visible and menu.club is None  # no name: not asked


def test_the_name_is_asked_once_then_the_lobby_is_followed_and_joined(
    make_app: AppMaker, club: ClubPeer
) -> None:
    app = at_club(make_app, club, name="")
    scene = play_online(app)
    drive = Input(app)
    assert scene.asking_name and scene.name.visible and not scene.tabs[LOBBY].visible
    drive.text("Bea")
    drive.press(pygame.K_RETURN)
    assert app.settings.extra["table_name"] == "Bea" and not scene.asking_name
    heard(app, lambda: scene.session, lambda: bool(scene.session and scene.session.welcome))
    code = a_table_of(club, "Tom")
    entry = {"table": code, "players": 2, "free": 1, "rules": {}, "pace": "live", "rated": False}
    entry["seats"] = [{"kind": "remote", "name": "Tom"}, {"kind": "remote", "name": None}]
    club.lobby_tables = [entry]
    club.publish_lobby()
    heard(app, lambda: scene.session, lambda: len(scene.lists[LOBBY].rows) == 1)
    assert scene.lists[LOBBY].rows[0][:2] == ["Tom", "1 of 2 free"]
    # The only row is picked: one click on Join joins (a click on the picked row would
    # join too, and the table screen, come meanwhile, would take the second click).
    assert scene.lists[LOBBY].selected == 0
    drive.click(scene.join)
    table = until_seated(app, scene)
    assert table.role.remote.link.at_club and table.role.remote.flow.names == ["Tom", "Bea"]
    hello = [json.loads(frame) for frame in club.received if "hello" in frame]
    assert {frame["name"] for frame in hello} >= {"Bea"}
    assert all(key_at(club) not in frame for frame in club.received if '"hello"' not in frame)


def test_the_name_typed_for_your_seat_is_your_name_at_the_club_not_asked_again(
    make_app: AppMaker, club: ClubPeer
) -> None:
    app = at_club(make_app, club, name="")
    drive = Input(app)
    setup = open_from_menu(app, "table", SetupScene)
    drive.click(setup.names[0])
    setup.names[0].text = ""
    drive.text("Bea", frames=1)
    drive.click(setup.start)  # a game at this computer, the name given for Bea's seat
    drive.press(pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)
    scene = play_online(app)
    assert not scene.asking_name and not scene.name.visible and scene.tabs[LOBBY].visible
    heard(app, lambda: scene.session, lambda: bool(scene.session and scene.session.welcome))
    hello = [json.loads(frame) for frame in club.received if '"hello"' in frame]
    assert {frame["name"] for frame in hello} == {"Bea"}  # the menu asks the club too
    drive.press(pygame.K_ESCAPE)
    app.settings.last_setup = TableSetup(2, (("Jugador 1", "human"), ("Ada", "ai:greedy")))
    assert play_online(app).asking_name  # a seat's default name, in any language, is nobody's


def until_seated(app: App, calling: ClubScene | NewClubTableScene) -> TableScene[OnlineTable]:
    answer_until(app, calling, lambda: is_table_of(app.scene, OnlineTable))
    assert is_table_of(app.scene, OnlineTable)
    return app.scene


def test_a_new_table_by_invitation_shows_its_code_and_a_rated_one_has_no_computers(
    make_app: AppMaker, club: ClubPeer
) -> None:
    app = at_club(make_app, club)
    scene = play_online(app)
    drive = Input(app)
    drive.click(scene.new)
    new = app.scene
    assert isinstance(new, NewClubTableScene)
    drive.click((new.computers.rect.right - 24, new.computers.rect.centery))
    assert new.table_seats() == ["remote"] * 3 + ["ai:expert"]
    drive.click(new.rated)
    assert new.table_seats() == ["remote"] * 4 and not new.computers.enabled
    drive.click(new.rated)
    assert new.computers.enabled and new.computers.value == 0
    drive.click((new.who.rect.right - 24, new.who.rect.centery))
    drive.click((new.pace.rect.right - 24, new.pace.rect.centery))
    assert new.who.value is False and new.pace.value == 1
    drive.click(new.create)
    table = until_seated(app, new)
    code = table.role.remote.link.table
    assert table.role.inviting and table.role.remote.link.invitation == code
    assert table.status_text() == ("Waiting for players to join…",)  # not only friends
    create = next(json.loads(f) for f in club.received if '"create"' in f)
    assert create["public"] is False and create["rated"] is False
    assert create["pace"] == {"days": 1} and create["seats"] == ["remote"] * 4
    assert "network_table" not in app.settings.extra  # the club keeps its seats


def test_a_new_table_without_take_backs_is_opened_so_at_a_real_club_and_its_lobby_says_so(
    make_app: AppMaker, table_server: HostedServer
) -> None:
    address = table_server.address or ""
    app = at_address(make_app, address)
    tom = TableClient(address, hello=ClubIdentity("Tom", "t" * 40)).start()
    try:
        drive = Input(app)
        drive.click(play_online(app).new)
        new = app.scene
        assert isinstance(new, NewClubTableScene) and new.takebacks.value is True
        drive.click(new.rated)
        assert new.takebacks.value is False  # a rated game's moves stand, unless chosen
        drive.click((new.takebacks.rect.right - 24, new.takebacks.rect.centery))
        assert new.takebacks.value is True
        drive.click(new.rated)
        assert new.takebacks.value is True
        drive.click((new.takebacks.rect.right - 24, new.takebacks.rect.centery))
        assert new.takebacks.value is False
        drive.click(new.create)
        code = until_seated(app, new).role.remote.link.table
        (table,) = table_server.registry.tables.values()
        assert table.code == code and table.club.options.takebacks is False
        assert not table.club.options.rated
        clock = table_server.registry.clock
        assert isinstance(clock, ManualClock)
        clock.now += 1  # the lobby listed when Play online opened, before the table, is old
        tom.lobby()
        (entry,) = next_of(tom, LobbyTables).tables
        assert (entry.table, entry.rated, entry.takebacks) == (code, False, False)
    finally:
        tom.close()
        app.close()


def test_your_tables_marks_your_turn_opens_a_table_again_and_the_board_your_place(
    make_app: AppMaker, club: ClubPeer
) -> None:
    code = a_table_of(club, "Tom")
    ann = TableClient(club.address, hello=ClubIdentity("Ann", key_at(club))).start()
    ann.join(code, "Ann")
    next_of(ann, TableView)
    ann.close()
    club.board = [
        {"player": "p0", "name": "Lucía", "rating": 1700, "games": 9},
        {"player": public_name(key_at(club)), "name": "Ann", "rating": 1600, "games": 3},
    ]
    app = at_club(make_app, club)
    menu = app.scene
    assert isinstance(menu, MenuScene)
    menu.ask_the_club()
    heard(app, lambda: menu.club, lambda: menu.club is None)
    tom_first = club.call(lambda: club.table(code).state.current_player) == 0
    assert menu.club_turns == (0 if tom_first else 1)
    scene = play_online(app)
    drive = Input(app)
    drive.click(scene.tabs[MINE])
    heard(app, lambda: scene.session, lambda: len(scene.lists[MINE].rows) == 1)
    row = scene.lists[MINE].rows[0]
    assert row[0] == "Tom" and row[3] == code  # whom Ann plays with first, the code after
    assert row[2] == ("Waiting" if tom_first else "Your turn")
    drive.click(scene.tabs[RATINGS])
    heard(app, lambda: scene.session, lambda: len(scene.lists[RATINGS].rows) == 2)
    assert scene.lists[RATINGS].selected == 1 and "place 2" in scene.who_words()
    drive.press(pygame.K_UP)  # the rows', not the buttons'
    assert scene.lists[RATINGS].selected == 0
    session = scene.session
    assert session is not None and session.board is not None
    session.board = replace(session.board)  # the board again (asked twice), and the lobby's
    scene.refill()  # news: the row the player chose stays
    assert scene.lists[RATINGS].selected == 0
    drive.click(scene.tabs[MINE])
    drive.click(scene.again)
    table = until_seated(app, scene)
    assert table.role.remote.held == {1} and table.role.remote.link.table == code


def join_by_code(
    make_app: AppMaker, club: ClubPeer, code: str
) -> tuple[App, TableScene[OnlineTable]]:
    """Ann's window at the club, at table `code` by its code (Play online, Join by code)."""
    app = at_club(make_app, club)
    lobby = play_online(app)
    drive = Input(app)
    drive.click(lobby.code)
    drive.text(code)
    drive.press(pygame.K_RETURN)
    return app, until_seated(app, lobby)


def test_the_board_keeps_the_players_row_in_its_middle_at_another_text_size(
    tmp_path: Path,
) -> None:
    """Ann's row, found with Me on a full club's board, stays in the list's middle, the
    players around it, when a larger text size shows fewer rows (it ran to the foot)."""
    app = staged("club-ratings-me", (800, 600), str(tmp_path))
    try:
        scene = app.scene
        assert isinstance(scene, ClubScene) and scene.tab == RATINGS
        board = scene.lists[RATINGS]
        rows = board.visible_rows
        assert board.top == board.selected - rows // 2
        app.settings.text_size = "largest"
        app.apply_settings()
        app.run_frames(1)
        assert board.visible_rows < rows and board.top == board.selected - board.visible_rows // 2
    finally:
        app.close()
        _stop_clubs()


def test_your_tables_says_whom_you_play_with_at_a_real_club_server(
    make_app: AppMaker, table_server: HostedServer
) -> None:
    address = table_server.address or ""
    tom = TableClient(address, hello=ClubIdentity("Tom", "t" * 40)).start()
    app = make_app()
    try:
        tom.create(["remote"] * 3, {}, club=ClubTableOptions(pace=TablePace(2)))
        code = next_of(tom, Created).table
        tom.join(code, "Tom")
        next_of(tom, TableView)
        app.settings.club_server, app.settings.club_secret = address, SECRET
        app.settings.extra["table_name"] = "Ann"
        menu = app.scene
        assert isinstance(menu, MenuScene)
        menu.resize(app.size)
        drive = Input(app)
        lobby = play_online(app)
        drive.click(lobby.code)
        drive.text(code)
        drive.press(pygame.K_RETURN)
        until_seated(app, lobby)
        drive.press(pygame.K_ESCAPE)  # a table that waits is left at will
        lobby = play_online(app)
        drive.click(lobby.tabs[MINE])
        heard(app, lambda: lobby.session, lambda: bool(lobby.lists[MINE].rows))
        assert lobby.lists[MINE].rows == [["Tom · 1 seat free", "2 days a move", "Waiting", code]]
    finally:
        tom.close()
        app.close()
