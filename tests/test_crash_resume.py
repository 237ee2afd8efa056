"""A real game process killed while its own autosave is being written leaves a save that
resumes: the table of computers is killed (SIGKILL) right as it starts writing, several
times at random moves, and each time the save replays, passes the rules and reopens at
the table with the same moves. The child waits for a word from the test before each
write, so it can never run ahead of the kill; the test waits on the child's output,
never on time."""

from __future__ import annotations

import json
import os
import random
import signal
from pathlib import Path

import pytest

from game.persist.storage import Storage
from game.rules.record.document import GameRecord
from game.rules.record.recorded_game import RecordedGame
from game.scenes.table.scene import TableScene
from tests.drive import new_app
from tests.forks import GAME_MODULES, forked

CHILD = """
import sys
from game.ai.worker import InProcessAdviser
from game.app import App, ManualClock
from game.persist.storage import Storage
from game.scenes.requests import TableRequest

app = App((800, 600), clock=ManualClock(), storage=Storage(sys.argv[1]),
          adviser=InProcessAdviser())
app.settings.animation_speed = "instant"
write = app.storage.save_game

def save_game(record):
    print("saving", record.move_count(-1), flush=True)
    sys.stdin.readline()  # the test says when: so the game never runs ahead of it
    return write(record)

app.storage.save_game = save_game
players = [{"name": name, "kind": "ai:greedy"} for name in "ABCD"]
app.open(TableRequest({"rules": {"hands": 1}, "players": players, "seed": 7}))
while app.tick():
    pass
"""


def kill_while_saving(home: Path, saves: int) -> tuple[int, int]:
    """Run a game in a child process (forked from a zygote that has imported the game:
    tests/forks.py) and kill it as it starts its `saves`-th autosave; the number of
    moves the save before it held, and the number this one holds."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    child = forked(GAME_MODULES, code=CHILD, args=[str(home)], env=env, stdin=True, stderr=False)
    try:
        assert child.stdout is not None and child.stdin is not None
        seen, before = 0, -1
        for line in child.stdout:
            if line.startswith("saving"):
                seen += 1
                moves = int(line.split()[1])
                child.stdin.write("go\n")
                child.stdin.flush()
                if seen == saves:  # killed as it starts writing
                    child.send_signal(signal.SIGKILL)
                    return before, moves
                before = moves
        pytest.fail(f"the game ended after {seen} saves")
    finally:
        child.kill()
        child.wait()
        assert child.returncode is not None
    return -1, -1


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_kill_during_the_autosave_leaves_a_game_that_resumes(tmp_path: Path, seed: int) -> None:
    saves = random.Random(seed).randrange(2, 12)
    before, during = kill_while_saving(tmp_path, saves)
    data = Storage(tmp_path).load_game("table")
    assert data is not None
    saved_moves = len(data.last_hand_moves())
    assert saved_moves in (before, during)  # the old save whole, or the new one whole
    recorded = RecordedGame.from_record(GameRecord.parse(json.loads(json.dumps(data.to_json()))))
    leftovers = [p.name for p in tmp_path.rglob("*.part")]
    assert len(leftovers) <= 1, leftovers
    app = new_app(tmp_path, (800, 600), speed="instant")
    app.open_record(data)
    app.run_frames(2)
    scene = app.scene
    assert isinstance(scene, TableScene)
    assert scene.state.moves[:saved_moves] == recorded.state.moves
