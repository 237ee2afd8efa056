"""An online table at rest draws nothing: sat at a club's new table waiting for players,
or watching a table where the turn is another player's, the window says it stays as it is
until news comes (`App.still_for` is infinite) and idle frames draw no picture; a move
that arrives is drawn. Nor does news of a lobby nobody sees come: Play online follows it
only while it shows. Against the scripted club (tools/club_peer.py), real clients."""

from __future__ import annotations

import math

import pygame

from game import news
from game.app import NEWS, App, post_news
from game.net.client import ClubIdentity, Connected, TableClient
from game.net.club_answers import MyTables
from game.net.invitation import Invitation
from game.net.replies import Created, MoveMessage, TableView
from game.scenes.club.new_table import NewClubTableScene
from game.scenes.online.join import JoinScene
from game.scenes.online.remote import OnlineTable
from game.scenes.requests import Screen
from game.scenes.table.scene import TableScene
from tests.conftest import GUARD_S, AppMaker, clients_closed
from tests.drive import Input, is_table_of
from tests.net_helpers import first_legal_entry
from tests.test_net_club_client import next_of
from tests.test_scenes_club import at_club, heard, play_online, until_seated
from tests.test_scenes_online_remote import answer_until
from tools.club_peer import ClubPeer

IDLE_FRAMES = 1200
"""Ten seconds of frames at rest (a 120th of a second each)."""


def drawn_for_news(app: App, table: TableScene[OnlineTable]) -> tuple[int, int]:
    """Frames drawn, and news heard (another connection's messages wake the window too),
    over `IDLE_FRAMES` frames once the table has settled (what came with it shown)."""
    for _ in range(2000):
        if app.still_for() == math.inf and not table.tweens.busy:
            break
        app.run_frames(1)
    heard = [0]

    def counted() -> None:
        heard[0] += 1
        post_news()

    news.listen(counted)
    pygame.event.clear(NEWS)  # what came before is in
    drawn = app.drawn
    app.run_frames(IDLE_FRAMES)
    news.listen(post_news)
    return app.drawn - drawn, heard[0]


def test_a_new_club_table_waiting_for_players_draws_nothing(
    make_app: AppMaker, club: ClubPeer
) -> None:
    app = at_club(make_app, club)
    try:
        Input(app).click(play_online(app).new)
        new = app.scene
        assert isinstance(new, NewClubTableScene) and new.pace.value == 0  # live
        Input(app).click(new.create)
        table = until_seated(app, new)
        assert table.status_text()[0] == "Waiting for players to join…"
        drawn, heard = drawn_for_news(app, table)
        assert drawn <= heard < 10 and app.still_for() == math.inf
    finally:
        app.close()


def test_a_watched_table_waiting_for_a_players_move_draws_nothing_until_it_comes(
    make_app: AppMaker, club: ClubPeer
) -> None:
    tom = TableClient(club.address, hello=ClubIdentity("Tom", "t" * 40)).start()
    bob = TableClient(club.address, hello=ClubIdentity("Bob", "b" * 40)).start()
    app = make_app()
    try:
        tom.create(["remote", "remote"], {})
        code = next_of(tom, Created).table
        tom.join(code, "Tom")
        next_of(tom, TableView)
        bob.join(code, "Bob")
        next_of(bob, TableView)
        app.open(Screen.JOIN)
        app.run_frames(1)
        join = app.scene
        assert isinstance(join, JoinScene)
        join.invitation.text = str(Invitation(club.address, code))
        Input(app).click(join.watch)
        answer_until(app, join, lambda: is_table_of(app.scene, OnlineTable))
        table = app.scene
        assert is_table_of(table, OnlineTable) and table.role.remote.watching
        assert table.role.remote.started and table.status_text()[0].startswith(
            "Watching · Waiting for"
        )
        drawn, heard = drawn_for_news(app, table)
        assert drawn <= heard < 10 and app.still_for() == math.inf
        seat, entry = club.call(
            lambda: (club.table(code).state.current, first_legal_entry(club.table(code)))
        )
        (tom if seat == 0 else bob).move(code, entry)
        client = table.role.remote.link.client
        while not isinstance(event := client.wait(GUARD_S), MoveMessage):
            assert event is not None, "the move never came"
            table.role.remote.receive(event)
        table.role.remote.receive(event)
        drawn = app.drawn
        app.run_frames(60)
        assert app.drawn - drawn >= 30  # the move lands, drawn as it moves
    finally:
        tom.close()
        bob.close()
        app.close()


def test_a_connection_a_test_leaves_open_is_closed_when_the_test_ends(club: ClubPeer) -> None:
    """What `drawn_for_news` counts is this test's news only: a connection an earlier test
    left open (a window it did not close, a client of its own) would try its stopped club
    again for the rest of the run, each try news that wakes this window (15 news in the
    ten idle seconds after the club screens' tests, under load). Each test's are closed."""
    with clients_closed():
        left = TableClient(club.address).start()
        assert isinstance(left.wait(GUARD_S), Connected)
    assert not left.running


def test_the_lobby_is_followed_only_while_play_online_shows_it(
    make_app: AppMaker, club: ClubPeer
) -> None:
    app = at_club(make_app, club)
    try:
        drive = Input(app)
        lobby = play_online(app)
        # until the lobby's tables came: the club has read the lobby asked for by then (the
        # first answers, which the test waited for before, may come before it reads it)
        heard(
            app,
            lambda: lobby.session,
            lambda: lobby.session is not None and lobby.session.lobby is not None,
        )
        session = lobby.session
        assert session is not None and following(club) == [True]
        drive.click(lobby.new)
        new = app.scene
        assert isinstance(new, NewClubTableScene)
        session.refresh()  # answered once the club has read what came before it
        next_of(session.client, MyTables)
        assert following(club) == [False]  # a new table's screen shows no lobby
        session.lobby = None
        drive.click(new.back)
        heard(app, lambda: session, lambda: session.lobby is not None)  # said again at once
        assert following(club) == [True]
    finally:
        app.close()


def following(club: ClubPeer) -> list[bool]:
    """Whether each connection that said hello follows the lobby."""
    return club.call(lambda: [peer.following for peer in club.connections if peer.key])
