"""Screenshot targets of take-backs at a table across rooms (registered into
`screenshot_targets`): Ben asks to take back his tile and Ann's table shows the bar
that takes her answer; Ann asks, and her table waits for Ben's. Each runs a real table
server in a thread on loopback (screenshot_net.py)."""

from __future__ import annotations

from game.app import App
from game.net.remote_match import RemoteMatch
from game.play.table_flow import Turn
from game.scenes.online.remote import online_table_scene
from tools.screenshot_net import _play_one, _play_until, _table, _until
from tools.screenshot_targets import Record, Shot, target


def _may_take_back(match: RemoteMatch) -> bool:
    """Whether `match`'s player may ask a take-back, once it has shown what came."""
    while match.flow.poll():
        pass
    return match.takeback_seat() is not None


def _asks(asker: RemoteMatch, other: RemoteMatch) -> None:
    """A few moves in, `asker` places and asks to take the tile back; both have heard."""
    _play_until(
        [asker, other],
        lambda: len(asker.flow.state.figure) >= 3 and asker.flow.turn() is Turn.HUMAN,
    )
    _play_one(asker)
    _until(asker, lambda: _may_take_back(asker))
    asker.ask_takeback()
    _until(asker, lambda: asker.takebacks.pending)
    _until(other, lambda: other.takebacks.pending)


@target("takeback-asked")
def _takeback_asked(app: App, record: Record) -> Shot:
    """Ben asks to take back his last tile: Ann's table holds, and its bar asks her to
    accept or refuse."""
    host, (friend,) = _table(app, ["remote", "remote"], ["Ben"])
    _asks(friend, host)
    return Shot(online_table_scene(app, host))


@target("takeback-waiting")
def _takeback_waiting(app: App, record: Record) -> Shot:
    """Ann asked to take back her last tile: her table waits for Ben's answer."""
    host, (friend,) = _table(app, ["remote", "remote"], ["Ben"])
    _asks(host, friend)
    return Shot(online_table_scene(app, host))
