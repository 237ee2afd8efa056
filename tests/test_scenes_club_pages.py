"""Play online's filters and pages, driven by real input against the game's own club
server on loopback (tools/club_sample.py: 45 public tables from 45 networks, 22 of them
live; 121 players on the board, Ann 73rd): a filter clicked or stepped from the keyboard
lists the tables that pass it (its value in gold while it is on), Next and Previous turn
the lobby's and the board's pages, and Me turns the board to Ann's page with her row
picked out in gold. Each wait is for one answer of the club, never for the clock."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.app import App
from game.scenes.club.lobby import LOBBY, RATINGS, ClubScene
from game.ui.theme import PALETTE
from tests.conftest import AppMaker
from tests.drive import Input, click_next
from tests.test_scenes_club import SECRET, at_address, heard, play_online
from tools.club_sample import SampleClub, sample_club

LIVE_TABLES = 22


@pytest.fixture
def full_club() -> Iterator[SampleClub]:
    club = sample_club(SECRET)
    yield club
    club.stop()


def online(make_app: AppMaker, club: SampleClub) -> tuple[App, ClubScene]:
    """Ann's window at `club`, on Play online once the club said its lobby and board."""
    app = at_address(make_app, club.address)
    scene = play_online(app)
    session = scene.session
    assert session is not None
    heard(app, lambda: session, lambda: session.lobby is not None and session.board is not None)
    return app, scene


def lobby_page(app: App, scene: ClubScene, page: int, total: int) -> list[list[str]]:
    """The lobby's rows, once the club said its page `page` of `total` tables."""

    def shown() -> bool:
        lobby = scene.session.lobby if scene.session else None
        return lobby is not None and (lobby.paging.page, lobby.paging.total) == (page, total)

    heard(app, lambda: scene.session, shown)
    return [[str(cell) for cell in row] for row in scene.lists[LOBBY].rows]


def golden(app: App, area: pygame.Rect) -> int:
    """How many pixels of `area` are drawn in the theme's gold, once the screen shows the
    club's last answer (taken in by `heard`, not by the window's own doorbell)."""
    app.redraw()
    app.run_frames(1)
    return sum(
        app.screen.get_at((x, y))[:3] == PALETTE.gold
        for x in range(area.left, area.right)
        for y in range(area.top, area.bottom)
    )


def test_a_filter_lists_the_tables_that_pass_it_and_next_turns_its_pages(
    make_app: AppMaker, full_club: SampleClub
) -> None:
    app, scene = online(make_app, full_club)
    drive = Input(app)
    assert len(lobby_page(app, scene, 1, 45)) == 20 and scene.page_words() == (
        "Page 1 of 3 · 45 tables"
    )
    assert not scene.previous.enabled and scene.next.enabled
    click_next(app, scene.pace)  # Any pace → Live
    rows = lobby_page(app, scene, 1, LIVE_TABLES)
    assert scene.pace.words() == "Live" and len(rows) == 20
    assert golden(app, scene.pace.rect) > golden(app, scene.size.rect) + 20  # a filter on
    assert {row[3] for row in rows} == {"Live"}
    drive.click(scene.next)
    rows = lobby_page(app, scene, 2, LIVE_TABLES)
    assert len(rows) == 2 and {row[3] for row in rows} == {"Live"}
    assert scene.previous.enabled and not scene.next.enabled
    assert scene.page_words() == "Page 2 of 2 · 22 tables"
    surface = app.screen
    assert surface.get_at((scene.next.rect.x + 8, scene.next.rect.centery))[:3] == (34, 58, 46)
    drive.press(pygame.K_TAB, pygame.KMOD_SHIFT, times=3)  # Previous, Pace, Rated (no Me)
    assert scene.form.focused is scene.rated
    drive.press(pygame.K_RIGHT)  # Rated or not → Rated: its first page again
    rows = lobby_page(app, scene, 1, 7)
    assert {row[3] for row in rows} == {"Live"} and {row[4] for row in rows} == {"Rated"}


def test_filters_no_table_passes_say_so_and_the_list_is_empty(
    make_app: AppMaker, full_club: SampleClub
) -> None:
    app, scene = online(make_app, full_club)
    click_next(app, scene.size)  # 2 players: each has its opener seated, one seat free
    lobby_page(app, scene, 1, 8)
    click_next(app, scene.free)  # 2+ free seats
    assert lobby_page(app, scene, 1, 0) == [] and not scene.next.enabled
    assert scene.empty_words() == "No table fits these filters: choose others, or open a new one."


def test_me_turns_the_board_to_the_players_page_and_picks_out_their_row(
    make_app: AppMaker, full_club: SampleClub
) -> None:
    app, scene = online(make_app, full_club)
    drive = Input(app)
    drive.click(scene.tabs[RATINGS])
    board = scene.lists[RATINGS]
    assert board.rows[0][0] == "1" and len(board.rows) == 50 and not board.marked
    assert "place 73" in scene.who_words() and scene.page_words() == "Page 1 of 3 · 121 players"
    drive.click(scene.me)
    heard(app, lambda: scene.session, lambda: board.rows[0][0] == "51")
    assert board.rows[board.selected][:2] == ["73", "Ann"] and board.marked == {22}
    slot = board.selected - board.top
    row = pygame.Rect(board.rect.x, board.rect.y + board.row_height * (slot + 1), 200, 40)
    row.height = board.row_height
    assert golden(app, row) > 20  # her place and name in gold
    drive.press(pygame.K_TAB)  # from Me to Next
    drive.press(pygame.K_RETURN)
    heard(app, lambda: scene.session, lambda: board.rows[0][0] == "101")
    assert len(board.rows) == 21 and not board.marked and not scene.next.enabled


def test_me_waits_until_the_player_has_a_place_on_the_board(make_app: AppMaker) -> None:
    club = sample_club("another-players-secret-" + "x" * 30)  # Ann is new there
    try:
        app, scene = online(make_app, club)
        Input(app).click(scene.tabs[RATINGS])
        assert not scene.me.enabled and "place" not in scene.who_words()
        assert scene.previous.visible and scene.next.enabled  # the board's pages all the same
    finally:
        club.stop()
