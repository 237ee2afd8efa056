"""Who works on a registry when, so that a slow store never stops a server's event loop.

A server on files or in memory (`Unshared`) works on its registry in its event loop, as
every write is a local file's. A server on Redis (`Shared`) never does: each piece of
work (a message, a chore, a change of the stream) runs in one of `THREADS` threads, one
at a time (the registry's lock), and a thread that waits on Redis lets another work
meanwhile (`waiting`). So a slow Redis slows only the work that waits on it: a lobby
asked for meanwhile is answered at once, and the loop goes on reading and writing every
connection. A table that work has begun on is that work's until it ends (`take`): no
other work sees a move before it is saved, nor changes the table under it, so a move is
still in Redis before anyone hears of it. Frames are written in the loop, in the order
they were sent (`in_loop`).
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Final, TypeVar

THREADS: Final = 32
"""How many pieces of work may be under way at once, most of them waiting on Redis (more
wait for a thread)."""

T = TypeVar("T")


class Unshared:
    """Work done in the event loop itself: nothing to wait for, nothing to take."""

    async def run(self, work: Callable[[], T]) -> T:
        """Do `work` (in the loop)."""
        return work()

    def in_loop(self, call: Callable[..., None]) -> Callable[..., None]:
        """`call` as the work calls it (in the loop already)."""
        return call

    @contextlib.contextmanager
    def waiting(self) -> Iterator[None]:
        """Around a call to the store that may take a while."""
        yield

    def take(self, key: bytes) -> None:
        """Make table `key` this work's until it ends."""

    @contextlib.contextmanager
    def apart(self) -> Iterator[None]:
        """Give back at its end the tables taken within (work on one table after
        another)."""
        yield

    def close(self) -> None:
        """No more work."""


UNSHARED: Final = Unshared()


class Shared(Unshared):
    """Work done in threads, one at a time but while another waits on the store."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._given_back = threading.Condition(self._lock)
        self._working: int | None = None
        """The thread whose turn it is (it holds the lock)."""
        self._owners: dict[bytes, int] = {}
        """The thread whose work each taken table is."""
        self._threads = ThreadPoolExecutor(THREADS, thread_name_prefix="registry")

    async def run(self, work: Callable[[], T]) -> T:
        """Do `work` in a thread, in its turn; its result, once done."""
        return await asyncio.get_running_loop().run_in_executor(self._threads, self._turn, work)

    def _turn(self, work: Callable[[], T]) -> T:
        with self._lock:
            self._working = threading.get_ident()
            try:
                with self.apart():
                    return work()
            finally:
                self._working = None

    def in_loop(self, call: Callable[..., None]) -> Callable[..., None]:
        """`call` made in the running loop, in order, whichever thread calls it."""
        loop = asyncio.get_running_loop()

        def called(*args: object) -> None:
            loop.call_soon_threadsafe(call, *args)

        return called

    @contextlib.contextmanager
    def waiting(self) -> Iterator[None]:
        """Let other work go on while this waits (outside any work: nothing to let go)."""
        me = threading.get_ident()
        if self._working != me:
            yield
            return
        self._working = None
        self._lock.release()
        try:
            yield
        finally:
            self._lock.acquire()
            self._working = me

    def take(self, key: bytes) -> None:
        """Make table `key` this work's, once the work that has it ends."""
        me = threading.get_ident()
        if self._working != me:
            return
        while self._owners.setdefault(key, me) != me:
            self._working = None
            self._given_back.wait()
            self._working = me

    @contextlib.contextmanager
    def apart(self) -> Iterator[None]:
        me = threading.get_ident()
        held = {key for key, owner in self._owners.items() if owner == me}
        try:
            yield
        finally:
            taken = [k for k, owner in self._owners.items() if owner == me and k not in held]
            for key in taken:
                del self._owners[key]
            if taken:
                self._given_back.notify_all()

    def close(self) -> None:
        self._threads.shutdown(wait=True)
