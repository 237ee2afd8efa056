"""A table that waits (days a move), driven by real input against the scripted club
(tools/club_peer.py): it is left at will from the table (Escape), moves are made while
the player is away, and coming back from Your tables shows those moves one by one, as
moves that arrive are shown, from where the player left."""

from __future__ import annotations

import pygame

from game.net.client import ClubIdentity, TableClient
from game.net.club import seen_at
from game.net.replies import Created, MoveMessage, TableView
from game.net.table_opening import rewound
from game.scenes.club.lobby import MINE
from game.scenes.menus.menu import MenuScene
from game.scenes.online.remote import OnlineTable
from tests.conftest import AppMaker
from tests.drive import Input, is_table_of
from tests.net_helpers import first_legal_entry
from tests.test_net_club_client import KEY as OTHER_KEY
from tests.test_net_club_client import next_of
from tests.test_scenes_club import heard, join_by_code, key_at, play_online, until_seated
from tools.club_peer import ClubPeer

MOVES_AWAY = 3


def test_a_table_that_waits_is_left_and_shows_what_came_since_on_coming_back(
    make_app: AppMaker, club: ClubPeer
) -> None:
    tom = TableClient(club.address, hello=ClubIdentity("Tom", OTHER_KEY)).start()
    ann_elsewhere: TableClient | None = None
    try:
        tom.create(["remote", "remote"], {}, club=None)
        code = next_of(tom, Created).table
        tom.join(code, "Tom")
        next_of(tom, TableView)
        app, table = join_by_code(make_app, club, code)
        drive = Input(app)
        left_at = table.role.remote.flow.position()
        drive.press(pygame.K_ESCAPE)  # left at will: back to the menu
        assert isinstance(app.scene, MenuScene)
        assert seen_at(app.settings.extra, code) == left_at
        # while Ann is away, Tom and Ann (from another computer) make three moves
        token = next(t for c, _seat, t in club.seats_of[key_at(club)] if c == code)
        ann_elsewhere = TableClient(club.address, hello=ClubIdentity("Ann", key_at(club))).start()
        ann_elsewhere.rejoin(code, token)
        next_of(ann_elsewhere, TableView)
        for _ in range(MOVES_AWAY):
            seat, entry = club.call(
                lambda: (club.table(code).state.current, first_legal_entry(club.table(code)))
            )
            (tom if seat == 0 else ann_elsewhere).move(code, entry)
            next_of(tom, MoveMessage)
        ann_elsewhere.close()
        lobby = play_online(app)
        drive.click(lobby.tabs[MINE])
        heard(app, lambda: lobby.session, lambda: len(lobby.lists[MINE].rows) == 1)
        drive.click(lobby.again)
        table = until_seated(app, lobby)
        flow = table.role.remote.flow
        since = (left_at[0], left_at[1] + MOVES_AWAY)
        # not taken whole: from where Ann left (the first move since may come in the
        # frame that opened the table), each move since shown as a move
        assert left_at <= flow.position() < since and table.role.remote.busy()
        positions = set()
        for _ in range(2000):
            positions.add(flow.position())
            if flow.position() == since:
                break
            app.run_frames(1)
        assert len(positions) >= MOVES_AWAY and flow.position() == since
        assert is_table_of(app.scene, OnlineTable)
    finally:
        tom.close()
        if ann_elsewhere is not None:
            ann_elsewhere.close()


def test_rewinding_a_view_keeps_it_whole_when_nothing_can_be_shown() -> None:
    from game.rules.modes import Mode
    from game.rules.record.document import GameRecord

    record = GameRecord.new(Mode.TABLE, [{"kind": "human"}, {"kind": "human"}])
    view = TableView("T", record)
    assert rewound(view, (1, 0)) == (view, [])
