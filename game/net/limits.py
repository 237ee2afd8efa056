"""How often a connection may ask: token buckets on an injectable clock, so a test
steps time instead of waiting for it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

Clock = Callable[[], float]
"""Seconds from any fixed start (`time.monotonic` on a live server)."""


@dataclass(frozen=True)
class Limits:
    """The server's limits: message rates per connection, attempts to open, join or
    watch a table per address, how long a table may stay idle, how many tables."""

    messages_per_s: float = 20.0
    message_burst: int = 40
    joins_per_s: float = 0.5
    join_burst: int = 10
    refusals_in_a_row: int = 100
    """A connection whose messages are refused this many times in a row is closed."""
    idle_s: float = 86_400.0
    max_tables: int = 5_000


class TokenBucket:
    """`burst` tokens, refilled at `rate` per second; each request takes one."""

    def __init__(self, rate: float, burst: int, clock: Clock) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.tokens = float(burst)
        self.when = clock()

    def take(self) -> bool:
        """Take a token: False (and nothing taken) when none is left."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.when) * self.rate)
        self.when = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    @property
    def full(self) -> bool:
        """Whether the bucket has refilled to `burst` (it can be forgotten)."""
        return self.tokens + (self.clock() - self.when) * self.rate >= self.burst
