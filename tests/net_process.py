"""A real `python -m game.server` for the tests that need its process: its own descriptor,
file size or memory limits, kill -9, SIGTERM. Every wait is bounded by `GUARD_S`."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

try:
    import resource
except ImportError:  # Windows
    resource = None  # type: ignore[assignment]

ROOT = Path(__file__).resolve().parent.parent
GUARD_S = 30
"""Only a hung server makes a read wait this long."""


def start_server(
    home: Path, limit: Callable[[], None] | None = None
) -> tuple[subprocess.Popen[str], str]:
    """The server on `home` (`limit`: run in its process before it starts, to set a
    resource limit); its address. Standard error is kept for the test to read."""
    server = subprocess.Popen(
        [sys.executable, "-m", "game.server", "--port", "0", "--home", str(home)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=limit,
    )
    assert server.stdout is not None
    address = json.loads(server.stdout.readline())["listening"]
    assert address.startswith("ws://127.0.0.1:")
    return server, address


def end(server: subprocess.Popen[str]) -> None:
    """Kill the server at once (SIGKILL), if it still runs."""
    if server.returncode is None:
        server.kill()
        server.communicate()


LIMITS = pytest.mark.skipif(resource is None, reason="resource limits are POSIX")
"""Marks a test that sets a resource limit for the server's process."""


def _limit(which: str, value: int) -> Callable[[], None]:
    def limit() -> None:
        assert resource is not None
        resource.setrlimit(getattr(resource, which), (value, value))

    return limit


def file_size_limit(size: int) -> Callable[[], None]:
    """No file of the server's larger than `size` bytes: a write past it is refused
    (EFBIG; Python ignores SIGXFSZ) as a full disk refuses one."""
    return _limit("RLIMIT_FSIZE", size)


def descriptor_limit(count: int) -> Callable[[], None]:
    """At most `count` open files and sockets in the server's process."""
    return _limit("RLIMIT_NOFILE", count)
