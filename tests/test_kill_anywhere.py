"""Crash consistency: the real game process is killed (SIGKILL) at random moments, 30
times: a table of computers thinking in the real worker process, and both solitaires
auto-playing. After each kill the autosave passes the rules' check and resumes at the
same position, and no process is left behind (the game's output pipe reaches its end
only once every process holding it, the worker and multiprocessing's helpers
included, has gone). The kill comes at a frame the test picks at random; the test
waits on the game's output, not on time."""

from __future__ import annotations

import random
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from game.ai.worker import InProcessAdviser
from game.persist.records import check_record_dict
from game.persist.storage import Storage
from game.play.solitaire_session import SolitaireSession
from game.play.table_match import TableMatch
from game.rules.record import DRAW_SOLITAIRE, STACKED_SOLITAIRE, TABLE

ROOT = Path(__file__).resolve().parents[1]
CHILD = """
import sys
from game.app import App, ManualClock
from game.persist.storage import Storage
from game.scenes.requests import SolitaireRequest, TableRequest

mode, home, seed = sys.argv[1], sys.argv[2], int(sys.argv[3])
app = App((800, 600), clock=ManualClock(), storage=Storage(home))  # the real worker
app.settings.animation_speed = "fast"
if mode == "table":
    players = [{"name": name, "kind": "ai:expert"} for name in "ABC"]
    app.open(TableRequest({"rules": {"hands": 1}, "players": players, "seed": seed}))
else:
    app.open(SolitaireRequest(mode, seed))
app.run_frames(2)
if mode != "table":
    app.scene.autoplay.set(True)
frame = 0
while app.tick():
    frame += 1
    print(frame, flush=True)
"""


def kill_at(mode: str, home: Path, seed: int, frame: int) -> None:
    """Run a game and kill it outright at `frame`; return once every process it started
    has ended (a guard fails the test if one lingers)."""
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, mode, str(home), str(seed)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env={**_environment(), "CONTACK_HOME": str(home)},
    )
    assert child.stdout is not None
    for line in child.stdout:
        if line.strip().isdigit() and int(line) >= frame:  # (pygame greets first)
            break
    child.send_signal(signal.SIGKILL)
    child.wait()
    try:
        child.communicate(timeout=60)  # end of the pipe: no process holds it any more
    except subprocess.TimeoutExpired:
        pytest.fail("a process of the killed game is still running")


def _environment() -> dict[str, str]:
    import os

    return {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def resumes(mode: str, home: Path) -> None:
    data = Storage(home).load_game(mode)
    if data is None:  # a solitaire that ended (won) has no save; a table always has one
        assert mode != TABLE
        return
    recorded = check_record_dict(data.data)  # the rules' check, as `check` does it
    adviser = InProcessAdviser()
    if mode == TABLE:
        flow_moves = TableMatch.resume(data.copy(), adviser).state.moves
    else:
        flow_moves = SolitaireSession.resume(data.copy(), adviser).state.moves
    assert flow_moves == recorded.state.moves


@pytest.mark.parametrize(
    ("mode", "kills"), [(TABLE, 14), (DRAW_SOLITAIRE, 8), (STACKED_SOLITAIRE, 8)]
)
def test_a_kill_at_any_moment_leaves_a_game_that_resumes(
    tmp_path: Path, mode: str, kills: int
) -> None:
    chance = random.Random(f"kills:{mode}")
    for kill in range(kills):
        home = tmp_path / f"kill-{kill}"
        kill_at(mode, home, seed=chance.randrange(1, 1000), frame=chance.randrange(20, 500))
        resumes(mode, home)
