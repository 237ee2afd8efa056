"""Frame timing shared by the benchmarks of real scenes (`bench_table`, `bench_solitaire`).

A frame is one `App.tick` (events, updates, and the drawing when the picture changed),
timed on the wall clock and in this thread's CPU time (what the game itself spent,
whatever else the machine runs). A *bare frame* is the screen as it stands drawn
again with nothing else to do (`App.draw` and the flip), the median of 60 in the same
run: the measure the slow frames are set against.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Iterator

import pygame

from game.app import ART_BUDGET_S, COLLECTOR_GROWTH, App, draw_ahead
from game.collector import Collector

FRAME_S = 1 / 60
BARE_FRAMES = 60


def paced_frames(app: App) -> Iterator[tuple[float, float]]:
    """Tick `app` for as long as the caller asks, as the game's own loop does: 60 frames
    a second (worker processes get real time to think between frames), the tile art
    asked for ahead drawn in each frame's spare time once it is shown. Yields each
    frame's time in milliseconds: wall clock, then this thread's CPU."""
    app.art.frame_budget_s = ART_BUDGET_S  # as the game's own loop has it
    app.collector = app.collector or Collector(COLLECTOR_GROWTH)
    frame_start = time.perf_counter()
    while True:
        start, cpu = time.perf_counter(), time.thread_time()
        app.tick()
        yield (time.perf_counter() - start) * 1000, (time.thread_time() - cpu) * 1000
        draw_ahead(app, frame_start + FRAME_S)
        frame_start += FRAME_S
        time.sleep(max(0.0, frame_start - time.perf_counter()))


def bare_frame_ms(app: App) -> float:
    """The median wall time of drawing `app`'s screen as it stands, with nothing else."""
    times = []
    for _ in range(BARE_FRAMES):
        start = time.perf_counter()
        app.draw(1.0)
        pygame.display.flip()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def frame_figures(frames: list[tuple[float, float]], bare_ms: float) -> dict[str, float]:
    """The median, 99th percentile and slowest of frame times (ms) on the wall clock, the
    99th percentile and slowest in CPU, and the bare frame with the 99th percentile's
    multiple of it."""
    wall = sorted(ms for ms, _cpu in frames)
    cpu = sorted(cpu for _ms, cpu in frames)

    def p99(times: list[float]) -> float:
        return times[int(len(times) * 0.99) - 1]

    return {
        "frame_ms_p50": round(wall[len(wall) // 2], 3),
        "frame_ms_p99": round(p99(wall), 3),
        "frame_ms_max": round(wall[-1], 3),
        "frame_cpu_ms_p99": round(p99(cpu), 3),
        "frame_cpu_ms_max": round(cpu[-1], 3),
        "bare_frame_ms": round(bare_ms, 3),
        "p99_in_bare_frames": round(p99(wall) / bare_ms, 1),
    }
