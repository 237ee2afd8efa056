"""Shared fixtures: a headless SDL, and advisers that think in-process (no test waits on
another process or on wall-clock time)."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any, TypeVar

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

from game.ai.worker import InProcessAdviser, Job

R = TypeVar("R")


class HeldJob:
    """A job whose answer is computed at once but handed out only after `release`."""

    def __init__(self, adviser: HeldAdviser, value: Any) -> None:
        self._adviser = adviser
        self._value = value
        self._cancelled = False

    def done(self) -> bool:
        return self._adviser.released and not self._cancelled

    def result(self) -> Any:
        return self._value if self.done() else None

    @property
    def failed(self) -> bool:
        return False

    def cancel(self) -> None:
        self._cancelled = True


class HeldAdviser(InProcessAdviser):
    """Thinks in-process, but answers only once the test calls `release`: the window
    must go on drawing while a computer is still thinking."""

    def __init__(self) -> None:
        super().__init__()
        self.released = False

    def submit(self, work: Callable[..., R], *args: Any) -> Job[R]:
        self.submitted += 1
        return HeldJob(self, work(*args))

    def release(self) -> None:
        self.released = True


@pytest.fixture
def held_adviser() -> HeldAdviser:
    return HeldAdviser()
