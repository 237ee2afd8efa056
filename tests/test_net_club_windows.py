"""Two real game windows (processes of their own, tests/club_window.py) at a club's table
that waits, on a real `python -m game.server` (issue 40): Ann's window opens it by
invitation (a day a move) and Bob's joins by its code; they play, Ann's window closes,
Bob plays on and closes; the server restarts; Ann comes back (a new process on her home):
the menu says it is her turn at one table, Your tables marks it, and opening it shows
the moves made since, each flying in as a move, before she plays and goes back to the
menu, which says her turn nowhere; then Bob comes back the same way. Each window's view
of the moves is the next one's, and the server's, replayed by the rules. The test waits
on the windows' lines and the server's answers, not on time."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

from websockets.sync.client import connect

from game.net.messages import watch_frame
from tests.conftest import GUARD_S
from tests.game_window import said, window
from tests.net_process import Player, end, start_server
from tools.redis_server import free_port


def left(child: subprocess.Popen[str], home: Path) -> dict[str, Any]:
    """What the window said as it left the table."""
    words: dict[str, Any] = json.loads(said(child, "left", home))
    words["moves"] = [tuple(move) for move in words["moves"]]
    words["position"] = tuple(words["position"])
    return words


def came_in(child: subprocess.Popen[str], home: Path, code: str, with_whom: str) -> dict[str, Any]:
    """What the window coming back said on the menu and in Your tables (its table, where
    it plays with `with_whom`), and what came in at the table."""
    assert json.loads(said(child, "turns", home)) == [1, "Your turn at 1 table of your club"]
    (row,) = json.loads(said(child, "tables", home))
    assert row == [with_whom, "1 day a move", "Your turn", code]
    came: dict[str, Any] = json.loads(said(child, "came", home))
    came["position"] = tuple(came["position"])
    came["moves"] = [tuple(move) for move in came["moves"]]
    return came


def followed(earlier: dict[str, Any], later: dict[str, Any]) -> int:
    """How many moves `later` (a window leaving) made after `earlier` (the other's leaving),
    all of them of `later`'s seats (the other was away), at least one."""
    since = later["moves"][len(earlier["moves"]) :]
    assert later["moves"][: len(earlier["moves"])] == earlier["moves"] and since
    assert all(move["player"] in later["seats"] for _hand, move in since)
    return len(since)


def told(earlier: dict[str, Any], later: dict[str, Any]) -> int:
    """How many lines the hand-off log tells for the moves `later` made after `earlier`:
    one a move, but one for a seat's draws in a row ("Bob drew 2 tiles")."""
    lines, drawer = 0, None
    for _hand, move in later["moves"][len(earlier["moves"]) :]:
        if not (move.get("draw") and move["player"] == drawer):
            lines += 1
        drawer = move["player"] if move.get("draw") else None
    return lines


def come_back(
    windows: list[subprocess.Popen[str]],
    address: str,
    code: str,
    home: Path,
    gone: dict[str, Any],
    other: dict[str, Any],
    with_whom: str,
) -> dict[str, Any]:
    """A window on `home` (one of `windows`, a new one), which left table `code` as
    `gone`, opened again after `other` left: it shows each move since as a move, from
    where it left to where the table is, then plays and leaves."""
    windows.append(window("club_window", "return", home, address))
    came = came_in(windows[-1], home, code, with_whom)
    assert came["position"] == other["position"] and came["moves"] == other["moves"]
    followed(gone, other)
    assert len(came["shown"]) == told(gone, other)  # each as a move, not a jump to the end
    again = left(windows[-1], home)
    assert json.loads(said(windows[-1], "turns", home))[0] == 0  # nothing waits for it
    assert again["seats"] == gone["seats"]
    followed(other, again)
    return again


def test_two_windows_at_a_table_that_waits_each_close_and_come_back(tmp_path: Path) -> None:
    port = free_port()
    server, address = start_server(tmp_path / "server", None, "--port", str(port))
    windows: list[subprocess.Popen[str]] = []
    logs = ""

    try:
        ann, bob = tmp_path / "ann", tmp_path / "bob"
        windows.append(window("club_window", "create", ann, address))
        code = said(windows[0], "code", ann)
        windows.append(window("club_window", "join", bob, address, code))
        ann_left = left(windows[0], ann)
        bob_left = left(windows[1], bob)
        followed(ann_left, bob_left)  # Bob played on while Ann was away
        assert [child.wait(GUARD_S) for child in windows] == [0, 0]

        server.terminate()  # a table that waits outlives its server
        logs += server.communicate(timeout=GUARD_S)[1]
        assert server.returncode == 0, logs
        server, address = start_server(tmp_path / "server", None, "--port", str(port))

        ann_again = come_back(windows, address, code, ann, ann_left, bob_left, "Bob")
        bob_again = come_back(windows, address, code, bob, bob_left, ann_again, "Ann")
        with connect(address, max_size=2**24) as watching:
            spectator = Player(watching, code)  # its view replayed by the rules
            spectator.ask(watch_frame(code), "view")
            assert spectator.moves() == bob_again["moves"]
        assert [child.wait(GUARD_S) for child in windows] == [0] * 4
    finally:
        for child in windows:
            if child.poll() is None:
                child.kill()
                child.wait()
        logs += end(server)
        assert "Traceback" not in logs, logs
