"""Frame-time benchmark of the busiest table view, headless.

    python tools/bench_render.py [--size 1280x800] [--frames 600]
    python tools/bench_render.py --screens [--size 1920x1080] [--language es]

Draws 36 tiles on the figure, seven full hands (35 tiles), moving tiles and rising score
texts for `--frames` frames, timing update + draw of each. Then starts the game in a
fresh process and times process start to the first menu frame drawn. The last line is
one JSON object: frame_ms_p50, frame_ms_p99, startup_s. Budgets: p99 <= 4 ms at
1280x800, startup <= 0.5 s.

`--screens` instead stages real screens (`SCREENS`, screenshot targets) and times
`App.draw` of each as it stands, in this thread's CPU time (what drawing a frame costs,
whatever else the machine runs): the median of `--frames` draws, in milliseconds.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame

from game.app import App, ManualClock
from game.i18n import set_language
from game.persist.storage import Storage
from game.rules.lattice import Cell, neighbours, points_up
from game.scenes.base import Scene
from game.ui.layout import LatticeView
from game.ui.pacing import FIXED_DT
from game.ui.theme import PALETTE
from game.ui.tiles.image import TileState
from game.ui.tiles.sprites import TileLayer, TileSprite
from game.ui.tween import FloatingText, FloatingTexts, Tweens, ease_in_out_cubic
from tools.screenshot import staged

ROOT = Path(__file__).resolve().parents[1]
SCREENS = ("table-7", "draw-solitaire", "stacked-solitaire", "menu", "settings", "replay-7")
"""The screens `--screens` times: the fullest table, the solitaires, menus, a replay."""
SEATS = 7
HAND = 5


def cells_near_origin(count: int) -> list[Cell]:
    """The first `count` cells found breadth-first from the origin."""
    found: list[Cell] = [(0, 0)]
    index = 0
    while len(found) < count:
        for cell in neighbours(found[index]):
            if cell not in found:
                found.append(cell)
        index += 1
    return found[:count]


class BusyTableScene(Scene):
    """A stand-in for the fullest table: figure, seven hands, animations running."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.view = LatticeView()
        self.tiles = TileLayer()
        self.tweens = Tweens("normal")
        self.texts = FloatingTexts()
        self.cells = cells_near_origin(36)
        self.clock = 0.0

    def resize(self, size: tuple[int, int]) -> None:
        width, height = size
        figure_area = pygame.Rect(width * 0.18, height * 0.14, width * 0.64, height * 0.62)
        self.view.fit(self.cells, figure_area, margin=0.3)
        self.tiles.empty()
        side = round(self.view.side)
        for tile, cell in enumerate(self.cells):
            state = TileState.LAST if tile == 35 else TileState.NORMAL
            centre = self.view.cell_box_centre(cell)
            self.tiles.add(
                TileSprite(self.services.art, tile, side, centre, points_up(cell), tile % 3, state),
                layer=0,
            )
        hand_side = self.services.ui.px(58)
        for seat in range(SEATS):
            angle = math.pi / 2 + seat * 2 * math.pi / SEATS
            cx = width / 2 + math.cos(angle) * width * 0.42
            cy = height / 2 + math.sin(angle) * height * 0.4
            for slot in range(HAND):
                tile = (seat * HAND + slot) % 36
                centre = (cx + (slot - 2) * hand_side * 0.56, cy)
                state = TileState.SELECTED if seat == 0 and slot == 2 else TileState.NORMAL
                self.tiles.add(
                    TileSprite(self.services.art, tile, hand_side, centre, slot % 2 == 0, 0, state),
                    layer=1,
                )

    def update(self, dt: float) -> None:
        self.tiles.snapshot()
        self.clock += dt
        self.tweens.update(dt)
        self.texts.update(dt)
        if not self.tweens.busy:
            sprite = self.tiles.get_sprites_from_layer(1)[0]
            home = sprite.rect.center
            target = self.view.cell_box_centre((6, 0))

            def go_home() -> None:
                self.tweens.move(sprite, home, 0.5)

            self.tweens.move(sprite, target, 0.5, ease_in_out_cubic, on_done=go_home)
        if int(self.clock / 0.25) != int((self.clock - dt) / 0.25):
            cell = self.cells[int(self.clock * 4) % 36]
            label = self.services.ui.text("7 + 8 = 15", 26, PALETTE.gold, "bold")
            self.texts.add(FloatingText(label, self.view.cell_centre(cell)))

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.blit(self.services.felt(), (0, 0))
        self.tiles.draw_interpolated(surface, alpha)
        self.texts.draw(surface, alpha)


def measure_frames(size: tuple[int, int], frames: int) -> list[float]:
    with tempfile.TemporaryDirectory() as home:
        app = App(size, clock=ManualClock(), storage=Storage(home))
        scene = BusyTableScene(app)
        app.push(scene)
        app.run_frames(3)
        times = []
        for frame in range(frames):
            start = time.perf_counter()
            scene.update(FIXED_DT)
            scene.draw(app.screen, (frame % 4) / 4)
            times.append((time.perf_counter() - start) * 1000)
        pygame.quit()
    return times


STARTUP_SCRIPT = """
import time, sys
from game.app import App
app = App()
app.tick()
print(time.time())
"""


def measure_startup() -> float:
    with tempfile.TemporaryDirectory() as home:
        env = {
            **os.environ,
            "CONTACK_HOME": home,
            "SDL_VIDEODRIVER": "dummy",
            "SDL_AUDIODRIVER": "dummy",
            "PYGAME_HIDE_SUPPORT_PROMPT": "1",
        }
        start = time.time()
        output = subprocess.run(
            [sys.executable, "-c", STARTUP_SCRIPT],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        return float(output.strip().splitlines()[-1]) - start


def measure_screens(size: tuple[int, int], frames: int, language: str) -> dict[str, float]:
    """The median CPU milliseconds of drawing each of `SCREENS` as it stands."""
    medians = {}
    for target in SCREENS:
        with tempfile.TemporaryDirectory() as home:
            app = staged(target, size, home, language=language)
            times = []
            for _ in range(frames):
                start = time.thread_time()
                app.draw(1.0)
                times.append((time.thread_time() - start) * 1000)
            medians[target] = round(percentile(times, 0.5), 3)
        set_language("en")
    return medians


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--screens", action="store_true", help="time real screens' draws")
    parser.add_argument("--language", default="en", help="the screens' language: en or es")
    args = parser.parse_args()
    width, _, height = args.size.partition("x")
    if args.screens:
        medians = measure_screens((int(width), int(height)), args.frames, args.language)
        for target, ms in medians.items():
            print(f"{target:>20} at {args.size} ({args.language}): {ms:.2f} ms a draw")
        print(json.dumps(medians))
        return
    times = measure_frames((int(width), int(height)), args.frames)
    startup = min(measure_startup() for _ in range(3))
    p50, p99 = percentile(times, 0.5), percentile(times, 0.99)
    print(
        f"{args.frames} frames at {args.size}: p50 {p50:.2f} ms, p99 {p99:.2f} ms, "
        f"max {max(times):.2f} ms; startup {startup:.3f} s"
    )
    print(
        json.dumps(
            {
                "frame_ms_p50": round(p50, 3),
                "frame_ms_p99": round(p99, 3),
                "startup_s": round(startup, 3),
            }
        )
    )


if __name__ == "__main__":
    main()
