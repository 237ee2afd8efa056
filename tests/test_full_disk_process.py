"""A disk that fills mid-game, in a real game process: both solitaires auto-play with a
file size limit (RLIMIT_FSIZE: the kernel refuses every write past it, EFBIG, as a full
disk refuses one; Python ignores SIGXFSZ) that lets the saves of the first moves through
and none after, then the limit is lifted (the disk freed) and the player leaves the
screen. The next process finds the finished game in the history and the game left
unfinished saved whole, every move in its save."""

from __future__ import annotations

import json
import os
from pathlib import Path

from game.app import OWED_RETRY_FRAMES
from game.persist.history import HISTORY_FILE, add_finished_game, load_history
from game.persist.storage import Storage
from game.rules.modes import Mode
from game.rules.record.document import GameRecord
from tests.conftest import GUARD_S
from tests.forks import GAME_MODULES, forked
from tests.net_process import LIMITS
from tests.persistence_helpers import record

SAVE_LIMIT = 1_500
"""Bytes a file may hold while the disk is "full": a solitaire's save after its first
dozen moves, less than its history, record or later saves."""

CHILD = """
import json, resource, sys
import pygame
from game.ai.worker import InProcessAdviser
from game.app import App, ManualClock
from game.persist.history import load_history
from game.persist.storage import Storage
from game.scenes.requests import SolitaireRequest

mode, home, stop_at, limit, wait = sys.argv[1], sys.argv[2], *map(int, sys.argv[3:])
app = App((800, 600), clock=ManualClock(), storage=Storage(home), adviser=InProcessAdviser())
app.settings.animation_speed = "instant"
app.open(SolitaireRequest(mode, 3))
app.run_frames(2)
_, unlimited = resource.getrlimit(resource.RLIMIT_FSIZE)
resource.setrlimit(resource.RLIMIT_FSIZE, (limit, unlimited))  # the disk fills
app.scene.autoplay.set(True)
while not app.scene.finished and len(app.scene.state.moves) < stop_at:
    app.tick()
app.scene.autoplay.set(False)
app.run_frames(5)  # the last move's save, and a win's history, are refused
refused = [notice for notice in app.notices if "Could not save" in notice]
moves = len(app.scene.state.moves)
resource.setrlimit(resource.RLIMIT_FSIZE, (unlimited, unlimited))  # the disk is freed
app.run_frames(wait)  # the player looks at the board a while
counted = len(load_history(app.storage).games)
pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
app.run_frames(2)  # the player leaves the screen
left = app.scene.__class__.__name__
print(json.dumps({"refused": len(refused), "moves": moves, "counted": counted, "left": left}))
app.close()
"""


def play_on_a_filling_disk(home: Path, mode: str, stop_at: int, wait: int = 0) -> dict[str, object]:
    """Auto-play deal 3 of `mode` in a game process whose disk fills after the first
    saves, until it ends or has `stop_at` moves; free the disk, run `wait` frames and
    leave the screen. What the game told, and the games its history held before it
    left."""
    numbers = (stop_at, SAVE_LIMIT, wait)
    environment = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    game = forked(  # (from a zygote that has imported the game: tests/forks.py)
        GAME_MODULES, code=CHILD, args=[mode, str(home), *map(str, numbers)], env=environment
    )
    out, errors = game.communicate(timeout=GUARD_S)
    assert game.returncode == 0, errors
    told: dict[str, object] = json.loads(out.strip().splitlines()[-1])
    assert told["refused"], "the disk never filled"
    assert told["left"] == "MenuScene"
    return told


@LIMITS
def test_a_game_won_while_the_disk_was_full_is_in_the_history_a_little_after_it_is_freed(
    tmp_path: Path,
) -> None:
    storage = Storage(tmp_path)
    for seed in range(1, 7):  # games played before: a history the full disk cannot take
        add_finished_game(storage, GameRecord.parse(record(Mode.DRAW_SOLITAIRE, seed)))
    assert (tmp_path / HISTORY_FILE).stat().st_size > SAVE_LIMIT
    told = play_on_a_filling_disk(tmp_path, Mode.STACKED_SOLITAIRE, 99, OWED_RETRY_FRAMES)
    assert told["counted"] == 7  # a later frame wrote it, before the player left
    history = load_history(storage)
    assert [entry.mode for entry in history.games][-1] == Mode.STACKED_SOLITAIRE
    assert len(history.games) == 7 and history.games[-1].won
    assert history.solitaires[Mode.STACKED_SOLITAIRE].won == 1
    assert not storage.has_saved_game(Mode.STACKED_SOLITAIRE)  # counted: no Continue
    assert (tmp_path / history.games[-1].file).is_file()  # its record, for the history


@LIMITS
def test_a_game_left_after_the_disk_was_freed_is_saved_with_every_move(
    tmp_path: Path,
) -> None:
    told = play_on_a_filling_disk(tmp_path, Mode.DRAW_SOLITAIRE, stop_at=14)
    saved = Storage(tmp_path).load_game(Mode.DRAW_SOLITAIRE)
    assert saved is not None
    assert saved.move_count(0) == told["moves"] == 14
    assert not load_history(Storage(tmp_path)).games
