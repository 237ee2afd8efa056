"""Where a process's stalls come from, for the benchmarks: how late its asyncio loop wakes
(a task that sleeps `TICK_S` and notes how much later than asked it runs again) and how
long the cyclic garbage collector stops it (`gc.callbacks`, each pass's CPU time, which
other processes on the machine change little; the full passes apart), between `begin`
and `end`. `LoopWatch.figures` gives them as the
benchmarks' JSON fields.

    python -m tools.loop_watch game.server [ARGS...]

runs the table server with a watch on its loop (SIGUSR1 begins it, SIGUSR2 ends it) and,
when it ends, prints the watch's figures as one more JSON line on its standard output
(tools/club_servers.py reads it).
"""

from __future__ import annotations

import asyncio
import gc
import json
import runpy
import signal
import sys
import time
from typing import Any, Final

TICK_S: Final = 0.01


def _at(values: list[float], share: float) -> float:
    return round(values[min(len(values) - 1, int(share * len(values)))], 2) if values else 0.0


class LoopWatch:
    """The loop's lateness and the collector's pauses (CPU), in ms, between `begin` and
    `end`."""

    def __init__(self) -> None:
        self.lags: list[float] = []
        self.pauses: dict[int, list[float]] = {0: [], 1: [], 2: []}
        self.measuring = False
        self.cpu_s = 0.0
        """The process's CPU time between `begin` and `end`."""
        self._began = 0.0
        self._task: asyncio.Task[None] | None = None

    def begin(self) -> None:
        """Note from now on (what was noted before is forgotten)."""
        self.lags.clear()
        for pauses in self.pauses.values():
            pauses.clear()
        self.measuring = True
        self.cpu_s = -time.process_time()

    def end(self) -> None:
        if self.measuring:
            self.cpu_s += time.process_time()
        self.measuring = False

    def start(self) -> None:
        """Watch the running loop, and the collector."""
        gc.callbacks.append(self._collected)
        self._task = asyncio.get_running_loop().create_task(self._tick())

    def stop(self) -> None:
        if self._collected in gc.callbacks:
            gc.callbacks.remove(self._collected)
        if self._task is not None:
            self._task.cancel()

    def _collected(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._began = time.thread_time()
        elif self.measuring:
            self.pauses[info["generation"]].append(1000 * (time.thread_time() - self._began))

    async def _tick(self) -> None:
        while True:
            asked = time.perf_counter() + TICK_S
            await asyncio.sleep(TICK_S)
            if self.measuring:
                self.lags.append(1000 * max(0.0, time.perf_counter() - asked))

    def figures(self, prefix: str = "") -> dict[str, Any]:
        """The process's CPU time, the loop's lateness (p50, p99, largest) and the
        collector's passes: how many and how long (the full ones' largest, and all of them
        together), each field's name after `prefix`."""
        lags = sorted(self.lags)
        full = self.pauses[2]
        every = [pause for pauses in self.pauses.values() for pause in pauses]
        return {
            f"{prefix}cpu_s": round(self.cpu_s, 2),
            f"{prefix}lag_ms_p50": _at(lags, 0.5),
            f"{prefix}lag_ms_p99": _at(lags, 0.99),
            f"{prefix}lag_ms_max": _at(lags, 1.0),
            f"{prefix}gc_passes": len(every),
            f"{prefix}gc_full_passes": len(full),
            f"{prefix}gc_cpu_full_ms_max": round(max(full, default=0.0), 2),
            f"{prefix}gc_cpu_ms_max": round(max(every, default=0.0), 2),
            f"{prefix}gc_cpu_ms_total": round(sum(every), 1),
        }


class _WatchedLoops(asyncio.DefaultEventLoopPolicy):
    """Each new loop starts `watch` as it begins to run (asyncio.run makes one), and
    SIGUSR1 and SIGUSR2 begin and end it."""

    def __init__(self, watch: LoopWatch) -> None:
        super().__init__()
        self.watch = watch

    def new_event_loop(self) -> asyncio.AbstractEventLoop:
        loop = super().new_event_loop()
        loop.call_soon(self.watch.start)
        loop.add_signal_handler(signal.SIGUSR1, self.watch.begin)
        loop.add_signal_handler(signal.SIGUSR2, self.watch.end)
        return loop


def main() -> None:
    """Run `MODULE ARGS...` with its loop watched; then print the figures."""
    if len(sys.argv) < 2:
        sys.exit("usage: python -m tools.loop_watch MODULE [ARGS...]")
    module = sys.argv[1]
    sys.argv = [module, *sys.argv[2:]]
    watch = LoopWatch()
    asyncio.set_event_loop_policy(_WatchedLoops(watch))
    code: str | int | None = 0
    try:
        runpy.run_module(module, run_name="__main__", alter_sys=True)
    except SystemExit as end:
        code = end.code
    finally:
        watch.stop()
        print(json.dumps(watch.figures()), flush=True)
    sys.exit(code)


if __name__ == "__main__":
    main()
