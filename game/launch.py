"""The `contack` command: the window, opened on a record when one is named, or
`--self-check`, which starts the game without a screen and says whether the install
is whole (fonts, sounds, the Spanish catalogue)."""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Sequence

import pygame

from game.ai.worker import InProcessAdviser
from game.app import App, run
from game.i18n import _, language, set_language
from game.persist.storage import Storage
from game.ui.sound import EFFECTS, SOUNDS_DIR
from game.ui.theme import Fonts


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
        "--self-check",  # untranslated: the shell's
        action="store_true",
        help="start without a window and say whether the fonts, sounds "  # untranslated: shell
        "and languages were installed",  # untranslated: the shell's
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
    """What a whole install has and `app` lacks: a bundled font, a sound, the Spanish
    catalogue (empty when nothing is missing)."""
    problems = []
    for style in Fonts.FILES:
        app.fonts.get(20, style)
    if app.fonts.broken:
        broken = ", ".join(sorted(app.fonts.broken))
        problems.append(f"fonts missing or damaged: {broken}")  # untranslated: the shell's
    sounds = [name for name in EFFECTS if not (SOUNDS_DIR / f"{name}.wav").is_file()]
    if sounds:
        problems.append(f"sounds missing: {', '.join(sounds)}")  # untranslated: the shell's
    spoken = language()
    if set_language("es") != "es" or _("Rules") == "Rules":  # untranslated: a probe
        problems.append("no Spanish catalogue (not compiled)")  # untranslated: the shell's
    set_language(spoken)
    return problems


def self_check() -> int:
    """`contack --self-check`: start the game without a screen, in Spanish, on a scratch
    data folder, draw a few frames of the menu, and say in one line whether the install
    is whole (exit 0) or what it lacks (exit 1)."""
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
    if problems:
        lacking = "; ".join(problems)
        print(
            f"contack: the install is not whole: {lacking}",  # untranslated: the shell's
            file=sys.stderr,
        )
        return 1
    fonts, sounds = len(Fonts.FILES), len(EFFECTS)
    whole = f"{fonts} fonts, {sounds} sounds, English and Spanish"  # untranslated: the shell's
    print(f"contack: the install is whole: {whole}")  # untranslated: the shell's
    return 0
