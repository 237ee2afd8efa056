"""Frame-time benchmark of the solitaire scenes while the worker process thinks.

    python tools/bench_solitaire.py [--size 1280x800] [--seconds 60] [--light on|off]

Each solitaire auto-plays at the "fast" speed from a fresh deal (draw solitaire: the
fair player chooses every move in the worker; stacked: the solver's line), and at game
over the review decides whether, and until which move, the deal could have been won.
Draw deal 182 is the hardest of deals 1..1000 to solve. Frames are paced at 60 a
second as the game's own loop paces them (tools/frames.py: each frame timed on the wall
clock and in CPU, the art asked for ahead drawn in its spare time). The last line is one
JSON object per mode with frame_ms_p50, frame_ms_p99, frame_ms_max, frame_cpu_ms_p99,
frame_cpu_ms_max, bare_frame_ms (the screen drawn again with nothing else, median),
p99_in_bare_frames, the moves played and whether the verdict arrived. The
still-winnable light is on for every deal unless `--light off`: the solver decides it in
the worker after every move.
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

from game.app import App, ManualClock
from game.persist.storage import Storage
from game.scenes.solitaire.base import SolitaireScene
from game.scenes.solitaire.draw import DrawSolitaireScene
from game.scenes.solitaire.stacked import StackedSolitaireScene
from tools.frames import bare_frame_ms, frame_figures, paced_frames
from tools.screenshot import parse_size

DEALS = {
    "draw-solitaire": (DrawSolitaireScene, 182),
    "stacked-solitaire": (StackedSolitaireScene, 7),
}


def bench(size: tuple[int, int], seconds: float, mode: str, light: bool) -> dict[str, float | str]:
    scene_type, seed = DEALS[mode]
    with tempfile.TemporaryDirectory() as home:
        app = App(size, clock=ManualClock(1 / 60), storage=Storage(home))
        app.settings.animation_speed = "fast"
        app.settings.winnable_light = "every" if light else "off"
        scene: SolitaireScene = scene_type(app, seed=seed)
        app.push(scene)
        app.run_frames(120)  # warm the caches
        scene.autoplay.speed = "fast"
        scene.autoplay.set(True)
        times: list[tuple[float, float]] = []
        end = time.perf_counter() + seconds
        for frame_ms in paced_frames(app):
            times.append(frame_ms)
            if time.perf_counter() >= end or scene.session.verdict is not None:
                break
        result: dict[str, float | str] = {
            **frame_figures(times, bare_frame_ms(app)),
            "moves": len(scene.state.moves),
            "verdict": scene.session.verdict or "pending",
            "light": scene.session.light.shows if light else "off",
        }
        app.close()
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=parse_size, default=(1280, 800))
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--light", choices=("on", "off"), default="on")
    args = parser.parse_args()
    light = args.light == "on"
    print(json.dumps({mode: bench(args.size, args.seconds, mode, light) for mode in DEALS}))


if __name__ == "__main__":
    main()
