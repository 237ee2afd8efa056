"""Two real game processes at one table (issue 28): one hosts from its setup screen, the
other joins by the invitation the first printed, each driven by its own posted input,
and both finish the game with the same record, which passes the rules' check. The test
waits on the windows' output, not on time."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

from tests.conftest import GUARD_S
from tests.game_window import said, window
from tests.net_helpers import checked


def test_a_hosting_window_and_a_joining_window_finish_a_game(tmp_path: Path) -> None:
    host = window("net_window", "host", tmp_path / "host")
    friend: subprocess.Popen[str] | None = None
    try:
        invitation = said(host, "invitation", tmp_path / "host")
        assert invitation.startswith("contack://127.0.0.1:")
        friend = window("net_window", "join", tmp_path / "friend", invitation)
        records: list[dict[str, Any]] = [
            json.loads(said(child, "record", tmp_path / home))
            for child, home in ((host, "host"), (friend, "friend"))
        ]
        assert records[0] == records[1]
        assert checked(records[0]).is_over()
        assert [p.get("name") for p in records[0]["players"]] == ["Ann", "You"]
        assert host.wait(GUARD_S) == 0 and friend.wait(GUARD_S) == 0
    finally:
        for left in (host, friend):
            if left is not None and left.poll() is None:
                left.kill()
                left.wait()
