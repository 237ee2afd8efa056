"""Screenshot targets of a club's events (registered into `screenshot_targets`): Play
online's Events tab, a running arena's standings with results, and the New event form
(an arena's, and a Swiss event's).
Each runs the game's own server (a `Registry` in a `HostedServer`) on loopback with three
events: an arena playing for 12 of its 45 minutes, six players and their results so far
(Ann among them, at a table now; Kofi left it, his game playing on), a Swiss event of
three days a move starting in a quarter of an hour, and an arena that is over."""

from __future__ import annotations

import time
from typing import Final

from game.app import App
from game.net.club import ClubSession
from game.net.club_events import NOT_ASKED
from game.net.hosting import HostedServer
from game.net.tables.event_book import ClubEvent
from game.net.tables.players import MemoryBook
from game.net.tables.registry import Registry
from game.persist.settings import Settings, club_keys
from game.play.tournament import Event, EventRules, Result
from game.scenes.club.event_standings import EventScene
from game.scenes.club.hello import club_hello
from game.scenes.club.lobby import EVENTS, ClubScene
from game.scenes.club.new_event import NewEventScene
from tools.club_peer import ROOMY
from tools.club_sample import SampleClub
from tools.redis_server import free_port
from tools.screenshot_club import _LINGERING, _RUNNING, SECRET, _at, _heard, _stop_clubs
from tools.screenshot_targets import Record, Shot, target

ARENA: Final = "spring-arena"
PLAYERS: Final = ["Ann", "Lucía", "Tom", "Ingrid", "Kofi", "Mei"]  # untranslated: names
RESULTS: Final = [
    (("Lucía", "Tom"), (1, 2)),
    (("Ann", "Kofi"), (1, 2)),
    (("Ingrid", "Mei"), (1, 1)),
    (("Lucía", "Ann"), (1, 2)),
    (("Tom", "Kofi"), (1, 2)),
    (("Mei", "Ingrid"), (1, 2)),
    (("Ann", "Ingrid"), (1, 2)),
    (("Lucía", "Kofi"), (1, 2)),
]
"""The arena's games so far: their players and places (1 the best)."""
PLAYING: Final = [("Ann", "Tom"), ("Lucía", "Mei"), ("Ingrid", "Kofi")]
"""Its tables playing now: nobody waits to be seated."""


def _events_club(secret: str) -> tuple[SampleClub, str]:
    """The game's own server with the three events; the address's player "Ann" is the
    game's of `secret`. Returns the club and its address."""
    port = free_port()
    address = f"ws://127.0.0.1:{port}"
    now = time.time()
    registry = Registry(time.time, limits=ROOMY, deal=lambda: 7, book=MemoryBook())
    book = registry.club.book
    ann = club_keys(Settings(club_secret=secret), address)[0]
    pids = {
        name: book.enter(ann if name == "Ann" else f"event-player-key-{name:0>30}", name).pid
        for name in PLAYERS
    }

    def tables(games: list[tuple[str, str]]) -> list[tuple[str, ...]]:
        return [tuple(pids[name] for name in game) for game in games]

    arena = Event(EventRules("arena", now - 12 * 60, minutes=45), [*pids.values()])
    arena.leave(pids["Kofi"])
    arena.results = [Result(tables([game])[0], places) for game, places in RESULTS]
    arena.playing = tables(PLAYING)
    swiss = Event(EventRules("swiss", now + 15 * 60, rounds=5, seats=3), [pids["Tom"], pids["Mei"]])
    over = Event(EventRules("arena", now - 3 * 3600, minutes=60), [*pids.values()][:4])
    events = registry.events.events
    events[ARENA] = ClubEvent(arena, pids["Lucía"], rated=True)
    events["evening-swiss"] = ClubEvent(swiss, pids["Tom"], rated=False, days=3)
    events["morning-arena"] = ClubEvent(over, pids["Ingrid"], rated=True)
    hosted = HostedServer(registry, "127.0.0.1", port)
    hosted.start()
    return SampleClub(hosted, address), address


@target("club-events")
def _club_events(app: App, record: Record) -> Shot:
    """Play online, Events: a running arena, a Swiss event to come and an arena over."""
    _started(app)
    scene = ClubScene(app)

    def answered() -> None:
        _heard(scene.session, lambda s: s.welcome is not None)
        scene.show(EVENTS)
        _heard(scene.session, lambda s: s.events.listed is not None)

    return Shot(scene, answered)


@target("club-event-standings")
def _club_event_standings(app: App, record: Record) -> Shot:
    """An arena's standings, 12 minutes into its 45: six players, eight games played,
    Ann's row picked out, Ann joined (Leave offered), Kofi's dimmed (he left)."""
    session = _session(app)
    scene = EventScene(app, session, ARENA)

    def answered() -> None:
        _heard(session, lambda s: s.welcome is not None and s.events.standings is not None)
        scene.join_event()
        _heard(session, lambda s: s.events.asked is NOT_ASKED)

    return Shot(scene, answered)


@target("club-new-event")
def _club_new_event(app: App, record: Record) -> Shot:
    """New event: an arena of 30 minutes, tables of 2, rated, starting at once."""
    return Shot(NewEventScene(app, _session(app)))


@target("club-new-swiss-event")
def _club_new_swiss_event(app: App, record: Record) -> Shot:
    """New event: a Swiss event of 5 rounds, tables of 2, rated, 3 days a move, starting
    in 15 minutes (a Swiss event never starts at once)."""
    scene = NewEventScene(app, _session(app))
    scene.kind.step(1)
    scene.pace.set_value(3)
    return Shot(scene)


def _started(app: App) -> None:
    """The events' club running, Ann at this window playing there."""
    _stop_clubs()
    club, address = _events_club(SECRET)
    _RUNNING.append(club)
    _at(app, address)


def _session(app: App) -> ClubSession:
    """A connection to the events' club, closed when the next target starts."""
    _started(app)
    session = ClubSession(app.settings.club_server, club_hello(app), follow=False)
    _LINGERING.append(session.client)
    return session
