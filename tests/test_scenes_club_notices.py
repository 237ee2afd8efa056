"""Your turn, told where you are: the menu asks the club at how many tables it is your
turn and the window's title says so ("Contack — your turn"), against a real table
server in a thread; and the club's screen of turn notices by e-mail, driven by real
input."""

from __future__ import annotations

import re
from collections.abc import Callable

import pygame
import pytest

from game.app import App
from game.net.client import ClubIdentity, TableClient
from game.net.club import ClubSession
from game.net.hosting import HostedServer
from game.net.messages import ClubTableOptions, TablePace
from game.net.notice_messages import NoticeSettings
from game.net.replies import Created, Joined
from game.net.tables.notices import MemoryNoticeBook, TurnNotices
from game.net.tables.registry import Registry
from game.persist.settings import Settings, club_keys
from game.scenes.base import Scene
from game.scenes.club.notices import NoticesScene
from game.scenes.menus.menu import MenuScene
from game.ui.turn_title import TURN_TITLE
from tests.conftest import AppMaker
from tests.drive import Input
from tests.net_helpers import ROOMY, ManualClock
from tests.test_net_club_client import next_of
from tests.test_net_notices import InlinePostbox
from tests.test_scenes_club import SECRET, at_address, heard, play_online


def anns_key(address: str) -> str:
    return club_keys(Settings(club_secret=SECRET), address)[0]


def waiting_for_ann(address: str) -> str:
    """A table that waits days at the club at `address`, both seats Ann's (whoever is
    to move, it is Ann's turn)."""
    ann = TableClient(address, hello=ClubIdentity("Ann", anns_key(address))).start()
    try:
        ann.create(["remote"] * 2, {}, club=ClubTableOptions(pace=TablePace(2)))
        code = next_of(ann, Created).table
        for _ in range(2):
            ann.join(code, "Ann")
            next_of(ann, Joined)
    finally:
        ann.close()
    return code


def test_the_title_says_your_turn_once_the_club_says_a_table_waits_for_you(
    make_app: AppMaker, table_server: HostedServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    told: list[tuple[str, str]] = []
    monkeypatch.setattr(TURN_TITLE, "notify", lambda *notice: told.append(notice))
    address = table_server.address or ""
    app = at_address(make_app, address)
    menu = app.scene
    assert isinstance(menu, MenuScene)
    try:
        assert pygame.display.get_caption()[0] == "Contack"
        waiting_for_ann(address)
        menu.ask_the_club()
        heard(app, lambda: menu.club, lambda: menu.club is None)
        assert menu.club_turns == 1
        assert pygame.display.get_caption()[0] == "Contack — your turn"
        assert told == [("Contack — your turn", "Your turn at 1 table of your club")]
    finally:
        TURN_TITLE.tell(0)
        app.close()


def said(session: ClubSession, check: Callable[[NoticeSettings], bool]) -> Callable[[], bool]:
    """Whether the club told `session` notice settings that pass `check`."""
    return lambda: session.notices is not None and check(session.notices)


def the_notices_screen(app: App) -> tuple[Scene, NoticesScene]:
    """Play online, then the club's notices screen once the club has told its settings:
    the lobby under it and the screen."""
    lobby = play_online(app)
    heard(app, lambda: lobby.session, lambda: bool(lobby.session and lobby.session.welcome))
    Input(app).click(lobby.notices)
    scene = app.scene
    assert isinstance(scene, NoticesScene)
    heard(app, lambda: scene.session, lambda: scene.session.notices is not None)
    return lobby, scene


def with_notices(book: MemoryNoticeBook, postbox: InlinePostbox) -> HostedServer:
    """A club in this process (not started) whose turn notices keep their addresses in
    `book` and mail through `postbox`."""
    registry = Registry(ManualClock(), limits=ROOMY)
    registry.notices = TurnNotices(registry.clock, book, postbox, registry.club.need_player)
    return HostedServer(registry, "127.0.0.1", 0)


def test_the_screens_own_refusal_stays_while_other_answers_of_the_club_come(
    make_app: AppMaker,
) -> None:
    """An address the screen refuses itself stays refused on screen when the club's
    other answers come (a lobby page, the player's tables): they are no answer about
    the notices. Under load the lobby page asked as the screen opened came after the
    typing, and the refusal went."""
    hosted = with_notices(MemoryNoticeBook(), InlinePostbox())
    app = at_address(make_app, hosted.start())
    try:
        _lobby, scene = the_notices_screen(app)
        session = scene.session
        drive = Input(app)
        drive.click(scene.address)
        drive.text("ann@example")
        drive.press(pygame.K_RETURN)
        refused = "That is not an e-mail address the club can use."
        assert scene.status_words() == refused
        session.refresh()  # the player's tables and the ratings board, asked again
        news = session.news
        heard(app, lambda: session, lambda: session.news >= news + 2)
        assert scene.status_words() == refused
    finally:
        app.close()
        hosted.stop()


def test_an_address_is_confirmed_by_the_code_mailed_and_notices_switched_off(
    make_app: AppMaker,
) -> None:
    postbox = InlinePostbox()
    book = MemoryNoticeBook()
    hosted = with_notices(book, postbox)
    app = at_address(make_app, hosted.start())
    try:
        lobby, scene = the_notices_screen(app)
        session = scene.session
        drive = Input(app)
        assert scene.status_words().startswith("Give your address")
        assert not scene.switch.enabled
        drive.click(scene.address)
        drive.text("ann@example")
        drive.press(pygame.K_RETURN)
        assert scene.status_words() == "That is not an e-mail address the club can use."
        drive.text(".org")
        drive.press(pygame.K_RETURN)
        heard(
            app,
            lambda: session,
            lambda: session.notices is not None and bool(session.notices.address),
        )
        assert scene.status_words() == "A code was mailed to ann@example.org: type it here."
        code = re.search(r"\d{6}", str(postbox.sent[-1]["Subject"]))
        assert code is not None and postbox.sent[-1]["To"] == "ann@example.org"
        drive.click(scene.code)
        drive.text(f"{(int(code.group(0)) + 1) % 1_000_000:06d}")
        drive.click(scene.confirm)
        heard(app, lambda: session, lambda: bool(session.notice_refusal))
        assert scene.status_words().startswith("That is not the code mailed to you")
        drive.click(scene.code)
        drive.press(pygame.K_a, pygame.KMOD_CTRL)
        drive.text(code.group(0))
        drive.press(pygame.K_RETURN)
        heard(
            app, lambda: session, lambda: session.notices is not None and session.notices.confirmed
        )
        assert scene.status_words() == "Notices go to ann@example.org."
        assert scene.switch.enabled and scene.switch.value
        drive.click(scene.switch)
        heard(app, lambda: session, said(session, lambda notices: not notices.on))
        assert scene.status_words() == "Notices to ann@example.org are off."
        drive.click(scene.back)
        assert app.scene is lobby
    finally:
        app.close()
        hosted.stop()
    (player,) = book.players.values()
    assert player.address == "ann@example.org" and player.confirmed and not player.on


def test_a_club_that_sends_no_mail_says_so_and_its_switch_stays_off(
    make_app: AppMaker, table_server: HostedServer
) -> None:
    app = at_address(make_app, table_server.address or "")
    try:
        lobby = play_online(app)
        heard(app, lambda: lobby.session, lambda: bool(lobby.session and lobby.session.welcome))
        Input(app).click(lobby.notices)
        scene = app.scene
        assert isinstance(scene, NoticesScene)
        heard(app, lambda: scene.session, lambda: bool(scene.session.notice_refusal))
        assert scene.status_words() == "This club sends no e-mail."
        assert not scene.switch.enabled
    finally:
        app.close()
