"""Frame-time benchmark of the real table scene: seven seats mid-game, computers thinking.

    python tools/bench_table.py [--size 1280x800] [--frames 600] [--level master] [--hosted]

Every seat is a computer of `--level`, so the worker process is choosing a move during
most frames while placements, scoring texts and counting scores animate. Frames are
paced at 60 a second as the game's own loop paces them (tools/frames.py: each frame
timed on the wall clock and in CPU, the art asked for ahead drawn in its spare time; game
time advances 1/60 s a frame). The tile art of the position is drawn once before timing,
as a game in progress has it cached. The last line is one JSON object: frame_ms_p50,
frame_ms_p99, frame_ms_max, frame_cpu_ms_p99, frame_cpu_ms_max, bare_frame_ms (the
table drawn again with nothing else, median), p99_in_bare_frames, moves, thinking_share.
`--hosted`: a table of seven this window hosts (the table server in its thread, on
loopback, its six computers in the window's worker process), its host playing the first
seat at once: the frames of a hosting window.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.ai.players import make_player
from game.app import App, ManualClock
from game.net.table_opening import TableOpening, start_hosting
from game.persist.storage import Storage
from game.scenes.online.remote import online_table_scene
from game.scenes.table.scene import TableScene
from tools.frames import bare_frame_ms, frame_figures, paced_frames
from tools.samples import SEAT_NAMES, table_config
from tools.screenshot import parse_size


def bench(size: tuple[int, int], frames: int, level: str) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as home:
        app = App(size, clock=ManualClock(1 / 60), storage=Storage(home))
        players = [(name, f"ai:{level}") for name in SEAT_NAMES]
        scene = TableScene(app, table_config(players, seed=5))
        bot = make_player("greedy", random.Random(5))
        while len(scene.state.figure) < 16 and not scene.state.hand_over:
            scene.match.play(bot.choose(scene.state))
        scene.sync_scores()
        app.push(scene)
        app.run_frames(240)  # warm the caches: tile art of this position, texts
        times: list[tuple[float, float]] = []
        thinking = 0
        start_moves = len(scene.state.moves)
        for _, frame_ms in zip(range(frames), paced_frames(app), strict=False):
            times.append(frame_ms)
            thinking += scene.match.thinking
        bare = bare_frame_ms(app)
        app.scene.exit()
    return {
        **frame_figures(times, bare),
        "moves": len(scene.state.moves) - start_moves,
        "thinking_share": round(thinking / frames, 2),
    }


def bench_hosted(size: tuple[int, int], frames: int, level: str) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as home:
        app = App(size, clock=ManualClock(1 / 60), storage=Storage(home))
        server = start_hosting(app.adviser, Path(home) / "server", "127.0.0.1", 0)
        seats = ["remote"] + [f"ai:{level}"] * (len(SEAT_NAMES) - 1)
        opening = TableOpening.host(server, server.address or "", seats, {}, ["Ann"])
        for _ in range(1000):
            match = opening.poll(app.adviser)
            if match is not None or opening.failure is not None:
                break
            event = opening.link.client.wait(10)
            if event is not None:
                opening.receive(event)
        assert match is not None, opening.failure
        scene = online_table_scene(app, match)
        app.push(scene)
        app.run_frames(240)
        times: list[tuple[float, float]] = []
        start_moves = len(match.flow.state.moves) + 100 * match.flow.record.hand_count
        for _, frame_ms in zip(range(frames), paced_frames(app), strict=False):
            times.append(frame_ms)
            if scene.human_can_act():  # Ann, at the host's computer, plays at once
                scene.play(match.flow.legal_moves()[0])
        moves = len(match.flow.state.moves) + 100 * match.flow.record.hand_count - start_moves
        bare = bare_frame_ms(app)
        app.scene.exit()
    return {**frame_figures(times, bare), "moves": moves}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=parse_size, default=(1280, 800))
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--level", default="master")
    parser.add_argument("--hosted", action="store_true", help="a table this window hosts")
    args = parser.parse_args()
    run = bench_hosted if args.hosted else bench
    print(json.dumps(run(args.size, args.frames, args.level)))


if __name__ == "__main__":
    main()
