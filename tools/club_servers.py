"""Table servers for the benchmarks: `python -m game.server --port 0`, one on a folder of
its own (`files`), or several on one Redis of their own (`redis`: tools/redis_server.py,
its files in the same temporary folder), and their resident memory. Each runs with a
watch on its loop (tools/loop_watch.py): `measure` begins and ends it, and
`stop` gives each server's figures."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tools.redis_server import RedisServer, start_redis

ROOT = Path(__file__).resolve().parents[1]
STOP_TIMEOUT_S = 60.0


def resident_mb(pid: int) -> float:
    """The resident memory of process `pid` in MB (Linux; 0 elsewhere)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0.0
    line = next((row for row in status.splitlines() if row.startswith("VmRSS:")), "VmRSS: 0 kB")
    return int(line.split()[1]) / 1024


@dataclass
class Servers:
    """Running table servers, their addresses, and the Redis they share (if any)."""

    processes: list[subprocess.Popen[str]] = field(default_factory=list)
    addresses: list[str] = field(default_factory=list)
    redis: RedisServer | None = None

    def servers_mb(self) -> float:
        """The table servers' resident memory, together, in MB."""
        return sum(self.each_mb())

    def each_mb(self) -> list[float]:
        """Each table server's resident memory still running, in MB."""
        return [resident_mb(p.pid) for p in self.processes if p.poll() is None]

    def redis_mb(self) -> float:
        return 0.0 if self.redis is None else resident_mb(self.redis.process.pid)

    def measure(self, measuring: bool = True) -> None:
        """Have each server still running begin (or end) watching its loop."""
        for process in self.processes:
            if process.poll() is None:
                process.send_signal(signal.SIGUSR1 if measuring else signal.SIGUSR2)

    def stop(self) -> list[dict[str, Any]]:
        """SIGTERM each server still running (SIGKILL when it takes too long), then Redis;
        the figures of each server's loop that ended (not of one killed)."""
        for process in self.processes:
            if process.poll() is None:
                process.terminate()
        figures = []
        for process in self.processes:
            try:
                said, _ = process.communicate(timeout=STOP_TIMEOUT_S)
            except subprocess.TimeoutExpired:  # an old server, stuck closing a connection
                process.kill()
                said, _ = process.communicate()
            lines = said.splitlines()
            if lines and lines[-1].startswith("{"):
                figures.append(json.loads(lines[-1]))
        if self.redis is not None:
            self.redis.close()
        return figures


FAILOVER_CONNECTIONS = 16_384
"""Each server of a Redis has room for every bot of the benchmark, as a club sizes its
servers so that one takes every player when another dies (the default, 4,096, refused
416 of 2,000 bots coming back from a killed server at 1,000 tables: HTTP 503)."""


def start_servers(folder: Path, store: str, count: int, more: Sequence[str] = ()) -> Servers:
    """`count` servers: on `folder`'s files (one only), or on a Redis of their own; `more`
    options on their command line."""
    servers = Servers()
    options = ["--home", str(folder / "home"), *more]
    if store == "redis":
        servers.redis = start_redis(folder / "redis")
        options += ["--store", servers.redis.url]
        options += ["--limit", f"max_connections={FAILOVER_CONNECTIONS}"]
    elif count != 1:
        raise ValueError("several servers share a store: --store redis")
    for _ in range(count):
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "tools.loop_watch",
                "game.server",
                "--port",
                "0",
                *options,
            ],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert process.stdout is not None
        servers.processes.append(process)
        servers.addresses.append(json.loads(process.stdout.readline())["listening"])
    return servers
