"""The server's limits: token buckets on an injectable clock (a test steps time instead of
waiting for it), attempts counted per network, and which tables have had their time.

An address is counted with its network, the /24 of IPv4 or the /64 of IPv6 (one home
or one customer usually has a whole /64, and often several IPv4 addresses of a /24), so
that many addresses of one network are one asker."""

from __future__ import annotations

import ipaddress
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Protocol, TypeVar

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
    unjoined_s: float = 600.0
    """A table whose seats nobody took is forgotten after this long."""
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


def network_of(address: str) -> str:
    """The network `address` is counted in: its /24 (IPv4, an IPv4-mapped IPv6 address
    too) or its /64 (IPv6); a name that is no address, as it is."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    prefix = 24 if ip.version == 4 else 64
    return str(ipaddress.ip_network(f"{ip}/{prefix}", strict=False))


class Attempts:
    """Attempts (to open, join, watch or find a table) counted per network: `burst` at
    once, then `rate` a second."""

    FORGET_OVER = 10_000
    """Past this many networks, those whose bucket has refilled are forgotten."""

    def __init__(self, rate: float, burst: int, clock: Clock) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self._buckets: dict[str, TokenBucket] = {}

    def take(self, address: str) -> bool:
        """Count an attempt from `address`: False (and nothing counted) when its network
        has made too many."""
        buckets = self._buckets
        if len(buckets) > self.FORGET_OVER:
            for network in [n for n, bucket in buckets.items() if bucket.full]:
                del buckets[network]
        network = network_of(address)
        bucket = buckets.get(network)
        if bucket is None:
            bucket = buckets[network] = TokenBucket(self.rate, self.burst, self.clock)
        return bucket.take()


class Expiring(Protocol):
    """A table as its expiry sees it."""

    last_active: float

    @property
    def joined(self) -> bool:
        """Whether anyone ever took one of its seats."""


T = TypeVar("T", bound=Expiring)


def expired(tables: Iterable[T], now: float, limits: Limits) -> list[T]:
    """The tables that have had their time: idle for `idle_s`, or nobody joined them
    within `unjoined_s`."""
    return [
        table
        for table in tables
        if now - table.last_active > (limits.idle_s if table.joined else limits.unjoined_s)
    ]
