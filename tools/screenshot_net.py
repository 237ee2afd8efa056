"""Screenshot targets of a table across rooms (registered into `screenshot_targets`):
hosting with the invitation shown, the join screen, a friend's move arriving, a friend
away and a spectator. Each runs a real table server in a thread on loopback, with its
friends' connections in this process; each step waits only for the event it needs."""

from __future__ import annotations

import time
from collections.abc import Callable

from game.ai.worker import InProcessAdviser
from game.app import App
from game.net.client import HOST_LEFT, REFUSED, Disconnected
from game.net.hosting import HostedServer
from game.net.invitation import read_invitation
from game.net.kept_seats import SETTING as KEPT
from game.net.kept_seats import KeptSeats
from game.net.network_words import connection_words
from game.net.remote_match import RemoteMatch
from game.net.table_opening import TableOpening
from game.net.tables.registry import Registry
from game.play.table_flow import Turn
from game.rules.moves import PLACE
from game.scenes.menus.menu import MenuScene
from game.scenes.online.join import JoinScene
from game.scenes.online.remote import online_table_scene
from game.scenes.setup.scene import SetupScene
from tools.screenshot_targets import Record, Shot, target

GUARD_S = 10.0
"""Only a broken server makes a step wait this long for an event."""
STEPS = 400
_LINGERING: list[RemoteMatch] = []
"""The friends' connections of the last target (closed when the next one starts)."""


def _served(seed: int = 7) -> HostedServer:
    """A table server in this process whose tables are all dealt from `seed` (the
    server deals; a client never chooses), so that each shot shows the same game."""
    for match in _LINGERING:
        match.close()
    _LINGERING.clear()
    server = HostedServer(Registry(time.time, deal=lambda: seed), "127.0.0.1", 0)
    server.start()
    return server


def sit(opening: TableOpening) -> RemoteMatch:
    """The match once `opening` is sat at (each event taken in at once)."""
    adviser = InProcessAdviser()
    for _ in range(STEPS):
        match = opening.ready(adviser)
        if match is not None:
            return match
        if opening.failure is not None:
            raise RuntimeError(opening.failure)
        event = opening.link.client.wait(GUARD_S)
        if event is None:
            break
        opening.receive(event)
    raise RuntimeError("the table was not sat at")


def _until(match: RemoteMatch, done: Callable[[], bool]) -> None:
    """Take in what arrives, and show it, until `done`."""
    for _ in range(STEPS):
        if done():
            return
        event = match.link.client.wait(GUARD_S)
        if event is None:
            break
        match.receive(event)
    raise RuntimeError("what the shot waits for never came")


def _table(
    app: App, seats: list[str], friends: list[str], seed: int = 7
) -> tuple[RemoteMatch, list[RemoteMatch]]:
    """A table of two hands dealt from `seed`, hosted by Ann with `friends` joined (their
    matches kept open)."""
    server = _served(seed)
    address = server.address or ""
    computers = ["Gus" if kind.startswith("ai:") else None for kind in seats]
    opening = TableOpening.host(server, address, seats, {"hands": 2}, ["Ann"], computers)
    host = sit(opening)
    invitation = read_invitation(host.link.invitation)
    joined = [sit(TableOpening.join(invitation, [name])) for name in friends]
    _LINGERING.extend(joined)
    return host, joined


def _play_one(match: RemoteMatch) -> None:
    """The seat `match` holds plays its best-scoring placement (else its first move)."""
    moves = match.flow.legal_moves()
    placements = [m for m in moves if m.action == PLACE]
    if placements:
        match.flow.play(max(placements, key=match.flow.state.placement_score))
    else:
        match.flow.play(moves[0])


@target("host-invite")
def _host_invite(app: App, record: Record) -> Shot:
    """Ann hosts a table of three: the invitation is shown until Ben and a friend join;
    Ben has joined, the third seat is still free."""
    host, _joined = _table(app, ["remote", "remote", "remote"], ["Ben"])
    _until(host, lambda: host.seat_taken(1))
    return Shot(online_table_scene(app, host))


@target("menu-rejoin")
def _menu_rejoin(app: App, record: Record) -> Shot:
    """The menu with a network game left unfinished: Continue beside Join a table."""
    kept = KeptSeats(
        "contack://192.168.1.20:8765/Xq7RmP2vLk9aTw", ("t" * 43,)
    )  # untranslated: an address
    app.settings.extra[KEPT] = kept.to_dict()
    menu = app.scene
    assert isinstance(menu, MenuScene)
    menu.refresh_saves()
    return Shot(None)


@target("setup-host")
def _setup_host(app: App, record: Record) -> Shot:
    """The setup screen with a friend's seat: Start becomes Host a table."""
    scene = SetupScene(app)
    scene.count.set_value(3)
    for seat, kind in enumerate(("human", "remote", "ai:greedy")):
        scene.kinds[seat].set_value(kind)
        scene.names[seat].text = ("Ann", "Player 2", "Gus")[seat]  # untranslated: names
    return Shot(scene)


@target("join")
def _join(app: App, record: Record) -> Shot:
    """The join screen with an invitation pasted and a name typed."""
    scene = JoinScene(app, "contack://192.168.1.20:8765/Xq7RmP2vLk9aTw")  # untranslated: an address
    return Shot(scene)


@target("join-refused")
def _join_refused(app: App, record: Record) -> Shot:
    """A pasted text that is not an invitation: the one-line reason."""
    scene = JoinScene(app, "192.168.1.20 table 7")  # untranslated: a wrong paste
    return Shot(scene, scene.take_seat)


@target("join-unreachable")
def _join_unreachable(app: App, record: Record) -> Shot:
    """An invitation whose address nobody answers: why, in the player's words."""
    scene = JoinScene(app, "contack://192.0.2.2:9999/Xq7RmP2vLk9aTw")  # untranslated: an address

    def refused() -> None:
        scene.said = connection_words(Disconnected("", True, REFUSED))

    return Shot(scene, refused)


def _play_until(matches: list[RemoteMatch], done: Callable[[], bool]) -> None:
    """Each window plays its seats' best placements and takes in the others' moves until
    `done` (each step waits only for what the other windows sent)."""
    for _ in range(STEPS):
        if done():
            return
        moved = False
        for match in matches:
            match.flow.advance_clock(0.0)
            turn = match.flow.turn()
            if turn is Turn.HUMAN:
                _play_one(match)
            elif turn is Turn.FORCED:
                match.flow.play_forced()
            elif turn is Turn.HAND_OVER:
                match.flow.next_hand()
            moved = moved or turn in (Turn.HUMAN, Turn.FORCED, Turn.HAND_OVER)
            moved = bool(match.flow.poll()) or moved
        if not moved:
            for match in matches:
                event = match.link.client.wait(0.05)
                if event is not None:
                    match.receive(event)
    raise RuntimeError("what the shot waits for never came")


@target("remote-move")
def _remote_move(app: App, record: Record) -> Shot:
    """Ben's move, played on his computer, lands on Ann's table with its points."""
    host, (friend,) = _table(app, ["remote", "remote", "ai:greedy"], ["Ben"])
    _play_until(
        [host, friend],
        lambda: (
            len(host.flow.state.figure) >= 4
            and friend.flow.turn() is Turn.HUMAN
            and host.flow.position() == friend.flow.position()
        ),
    )
    scene = online_table_scene(app, host)

    def ben_plays() -> None:
        _play_one(friend)
        _until(host, host.busy)
        for _ in range(STEPS):
            app.run_frames(1)
            if scene.turns.showing_move and not scene.tweens.busy:
                return

    return Shot(scene, ben_plays, frames=10)


@target("remote-away")
def _remote_away(app: App, record: Record) -> Shot:
    """Ben's connection was lost: his seat shows as away, and the table waits for him."""
    host, (friend,) = _table(app, ["remote", "remote"], ["Ben"])
    _play_until(
        [host, friend],
        lambda: len(host.flow.state.figure) >= 3 and host.flow.state.current_player == 1,
    )
    friend.close()
    _until(host, lambda: host.seat_note(1) is not None)
    return Shot(online_table_scene(app, host))


@target("remote-host-left")
def _remote_host_left(app: App, record: Record) -> Shot:
    """Ben's table when Ann, the host, closed her game: said, with what Ben can do."""
    host, (friend,) = _table(app, ["remote", "remote"], ["Ben"])
    _play_until([host, friend], lambda: len(friend.flow.state.figure) >= 3)
    scene = online_table_scene(app, friend)

    def host_leaves() -> None:
        friend.receive(Disconnected("", True, HOST_LEFT))

    return Shot(scene, host_leaves)


@target("remote-watch")
def _remote_watch(app: App, record: Record) -> Shot:
    """A spectator follows Ann and Ben's table read-only."""
    host, (friend,) = _table(app, ["remote", "remote"], ["Ben"])
    _LINGERING.append(host)
    _play_until([host, friend], lambda: len(host.flow.state.figure) >= 6)
    watcher = sit(TableOpening.watch(read_invitation(host.link.invitation)))
    return Shot(online_table_scene(app, watcher))
