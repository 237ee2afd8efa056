"""The cyclic collector kept off the moments that matter (game/collector.py): what is
made between two quiet moments is collected at the second, and the objects frozen are
counted (which looks at each) only when what was frozen since may call for collecting
them all. The window's use of it is in test_app.py."""

from __future__ import annotations

import gc

import pytest

from game.collector import Collector


def test_the_frozen_objects_are_counted_only_when_a_collection_of_them_all_may_be_due(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Counting the frozen objects took 7 ms at 500,000 of them, at every settling: a
    table server settles every second. They are counted once at the start, then only
    when those frozen since have grown past `growth`."""
    counts: list[int] = []
    count = gc.get_freeze_count

    def counted() -> int:
        counts.append(count())
        return counts[-1]

    monkeypatch.setattr(gc, "get_freeze_count", counted)
    gc.disable()  # only the collector's settling may collect
    collector = Collector(1.1)
    try:
        for _ in range(10):
            collector.settle()
        assert len(counts) == 1
        grown: list[list[int]] = [[] for _ in range(collector.settled // 5)]
        collector.settle()  # frozen with the rest: a fifth more than at the start
        collector.settle()
        assert len(counts) == 2 and grown
        assert collector.frozen == collector.settled > counts[0]  # all collected, once
    finally:
        collector.close()
        gc.enable()
