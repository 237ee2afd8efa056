"""Frame timing shared by the benchmarks of real scenes (`bench_table`, `bench_solitaire`)."""

from __future__ import annotations

import time
from collections.abc import Iterator

from game.app import ART_BUDGET_S, App

FRAME_S = 1 / 60


def paced_frames(app: App, cpu_ms: list[float] | None = None) -> Iterator[float]:
    """Tick `app` for as long as the caller asks, paced at 60 frames a second as a display
    would (so worker processes get real time to think between frames); yields each
    frame's update + draw time in milliseconds. `cpu_ms` gets each frame's processor
    time in this thread (what the frame itself cost, on a machine others keep busy)."""
    app.art.frame_budget_s = ART_BUDGET_S  # as the game's own loop has it
    frame_start = time.perf_counter()
    while True:
        start, cpu = time.perf_counter(), time.thread_time()
        app.tick()
        if cpu_ms is not None:
            cpu_ms.append((time.thread_time() - cpu) * 1000)
        yield (time.perf_counter() - start) * 1000
        frame_start += FRAME_S
        time.sleep(max(0.0, frame_start - time.perf_counter()))


def frame_figures(times: list[float]) -> dict[str, float]:
    """The median, 99th percentile and slowest of frame times (ms)."""
    ordered = sorted(times)
    return {
        "frame_ms_p50": round(ordered[len(ordered) // 2], 3),
        "frame_ms_p99": round(ordered[int(len(ordered) * 0.99) - 1], 3),
        "frame_ms_max": round(ordered[-1], 3),
    }
