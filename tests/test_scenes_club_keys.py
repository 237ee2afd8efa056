"""Your key, driven by real input against a real club server on loopback: the first
home's window gives a link code, the second home's window (another settings folder,
another secret) types it and is the same player from then on, its key kept in its
settings file; Replace my key, pressed twice there, leaves the first home's window told
that its key was replaced. Each wait is for one answer of the club, never for the clock."""

from __future__ import annotations

from pathlib import Path
from typing import TypeVar

import pygame

from game.app import App
from game.net.hosting import HostedServer
from game.persist.files import GameFiles
from game.persist.settings import club_identity, load_settings
from game.scenes.club.keys import ClubKeyScene
from game.scenes.club.lobby import ClubScene
from tests.conftest import GUARD_S, AppMaker
from tests.drive import Input
from tests.test_languages import drawn_words
from tests.test_scenes_club import heard, play_online

S = TypeVar("S")


def window(make_app: AppMaker, home: Path, address: str) -> App:
    """The window of the home in `home`, at the club at `address`, as Ann."""
    app = make_app(home=home)
    app.settings.club_server = address
    app.settings.extra["table_name"] = "Ann"
    app.scene.resize(app.size)
    return app


def your_key(app: App) -> ClubKeyScene:
    """Play online, then Your key: the screen, once the club welcomed this window."""
    lobby = play_online(app)
    Input(app).click(lobby.key)
    scene = app.scene
    assert isinstance(scene, ClubKeyScene)
    until(app, scene, lambda: scene.session is not None and scene.session.welcome is not None)
    return scene


def shown(app: App, kind: type[S]) -> S:
    """The screen `app` shows, of `kind`."""
    scene = app.scene
    assert isinstance(scene, kind)
    return scene


def until(app: App, scene: ClubKeyScene, done: object) -> None:
    """Frames, each after one answer of the club to the key's screen, until `done()`."""
    assert callable(done)
    for _ in range(100):
        if done():
            return
        session = scene.session
        assert session is not None
        event = session.client.wait(GUARD_S)
        assert event is not None, "the club did not answer"
        session.receive(event)
        app.run_frames(2)
    raise AssertionError("the club never said that")


def test_a_second_home_types_the_first_homes_code_and_replaces_the_key_of_both(
    make_app: AppMaker, table_server: HostedServer, tmp_path: Path
) -> None:
    address = table_server.address or ""
    first = window(make_app, tmp_path / "first", address)
    giving = your_key(first)
    player = giving.session.welcome.player if giving.session and giving.session.welcome else ""
    Input(first).click(giving.give)
    until(first, giving, lambda: giving.session is not None and giving.session.code is not None)
    assert giving.session is not None and giving.session.code is not None
    code = giving.session.code.code
    assert code[:4] + "-" + code[4:] in drawn_words(first)
    first.close()

    second = window(make_app, tmp_path / "second", address)
    taking = your_key(second)
    assert taking.session is not None and taking.session.welcome is not None
    assert taking.session.welcome.player != player  # another computer: another player
    drive = Input(second)
    drive.click(taking.code)
    drive.text(code[:4].lower() + " " + code[4:])
    drive.press(pygame.K_RETURN)
    until(second, taking, lambda: bool(second.settings.club_own_keys))
    until(second, taking, lambda: taking.session is not None and taking.session.welcome is not None)
    assert taking.session is not None and taking.session.welcome is not None
    assert taking.session.welcome.player == player
    kept = load_settings(GameFiles(tmp_path / "second")).club_own_keys
    assert list(kept) == [club_identity(address)]
    assert "same player" in taking.said
    drive.click(taking.back)
    lobby = shown(second, ClubScene)  # Play online calls the club again as the player
    heard(second, lambda: lobby.session, lambda: bool(lobby.session and lobby.session.welcome))
    assert lobby.session is not None and lobby.session.welcome is not None
    assert lobby.session.welcome.player == player
    drive.click(lobby.key)
    taking = shown(second, ClubKeyScene)
    until(second, taking, lambda: taking.session is not None and taking.session.welcome is not None)

    drive.click(taking.replace)
    assert taking.session is not None and not taking.session.taken  # once asks to be sure
    drive.click(taking.replace)
    until(second, taking, lambda: "new" in taking.said)
    until(second, taking, lambda: taking.session is not None and taking.session.welcome is not None)
    assert taking.session is not None and taking.session.welcome is not None
    assert taking.session.welcome.player == player
    assert load_settings(GameFiles(tmp_path / "second")).club_own_keys != kept
    second.close()

    again = window(make_app, tmp_path / "first", address)
    lobby = play_online(again)
    heard(again, lambda: lobby.session, lambda: bool(lobby.session and lobby.session.problem))
    assert isinstance(again.scene, ClubScene)
    assert "replaced" in lobby.who_words()
    again.close()
