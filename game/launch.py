"""The `contack` command: the window, opened on a record when one is named; `--version`;
or `--self-check`, which starts the game without a screen and says whether the install
is whole (fonts, sounds, the Spanish catalogue, a worker process that thinks)."""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import threading
from collections.abc import Sequence
from typing import Final

import pygame

from game import __version__, news
from game.ai.players import bot_rng, make_player
from game.ai.worker import InProcessAdviser, WorkerPool, choose_move
from game.app import App, run
from game.i18n import _, language, set_language
from game.persist.storage import Storage
from game.rules.table import TableGame
from game.ui.sound import EFFECTS, SOUNDS_DIR
from game.ui.theme import ICON_FILE, Fonts

WORKER_ANSWER_S: Final = 60.0
"""The longest the self-check waits for a worker process's move (it takes about a second
from a cold start)."""


def declare_dpi_awareness() -> None:
    """Ask for the display's real pixels where SDL allows: on Windows the process is made
    DPI-aware (before SDL starts), so a 150% screen shows crisp pixels, not a blurred
    enlargement; the window is then sized from the desktop's real size and the
    interface scales with it. (SDL 2 with pygame's `set_mode` has no such switch on
    macOS: there a Retina screen still shows the window scaled.)"""
    if sys.platform == "win32":
        os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")


def main(argv: Sequence[str] | None = None) -> int:
    """Open the game window; `FILE`, a game record, is resumed or replayed (see records)."""
    parser = argparse.ArgumentParser(
        prog="contack",
        description="Contack, the tile game.",  # untranslated: the shell's
    )
    parser.add_argument(
        "record",
        nargs="?",
        help="a .contack.json game record to open",  # untranslated: the shell's
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"contack {__version__}",  # untranslated: the shell's
    )
    parser.add_argument(
        "--self-check",  # untranslated: the shell's
        action="store_true",
        help="start without a window and say whether the fonts, sounds, "  # untranslated: shell
        "languages and worker processes work",  # untranslated: the shell's
    )
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    if args.self_check:
        return self_check()
    declare_dpi_awareness()
    app = App(record_path=args.record)
    try:
        run(app)
        app.close()
    finally:
        pygame.quit()
    return 0


def install_problems(app: App) -> list[str]:
    """What a whole install has and `app` lacks: a bundled font, a sound, the icon, the
    Spanish catalogue (empty when nothing is missing)."""
    problems = []
    for style in Fonts.FILES:
        app.fonts.get(20, style)
    if app.fonts.broken:
        broken = ", ".join(sorted(app.fonts.broken))
        problems.append(f"fonts missing or damaged: {broken}")  # untranslated: the shell's
    sounds = [name for name in EFFECTS if not (SOUNDS_DIR / f"{name}.wav").is_file()]
    if sounds:
        problems.append(f"sounds missing: {', '.join(sounds)}")  # untranslated: the shell's
    if not ICON_FILE.is_file():
        problems.append("the icon is missing")  # untranslated: the shell's
    spoken = language()
    if set_language("es") != "es" or _("Rules") == "Rules":  # untranslated: a probe
        problems.append("no Spanish catalogue (not compiled)")  # untranslated: the shell's
    set_language(spoken)
    return problems


def worker_problems(pool: WorkerPool) -> list[str]:
    """What keeps `pool`'s worker process from thinking: one computer move asked of it
    must come back as this process chooses it (empty when it does). A build whose
    workers cannot start fails here, where the game would quietly play weaker."""
    player, state = make_player("greedy", bot_rng(0, 0)), TableGame(2).new_state(0)
    expected = make_player("greedy", bot_rng(0, 0)).choose(state)
    answered = threading.Event()
    news.listen(answered.set)
    try:
        job = pool.submit(choose_move, player, state)
        if not job.done():
            answered.wait(WORKER_ANSWER_S)
    finally:
        news.listen(None)
        pool.shutdown()
    if not job.done():
        waited = f"{WORKER_ANSWER_S:.0f} s"
        return [f"no worker process answered within {waited}"]  # untranslated: the shell's
    answer = job.result()
    if answer is None:
        return ["the worker process failed: it did not start, or it crashed"]  # untranslated: shell
    if answer[0] != expected:
        return [f"a worker process chose {answer[0]}, not {expected}"]  # untranslated: shell
    return []


def self_check() -> int:
    """`contack --self-check`: start the game without a screen, in Spanish, on a scratch
    data folder, draw a few frames of the menu, ask a worker process for a computer's
    move, and say in one line whether the install is whole (exit 0) or what it lacks
    (exit 1)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    with tempfile.TemporaryDirectory() as home:
        app = App((800, 600), storage=Storage(home), adviser=InProcessAdviser())
        try:
            set_language("es")
            app.run_frames(3)
            problems = install_problems(app)
        finally:
            app.close()
            pygame.quit()
    problems += worker_problems(WorkerPool())
    if problems:
        lacking = "; ".join(problems)
        print(
            f"contack: the install is not whole: {lacking}",  # untranslated: the shell's
            file=sys.stderr,
        )
        return 1
    fonts, sounds = len(Fonts.FILES), len(EFFECTS)
    whole = f"{fonts} fonts, {sounds} sounds, the icon, English and Spanish"  # untranslated: shell
    thought = "a computer's move from a worker process"  # untranslated: the shell's
    print(f"contack: the install is whole: {whole}; {thought}")  # untranslated: the shell's
    return 0
