"""The server benchmark's bots' figures merged over their processes."""

from __future__ import annotations

from tools.bench_server import merged


def test_bots_figures_over_processes_sum_the_cpu_and_keep_the_largest_pause() -> None:
    first = {"bots_cpu_s": 1.5, "bots_lag_ms_max": 40.0, "bots_gc_passes": 3}
    second = {"bots_cpu_s": 2.25, "bots_lag_ms_max": 12.0, "bots_gc_passes": 0}

    figures = merged([first, second])

    assert figures["bots_cpu_s"] == 3.75
    assert figures["bots_gc_passes"] == 3
    assert figures["bots_lag_ms_max"] == 40.0
    assert figures["bots_each"] == [first, second]
