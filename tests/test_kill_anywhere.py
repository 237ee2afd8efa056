"""Crash consistency: the real game process is killed (SIGKILL) at random moments, 16
times: a table of computers thinking in the real worker process, and both solitaires
auto-playing. After each kill the autosave passes the rules' check and resumes at the
same position, and no process is left behind (the game's output pipe reaches its end
only once every process holding it, the worker and multiprocessing's helpers
included, has gone). The kill comes at a frame the test picks at random; the test
waits on the game's output, not on time. A process counting games and puzzle answers
is killed too: no achievement they earned is lost."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
from pathlib import Path

import pytest

from game.ai.worker import InProcessAdviser
from game.persist.achievements import load_achievements
from game.persist.history import add_finished_game, load_history, record_key
from game.persist.puzzles import PuzzleAnswer, count_trainer_answer, load_progress
from game.persist.records import check_record_dict
from game.persist.storage import Storage
from game.play.couch import resume_couch_table
from game.play.solitaire_session import SolitaireSession
from game.rules.modes import Mode
from game.rules.record.document import GameRecord
from tests.forks import GAME_MODULES, forked
from tests.test_persist_achievements import table_game

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
    kill_when(CHILD, home, [mode, str(home), str(seed)], frame)


def kill_when(code: str, home: Path, args: list[str], count: int) -> None:
    """Run the Python `code` with `args` on the data folder `home` (forked from a zygote
    that has imported the game: tests/forks.py) and kill it outright once it has printed
    a number from `count` on; return once every process it started has ended (a guard
    fails the test if one lingers)."""
    environment = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    child = forked(
        GAME_MODULES,
        code=code,
        args=args,
        env={**environment, "CONTACK_HOME": str(home)},
        stderr=False,
    )
    assert child.stdout is not None
    for line in child.stdout:
        if line.strip().isdigit() and int(line) >= count:  # (pygame greets first)
            break
    child.send_signal(signal.SIGKILL)
    child.wait()
    try:
        child.communicate(timeout=60)  # end of the pipe: no process holds it any more
    except subprocess.TimeoutExpired:
        pytest.fail("a process of the killed game is still running")


def resumes(mode: str, home: Path) -> None:
    data = Storage(home).load_game(mode)
    if data is None:  # a solitaire that ended (won) has no save; a table always has one
        assert mode != Mode.TABLE
        return
    recorded = check_record_dict(data.to_json())  # the rules' check, as `check` does it
    adviser = InProcessAdviser()
    if mode == Mode.TABLE:
        flow_moves = resume_couch_table(data.copy(), adviser).state.moves
    else:
        flow_moves = SolitaireSession.resume(data.copy(), adviser).state.moves
    assert flow_moves == recorded.state.moves


@pytest.mark.parametrize(
    ("mode", "kills"), [(Mode.TABLE, 8), (Mode.DRAW_SOLITAIRE, 4), (Mode.STACKED_SOLITAIRE, 4)]
)
def test_a_kill_at_any_moment_leaves_a_game_that_resumes(
    tmp_path: Path, mode: str, kills: int
) -> None:
    chance = random.Random(f"kills:{mode}")
    for kill in range(kills):
        home = tmp_path / f"kill-{kill}"
        kill_at(mode, home, seed=chance.randrange(1, 1000), frame=chance.randrange(20, 500))
        resumes(mode, home)


COUNTING = """
import json, sys
from game.persist.history import add_finished_game
from game.persist.puzzles import PuzzleAnswer, count_trainer_answer
from game.persist.storage import Storage
from game.rules.record.document import GameRecord

files = Storage(sys.argv[1])
with open(sys.argv[2], encoding="utf-8") as file:
    records = json.load(file)
for number, data in enumerate(records):
    add_finished_game(files, GameRecord.parse(data))
    count_trainer_answer(files, number, PuzzleAnswer("trainer", 0, 1100, True, "2026-11-22"))
    print(number, flush=True)
"""
SOLVED = PuzzleAnswer("trainer", 0, 1100, True, "2026-11-22")
ANNS_GAMES = ((7, ("greedy", "expert")), (2, ("greedy", "expert")), (22, ("easy", "master")))


def test_a_kill_while_games_and_answers_are_counted_loses_no_achievement(
    tmp_path: Path,
) -> None:
    """A process counting Ann's games and puzzle answers as fast as it can, killed at a
    moment the test picks at random: its achievements file is whole, and holds every
    achievement the games and answers the history and puzzles.json counted earn."""
    games = [table_game(seed, levels) for seed, levels in ANNS_GAMES]
    games += [{**game, "seed": f"again{n}"} for n, game in enumerate(games)]  # counted anew
    records = tmp_path / "games.json"
    records.write_text(json.dumps(games), encoding="utf-8")
    chance = random.Random("achievement kills")
    for kill in range(4):
        home = tmp_path / f"kill-{kill}"
        kill_when(COUNTING, home, [str(home), str(records)], chance.randrange(len(games) - 1))
        files = Storage(home)
        kept = {key for key, progress in load_achievements(files).items() if progress.earned}
        assert not files.notices
        counted = {entry.key for entry in load_history(files).games}
        again = Storage(tmp_path / f"again-{kill}")  # the same counted, never killed
        for game in games:
            if record_key(GameRecord.parse(game)) in counted:
                add_finished_game(again, GameRecord.parse(game))
        for number in range(load_progress(files).trainer):
            count_trainer_answer(again, number, SOLVED)
        earned = set(again.take_achieved())
        assert earned and earned <= kept
