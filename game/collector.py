"""Python's cyclic garbage collector kept off the moments that matter. Its full passes
look at every object a process holds: 32 ms, two frames, in the middle of the game's
auto-play; 230 to 240 ms of CPU for a table server holding 1,000 tables and 2,000
connections, every 15 to 30 s (every move it was to tell waited). So what the process
holds once it has started is frozen (`gc.freeze`: never looked at again), and at each
quiet moment (a screen that opens, a server's every second) what was made since is
collected and what is left of it frozen; once as many objects as `growth` times those
left by the last collection of them all have been frozen (garbage among them is never
collected while frozen), the next quiet moment collects them all, once. Standard
library only: the window and the table server each keep one."""

from __future__ import annotations

import gc


class Collector:
    """The cyclic collector's full passes, at the process's quiet moments (`settle`)."""

    def __init__(self, growth: float) -> None:
        self.growth = growth
        gc.freeze()
        self.frozen = self.settled = gc.get_freeze_count()
        """At most the objects frozen (counted as they are frozen: counting those frozen
        now looks at each of them, so it is done only when this says it is time), and
        those left by the last collection of them all."""

    def settle(self) -> None:
        """Collect what was made since the last quiet moment and freeze what is left; all
        of it once the frozen objects have grown by `growth`."""
        if self.frozen > self.settled * self.growth:  # some have gone since: count them
            self.frozen = gc.get_freeze_count()
        whole = self.frozen > self.settled * self.growth
        if whole:
            gc.unfreeze()
            self.frozen = 0
        gc.collect()
        self.frozen += len(gc.get_objects())  # those left, not frozen yet
        gc.freeze()
        if whole:
            self.settled = self.frozen

    def close(self) -> None:
        """Everything back to the collector (the process is ending)."""
        gc.unfreeze()
