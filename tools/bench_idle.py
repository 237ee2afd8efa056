"""What an idle game costs: the CPU time of the game's process over wall time while
nothing moves on its screen.

    python tools/bench_idle.py [--seconds 10] [--size 1280x800] [--dummy]

Each case runs in its own process, in the game's own loop (`game.app.run`), warmed
for `--warm` seconds (a computer's first move lands, art is drawn ahead), then
measured for `--seconds`:

    menu       the menu as the game opens
    table      a table of two (Ann, a person; Bot, a greedy computer) waiting for Ann
    solitaire  draw solitaire waiting for the player's first move

The window is a real X window on a private Xvfb when one can start (as a player's
window: the frames are put on an X server), else SDL's dummy driver; the output says
which. The last line is one JSON object: per case cpu_percent (process CPU time over
wall time), frames_drawn and loops (frames run, drawn or not), and "display".
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

CASES = ("menu", "table", "solitaire")


def measure(case: str, size: tuple[int, int], warm: float, seconds: float) -> dict[str, Any]:
    """In this process: stage `case`, run the game's loop, measure once warm."""
    import pygame

    from game.ai.worker import InProcessAdviser
    from game.app import App, run
    from game.persist.storage import Storage
    from game.scenes.solitaire.draw import DrawSolitaireScene
    from game.scenes.table.scene import TableScene
    from tools.samples import table_config

    with tempfile.TemporaryDirectory() as home:
        app = App(size, storage=Storage(home), adviser=InProcessAdviser())
        if case == "table":
            app.push(TableScene(app, table_config([("Ann", "human"), ("Bot", "ai:greedy")], 5)))
        elif case == "solitaire":
            app.push(DrawSolitaireScene(app, seed=7))
        marks: list[tuple[float, float, int, int]] = []

        def mark() -> None:
            marks.append((time.perf_counter(), time.process_time(), app.frames, app.drawn))
            if len(marks) == 2:
                pygame.event.post(pygame.event.Event(pygame.QUIT))

        threading.Timer(warm, mark).start()
        threading.Timer(warm + seconds, mark).start()
        run(app)
        waiting = type(app.scene).__name__
        app.close()
    (wall0, cpu0, loops0, drawn0), (wall1, cpu1, loops1, drawn1) = marks
    return {
        "cpu_percent": round(100 * (cpu1 - cpu0) / (wall1 - wall0), 2),
        "frames_drawn": drawn1 - drawn0,
        "loops": loops1 - loops0,
        "screen": waiting,
    }


def run_case(case: str, args: argparse.Namespace, env: dict[str, str]) -> dict[str, Any]:
    """`case` measured in a process of its own."""
    command = [sys.executable, __file__, "--case", case, "--seconds", str(args.seconds)]
    command += ["--warm", str(args.warm), "--size", f"{args.size[0]}x{args.size[1]}"]
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    from tools.screenshot import parse_size
    from tools.xserver import NoXServer, XServer, start_xserver

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--warm", type=float, default=3.0)
    parser.add_argument("--size", type=parse_size, default=(1280, 800))
    parser.add_argument("--dummy", action="store_true", help="SDL's dummy driver, no X")
    parser.add_argument("--case", choices=CASES, help=argparse.SUPPRESS)
    args = parser.parse_args()
    env = {**os.environ, "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    if args.case:
        print(json.dumps(measure(args.case, args.size, args.warm, args.seconds)))
        return
    server: XServer | None = None
    if not args.dummy:
        try:
            server = start_xserver()
        except NoXServer as reason:
            print(f"no X server ({reason}): SDL's dummy driver instead")
    if server is None:
        env["SDL_VIDEODRIVER"] = "dummy"
    else:
        env = {**env, "DISPLAY": server.display}
        env.pop("SDL_VIDEODRIVER", None)
    display = "dummy" if server is None else f"x11 (Xvfb {server.display})"
    figures: dict[str, Any] = {"display": display}
    try:
        for case in CASES:
            figures[case] = run_case(case, args, env)
            cpu, drawn = figures[case]["cpu_percent"], figures[case]["frames_drawn"]
            print(f"{case:10} {cpu:6.2f}% of a core, {drawn} frames drawn in {args.seconds} s")
    finally:
        if server is not None:
            server.close()
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
