"""One real game window (a process of its own, no display) playing a table across rooms
by posted input, for tests/test_net_two_windows.py:

    python -m tests.net_window host HOME          # hosts; prints "invitation TEXT"
    python -m tests.net_window join HOME TEXT     # joins by the invitation TEXT

The host clicks New table game and Host a table (its last setup, written in HOME, has a
friend's seat); the friend clicks Join a table, types the invitation and clicks Join.
Each then plays its seat from the keyboard (Tab picks a tile, Enter drops it on a lit
spot) until the final score screen, and prints "record JSON". While the window waits for
the other window, it waits on its connection (game_window.py), not on the clock. Moves
are shown at the Instant animation speed: the game over the network is tested here, not
its animations (at Fast each move was 50 to 60 frames drawn, the last tile's swell most
of them; the club's windows, tests/club_window.py, watch moves come in animated).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from game.app import App
from game.persist.settings import Settings, TableSetup
from game.persist.storage import Storage
from game.rules.table_rules import TableRules
from game.scenes.menus.menu import MenuScene
from game.scenes.online.join import JoinScene
from game.scenes.online.remote import OnlineTable
from game.scenes.setup.scene import SetupScene
from game.scenes.table.score import ScoreScene
from tests.drive import Input, is_table_of
from tests.game_window import open_window, play_until


def host_settings(home: Path) -> None:
    """Ann at this computer and a friend's seat, one hand, on loopback at a free port."""
    settings = Settings(handoff_banner=False)
    seats = (("Ann", "human"), ("Friend", "remote"))
    settings.last_setup = TableSetup(2, seats, TableRules(hands=1))
    settings.extra.update(host_address="127.0.0.1", host_port=0)
    settings.guided_game_offered = True
    Storage(home).save_settings(settings)


def play(app: App) -> dict[str, object]:
    """Play this window's seat to the game's end; the whole record."""

    def over() -> bool:
        scene = app.scene
        if isinstance(scene, JoinScene) and scene.opening is None:
            raise SystemExit(f"the join failed: {scene.said}")
        return isinstance(scene, ScoreScene) and scene.final

    play_until(app, over)
    score = app.scene
    assert isinstance(score, ScoreScene)
    data: dict[str, object] = score.match.record.to_json()
    return data


def main() -> None:
    role, home = sys.argv[1], Path(sys.argv[2])
    if role == "host":
        host_settings(home)
    app = open_window(home, speed="instant")
    drive = Input(app)
    menu = app.scene
    assert isinstance(menu, MenuScene)
    if role == "host":
        drive.click(menu.buttons["table"])
        setup = app.scene
        assert isinstance(setup, SetupScene)
        drive.click(setup.start)
        play_until(app, lambda: is_table_of(app.scene, OnlineTable))
        table = app.scene
        assert is_table_of(table, OnlineTable)
        print("invitation", table.role.remote.link.invitation, flush=True)
    else:
        drive.click(menu.buttons["join"])
        join = app.scene
        assert isinstance(join, JoinScene)
        drive.text(sys.argv[3])
        drive.click(join.join)
    print("record", json.dumps(play(app)), flush=True)
    app.close()


if __name__ == "__main__":
    main()
