"""Child processes forked from a Python that has imported the game's modules already (a
zygote), for the tests that start many: a `python -m game.server`, or a game killed on
purpose, spent a quarter to half a second of a core importing before it did anything;
forked from its zygote it starts at once.

`forked(...)` gives a `Forked`, a `subprocess.Popen` the zygote made: a process of its
own (its own pid, environment, working folder, resource limits and standard streams, on
pipes as `Popen` gives them), run as `python -m MODULE` or `python -c CODE` would run it
after its imports, signalled, waited for and read as any `Popen`. Its pipes are held by
it and its own children only, so that their end still says every one of them is gone.

A zygote imports its modules and forks, nothing else: it starts no thread and runs none
of the game, so every child begins as a new interpreter would once it has imported
them. What it imported is frozen (`gc.freeze`, as the game freezes what it holds once
started): a child's collections never look through it, which cost a killed game, a
server or a window a tenth of its processor time (and copied the zygote's pages). One
zygote serves each set of modules and environment (but for `IGNORED`, which no module
reads as it is imported); it ends with the test process, and its children with it
(SIGTERM). A child exits as the interpreter would, but for tearing down the zygote's
modules (`_ended`)."""

from __future__ import annotations

import atexit
import contextlib
import gc
import importlib
import json
import locale
import os
import queue
import runpy
import select
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import types
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import IO, Any, Final

from tools.processes import with_parent

ROOT: Final = Path(__file__).resolve().parent.parent
IGNORED: Final = ("PYTEST_CURRENT_TEST", "CONTACK_HOME")
"""Variables a child's environment may set apart from its zygote's: pytest's name of the
test, the game's data folder (read when the game opens it, never as it is imported)."""
GAME_MODULES: Final = ("game.app", "game.scenes.requests", "game.ai.worker")
"""What a zygote of games imports: the game in a window and all it needs (its scenes,
its storage, its worker's side)."""
WINDOW_MODULES: Final = (*GAME_MODULES, "tests.game_window")
"""What a zygote of the network tests' game windows imports (tests/game_window.py)."""
MESSAGE_BYTES: Final = 1 << 20
START_TIMEOUT_S: Final = 60.0

Limit = tuple[str, int]
"""A resource limit for a child: the name of `resource`'s RLIMIT_ constant and its value
(soft and hard)."""


class Forked(subprocess.Popen[str]):
    """A child its zygote forked, as a `Popen` in text mode: the zygote reaps it and
    tells its exit status."""

    def __init__(  # no Popen.__init__: the zygote made the process
        self,
        zygote: Zygote,
        pid: int,
        args: Sequence[str],
        streams: tuple[IO[str] | None, IO[str] | None, IO[str] | None],
    ) -> None:
        self._zygote = zygote
        self._child_created = False  # Popen's finaliser leaves it to the zygote
        self.args = list(args)
        self.pid = pid
        self.returncode: int | Any = None
        self.stdin, self.stdout, self.stderr = streams

    def poll(self) -> int | None:
        if self.returncode is None:
            self.returncode = self._zygote.ended(self.pid, 0.0)
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        if self.returncode is None:
            self.returncode = self._zygote.ended(self.pid, timeout)
            if self.returncode is None:
                raise subprocess.TimeoutExpired(self.args, timeout or 0.0)
        return self.returncode

    def send_signal(self, sig: int) -> None:
        if self.poll() is None:
            # Ended meanwhile, and reaped by the zygote before it told us: as Popen does.
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, sig)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)

    def communicate(
        self, input: str | None = None, timeout: float | None = None
    ) -> tuple[Any, Any]:
        """Write `input`, read standard output and error to their ends, and wait."""
        if self.stdin is not None:
            if input:
                self.stdin.write(input)
            self.stdin.close()
        read: dict[int, str] = {}

        def read_out(number: int, stream: IO[str]) -> None:
            read[number] = stream.read()
            stream.close()

        readers = [
            threading.Thread(target=read_out, args=(number, stream), daemon=True)
            for number, stream in enumerate((self.stdout, self.stderr))
            if stream is not None and not stream.closed
        ]
        for reader in readers:
            reader.start()
        for reader in readers:
            reader.join(timeout)
            if reader.is_alive():
                raise subprocess.TimeoutExpired(self.args, timeout or 0.0)
        self.wait(timeout)
        return read.get(0), read.get(1)


class Zygote:
    """A Python process that imported `modules` in `environ`, forking children on
    request over a Unix socket (the children's pipes go with the request)."""

    def __init__(self, modules: Sequence[str], environ: Mapping[str, str]) -> None:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        self.errors = tempfile.TemporaryFile()  # noqa: SIM115 - kept while it runs
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.forks", str(theirs.fileno()), *modules],
            cwd=ROOT,
            env=dict(environ),
            pass_fds=(theirs.fileno(),),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=self.errors,
        )
        theirs.close()
        self.control = ours
        self.asking = threading.Lock()
        self.forked: queue.SimpleQueue[int] = queue.SimpleQueue()
        self.told = threading.Condition()
        self.exits: dict[int, int] = {}
        self.gone = False
        threading.Thread(target=self._listen, daemon=True).start()
        atexit.register(self.close)

    def close(self) -> None:
        """End the zygote (and so its children: SIGTERM) and wait for it: its time, and
        its children's, count as this process's children's."""
        self.control.shutdown(socket.SHUT_RDWR)
        self.process.wait(START_TIMEOUT_S)

    def _listen(self) -> None:
        """Take in what the zygote tells: each child it forked, each that ended."""
        while message := self.control.recv(MESSAGE_BYTES):
            said = json.loads(message)
            if "forked" in said:
                with self.told:  # a pid used again: the end told is its last owner's
                    self.exits.pop(said["forked"], None)
                self.forked.put(said["forked"])
            else:
                with self.told:
                    self.exits[said["ended"]] = said["code"]
                    self.told.notify_all()
        with self.told:
            self.gone = True
            self.told.notify_all()
        self.forked.put(-1)

    def why_gone(self) -> str:
        self.errors.seek(0)
        return self.errors.read().decode(errors="replace")[-2000:]

    def fork(self, request: dict[str, Any], fds: Sequence[int]) -> int:
        """The pid of a child run as `request` says, on descriptors `fds` (its standard
        input, output and error)."""
        with self.asking:
            socket.send_fds(self.control, [json.dumps(request).encode()], list(fds))
            pid = self.forked.get(timeout=START_TIMEOUT_S)
        if pid < 0:
            raise RuntimeError(f"the zygote ended: {self.why_gone()}")
        return pid

    def ended(self, pid: int, timeout: float | None) -> int | None:
        """Child `pid`'s exit status (minus a signal's number when one ended it), once
        it has ended within `timeout` (None: however long it takes), else None."""
        with self.told:
            self.told.wait_for(lambda: pid in self.exits or self.gone, timeout)
            if pid not in self.exits and self.gone:
                raise RuntimeError(f"the zygote ended: {self.why_gone()}")
            return self.exits.get(pid)


_ZYGOTES: dict[tuple[tuple[str, ...], tuple[tuple[str, str], ...]], Zygote] = {}
_STARTING = threading.Lock()


def zygote(modules: Sequence[str], environ: Mapping[str, str]) -> Zygote:
    """The zygote of `modules` in `environ` (started on first use)."""
    kept = {name: value for name, value in environ.items() if name not in IGNORED}
    key = (tuple(modules), tuple(sorted(kept.items())))
    with _STARTING:
        if key not in _ZYGOTES or _ZYGOTES[key].gone:
            _ZYGOTES[key] = Zygote(modules, kept)
        return _ZYGOTES[key]


def forked(
    modules: Sequence[str],
    *,
    module: str = "",
    code: str = "",
    args: Sequence[str] = (),
    env: Mapping[str, str],
    cwd: Path = ROOT,
    stdin: bool = False,
    stderr: bool | IO[Any] = True,
    limits: Sequence[Limit] = (),
) -> Forked:
    """A child of the zygote of `modules` running `module` (as `python -m`) or `code` (as
    `python -c`) with `args`, in `env` and `cwd`, under `limits`; its standard output a
    pipe, its input and error too where asked (else /dev/null; its error: or the file
    given)."""
    parent_ends: list[IO[str] | None] = []
    child_ends: list[int] = []
    encoding = locale.getpreferredencoding(False)
    for number, piped in enumerate((stdin, True, stderr)):
        if piped is not True:
            parent_ends.append(None)
            given = piped.fileno() if piped else -1
            child_ends.append(os.dup(given) if given >= 0 else os.open(os.devnull, os.O_RDWR))
            continue
        read, write = os.pipe()
        mine, theirs = (write, read) if number == 0 else (read, write)
        mode = "w" if number == 0 else "r"
        parent_ends.append(open(mine, mode, encoding=encoding))  # noqa: SIM115 - the Forked's
        child_ends.append(theirs)
    request: dict[str, Any] = {"module": module, "code": code, "args": list(args), "env": dict(env)}
    request |= {"cwd": str(cwd), "limits": [list(limit) for limit in limits]}
    mother = zygote(modules, env)
    try:
        pid = mother.fork(request, child_ends)
    finally:
        for end in child_ends:
            os.close(end)
    argv = [sys.executable, *(("-m", module) if module else ("-c", code)), *args]
    stdin_end, stdout_end, stderr_end = parent_ends
    return Forked(mother, pid, argv, (stdin_end, stdout_end, stderr_end))


# --- the zygote's side ------------------------------------------------------------------


def _serve(control: socket.socket, modules: Sequence[str]) -> None:
    """Import `modules`, then fork a child for each request and tell when each ends,
    until the test process closes its end."""
    for name in modules:
        importlib.import_module(name)
    gc.freeze()
    woken, wake = os.pipe()
    os.set_blocking(woken, False)
    os.set_blocking(wake, False)
    signal.set_wakeup_fd(wake)
    signal.signal(signal.SIGCHLD, lambda _number, _frame: None)
    poller = select.poll()
    poller.register(control, select.POLLIN)
    poller.register(woken, select.POLLIN)
    while True:
        for fd, _events in poller.poll():
            if fd == woken:
                with contextlib.suppress(BlockingIOError):
                    while os.read(woken, 512):
                        pass
                _reap(control)
                continue
            message, fds, _flags, _address = socket.recv_fds(control, MESSAGE_BYTES, 3)
            if not message:
                return
            pid = os.fork()
            if pid == 0:
                _run(json.loads(message), fds, control, (woken, wake))
            for given in fds:
                os.close(given)
            control.send(json.dumps({"forked": pid}).encode())


def _reap(control: socket.socket) -> None:
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        control.send(json.dumps({"ended": pid, "code": os.waitstatus_to_exitcode(status)}).encode())


def _run(
    request: dict[str, Any], fds: Sequence[int], control: socket.socket, wakes: Sequence[int]
) -> None:
    """In the child: become the process `request` asks for, run it, and exit as that
    process would (`_ended`)."""
    signal.set_wakeup_fd(-1)
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    with_parent()  # the zygote ends with the test process: a run killed leaves no child
    control.close()
    for fd in wakes:
        os.close(fd)
    for number, fd in enumerate(fds):
        os.dup2(fd, number)
        os.close(fd)
    os.chdir(request["cwd"])
    os.environ.clear()
    os.environ.update(request["env"])
    for name, value in request["limits"]:
        import resource  # (POSIX, as fork is)

        resource.setrlimit(getattr(resource, name), (value, value))
    os._exit(_ended(partial(_main, request)))


def _main(request: dict[str, Any]) -> None:
    """Run `request`'s module or code as `__main__`."""
    main = types.ModuleType("__main__")
    sys.modules["__main__"] = main
    if request["module"]:
        sys.argv = [request["module"], *request["args"]]
        sys.modules.pop(request["module"], None)  # run afresh as __main__, as by -m
        runpy.run_module(request["module"], run_name="__main__", alter_sys=True)
    else:
        sys.argv = ["-c", *request["args"]]
        exec(compile(request["code"], "<string>", "exec"), main.__dict__)


def _ended(run: Callable[[], None]) -> int:
    """`run()`, then what the interpreter does as it exits, but for tearing down its
    modules: the status it would exit with. The modules are the zygote's, on pages the
    child shares with it, and tearing them down wrote to each (20-30 ms of a core a
    child, 3,000 pages copied); `multiprocessing` spares its forked children so too."""
    try:
        run()
        status: object = 0
    except SystemExit as exiting:
        status = exiting.code
    except KeyboardInterrupt:  # the interpreter then ends by SIGINT itself
        sys.excepthook(*sys.exc_info())
        status = -signal.SIGINT
    except BaseException:
        sys.excepthook(*sys.exc_info())
        status = 1
    if status is not None and not isinstance(status, int):
        print(status, file=sys.stderr)
        status = 1
    threading._shutdown()  # type: ignore[attr-defined]  # its non-daemon threads, joined
    atexit._run_exitfuncs()
    for stream, lost in ((sys.stdout, 120), (sys.stderr, status)):  # as the interpreter
        try:
            if not stream.closed:
                stream.flush()
        except (OSError, ValueError):
            status = lost
    if status == -signal.SIGINT:
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGINT)
    return status or 0


if __name__ == "__main__":
    _serve(socket.socket(fileno=int(sys.argv[1])), sys.argv[2:])
