"""Your games, driven by real input against the game's own club server on loopback
(tools/club_games_sample.py: Ann's 25 finished games, one left unfinished): Your games
in the lobby lists them newest first in pages that Right and Left (or Next and
Previous) turn, Enter opens the selected one in the replay viewer and Coach in the
coach, with the record the club keeps; an older club says it keeps no list. Each wait
is for one answer of the club, never for the clock."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pygame
import pytest

from game.app import App
from game.net.club_games import GamesSession
from game.net.tables.table import NetTable
from game.scenes.club.games import ClubGamesScene
from game.scenes.review.coach import CoachScene
from game.scenes.review.replay import ReplayScene
from tests.conftest import GUARD_S, AppMaker
from tests.drive import Input
from tests.test_scenes_club import SECRET, at_address, heard, play_online
from tools.club_games_sample import UNFINISHED, GamesClub, games_club
from tools.club_peer import ClubPeer


@pytest.fixture(scope="module")
def ann_club() -> Iterator[GamesClub]:
    """Ann's club, one for the module's tests: they only read her games (building it
    plays 25 games)."""
    club = games_club(SECRET)
    yield club
    club.stop()


def told(app: App, session: GamesSession, done: Callable[[], bool]) -> None:
    """Frames, each after one answer of the club, until `done()`."""
    for _ in range(100):
        if done():
            return
        event = session.client.wait(GUARD_S)
        assert event is not None, "the club did not answer"
        session.receive(event)
        app.run_frames(2)
    raise AssertionError("the club never said that")


def your_games(make_app: AppMaker, address: str) -> tuple[App, ClubGamesScene]:
    """Ann's window on Your games at the club at `address`, once its first answer came."""
    app = at_address(make_app, address)
    lobby = play_online(app)
    heard(
        app,
        lambda: lobby.session,
        lambda: lobby.session is not None and bool(lobby.session.welcome),
    )
    Input(app).click(lobby.games)
    scene = app.scene
    assert isinstance(scene, ClubGamesScene)
    told(app, scene.session, lambda: scene.session.games is not None or bool(scene.session.problem))
    return app, scene


def page_shown(app: App, scene: ClubGamesScene, number: int) -> list[list[str]]:
    told(
        app,
        scene.session,
        lambda: scene.session.games is not None and scene.session.games.paging.page == number,
    )
    return [[str(cell) for cell in row] for row in scene.list.rows]


def test_your_games_come_newest_first_in_pages_turned_from_the_keyboard(
    make_app: AppMaker, ann_club: GamesClub
) -> None:
    app, scene = your_games(make_app, ann_club.address)
    drive = Input(app)
    rows = page_shown(app, scene, 1)
    assert len(rows) == 20 and scene.page_words() == "Page 1 of 2 · 25 games"
    assert all("Ann" in row[1] for row in rows)
    assert scene.list.dim == {UNFINISHED - 1}  # closed unfinished
    assert rows[UNFINISHED - 1][2] == "Unfinished" and {row[2] for row in rows} - {
        "Unfinished"
    } <= {
        "Won",
        "Lost",
        "Place 2 of 3",
        "Place 3 of 3",
        "Place 2 of 4",
        "Place 3 of 4",
        "Place 4 of 4",
    }
    assert "Rated" in {row[3] for row in rows}
    assert not scene.previous.enabled and scene.next.enabled
    drive.press(pygame.K_RIGHT)
    assert len(page_shown(app, scene, 2)) == 5 and scene.page_words() == "Page 2 of 2 · 25 games"
    assert scene.previous.enabled and not scene.next.enabled
    drive.press(pygame.K_RIGHT)  # no page after the last
    drive.press(pygame.K_LEFT)
    assert page_shown(app, scene, 1) == rows


def test_enter_opens_the_selected_game_in_the_replay_viewer_and_coach_in_the_coach(
    make_app: AppMaker, ann_club: GamesClub
) -> None:
    app, scene = your_games(make_app, ann_club.address)
    drive = Input(app)
    page_shown(app, scene, 1)
    drive.press(pygame.K_DOWN, times=12)
    chosen = scene.games[12]
    assert scene.list.selected == 12
    drive.press(pygame.K_RETURN)
    told(app, scene.session, lambda: isinstance(app.scene, ReplayScene))
    replay = app.scene
    assert isinstance(replay, ReplayScene)
    kept = ann_club.hosted.registry.shelf.finished.game(chosen.table)  # closed at its idle
    assert kept is not None
    assert replay.replay.record.to_json() == NetTable.from_saved(kept.text).full_record()
    assert "Ann" in replay.title
    drive.press(pygame.K_ESCAPE)
    assert app.scene is scene
    drive.click(scene.coach)
    told(app, scene.session, lambda: isinstance(app.scene, CoachScene))


def test_a_club_that_keeps_no_list_of_games_says_so(make_app: AppMaker, club: ClubPeer) -> None:
    _app, scene = your_games(make_app, club.address)
    assert scene.empty_words() == "This club keeps no list of finished games (an older version)."
    assert scene.who_words().startswith("Ann")
    assert scene.list.rows == [] and not scene.watch.enabled
