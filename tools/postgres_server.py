"""A PostgreSQL server of its own for the tests and the benchmarks, as Debian's
`postgresql` package installs it (`/usr/lib/postgresql/VERSION/bin`): a fresh cluster
made by `initdb` in a folder of its own in memory (`RAM_DISK`, where there is room: else
under the system's temporary folder), listening on a free loopback port and a Unix
socket in that folder, trusting its one user `contack`, gone when closed. PostgreSQL
refuses to run as root: run as root (CI), it is started as `nobody`, who owns the
folder.

`start_postgres()` gives a `PostgresServer` once it accepts connections (it says so in
its log, read as it comes: nothing waits on the clock), or says in one line why none
can start (`NoPostgres`: not installed, or it ended before it was ready). Given a
`template` folder (`template_of` a run of processes), its cluster is a copy of the one
made there by the first of them (`initdb` costs half a second of a core, a copy a
fiftieth); `remove_template` removes it once none will start another.
"""

from __future__ import annotations

import contextlib
import fcntl
import glob
import os
import pwd
import shutil
import subprocess
import tempfile
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from tools.processes import end
from tools.redis_server import PORT_TRIES, free_port

READY: Final = "database system is ready to accept connections"
USER: Final = "contack"
UNPRIVILEGED: Final = "nobody"
STOP_TIMEOUT_S: Final = 30.0
RAM_DISK: Final = Path("/dev/shm")
"""Where a server's folder goes when there is room: its 40 MB written to the disk's file
system cost `initdb` 1.2 s of a core, 0.44 s in memory."""
ROOM: Final = 1 << 30


class NoPostgres(Exception):
    """Why no PostgreSQL server could start (one line)."""


@dataclass
class PostgresServer:
    """A running postgres: its process, its folder and the URL that names its database."""

    process: subprocess.Popen[str]
    folder: Path
    url: str

    def close(self) -> None:
        """Stop it (SIGTERM: a smart shutdown once the clients are gone; then SIGKILL)
        and remove its folder."""
        end(self.process, STOP_TIMEOUT_S)
        shutil.rmtree(self.folder, ignore_errors=True)


def binaries() -> Path | None:
    """The folder of the newest installed PostgreSQL's `initdb` and `postgres`."""
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/postgres"),
        key=lambda path: int(Path(path).parts[-3]) if Path(path).parts[-3].isdigit() else 0,
    )
    if found:
        return Path(found[-1]).parent
    on_path = shutil.which("postgres")
    return Path(on_path).parent if on_path and shutil.which("initdb") else None


def _parent() -> Path | None:
    """Where the server's folder goes: `RAM_DISK`, where it has room (None: the system's
    temporary folder)."""
    if os.access(RAM_DISK, os.W_OK) and shutil.disk_usage(RAM_DISK).free > ROOM:
        return RAM_DISK
    return None


def _as_owner(folder: Path) -> dict[str, Any]:
    """What makes a process run as the folder's unprivileged owner: as root, `nobody`
    (who is made its owner); else this user, as it is."""
    if os.geteuid() != 0:
        return {}
    user = pwd.getpwnam(UNPRIVILEGED)
    for path in [folder, *folder.rglob("*")]:
        os.chown(path, user.pw_uid, user.pw_gid)
    return {"user": user.pw_uid, "group": user.pw_gid, "extra_groups": []}


def _drain(process: subprocess.Popen[str]) -> None:
    """Read what it logs after it is ready, so that its pipe never fills."""
    assert process.stdout is not None
    for _ in process.stdout:
        pass


def start_postgres(template: Path | None = None) -> PostgresServer:
    """A fresh PostgreSQL server on a free loopback port, its cluster copied from
    `template` (made there first if it is not yet), `NoPostgres` when none can start."""
    bin_dir = binaries()
    if bin_dir is None:
        raise NoPostgres("PostgreSQL is not installed (apt-get install -y postgresql)")
    folder = Path(tempfile.mkdtemp(prefix="contack-postgres-", dir=_parent()))
    folder.chmod(0o755)  # `nobody` reaches its files through it
    owner = _as_owner(folder)
    why = _cluster(bin_dir, folder / "data", owner, template)
    if why:
        shutil.rmtree(folder, ignore_errors=True)
        raise NoPostgres(why)
    why = ""
    for _ in range(PORT_TRIES):  # a port free when probed may be taken before it listens
        started = _started(bin_dir, folder, owner, free_port())
        if isinstance(started, PostgresServer):
            return started
        why = started
    shutil.rmtree(folder, ignore_errors=True)
    raise NoPostgres(f"postgres did not start: {why}")


def _cluster(bin_dir: Path, data: Path, owner: dict[str, Any], template: Path | None) -> str:
    """Make the cluster `data` (by `initdb`, or as a copy of `template`'s, made there
    first if it is not yet); why it could not be made ("": it is)."""
    if template is None:
        return _initdb(bin_dir, data, owner)
    with _locked(template):
        if not (template / "PG_VERSION").is_file():
            shutil.rmtree(template, ignore_errors=True)
            why = _initdb(bin_dir, template, owner)
            if why:
                return why
        copied = subprocess.run(
            ["cp", "-a", str(template), str(data)], capture_output=True, text=True
        )
    return f"the template was not copied: {copied.stderr.strip()}" if copied.returncode else ""


def _initdb(bin_dir: Path, data: Path, owner: dict[str, Any]) -> str:
    """Make the cluster `data`; why it could not be made ("": it is)."""
    made = subprocess.run(
        [str(bin_dir / "initdb"), "-D", str(data), "-U", USER, "--auth=trust",
         "--no-sync", "-E", "UTF8", "--locale=C"],
        capture_output=True, text=True, cwd=data.parent, **owner,
    )  # fmt: skip
    said: str = made.stderr
    return (
        f"initdb failed: {(said.strip().splitlines() or ['(nothing said)'])[-1]}"
        if made.returncode
        else ""
    )


def template_of(run: int) -> Path:
    """The template folder of the run of processes that process `run` started (the test
    processes of one pytest run, its pid)."""
    return (_parent() or Path(tempfile.gettempdir())) / f"contack-postgres-template-{run}"


@contextlib.contextmanager
def _locked(template: Path) -> Iterator[None]:
    """`template` for this process alone (its lock file, beside it)."""
    with open(_lock_of(template), "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def _lock_of(template: Path) -> Path:
    return template.with_name(template.name + ".lock")


def remove_template(template: Path) -> None:
    """Remove `template`, once no process will start a server from it."""
    shutil.rmtree(template, ignore_errors=True)
    _lock_of(template).unlink(missing_ok=True)


def _started(bin_dir: Path, folder: Path, owner: dict[str, Any], port: int) -> PostgresServer | str:
    """The server of `folder`'s data on `port`, or its last line when it ended before it
    was ready."""
    process = subprocess.Popen(
        [str(bin_dir / "postgres"), "-D", str(folder / "data"), "-p", str(port),
         "-h", "127.0.0.1", "-k", str(folder), "-c", "fsync=off", "-c", "logging_collector=off"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
        text=True, cwd=folder, **owner,
    )  # fmt: skip
    assert process.stdout is not None
    last = ""
    for line in process.stdout:
        if READY in line:
            threading.Thread(target=_drain, args=(process,), daemon=True).start()
            return PostgresServer(process, folder, f"postgresql://{USER}@127.0.0.1:{port}/postgres")
        last = line.strip() or last
    process.wait()
    return last or f"postgres ended with status {process.returncode}"
