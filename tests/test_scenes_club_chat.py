"""The chat beside a club's table, driven by real input against the scripted club
(tools/club_peer.py): lines come and are said, typing keeps every key from the table, a
click on a name mutes that player (kept in the settings) and the muted line shows them
again, Escape closes the chat; the key is in no frame but hello."""

from __future__ import annotations

import json
from collections.abc import Callable

import pygame

from game.app import App
from game.net.client import ClubIdentity, TableClient
from game.net.club_answers import Said
from game.net.replies import TableView
from game.net.table_chat import said_name
from game.scenes.online.chat import MUTED_SETTING
from game.scenes.online.remote import OnlineTable
from game.scenes.table.scene import TableScene
from tests.conftest import GUARD_S, AppMaker
from tests.drive import Input, is_table_of
from tests.test_net_club_client import next_of
from tests.test_scenes_club import a_table_of, join_by_code, key_at
from tools.club_peer import ClubPeer


def wait_for(app: App, scene: TableScene[OnlineTable], done: Callable[[], bool]) -> None:
    """Frames, each after one event of the table's connection, until `done()`."""
    match = scene.role.remote
    for _ in range(100):
        if done():
            return
        event = match.link.client.wait(GUARD_S)
        assert event is not None, "nothing came"
        match.receive(event)
        app.run_frames(2)
    raise AssertionError("never came")


def test_chat_lines_come_are_said_and_a_muted_player_is_hidden(
    make_app: AppMaker, club: ClubPeer
) -> None:
    code = a_table_of(club, "Tom")
    app, table = join_by_code(make_app, club, code)
    chat, heard = table.role.chat, table.role.remote.chat  # the panel, its lines
    drive = Input(app)
    tom = TableClient(club.address, hello=ClubIdentity("Tom", "o" * 40)).start()
    try:
        tom.watch(code)
        next_of(tom, TableView)
        tom.say(code, "good luck")
        wait_for(app, table, lambda: len(heard.lines) == 1)
        assert heard.unread == 1 and table.buttons["chat"].visible
        drive.click(table.buttons["chat"])
        assert chat.open and chat.field.focused and heard.unread == 0
        assert [said_name(said) for _rect, said in chat.names] == ["Tom (watching)"]
        drive.text("thanks r")
        drive.press(pygame.K_r)  # a key of the table: the box has it while typing
        drive.press(pygame.K_f)
        assert chat.field.text == "thanks r"
        drive.press(pygame.K_RETURN)
        wait_for(app, table, lambda: len(heard.lines) == 2)
        ann = heard.lines[-1]
        assert ann == Said(code, 1, "Ann", "thanks r", ann.player)
        assert chat.field.text == ""
        drive.press(pygame.K_TAB)
        assert is_table_of(app.scene, OnlineTable) and not chat.field.focused
        tom_line = heard.lines[0]
        name_rect = next(rect for rect, said in chat.names if said == tom_line)
        drive.click(name_rect.center)
        assert [said.name for said in heard.shown()] == ["Ann"]
        assert app.settings.extra[MUTED_SETTING] == {tom_line.player: "Tom"}
        drive.click(chat.muted_rect.center)
        assert len(heard.shown()) == 2 and app.settings.extra[MUTED_SETTING] == {}
    finally:
        tom.close()
    sent = [json.loads(frame) for frame in club.received]
    assert sorted(frame["text"] for frame in sent if frame["type"] == "say") == [
        "good luck",
        "thanks r",
    ]
    key = key_at(club)
    assert all(key not in json.dumps(frame) for frame in sent if frame["type"] != "hello")


def test_a_watcher_named_as_a_seat_is_shown_as_a_watcher_and_muted_alone(
    make_app: AppMaker, club: ClubPeer
) -> None:
    """A watcher who said hello as "Ann" was drawn "Ann:" as the seated Ann is, and a
    click on that name muted both (by name)."""
    code = a_table_of(club, "Tom")
    app, table = join_by_code(make_app, club, code)
    chat, heard = table.role.chat, table.role.remote.chat  # the panel, its lines
    drive = Input(app)
    impostor = TableClient(club.address, hello=ClubIdentity("Ann", "i" * 40)).start()
    try:
        impostor.watch(code)
        next_of(impostor, TableView)
        impostor.say(code, "I resign")
        wait_for(app, table, lambda: len(heard.lines) == 1)
        drive.click(table.buttons["chat"])
        drive.text("no you don't")
        drive.press(pygame.K_RETURN)
        wait_for(app, table, lambda: len(heard.lines) == 2)
    finally:
        impostor.close()
    (watched, watched_name, _), (seated, seated_name, _) = reversed(chat.rows)
    assert watched.y < seated.y  # the older line higher
    labels = [said_name(said) for _rect, said in chat.names]
    assert labels == ["Ann", "Ann (watching)"]  # newest first, as placed
    assert watched_name.get_width() > seated_name.get_width()
    impostor_rect = chat.names[1][0]
    drive.click(impostor_rect.center)
    assert [said.text for said in heard.shown()] == ["no you don't"]
    assert list(app.settings.extra[MUTED_SETTING].values()) == ["Ann"]


def test_escape_closes_the_chat_and_shows_the_figure_under_it(
    make_app: AppMaker, club: ClubPeer
) -> None:
    """The chat stayed open after Escape (it only left the box), hiding the figure."""
    code = a_table_of(club, "Tom")
    app, table = join_by_code(make_app, club, code)
    chat = table.role.chat
    drive = Input(app)
    bare = app.screen.copy()
    drive.click(table.buttons["chat"])
    panel = chat.rect
    assert chat.open and app.screen.get_at(panel.center) != bare.get_at(panel.center)
    for typing in (True, False):
        if not typing:
            drive.click(table.buttons["chat"])
            drive.press(pygame.K_TAB)  # the box left, the chat still open
        assert chat.open and chat.field.focused is typing
        drive.press(pygame.K_ESCAPE)
        assert app.scene is table and not chat.open
        assert app.screen.get_at(panel.center) == bare.get_at(panel.center)
