"""The game in a real window, for tests/test_real_window.py: `python main.py` on a private
Xvfb (tools/xserver.py), driven by real X input (xdotool) and seen as the X server holds
its pixels. The game reports each time its picture comes to rest (CONTACK_REPORT_STILL),
and the tests wait on those reports, never on the clock (each wait has a bound). Its
solver is given little work (CONTACK_SOLVER_POSITIONS): these tests are not about how
well it plays."""

from __future__ import annotations

import ctypes
import ctypes.util
import json
import os
import select
import subprocess
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Final

import pygame

from game.ai.solver import POSITIONS_VARIABLE
from game.persist.settings import Settings
from game.persist.storage import Storage
from tests.forks import forked
from tools.processes import end, with_parent
from tools.xserver import XServer

ROOT: Final = Path(__file__).resolve().parent.parent
STILL_TIMEOUT_S: Final = 60.0
"""The longest a window may take to come to rest after it is started or driven."""
AWAY: Final = (1919, 1079)
"""Where the pointer waits: the screen's corner, outside every window (no hover)."""

QUICK_SOLVER_POSITIONS: Final = 20_000
"""The solver's work for one question in a test's window (the game's is 800,000): an
auto-played solitaire asked it at each move it found no win, 10 s of a core each."""

FRAMEBUFFER: Final = "SDL_FRAMEBUFFER_ACCELERATION"
"""Set to 0 for the game: SDL puts its window's surface on the X server as an X image
instead of through OpenGL, which Xvfb has only in software (llvmpipe: 7 ms of a core a
frame at 1280x800 and half a second to start, against 0.4 ms). The pixels the X server
holds are the same, byte for byte."""

LAUNCH_MODULES: Final = ("game.launch",)
MAIN: Final = (ROOT / "main.py").read_text(encoding="utf-8")
"""main.py, run as `python main.py` runs it (`__name__` is "__main__")."""

Report = dict[str, Any]
STALE: Final[Report] = {"still": None, "scene": None, "typed": None, "for": "stale"}
"""The report after an action, until the game says more: it matches nothing."""


IN_CLOSE_WRITE: Final = 0x08
IN_MOVED_TO: Final = 0x80
IN_DELETE: Final = 0x200
CHANGES: Final = IN_CLOSE_WRITE | IN_MOVED_TO | IN_DELETE
IN_CLOEXEC: Final = 0o2000000


def _watch(folder: Path) -> int:
    """A descriptor that becomes readable each time a file of `folder` is written, moved
    in or deleted (Linux's inotify)."""
    libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
    watch = libc.inotify_init1(IN_CLOEXEC)
    if watch < 0 or libc.inotify_add_watch(watch, bytes(folder), CHANGES) < 0:
        raise OSError(ctypes.get_errno(), f"cannot watch {folder}")
    return int(watch)


def game_settings(home: Path, size: tuple[int, int], **chosen: Any) -> None:
    """A player's settings in `home`: the window at `size`, the guided hand offered
    already, and what `chosen` says."""
    settings = Settings(window_size=list(size), guided_game_offered=True, **chosen)
    Storage(home).save_settings(settings)


class GameWindow:
    """The game in a real window on `server`, its files in `home` (its settings there
    say its size); `args` go to the game (a record to open). The game is `program` in
    the environment `environ` (this tree's main.py in this process's environment, forked
    from a zygote that has imported the game (tests/forks.py), unless told: a standalone
    build in an environment of its own), on `server`."""

    def __init__(
        self,
        server: XServer,
        home: Path,
        *args: str,
        program: Sequence[str] = (),
        environ: Mapping[str, str] | None = None,
    ) -> None:
        self.server = server
        self.home = home
        env = {
            **(environ or {**os.environ, "PYTHONPATH": str(ROOT)}),
            "DISPLAY": server.display,
            "CONTACK_HOME": str(home),
            "CONTACK_REPORT_STILL": "1",
            POSITIONS_VARIABLE: str(QUICK_SOLVER_POSITIONS),
            "SDL_AUDIODRIVER": "dummy",
            FRAMEBUFFER: "0",
            "PYGAME_HIDE_SUPPORT_PROMPT": "1",
            "LANGUAGE": "en",
        }
        env.pop("SDL_VIDEODRIVER", None)
        self.errors = (home / "stderr.txt").open("w")
        self.process = (
            subprocess.Popen(
                [*program, *args],
                cwd=ROOT,
                env=env,
                stdout=subprocess.PIPE,
                stderr=self.errors,
                preexec_fn=with_parent,
            )
            if program
            else forked(LAUNCH_MODULES, code=MAIN, args=args, env=env, stderr=self.errors)
        )
        self._read = b""
        self.report = self.still()
        windows = server.windows_of(self.process.pid)
        assert windows, "the game is at rest but shows no window"
        self.window = windows[0]
        server.xdotool("windowmove", str(self.window), "0", "0")  # on the screen at any size
        server.xdotool("mousemove", str(AWAY[0]), str(AWAY[1]))
        server.xdotool("windowfocus", str(self.window))

    # --- what the game says -------------------------------------------------------------

    def still(self, timeout: float = STILL_TIMEOUT_S) -> Report:
        """The game's next report that its picture is at rest."""
        stdout = self.process.stdout
        assert stdout is not None
        end = time.monotonic() + timeout
        while b"\n" not in self._read:
            ready, _, _ = select.select([stdout], [], [], max(0.0, end - time.monotonic()))
            chunk = os.read(stdout.fileno(), 4096) if ready else b""
            if not chunk:
                raise AssertionError(f"the game did not come to rest: {self.said_wrong()}")
            self._read += chunk
        line, self._read = self._read.split(b"\n", 1)
        self.report = json.loads(line)
        return self.report

    def until(self, done: Callable[[Report], bool], about: Callable[[], str] = str) -> Report:
        """Reports until one for which `done` holds (the current one may be it, unless an
        action came after it); `about()` says more when none comes."""
        last = self.report
        while not done(self.report):
            try:
                last = self.still()
            except AssertionError as stuck:
                raise AssertionError(f"{stuck}; last report {last}; {about()}") from None
        return self.report

    def expect(self, **shown: Any) -> Report:
        """Reports until one that says what `shown` says (`for=None`: a screen waiting for
        input); an action may be followed by reports of what came before it."""
        return self.until(lambda report: all(report[key] == shown[key] for key in shown))

    def saved_settings(self, done: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        """The game's settings file once it says what `done` holds."""

        def settings() -> dict[str, Any]:
            read: dict[str, Any] = json.loads((self.home / "settings.json").read_text())
            return read

        self.files_until(lambda: done(settings()), lambda: f"settings {settings()}")
        return settings()

    def files_until(self, done: Callable[[], bool], about: Callable[[], str] = str) -> None:
        """Wait until the game's files say what `done` holds (it writes and deletes them
        in the frames after what they keep, perhaps after its last report: the test waits
        on its folder changing, never on the clock); `about()` says more when they never
        do."""
        changed = _watch(self.home)
        try:
            end = time.monotonic() + STILL_TIMEOUT_S
            while not done():
                left = max(0.0, end - time.monotonic())
                if not select.select([changed], [], [], left)[0]:
                    raise AssertionError(f"the game's files never came to it: {about()}")
                os.read(changed, 1 << 16)
        finally:
            os.close(changed)

    def said_wrong(self) -> str:
        """Why the game stopped, or that it still runs."""
        code = self.process.poll()
        errors = (self.home / "stderr.txt").read_text(errors="replace").strip()
        return f"exit {code}: {errors[-1500:]}" if code is not None else "it still runs"

    # --- seeing and driving it ----------------------------------------------------------

    def capture(self) -> pygame.Surface:
        return self.server.capture(self.window)

    def resize(self, size: tuple[int, int]) -> Report:
        """Resize the X window as a window manager would; the report at the new size."""
        self.report = STALE
        self.server.xdotool("windowsize", str(self.window), str(size[0]), str(size[1]))
        return self.until(lambda report: report["still"] == list(size))

    def click(self, at: tuple[float, float]) -> None:
        """A real click at `at` (window pixels), the pointer then back out of the way."""
        x, y = str(round(at[0])), str(round(at[1]))
        self.report = STALE
        self.server.xdotool("mousemove", "--window", str(self.window), x, y, "click", "1")
        self.server.xdotool("mousemove", str(AWAY[0]), str(AWAY[1]))

    def keys(self, *keys: str) -> None:
        """Real key presses (xdotool's names: "Return", "ctrl+a") to the window, which
        has the keyboard's focus."""
        self.report = STALE
        self.server.xdotool("key", *keys)

    def type(self, text: str) -> None:
        self.report = STALE
        self.server.xdotool("type", "--delay", "10", text)

    def close(self) -> None:
        """Close it as the window's close button would; once closed, nothing more."""
        end(self.process)
        self.errors.close()
