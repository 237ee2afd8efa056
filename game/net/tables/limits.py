"""The server's limits: token buckets on an injectable clock (a test steps time instead of
waiting for it), attempts counted per network, and which tables have had their time.

An address is counted with its network, the /24 of IPv4 or the /64 of IPv6 (one home
or one customer usually has a whole /64, and often several IPv4 addresses of a /24), so
that many addresses of one network are one asker. Behind a proxy the server trusts
(`TrustedProxies`), the address counted is the one the proxy forwards."""

from __future__ import annotations

import ipaddress
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Final, Protocol, TypeVar

Clock = Callable[[], float]
"""Seconds from any fixed start (`time.monotonic` on a live server)."""


@dataclass(frozen=True)
class Limits:
    """The server's limits: message rates per connection, attempts to open, join or
    watch a table per network, how long a table may stay idle, how many tables, how many
    connections, and how much may wait to be sent to one."""

    messages_per_s: float = 20.0
    message_burst: int = 40
    joins_per_s: float = 0.5
    join_burst: int = 10
    refusals_in_a_row: int = 100
    """A connection whose messages are refused this many times in a row is closed."""
    idle_s: float = 86_400.0
    unjoined_s: float = 600.0
    """A table whose seats nobody but its opener took is forgotten after this long,
    whatever its pace."""
    max_tables: int = 5_000
    tables_per_network: int = 20
    """Unfinished tables one network (`network_of`) may have opened or taken seats at."""
    tables_per_player: int = 20
    """Unfinished tables one player may have opened or taken seats at."""
    seats_per_player: int = 40
    """Seats one player may hold at unfinished tables."""
    events_per_player: int = 3
    """Events not over one member may have created (version 3)."""
    max_connections: int = 4_096
    """Connections open at once, those being refused included (fewer when the process
    may open fewer files); an eighth of them is kept for refusals."""
    connections_per_host: int = 64
    """Open connections from one IPv4 address or one IPv6 /64."""
    outbox_frames: int = 256
    """Frames waiting to be sent to one connection; past this, it is dropped."""
    outbox_bytes: int = 1 << 20
    """Bytes waiting to be sent to one connection (one frame alone always fits); past
    this, it is dropped."""
    stall_s: float = 60.0
    """A connection that takes no frame for this long while frames wait is dropped."""
    lease_s: float = 3.0
    """With `--own-tables`: how long a server's lease on its tables holds unless renewed
    (a third of it apart): how soon its tables are taken over once it dies, and how long
    it may stall before it loses them."""


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


def _counted(address: str, ipv4_prefix: int) -> str:
    """`address`'s network of `ipv4_prefix` bits (IPv4, an IPv4-mapped IPv6 address too)
    or its /64 (IPv6); a name that is no address, as it is."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    prefix = ipv4_prefix if ip.version == 4 else 64
    return str(ipaddress.ip_network(f"{ip}/{prefix}", strict=False))


def network_of(address: str) -> str:
    """The network `address` is counted in: its /24 (IPv4) or its /64 (IPv6)."""
    return _counted(address, 24)


def host_of(address: str) -> str:
    """The host `address` is counted as: itself (IPv4) or its /64 (IPv6)."""
    return _counted(address, 32)


IpNetwork = ipaddress.IPv4Network | ipaddress.IPv6Network


def _ip(address: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """`address` as an IP address (an IPv4-mapped IPv6 one as IPv4), None if it is none."""
    try:
        ip = ipaddress.ip_address(address.strip())
    except ValueError:
        return None
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    return ip


class TrustedProxies:
    """The networks of the proxies in front of the server (`--trusted-proxy CIDR`): a
    connection from one of them is counted as the client it forwards (`X-Forwarded-For`),
    one from anywhere else as itself, whatever it says. None by default."""

    def __init__(self, networks: Sequence[IpNetwork] = ()) -> None:
        self.networks = tuple(networks)

    def trusts(self, address: str) -> bool:
        """Whether `address` is one of the proxies'."""
        ip = _ip(address)
        return ip is not None and any(ip in network for network in self.networks)

    def client(self, peer: str, forwarded: Iterable[str]) -> str:
        """Who a connection from `peer` is counted as, given its `X-Forwarded-For` headers
        (each a comma-separated list, the nearest hop last): the nearest address no proxy
        of ours added, read only through proxies we trust; `peer` itself unless it is one.
        An entry that is no address stops the reading at the proxy that passed it on."""
        counted = peer
        hops = [hop for header in forwarded for hop in header.split(",")]
        while self.trusts(counted) and hops:
            ip = _ip(hops.pop())
            if ip is None:
                break
            counted = str(ip)
        return counted


NO_PROXIES = TrustedProxies()
PROXY_LINE: Final = b"PROXY "
PROXY_LINE_BYTES: Final = 107
"""The longest PROXY protocol v1 line, its CRLF included (haproxy's proxy-protocol.txt)."""


def proxy_source(line: bytes) -> str | None:
    """The client a PROXY protocol v1 line names (`PROXY TCP4 SOURCE DESTINATION
    SOURCE-PORT DESTINATION-PORT`, no CRLF), None for `PROXY UNKNOWN` (the proxy's own
    connection); `ValueError` when it is no such line."""
    if len(line) + 2 > PROXY_LINE_BYTES:
        raise ValueError(line)
    fields = line.decode("ascii").split(" ")
    if fields[:2] == ["PROXY", "UNKNOWN"]:
        return None
    if len(fields) != 6 or fields[0] != "PROXY" or fields[1] not in ("TCP4", "TCP6"):
        raise ValueError(line)
    source = _ip(fields[2])
    if source is None or source.version != int(fields[1][3]):
        raise ValueError(line)
    return str(source)


class Entry(Enum):
    """What becomes of a new connection."""

    ADMITTED = "admitted"
    REFUSED = "refused"
    """Told that the server is full (HTTP 503), then closed."""
    DROPPED = "dropped"
    """Closed at once: even the refusals in progress take all the room."""


class Gate:
    """Open connections, counted per host (`host_of`) and in all: of `room` connections
    at once, an eighth is kept for the refusals in progress. A trusted proxy's own
    address has no limit of its own (its connections are counted again as the clients
    they forward, once their request says who: `forwarded`)."""

    def __init__(self, per_host: int, room: int, proxies: TrustedProxies = NO_PROXIES) -> None:
        self.per_host = per_host
        self.room = room
        self.proxies = proxies
        self.total = max(1, room - max(1, room // 8))
        """Connections admitted at once."""
        self.admitted = 0
        self.refusing = 0
        self._hosts: dict[str, int] = {}

    def enter(self, address: str) -> Entry:
        """Count a new connection from `address` (`leave` when it ends)."""
        host = host_of(address)
        per_host = self.room if self.proxies.trusts(address) else self.per_host
        if self.admitted < self.total and self._hosts.get(host, 0) < per_host:
            self.admitted += 1
            self._hosts[host] = self._hosts.get(host, 0) + 1
            return Entry.ADMITTED
        if self.admitted + self.refusing < self.room:
            self.refusing += 1
            return Entry.REFUSED
        return Entry.DROPPED

    def leave(self, address: str, entry: Entry) -> None:
        """A connection that `enter` counted as `entry` has ended."""
        if entry is Entry.REFUSED:
            self.refusing -= 1
        elif entry is Entry.ADMITTED:
            host = host_of(address)
            self.admitted -= 1
            self._hosts[host] -= 1
            if not self._hosts[host]:
                del self._hosts[host]


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
    def met(self) -> bool:
        """Whether anyone but its opener took a seat (or every seat is taken)."""


T = TypeVar("T", bound=Expiring)


def expired(tables: Iterable[T], now: float, limits: Limits) -> list[T]:
    """The tables that have had their time: idle for `idle_s`, or nobody but their opener
    joined them within `unjoined_s`."""
    return [
        table
        for table in tables
        if now - table.last_active > (limits.idle_s if table.met else limits.unjoined_s)
    ]
