"""Word to the window that something arrived from another thread (a worker's answer, a
message from a table server), so that a loop asleep while its picture is still looks
again at once. Standard library only: the thinking and the network say `arrived()`, the
window `listen`s (it posts itself an event). With nobody listening nothing happens."""

from __future__ import annotations

from collections.abc import Callable

_listener: Callable[[], None] | None = None


def listen(listener: Callable[[], None] | None) -> None:
    """Call `listener` (from any thread) whenever news arrives; None stops listening."""
    global _listener
    _listener = listener


def arrived() -> None:
    """News arrived (called from the thread that received it)."""
    listener = _listener
    if listener is not None:
        listener()
