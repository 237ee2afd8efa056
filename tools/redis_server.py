"""A redis-server of its own for the tests and the benchmarks: on a free loopback port,
its files in a folder given (`appendonly yes`, as a club runs it; `kept=False`: nothing
on its disk), gone when closed. It takes `DEBUG SLEEP` (`--enable-debug-command yes` on
Redis 7), for the tests and benchmarks of a Redis that stalls. `Access` has it ask what
a club's Redis asks (a password, an ACL user, TLS only, a Unix socket beside its port);
`start_sentinel` starts a redis-sentinel watching one.

`start_redis(folder)` gives a `RedisServer` once it accepts connections (it says so on
its standard output), or says in one line why none can start (`NoRedis`: no binary, or
it ended before it was ready). Nothing waits on the clock: the readiness line is read
as it comes, and a port taken meanwhile by another process is tried again on another.
"""

from __future__ import annotations

import contextlib
import functools
import shutil
import socket
import subprocess
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import redis

from tools.processes import end

READY: Final = "Ready to accept connections"
PORT_TRIES: Final = 5
STOP_TIMEOUT_S: Final = 30.0


@dataclass(frozen=True)
class TlsFiles:
    """A redis-server's certificate chain and key, and the authority its clients trust
    (PEM files)."""

    cert: Path
    key: Path
    ca: Path


@dataclass(frozen=True)
class Access:
    """What a redis-server asks of its clients: nothing by default; `password` (with
    `user`: an ACL user of every right, else the default user's); TLS only (`tls`);
    `unix`: a Unix socket in its folder, which its URL names."""

    password: str = ""
    user: str = ""
    tls: TlsFiles | None = None
    unix: bool = False

    def options(self, port: int, folder: Path) -> list[str]:
        """redis-server's options for this access on `port`."""
        options = ["--port", str(port)]
        if self.tls is not None:
            files = self.tls
            options = ["--port", "0", "--tls-port", str(port),
                       "--tls-cert-file", str(files.cert), "--tls-key-file", str(files.key),
                       "--tls-ca-cert-file", str(files.ca), "--tls-auth-clients", "no"]  # fmt: skip
        if self.user:
            options += ["--user", self.user, "on", f">{self.password}", "~*", "&*", "+@all",
                        "--user", "default", "off"]  # fmt: skip
        elif self.password:
            options += ["--requirepass", self.password]
        if self.unix:
            options += ["--unixsocket", str(folder / "redis.sock"), "--unixsocketperm", "700"]
        return options

    def url(self, port: int, folder: Path) -> str:
        """The store URL that reaches it with these credentials."""
        credentials = f"{self.user}:{self.password}@" if self.password else ""
        if self.unix:
            return f"unix://{credentials}{folder / 'redis.sock'}?db=0"
        if self.tls is not None:
            return f"rediss://{credentials}127.0.0.1:{port}/0?ssl_ca_certs={self.tls.ca}"
        return f"redis://{credentials}127.0.0.1:{port}/0"


OPEN: Final = Access()


class NoRedis(Exception):
    """Why no redis-server could start (one line)."""


@dataclass
class RedisServer:
    """A running redis-server: its process and the store URL that names it."""

    process: subprocess.Popen[str]
    url: str
    port: int

    def close(self) -> None:
        """Stop it as SIGTERM would (it writes its append-only file and ends), at once:
        it acts on `SHUTDOWN` when asked, on SIGTERM only at its next tick (0.1 s later).
        One that cannot be asked (gone, stalled past `STOP_TIMEOUT_S`, refusing) is
        ended as `tools.processes.end` ends a process."""
        if self.process.poll() is None:
            try:
                with redis.Redis.from_url(self.url, socket_timeout=STOP_TIMEOUT_S) as client:
                    client.shutdown()
            except redis.RedisError:
                pass
            else:
                with contextlib.suppress(subprocess.TimeoutExpired):
                    self.process.wait(STOP_TIMEOUT_S)
        end(self.process, STOP_TIMEOUT_S)


@dataclass
class SentinelServer(RedisServer):
    """A running redis-sentinel: it takes `SHUTDOWN` seconds late, SIGTERM at once."""

    def close(self) -> None:
        end(self.process, STOP_TIMEOUT_S)


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


@functools.cache
def debug_options(binary: str) -> tuple[str, ...]:
    """What lets `binary` take `DEBUG`: Redis 7 asks for it, older ones take it anyway
    (and refuse the option)."""
    said = subprocess.run([binary, "--version"], capture_output=True, text=True).stdout
    version = said.partition(" v=")[2].split(".")[0]
    return ("--enable-debug-command", "yes") if version.isdigit() and int(version) >= 7 else ()


def _started(binary: str, folder: Path, port: int, kept: bool, access: Access) -> RedisServer | str:
    """The server on `port`, or its last line when it ended before it was ready."""
    return _ready(
        [binary, *access.options(port, folder), "--bind", "127.0.0.1", "--dir", str(folder),
         "--appendonly", "yes" if kept else "no", "--save", "", "--logfile", "",
         "--daemonize", "no", *debug_options(binary)],
        READY,
        access.url(port, folder),
        port,
    )  # fmt: skip


def _ready(
    command: list[str], ready: str, url: str, port: int, kind: type[RedisServer] = RedisServer
) -> RedisServer | str:
    """`command` running once it logs `ready`, or its last line when it ended before."""
    process = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL,
        text=True,
    )
    assert process.stdout is not None
    last = ""
    for line in process.stdout:
        if ready in line:
            threading.Thread(target=_drain, args=(process,), daemon=True).start()
            return kind(process, url, port)
        last = line.strip() or last
    process.wait()
    return last or f"{command[0]} ended with status {process.returncode}"


def start_redis(
    folder: Path, kept: bool = True, port: int = 0, access: Access = OPEN
) -> RedisServer:
    """A redis-server keeping its files in `folder` (`kept`: every change, else nothing)
    on `port` (0: a free one), asking what `access` says; `NoRedis` when none can start."""
    binary = _binary("redis-server")
    folder.mkdir(parents=True, exist_ok=True)
    why = ""
    for _ in range(PORT_TRIES if not port else 1):
        started = _started(binary, folder, port or free_port(), kept, access)
        if isinstance(started, RedisServer):
            return started
        why = started
    raise NoRedis(f"redis-server did not start: {why}")


def start_sentinel(folder: Path, master: RedisServer, name: str = "club") -> RedisServer:
    """A redis-sentinel on a free port watching `master` (plain TCP, no password) as
    `name`; its URL names that master through it. `NoRedis` when none can start."""
    binary = _binary("redis-sentinel")
    folder.mkdir(parents=True, exist_ok=True)
    why = ""
    for _ in range(PORT_TRIES):
        port = free_port()
        config = folder / f"sentinel-{port}.conf"  # it rewrites its file: one of its own
        config.write_text(
            f'port {port}\nbind 127.0.0.1\ndaemonize no\nlogfile ""\n'
            f"sentinel monitor {name} 127.0.0.1 {master.port} 1\n"
        )
        url = f"redis+sentinel://127.0.0.1:{port}/{name}/0"
        started = _ready(
            [binary, str(config)], f"+monitor master {name}", url, port, SentinelServer
        )
        if isinstance(started, RedisServer):
            return started
        why = started
    raise NoRedis(f"redis-sentinel did not start: {why}")


def _binary(name: str) -> str:
    """Where `name` is installed, `NoRedis` saying how to install it when it is not."""
    found = shutil.which(name)
    if found is None:
        raise NoRedis(f"{name} is not installed (apt-get install -y {name})")
    return found
