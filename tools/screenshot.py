"""Render a scene to a PNG, headless.

    python tools/screenshot.py menu --size 1280x800 --out /tmp/menu.png
    python tools/screenshot.py table-4 --size 1024x768 --resized-from 1920x1080
    python tools/screenshot.py --list

Targets come from `tools/screenshot_targets.py`; a target may read a game record given
with `--record FILE`. `--resized-from` opens the window at that size, stages the target
there and then resizes the window to `--size`, as a player dragging a corner does.
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import sys
import tempfile
from collections.abc import Callable
from contextlib import nullcontext
from pathlib import Path
from typing import Any, ClassVar, TypeVar

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame

from game import news
from game.ai.analysis import coach_choice, review_move
from game.ai.worker import DoneJob, InProcessAdviser, Job
from game.app import App, ManualClock
from game.persist.storage import Storage
from tools.screenshot_targets import TARGETS, unseen

R = TypeVar("R")


REMEMBERED: frozenset[Callable[..., Any]] = frozenset({coach_choice, review_move})
"""The adviser's costliest jobs whose answers follow from their arguments alone (unlike
a light's slices of one search, or a listing of a folder): the coach's reviews. (A
finished solitaire's review is remembered for every test by tests/conftest.py's
`remembered_review`.)"""


class RememberingAdviser(InProcessAdviser):
    """An `InProcessAdviser` that thinks each `REMEMBERED` job once a process: a target
    staged again (at another look, text size or in another test) asks the same of the
    same positions. Its answers cross a pickle as a worker's do, so no two stagings share
    an object."""

    answers: ClassVar[dict[bytes, bytes]] = {}

    def submit(self, work: Callable[..., R], *args: Any) -> Job[R]:
        if work not in REMEMBERED:
            return super().submit(work, *args)
        self.submitted += 1
        asked = pickle.dumps((work, args))
        if asked not in self.answers:
            self.answers[asked] = pickle.dumps(work(*args))
        job: DoneJob[R] = DoneJob(pickle.loads(self.answers[asked]))
        news.arrived()
        return job


def parse_size(text: str) -> tuple[int, int]:
    width, _, height = text.lower().partition("x")
    return int(width), int(height)


def staged(
    target: str,
    size: tuple[int, int],
    home: str,
    record: dict[str, Any] | None = None,
    frames: int = 30,
    language: str | None = None,
    theme: str | None = None,
    resized_from: tuple[int, int] | None = None,
    text_size: str | None = None,
    picture: bool = True,
) -> App:
    """The app showing `target` at `size` after `frames` frames, its files in `home`. A
    target's after-layout step runs once the scene has been laid out (its first frame),
    and then `frames` more frames run, as when the step ran inside the scene's first
    update. Only the last frame is drawn (the updates of every frame run as in the game;
    see `unseen`). `language` ("en", "es"), `theme` ("modern", "1939", "1962") and
    `text_size` ("normal", "large", "largest") set those.
    `resized_from`: staged in a window of that size, which is then resized to `size`.
    `picture`: False where the caller draws its own (the audit lays the screen out
    again and draws it): then the last frame is not drawn either."""
    if target not in TARGETS:
        raise SystemExit(f"unknown target {target!r}; known: {', '.join(sorted(TARGETS))}")
    app = App(
        resized_from or size,
        clock=ManualClock(),
        storage=Storage(home),
        adviser=RememberingAdviser(),
    )
    set_look(app, language, theme, text_size)
    shot = TARGETS[target](app, record)
    app.storage.take_achieved()  # what a target played before is the past: not announced
    if shot.scene is not None:
        app.push(shot.scene)
        # On top before the first frame, as when pushed by the first frame's events (a new
        # window's): a frame with none updated the menu first, and the target's animations
        # ran a step short after a staging in a window of the same size.
        app.stack.apply_pending()
    with unseen(app):
        if shot.after_layout is None:
            app.run_frames(frames - 1)
        else:
            # The step stands where the scene's first update was: `frames` follow it.
            app.run_frames(1)
            shot.after_layout()
            app.redraw()  # the step changed the scene itself, with no input
            app.run_frames((frames if shot.frames is None else shot.frames) - 1)
    with nullcontext() if picture else unseen(app):
        app.redraw()  # the last frame is the picture, whether or not it changed
        app.run_frames(1)
    if resized_from is not None:
        resize_window(app, size)
    return app


def resize_window(app: App, size: tuple[int, int], frames: int = 2) -> None:
    """Resize `app`'s window as a player's drag does: pygame-ce gives the display surface
    its new size first, then the window's events arrive; one frame takes them in (and
    `frames` run in all)."""
    pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1]))
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    app.run_frames(frames)


def resize_in_no_time(app: App, size: tuple[int, int]) -> None:
    """`resize_window` in one frame that takes no game time (`app` runs on a
    `ManualClock`) and draws nothing: the picture at the new size is of the same moment
    as at the old, which a target staged afresh at `size` shows, whatever moves in it,
    and the next frame drawn, the caller's, is the first of the new layout (as a frame
    drawn after a relayout is: a backdrop is drawn once a layout, at its first frame)."""
    clock = app.clock
    assert isinstance(clock, ManualClock), "a staged app runs on a ManualClock"
    step, clock.step = clock.step, 0.0
    app.draw = lambda alpha: None  # type: ignore[method-assign]
    try:
        resize_window(app, size, frames=1)
    finally:
        clock.step = step
        del app.draw  # the class's own again


def screenshot(
    target: str,
    size: tuple[int, int],
    out: Path,
    record: dict[str, Any] | None = None,
    frames: int = 30,
    home: str | None = None,
    language: str | None = None,
    theme: str | None = None,
    resized_from: tuple[int, int] | None = None,
    text_size: str | None = None,
) -> Path:
    """Render `target` (see `staged`) and save it to `out`."""
    with tempfile.TemporaryDirectory() as scratch:
        home = home or scratch
        app = staged(target, size, home, record, frames, language, theme, resized_from, text_size)
        out.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.screen, out)
    return out


def set_look(
    app: App, language: str | None, theme: str | None, text_size: str | None = None
) -> None:
    """The language, theme and text size a shot is taken in (the app's own settings
    otherwise)."""
    if language is not None:
        app.settings.language = language
    if theme is not None:
        app.settings.theme = theme
    if text_size is not None:
        app.settings.text_size = text_size
    if language is not None or theme is not None or text_size is not None:
        app.apply_settings()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("target", nargs="?", default="menu")
    parser.add_argument("--size", type=parse_size, default=(1280, 800))
    parser.add_argument("--out", type=Path)
    parser.add_argument("--record", type=Path, help="a game record for targets that use one")
    parser.add_argument("--frames", type=int, default=30, help="frames to run before the shot")
    parser.add_argument("--home", help="settings/saves directory (default: a temporary one)")
    parser.add_argument("--language", help="the words' language: en or es")
    parser.add_argument("--theme", help="the tile colours: modern, 1939 or 1962")
    parser.add_argument(
        "--resized-from", type=parse_size, help="stage it at this size, then resize to --size"
    )
    parser.add_argument("--text-size", help="the words' size: normal, large or largest")
    parser.add_argument("--list", action="store_true", help="list the targets and exit")
    args = parser.parse_args()
    if args.list:
        print("\n".join(sorted(TARGETS)))
        return
    record = json.loads(args.record.read_text(encoding="utf-8")) if args.record else None
    out = args.out or Path("screenshots") / f"{args.target}-{args.size[0]}x{args.size[1]}.png"
    print(
        screenshot(
            args.target,
            args.size,
            out,
            record,
            args.frames,
            args.home,
            args.language,
            args.theme,
            args.resized_from,
            args.text_size,
        )
    )


if __name__ == "__main__":
    main()
