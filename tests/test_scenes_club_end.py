"""A club table's end and its players' leaving, at a real table server on loopback
(game/net/server.py in a thread, a real `Registry` with its club) with real clients: a
rated game played out from the window says on its final score what it did to the
player's rating; the table's host is offered a computer for a player who left, each
time one leaves."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from typing import Any

import pygame
from websockets.sync.client import connect

from game.ai.rating_scale import club_rating
from game.app import App
from game.net.client import ClubIdentity, TableClient
from game.net.hosting import HostedServer
from game.net.messages import join_frame
from game.net.replies import Joined
from game.persist.settings import TableSetup
from game.rules.table_rules import TableRules
from game.scenes.club.lobby import MINE
from game.scenes.club.new_table import NewClubTableScene
from game.scenes.online.remote import OnlineTable
from game.scenes.table.scene import TableScene
from game.scenes.table.score import ScoreScene
from tests.conftest import GUARD_S, AppMaker
from tests.drive import Input
from tests.game_window import play_until
from tests.net_process import Player
from tests.test_languages import drawn_words
from tests.test_net_club_client import next_of
from tests.test_scenes_club import at_address, heard, play_online, until_seated


def bob_plays_out(address: str, code: str, over: list[dict[str, Any]]) -> None:
    """Bob, a player of the club, takes the free seat of `code` and plays first legal
    moves to the end (its `over` put in `over`)."""
    with connect(address, max_size=2**24) as connection:
        connection.send(json.dumps({"type": "hello", "name": "Bob", "key": "b" * 40}))
        bob = Player(connection, code)
        bob.ask(join_frame(code, "Bob"), "view")
        ended = bob.play(None)
        assert ended is not None
        over.append(ended)


def rated_table(app: App) -> TableScene[OnlineTable]:
    """New online table: two seats, rated, one hand; the table sat at."""
    app.settings.last_setup = TableSetup(2, (), TableRules(hands=1))
    drive = Input(app)
    drive.click(play_online(app).new)
    new = app.scene
    assert isinstance(new, NewClubTableScene)
    drive.press(pygame.K_2)  # the seats' counter has the focus
    drive.click(new.rated)
    assert new.table_seats() == ["remote", "remote"] and new.rated.value
    drive.click(new.create)
    return until_seated(app, new)


def test_a_rated_club_games_final_score_says_the_players_rating_change(
    make_app: AppMaker, table_server: HostedServer
) -> None:
    address = table_server.address or ""
    app = at_address(make_app, address, size=(800, 600), speed="instant")
    over: list[dict[str, Any]] = []
    try:
        table = rated_table(app)
        code, ann = table.role.remote.link.table, table.role.remote.link.player
        bob = threading.Thread(target=bob_plays_out, args=(address, code, over), daemon=True)
        bob.start()
        play_until(app, lambda: isinstance(app.scene, ScoreScene))
        bob.join(GUARD_S)
        score = app.scene
        assert isinstance(score, ScoreScene) and score.final and over
        change = next(c for c in over[0]["ratings"] if c["player"] == ann)
        assert change["before"] == 1000  # sent for a new player: greedy's skill, unsure
        after = round(club_rating(change["after"]))
        sign = "+" if after >= 763 else "\N{MINUS SIGN}"
        words = f"Your rating: 763 → {after:,} ({sign}{abs(after - 763):,})"
        assert words in drawn_words(app)  # on the one scale (docs/ratings.md)
    finally:
        app.close()


def heard_at(app: App, table: TableScene[OnlineTable], done: Callable[[], bool]) -> None:
    """Frames, each after one message of the table's connection, until `done()`."""
    for _ in range(100):
        app.run_frames(2)
        if done():
            return
        event = table.role.remote.link.client.wait(GUARD_S)
        assert event is not None, "the server said nothing more"
        table.role.remote.receive(event)
    raise AssertionError("the server never said that")


BOB = ClubIdentity("Bob", "b" * 40)


def bob_leaves_then_comes_back(
    app: App, table: TableScene[OnlineTable], bob: TableClient, token: str
) -> TableClient:
    """Bob's window closes: the host is offered a computer for his seat and takes it;
    Bob comes back (his new connection)."""
    offer, remote = table.buttons["stand-in"], table.role.remote
    bob.close()
    heard_at(app, table, lambda: offer.visible)
    Input(app).click(offer)

    def computer() -> bool:
        return remote.flow.kinds[1].startswith("ai:")

    heard_at(app, table, lambda: computer() and not offer.visible)  # nobody is away
    back = TableClient(bob.address, hello=BOB).start()
    back.rejoin(remote.link.table, token)
    heard_at(app, table, lambda: not computer() and remote.connection.seats[1])
    assert not offer.visible
    return back


def test_let_a_computer_play_is_offered_each_time_a_player_leaves(
    make_app: AppMaker, table_server: HostedServer
) -> None:
    """Bob leaves and comes back twice; between, Ann's window (the table's host: it
    opened it) leaves the table and opens it again from Your tables."""
    address = table_server.address or ""
    app = at_address(make_app, address, size=(800, 600), speed="instant")
    bob = TableClient(address, hello=BOB).start()
    try:
        drive = Input(app)
        drive.click(play_online(app).new)
        new = app.scene
        assert isinstance(new, NewClubTableScene)
        drive.press(pygame.K_2)
        drive.click(new.create)
        table = until_seated(app, new)
        bob.join(table.role.remote.link.table, "Bob")
        token = next_of(bob, Joined).token
        heard_at(app, table, lambda: table.role.remote.started)
        bob = bob_leaves_then_comes_back(app, table, bob, token)
        drive.press(pygame.K_ESCAPE)  # Ann leaves the table, and comes back to it
        lobby = play_online(app)
        drive.click(lobby.tabs[MINE])
        heard(app, lambda: lobby.session, lambda: bool(lobby.lists[MINE].rows))
        drive.click(lobby.again)
        again = until_seated(app, lobby)
        heard_at(app, again, lambda: again.role.remote.started)
        bob = bob_leaves_then_comes_back(app, again, bob, token)
    finally:
        bob.close()
        app.close()
