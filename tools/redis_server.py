"""A redis-server of its own for the tests and the benchmarks: on a free loopback port,
its files in a folder given (`appendonly yes`, as a club runs it; `kept=False`: nothing
on its disk), gone when closed. It takes `DEBUG SLEEP` (`--enable-debug-command yes` on
Redis 7), for the tests and benchmarks of a Redis that stalls.

`start_redis(folder)` gives a `RedisServer` once it accepts connections (it says so on
its standard output), or says in one line why none can start (`NoRedis`: no binary, or
it ended before it was ready). Nothing waits on the clock: the readiness line is read
as it comes, and a port taken meanwhile by another process is tried again on another.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Final

READY: Final = "Ready to accept connections"
PORT_TRIES: Final = 5
STOP_TIMEOUT_S: Final = 30.0


class NoRedis(Exception):
    """Why no redis-server could start (one line)."""


@dataclass
class RedisServer:
    """A running redis-server: its process and the store URL that names it."""

    process: subprocess.Popen[str]
    url: str

    def close(self) -> None:
        """Stop it (SIGTERM: it writes its append-only file and ends)."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(STOP_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _drain(process: subprocess.Popen[str]) -> None:
    """Read what it logs after it is ready, so that its pipe never fills."""
    assert process.stdout is not None
    for _ in process.stdout:
        pass


def debug_options(binary: str) -> list[str]:
    """What lets `binary` take `DEBUG`: Redis 7 asks for it, older ones take it anyway
    (and refuse the option)."""
    said = subprocess.run([binary, "--version"], capture_output=True, text=True).stdout
    version = said.partition(" v=")[2].split(".")[0]
    return ["--enable-debug-command", "yes"] if version.isdigit() and int(version) >= 7 else []


def _started(binary: str, folder: Path, port: int, kept: bool) -> RedisServer | str:
    """The server on `port`, or its last line when it ended before it was ready."""
    process = subprocess.Popen(
        [binary, "--port", str(port), "--bind", "127.0.0.1", "--dir", str(folder),
         "--appendonly", "yes" if kept else "no", "--save", "", "--logfile", "",
         "--daemonize", "no", *debug_options(binary)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL,
        text=True,
    )  # fmt: skip
    assert process.stdout is not None
    last = ""
    for line in process.stdout:
        if READY in line:
            threading.Thread(target=_drain, args=(process,), daemon=True).start()
            return RedisServer(process, f"redis://127.0.0.1:{port}/0")
        last = line.strip() or last
    process.wait()
    return last or f"redis-server ended with status {process.returncode}"


def start_redis(folder: Path, kept: bool = True, port: int = 0) -> RedisServer:
    """A redis-server keeping its files in `folder` (`kept`: every change, else nothing)
    on `port` (0: a free one), `NoRedis` when none can start."""
    binary = shutil.which("redis-server")
    if binary is None:
        raise NoRedis("redis-server is not installed (apt-get install -y redis-server)")
    folder.mkdir(parents=True, exist_ok=True)
    why = ""
    for _ in range(PORT_TRIES if not port else 1):
        started = _started(binary, folder, port or free_port(), kept)
        if isinstance(started, RedisServer):
            return started
        why = started
    raise NoRedis(f"redis-server did not start: {why}")
