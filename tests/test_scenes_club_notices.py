"""Your turn, told where you are: the menu asks the club at how many tables it is your
turn and the window's title says so ("Contack — your turn"), against a real table
server in a thread; and the club's screen of turn notices by e-mail, driven by real
input."""

from __future__ import annotations

import pygame
import pytest

from game.net.client import ClubIdentity, TableClient
from game.net.hosting import HostedServer
from game.net.messages import ClubTableOptions, TablePace
from game.net.replies import Created, Joined
from game.persist.settings import Settings, club_keys
from game.scenes.menus.menu import MenuScene
from game.ui.turn_title import TURN_TITLE
from tests.conftest import AppMaker
from tests.test_net_club_client import next_of
from tests.test_scenes_club import SECRET, at_address, heard


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
