"""Screenshot targets of Your games at the club (registered into `screenshot_targets`):
Ann's finished games at a real club of the game's own server (tools/club_games_sample.py),
and what a club of an older version says (the scripted club of tools/club_peer.py). Each
step waits only for the answer it needs."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from game.app import App
from game.net.club_games import GamesSession
from game.scenes.club.games import ClubGamesScene
from tools.club_games_sample import GamesClub, games_club
from tools.screenshot_club import GUARD_S, SECRET, _at, _club, _stop_clubs
from tools.screenshot_targets import Record, Shot, target


def _told(session: GamesSession, done: Callable[[GamesSession], bool]) -> None:
    """Take in the club's answers until `done(session)`."""
    for _ in range(50):
        if done(session):
            return
        event = session.client.wait(GUARD_S)
        if event is None:
            break
        session.receive(event)
    raise RuntimeError("the club did not answer")


@cache
def _played_club() -> GamesClub:
    """The club of Ann's games, played once a process (a quarter of a second) and kept
    running: Your games only reads her list from it, the same each time."""
    return games_club(SECRET)


@target("club-games")
def _club_games(app: App, record: Record) -> Shot:
    """Your games: Ann's finished club games, newest first, the first of two pages, one
    left unfinished (dimmed), the third selected."""
    _stop_clubs()
    _at(app, _played_club().address)
    scene = ClubGamesScene(app)

    def listed() -> None:
        _told(scene.session, lambda s: s.games is not None)
        scene.refill()
        scene.list.select(2)

    return Shot(scene, listed)


@target("club-games-older")
def _club_games_older(app: App, record: Record) -> Shot:
    """Your games at a club of version 2, which keeps no list of games."""
    _club(app)
    scene = ClubGamesScene(app)
    return Shot(scene, lambda: _told(scene.session, lambda s: bool(s.problem)))
