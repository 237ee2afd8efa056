"""What the achievements cost: the Achievements screen's frames, an announcement's frames
and the counting of a finished game.

    python tools/bench_achievements.py [--size 1920x1080] [--games 20]

The screen is opened on a player some weeks in (the `achievements` screenshot target's
progress, pictures not yet painted) and scrolled a row at a time to the end and back;
an announcement is timed from the frame it comes in until it has gone (over the menu);
then `--games` table games Ann won or lost are counted one after another
(`add_finished_game`: the history, the record kept, the achievements measured and
written). Printed: each one's frame figures (tools/frames.py: on the wall clock and in
this thread's processor time, what the frame itself cost on a busy machine), the first
frame's processor time, and the counting's times in milliseconds. The last line is one JSON
object with those figures.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame

from game.app import App, ManualClock
from game.persist.achievements import save_achievements
from game.persist.history import add_finished_game
from game.persist.storage import Storage
from game.rules.record.document import GameRecord
from game.scenes.games.achievements import AchievementsScene
from tools.frames import bare_frame_ms, frame_figures, paced_frames
from tools.samples import sample_record
from tools.screenshot import parse_size
from tools.screenshot_progress import SAMPLE_PROGRESS


def screen_frames(app: App) -> list[tuple[float, float]]:
    """The Achievements screen opened and scrolled down a row at a time, then back."""
    save_achievements(app.storage, dict(SAMPLE_PROGRESS))
    scene = AchievementsScene(app)
    app.push(scene)
    frames = paced_frames(app)
    times = [next(frames)]
    keys = [pygame.K_DOWN] * scene.rows + [pygame.K_HOME]
    for key in keys:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
        times.extend(next(frames) for _ in range(3))
    app.pop()
    times.append(next(frames))
    return times


def announcement_frames(app: App) -> list[tuple[float, float]]:
    """An achievement announced over the menu, from its first frame until it has gone."""
    app.storage.achieved.append("first-win")
    frames = paced_frames(app)
    times = [next(frames)]
    while app.toasts.on_screen:
        times.append(next(frames))
    return times


def counting_ms(storage: Storage, games: int) -> list[float]:
    """Each of `games` table games of Ann's counted (the history, record, achievements)."""
    times = []
    for seed in range(1, games + 1):
        data = sample_record(players=3, seed=seed).to_json()
        data["players"][0].update(name="Ann", kind="human")
        started = time.perf_counter()
        add_finished_game(storage, GameRecord(data))
        times.append((time.perf_counter() - started) * 1000)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=parse_size, default=(1920, 1080))
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    figures: dict[str, dict[str, float]] = {}
    with tempfile.TemporaryDirectory() as home:
        app = App(args.size, clock=ManualClock(), storage=Storage(home))
        for name, timed in (("screen", screen_frames), ("announcement", announcement_frames)):
            times = timed(app)
            first_cpu = round(times[0][1], 3)
            figures[name] = {**frame_figures(times, bare_frame_ms(app)), "first_cpu_ms": first_cpu}
            print(f"{name}: {len(times)} frames, {figures[name]}")
        app.close()
    with tempfile.TemporaryDirectory() as home:
        counted = counting_ms(Storage(home), args.games)
        ordered = sorted(counted)
        figures["counting"] = {
            "ms_p50": round(ordered[len(ordered) // 2], 3),
            "ms_max": round(ordered[-1], 3),
        }
        print(f"counting: {args.games} games, {figures['counting']}")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
