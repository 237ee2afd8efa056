"""The window says when a club table waits for the player: its title becomes "Contack —
your turn", and the desktop shows a notification as the count of such tables rises from
none (where the system has `notify-send`, as Linux desktops do; elsewhere the title
alone says it: the game adds no dependency for it)."""

from __future__ import annotations

import contextlib
import shutil
import subprocess
import threading
from collections.abc import Callable
from typing import Final

import pygame

from game.i18n import N_, _, ngettext

TITLE: Final = N_("Contack")
YOUR_TURN_TITLE: Final = N_("Contack — your turn")
NOTIFY_S: Final = 5.0
"""How long `notify-send` may take before it is given up."""

Notify = Callable[[str, str], None]
"""Show the desktop a notification: its summary and its body."""


def desktop_notice(summary: str, body: str) -> None:
    """A desktop notification by `notify-send`, if the system has it, from a thread of
    its own (the frame never waits for it; one that cannot start is no notification)."""
    command = shutil.which("notify-send")
    if command is not None:
        line = [command, "--app-name=Contack", summary, body]  # untranslated: an option
        threading.Thread(target=_run_quietly, args=(line,), daemon=True).start()


def _run_quietly(line: list[str]) -> None:
    with contextlib.suppress(OSError, subprocess.SubprocessError):
        subprocess.run(line, stdin=subprocess.DEVNULL, capture_output=True, timeout=NOTIFY_S)


class TurnTitle:
    """The window's title, as the count of club tables waiting for the player says."""

    def __init__(self, notify: Notify = desktop_notice) -> None:
        self.notify = notify
        self.turns = 0

    def tell(self, turns: int) -> None:
        """The club says it is the player's turn at `turns` tables."""
        if turns and not self.turns:
            body = ngettext(
                "Your turn at {count} table of your club",
                "Your turn at {count} tables of your club",
                turns,
            ).format(count=turns)
            self.notify(_(YOUR_TURN_TITLE), body)
        self.turns = turns
        self.show()

    def show(self) -> None:
        """Put the title in the window (in the player's language, now)."""
        pygame.display.set_caption(_(YOUR_TURN_TITLE) if self.turns else _(TITLE))


TURN_TITLE: Final = TurnTitle()
"""The game window's title (one window: one title)."""
