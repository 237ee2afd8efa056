"""Screenshot targets of Play online (registered into `screenshot_targets`): the menu
with a club's turns, the lobby, Your tables, the ratings board and New online table.
Each runs the scripted club of tools/club_peer.py in a thread on loopback, but the lobby
filtered and turned a page and the board turned to your page (Me), which run the game's
own server with a full club (tools/club_sample.py); each step waits only for the answer
it needs."""

from __future__ import annotations

import random
from typing import Any, TypeVar

from game.ai.players import make_player
from game.app import App
from game.net.client import ClubIdentity, TableClient
from game.net.club import ClubSession
from game.net.club_answers import RatingOutcome
from game.net.remote_match import RemoteMatch, TableLink
from game.net.replies import Created, GameOver, TableView
from game.net.table_opening import TableOpening
from game.persist.settings import Settings, club_keys
from game.scenes.club.keys import ClubKeyScene
from game.scenes.club.lobby import MINE, RATINGS, ClubScene
from game.scenes.club.new_table import NewClubTableScene
from game.scenes.menus.menu import MenuScene
from game.scenes.online.remote import online_table_scene
from game.scenes.table.panels import end_words
from game.scenes.table.scene import TableScene
from game.scenes.table.score import ScoreScene
from tools.club_peer import ClubPeer, public_name
from tools.club_sample import SampleClub, sample_club
from tools.samples import table_config
from tools.screenshot_net import sit
from tools.screenshot_targets import Record, Shot, target

SECRET = "screenshot-secret-" + "s" * 30  # untranslated: a secret
GUARD_S = 10.0
_RUNNING: list[ClubPeer | SampleClub] = []
"""The club of the last target (stopped when the next one starts)."""
_LINGERING: list[TableClient] = []
"""The other players' connections of the last target (closed when the next one starts)."""
E = TypeVar("E")

NAMES = ["Lucía", "Tom", "Ingrid", "Ann", "Kofi", "Mei", "Pablo", "Sam", "Olga", "Ravi"]


def _ann_key(club: ClubPeer) -> str:
    """The key Ann's game tells `club` (made from `SECRET`)."""
    return club_keys(Settings(club_secret=SECRET), club.address)[0]


def _stop_clubs() -> None:
    """Stop the clubs of the last target, and close its other players' connections."""
    for client in _LINGERING:
        client.close(timeout=0.5)
    _LINGERING.clear()
    for running in _RUNNING:
        running.stop()
    _RUNNING.clear()


def _at(app: App, address: str) -> None:
    """Ann, at this window, plays at the club at `address`."""
    app.settings.club_server = address
    app.settings.club_secret = SECRET
    app.settings.extra["table_name"] = "Ann"  # untranslated: a name


def _club(app: App) -> ClubPeer:
    """A scripted club that Ann, at this window, plays at."""
    _stop_clubs()
    club = ClubPeer()
    club.start()
    _RUNNING.append(club)
    _at(app, club.address)
    seat = {"kind": "remote", "name": None}
    computer = {"kind": "ai:expert", "name": "Expert"}  # untranslated: a name
    club.lobby_tables = [
        _entry("Lq7Xw", [{"kind": "remote", "name": "Tom"}, seat], {"hands": 3}, "live", True),
        _entry("Pz3Rt", [{"kind": "remote", "name": "Ingrid"}, computer, seat, seat], {}, 2),
        _entry("Mk8Vb", [{"kind": "remote", "name": "Kofi"}, seat, seat], {"target": 300}, 7),
    ]
    ann = {"kind": "remote", "name": "Ann"}  # untranslated: a name
    club.my_tables = [
        {"table": "Lq7Xw2nA", "seat": 0, "token": "t1", "to_move": True, "pace": {"days": 3}}
        | {"seats": [ann, {"kind": "remote", "name": "Tom"}]},
        {"table": "Hh4Qe9sK", "seat": 2, "token": "t2", "to_move": False, "pace": "live"}
        | {"seats": [{"kind": "remote", "name": n} for n in ("Lucía", "Pablo")] + [ann]},
        {"table": "Zc5Mn1pD", "seat": 1, "token": "t3", "to_move": True, "pace": {"days": 1}}
        | {"seats": [{"kind": "remote", "name": "Mei"}, ann, computer, seat]},
    ]
    club.board = [
        {"player": public_name(_ann_key(club)) if name == "Ann" else f"p{place}", "name": name}
        | {"rating": 1720 - 23 * place, "games": 40 - 3 * place}
        for place, name in enumerate(NAMES)
    ]
    return club


def _entry(
    code: str, seats: list[dict[str, Any]], rules: dict[str, Any], pace: Any, rated: bool = False
) -> dict[str, Any]:
    """A lobby's table; `pace` "live" or a number of days."""
    free = sum(seat["name"] is None for seat in seats)
    paced = pace if pace == "live" else {"days": pace}
    return {
        "table": code,
        "players": len(seats),
        "free": free,
        "seats": seats,
        "rules": rules,
        "pace": paced,
        "rated": rated,
    }


def _next(client: TableClient, kind: type[E]) -> E:
    """The next event of `kind` on `client`'s connection."""
    for _ in range(50):
        event = client.wait(GUARD_S)
        if isinstance(event, kind):
            return event
    raise RuntimeError(f"no {kind.__name__} came")


def _heard(session: ClubSession | None, done: Any) -> None:
    """Take in the club's answers until `done(session)`."""
    assert session is not None
    for _ in range(50):
        if done(session):
            return
        event = session.client.wait(GUARD_S)
        if event is None:
            break
        session.receive(event)
    raise RuntimeError("the club did not answer")


def _club_tab(app: App, tab: str) -> Shot:
    _club(app)
    scene = ClubScene(app)

    def answered() -> None:
        _heard(scene.session, lambda s: s.lobby is not None and s.mine is not None and s.board)
        scene.show(tab)

    return Shot(scene, answered)


@target("club-lobby")
def _club_lobby(app: App, record: Record) -> Shot:
    """Play online: the lobby of a club, three tables with free seats."""
    return _club_tab(app, "lobby")


@target("club-mine")
def _club_mine(app: App, record: Record) -> Shot:
    """Play online, Your tables: your turn at two of three."""
    return _club_tab(app, MINE)


@target("club-ratings")
def _club_ratings(app: App, record: Record) -> Shot:
    """Play online, the ratings board: your place picked out."""
    return _club_tab(app, RATINGS)


def _sample(app: App) -> ClubScene:
    """Play online at a real club with a full lobby and board (tools/club_sample.py),
    Ann 73rd of 121."""
    _stop_clubs()
    club = sample_club(SECRET)
    _RUNNING.append(club)
    _at(app, club.address)
    return ClubScene(app)


@target("club-lobby-filtered")
def _club_lobby_filtered(app: App, record: Record) -> Shot:
    """Play online, the lobby of a full club filtered to live tables, on its second page."""
    scene = _sample(app)

    def filtered() -> None:
        _heard(scene.session, lambda s: s.lobby is not None)
        scene.pace.step(1)  # live tables only
        _heard(scene.session, lambda s: all(entry.pace.live for entry in s.lobby.tables))
        scene.turn(1)
        _heard(scene.session, lambda s: s.lobby.paging.page == 2)

    return Shot(scene, filtered)


@target("club-ratings-me")
def _club_ratings_me(app: App, record: Record) -> Shot:
    """Play online, the ratings board of a full club turned to Ann's page (Me): her row
    picked out."""
    scene = _sample(app)

    def found() -> None:
        _heard(scene.session, lambda s: s.board is not None)
        scene.show(RATINGS)
        scene.find_me()
        _heard(scene.session, lambda s: s.board.paging.page == 2)

    return Shot(scene, found)


@target("club-new")
def _club_new(app: App, record: Record) -> Shot:
    """New online table: three seats, by invitation, three days a move."""
    _club(app)
    scene = NewClubTableScene(app)
    scene.seats.set_value(3)
    scene.who.set_value(False)
    scene.pace.set_value(3)
    return Shot(scene)


@target("menu-club")
def _menu_club(app: App, record: Record) -> Shot:
    """The menu with a club set: Play online, and your turn at two tables."""
    _club(app)
    menu = app.scene
    assert isinstance(menu, MenuScene)

    def asked() -> None:
        menu.resize(app.size)
        menu.ask_the_club()
        _heard(menu.club, lambda s: s.mine is not None)
        menu.update(0.0)

    return Shot(None, asked)


@target("club-chat")
def _club_chat(app: App, record: Record) -> Shot:
    """A club's table of three with its chat open: a seat's lines and a watcher's, one
    watcher muted."""
    club = _club(app)
    tom = TableClient(club.address, hello=ClubIdentity("Tom", "t" * 40)).start()
    tom.create(["remote", "remote", "remote"], {"hands": 2})
    code = _next(tom, Created).table
    tom.join(code, "Tom")
    _next(tom, TableView)
    lines = [
        ("Tom", 0, "Good luck, everyone!"),
        ("Ingrid", None, "I'm only watching."),
        ("Max", None, "Buy cheap tiles at..."),
        ("Tom", 0, "Your move, Ann: take your time, it's three days a move."),
    ]
    club.chat[code] = [
        {"type": "said", "table": code, "seat": seat, "name": name, "text": text}
        | {"player": "p-" + name.lower()}
        for name, seat, text in lines  # untranslated: players' words
    ]
    app.settings.extra["club_muted"] = {"p-max": "Max"}  # untranslated: a name
    ann = ClubIdentity("Ann", _ann_key(club))
    match = sit(TableOpening.club_join(club.address, ann, code))
    _LINGERING.append(tom)
    scene = online_table_scene(app, match)
    return Shot(scene, scene.role.chat.toggle)


@target("club-rated-end")
def _club_rated_end(app: App, record: Record) -> Shot:
    """The final score of a rated club game of Ann and Tom, with what it did to Ann's
    rating (the whole record comes in its `over`, as from the club)."""
    club = _club(app)
    table = TableScene(app, table_config([("Ann", "human"), ("Tom", "human")], 11, hands=1))
    bot = make_player("greedy", random.Random(3))
    while not table.state.is_terminal():
        table.match.play(bot.choose(table.state))
    finished = table.match.record
    link = TableLink(TableClient(club.address).start(), "Lq7Xw2nA", at_club=True)
    link.player = public_name(_ann_key(club))
    match = RemoteMatch(link, TableView(link.table, finished.copy()), app.adviser)
    changes = (RatingOutcome(link.player, 1012.4, 1027.2), RatingOutcome("p1", 1050, 1035))
    match.receive(GameOver(link.table, finished, changes))
    match.take()
    _LINGERING.append(link.client)
    return Shot(ScoreScene(app, match.flow, end_words(match.flow), lambda: None))


@target("club-key")
def _club_key(app: App, record: Record) -> Shot:
    """Your key: a link code given for another computer, a code typed to link this one."""
    _club(app)
    scene = ClubKeyScene(app)

    def given() -> None:
        scene.give_code()
        session = scene.session
        assert session is not None
        for _ in range(50):
            if session.code is not None:
                break
            event = session.client.wait(GUARD_S)
            if event is None:
                raise RuntimeError("the club did not answer")
            session.receive(event)
        scene.code.text = "h3wp-6tfa"  # untranslated: a code typed
        scene.said = ""

    return Shot(scene, given)


@target("club-key-replace")
def _club_key_replace(app: App, record: Record) -> Shot:
    """Your key: Replace my key pressed once, asking to be pressed again."""
    _club(app)
    scene = ClubKeyScene(app)
    return Shot(scene, scene.replace_key)
