"""Checks that every word drawn on screen stays in its box: inside the window, inside
the widget or panel it is drawn on, clear of other words, never cut short, and never
smaller than `SMALLEST_TEXT_PX` (the font's pixel size: its em, pygame's point size).

    python -m tools.text_audit --language es --size 800x600   # every screenshot target
    python -m tools.text_audit --size 1024x768 --size 2560x1440 --language en --language es
    python -m tools.text_audit --size 800x600 --resized-from 1920x1080   # resized windows
    python -m tools.text_audit --size 800x600 --text-size large --text-size largest
    python -m tools.text_audit --compare   # each target given the tests' looks in turn

It exits with status 1 when it found any problem. Each target is staged once and given
each look in turn, as a player would (`audited_looks`); `--compare` says where that
shows another picture than the target staged afresh at the look.

The audit watches one frame drawn: each text `Ui.text` renders and where `blit_text`
or `blit_paragraph` puts it on the screen, each panel `draw_panel` draws, each
visible widget, each text `fit_text` had to cut with an ellipsis or `Ui.fitted` laid
out short of some of its words, and each button whose label's words are not all drawn
in it (lines wrapped past a button are painted over, and no ellipsis tells of them).
"""

from __future__ import annotations

import argparse
import itertools
import os
import shutil
import sys
import tempfile
from collections import Counter
from collections.abc import Callable, Generator, Iterator, Sequence
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Final

import pygame

from game.app import App
from game.i18n import _
from game.persist.settings import TEXT_SCALES
from game.ui import painting as painting_module
from game.ui import text as text_module
from game.ui.painting import SMALLEST_TEXT_PX, alike
from game.ui.theme import PALETTE, Colour
from game.ui.widgets.controls import Button
from tools.screenshot import parse_size, resize_in_no_time, staged

TOLERANCE = 2
"""Pixels a text may stray past its box (antialiasing, rounding)."""
GAP = 2
"""Pixels that must part two texts side by side (closer, they read as one)."""


@dataclass
class Drawn:
    text: str
    rect: pygame.Rect
    scene: int
    """The index on the scene stack of the scene that drew it (a dialog over a screen
    has its own boxes)."""
    px: int = 0
    """Its size: the font's pixel size."""


@dataclass
class Frame:
    """What one audited frame drew."""

    texts: list[Drawn] = field(default_factory=list)
    panels: list[tuple[int, pygame.Rect]] = field(default_factory=list)
    widgets: list[tuple[int, pygame.Rect]] = field(default_factory=list)
    cut: list[str] = field(default_factory=list)
    small: dict[str, int] = field(default_factory=dict)
    """Each text rendered smaller than `SMALLEST_TEXT_PX`, with its size."""
    labels: list[tuple[int, pygame.Rect, str]] = field(default_factory=list)
    """Each visible button's label in the player's language, with its scene and rect:
    every word of it must be drawn in the button."""
    scene: int = -1
    """The scene drawing now."""
    drawn_scenes: set[int] = field(default_factory=set)
    """The scenes drawn (those under a screen that is no overlay are not)."""


_HOLDERS: list[tuple[ModuleType, str, Any]] = []
"""Each game module's attribute that held a function the audit watches when the module
was looked through: a module is looked through once (all of them for each frame took
5 ms)."""
_LOOKED_THROUGH: set[str] = set()
"""The modules (names, the game's and others) `_HOLDERS` was looked for in."""
_LOOKED_FOR: set[int] = set()
"""The functions (ids) `_HOLDERS` was looked for."""


def _holders(originals: set[int]) -> list[tuple[ModuleType, str, Any]]:
    """Every game module's attribute that holds one of `originals` (ids) now: the
    modules imported since the last look are looked through (all again for a function
    not looked for before)."""
    if not originals <= _LOOKED_FOR:
        _HOLDERS.clear()
        _LOOKED_THROUGH.clear()
        _LOOKED_FOR.update(originals)
    for name in sys.modules.keys() - _LOOKED_THROUGH:
        module = sys.modules[name]
        if module is None:  # not imported (yet)
            continue
        _LOOKED_THROUGH.add(name)
        if name == "game" or name.startswith("game."):
            _HOLDERS.extend(
                (module, attribute, value)
                for attribute, value in vars(module).items()
                if id(value) in _LOOKED_FOR
            )
    return [
        (module, attribute, value)
        for module, attribute, value in _HOLDERS
        if id(value) in originals and vars(module).get(attribute) is value
    ]


def _patch_everywhere(
    replacements: dict[Callable[..., Any], Callable[..., Any]],
    undo: list[tuple[object, str, Any]],
) -> None:
    """Put each replacement wherever a game module holds its original by name."""
    for module, attribute, value in _holders({id(original) for original in replacements}):
        undo.append((module, attribute, value))
        setattr(module, attribute, replacements[value])


@contextmanager
def watching(app: App) -> Iterator[Frame]:
    """Record what the app draws while the block runs."""
    frame = Frame()
    rendered: dict[int, tuple[str, int]] = {}
    undo: list[tuple[object, str, Any]] = []
    ui = app.ui
    real_text = ui.text

    def on_screen(surface: pygame.Surface) -> bool:
        """The window, or a layer as large that is laid on it whole (a backdrop)."""
        return surface is app.screen or surface.get_size() == app.screen.get_size()

    def text(
        words: str, size: float, colour: Colour = PALETTE.text, style: str = "regular"
    ) -> pygame.Surface:
        image = real_text(words, size, colour, style)
        px = ui.font(size, style).point_size
        rendered[id(image)] = (words, px)
        if px < SMALLEST_TEXT_PX and words.strip():
            frame.small[words] = px
        return image

    real_fitted = ui.fitted

    def fitted(words: str, *args: Any, **kwargs: Any) -> tuple[list[str], int]:
        lines, size = real_fitted(words, *args, **kwargs)
        if not _all_drawn(words, lines):  # cut with an ellipsis, now or when cached
            frame.cut.append(words)
        return lines, size

    real_blit_text = painting_module.blit_text

    def blit_text(
        surface: pygame.Surface,
        image: pygame.Surface,
        anchor: tuple[int, int],
        align: str = "center",
    ) -> pygame.Rect:
        rect = real_blit_text(surface, image, anchor, align)
        words, px = rendered.get(id(image), ("", 0))
        if on_screen(surface) and words.strip():
            frame.texts.append(Drawn(words, rect.copy(), frame.scene, px))
        return rect

    real_paragraph = text_module.blit_paragraph

    def blit_paragraph(
        surface: pygame.Surface,
        texts: Any,
        words: str,
        size: int,
        colour: Any,
        topleft: tuple[int, int],
        width: int,
        gap: int = 4,
    ) -> int:
        bottom = real_paragraph(surface, texts, words, size, colour, topleft, width, gap)
        if on_screen(surface) and words.strip():
            font = texts.font(size)
            widest = max((font.size(line)[0] for line in texts.wrap(words, size, width)), default=0)
            frame.texts.append(
                Drawn(
                    words,
                    pygame.Rect(topleft, (widest, bottom - topleft[1])),
                    frame.scene,
                    font.point_size,
                )
            )
        return bottom

    real_panel = painting_module.draw_panel

    def draw_panel(surface: pygame.Surface, rect: pygame.Rect, *args: Any, **kwargs: Any) -> None:
        real_panel(surface, rect, *args, **kwargs)
        if on_screen(surface):
            frame.panels.append((frame.scene, pygame.Rect(rect)))

    real_fit = text_module.fit_text

    def fit_text(texts: Any, words: str, size: float, room: int, style: str = "regular") -> str:
        fitted = real_fit(texts, words, size, room, style)
        if fitted != words:
            frame.cut.append(words)
        return fitted

    for index, scene in enumerate(app.scenes):
        real_draw = scene.draw

        def draw(
            surface: pygame.Surface,
            alpha: float,
            index: int = index,
            real_draw: Callable[..., None] = real_draw,
        ) -> None:
            frame.scene = index
            frame.drawn_scenes.add(index)
            real_draw(surface, alpha)
            frame.scene = -1

        undo.append((scene, "draw", None))
        scene.draw = draw  # type: ignore[method-assign]
    ui.text = text  # type: ignore[method-assign, assignment]
    ui.fitted = fitted  # type: ignore[method-assign, assignment]
    _patch_everywhere(
        {
            real_blit_text: blit_text,
            real_paragraph: blit_paragraph,
            real_panel: draw_panel,
            real_fit: fit_text,
        },
        undo,
    )
    try:
        yield frame
    finally:
        ui.text = real_text  # type: ignore[method-assign]
        ui.fitted = real_fitted  # type: ignore[method-assign]
        for module, attribute, value in reversed(undo):
            if value is None:  # a scene's own draw, patched on the instance
                delattr(module, attribute)
            else:
                setattr(module, attribute, value)
    for index, scene in enumerate(app.scenes):
        shown = [widget for widget in scene.form.widgets if widget.visible]
        frame.widgets.extend((index, pygame.Rect(widget.rect)) for widget in shown)
        frame.labels.extend(
            (index, pygame.Rect(widget.rect), _(widget.label))
            for widget in shown
            if isinstance(widget, Button) and widget.label and index in frame.drawn_scenes
        )


def _inside(inner: pygame.Rect, outer: pygame.Rect) -> bool:
    return outer.inflate(2 * TOLERANCE, 2 * TOLERANCE).contains(inner)


def _hidden(under: Drawn, over: Drawn, frame: Frame) -> bool:
    """Whether `under` is drawn by a scene below `over`'s and lies under a panel of
    `over`'s scene (a dialog's panel hides the screen's words beneath it)."""
    return under.scene < over.scene and any(
        scene == over.scene and rect.colliderect(under.rect) for scene, rect in frame.panels
    )


def _all_drawn(words: str, drawn: list[str]) -> bool:
    """Whether every word of `words` is among the words `drawn` (as often)."""
    left = Counter(" ".join(drawn).split())
    left.subtract(words.split())
    return all(count >= 0 for count in left.values())


def problems(frame: Frame, window: pygame.Rect) -> list[str]:
    """Every text out of its box, overlapping another, cut short or too small."""
    found = [f"cut short: {words!r}" for words in dict.fromkeys(frame.cut)]
    found += [f"too small ({px} px): {words!r}" for words, px in frame.small.items()]
    for drawn in frame.texts:
        where = f"{drawn.text!r} at {tuple(drawn.rect)}"
        if not _inside(drawn.rect, window):
            found.append(f"outside the window: {where}")
            continue
        centre = drawn.rect.center
        boxes = [
            rect
            for scene, rect in frame.widgets
            if scene == drawn.scene and rect.collidepoint(centre)
        ]
        if not boxes:
            boxes = sorted(
                (
                    rect
                    for scene, rect in frame.panels
                    if scene == drawn.scene and rect.collidepoint(centre)
                ),
                key=lambda rect: rect.width * rect.height,
            )[:1]
        if boxes and not any(_inside(drawn.rect, box) for box in boxes):
            found.append(f"outside its box {tuple(boxes[0])}: {where}")
    found += [
        f"words of {words!r} not drawn in its button {tuple(rect)}"
        for scene, rect, words in frame.labels
        if not _all_drawn(
            words,
            [d.text for d in frame.texts if d.scene == scene and rect.collidepoint(d.rect.center)],
        )
    ]
    rects = [drawn.rect for drawn in frame.texts]
    for index, drawn in enumerate(frame.texts):  # each pair that may overlap, once
        near = drawn.rect.inflate(2 * GAP, 0)
        for other in (frame.texts[at] for at in near.collidelistall(rects) if at > index):
            if other.text == drawn.text:  # a shadow under its text
                continue
            if _hidden(drawn, other, frame) or _hidden(other, drawn, frame):
                continue
            overlap = near.clip(other.rect)
            if overlap.width > 0 and overlap.height > 2 * TOLERANCE:
                found.append(
                    f"overlapping or touching: {drawn.text!r} {tuple(drawn.rect)} and "
                    f"{other.text!r} {tuple(other.rect)}"
                )
    return found


def audited(app: App, painted: bool = False) -> Frame:
    """What one frame of `app` draws, laid out again first (as a resized window is: the
    backdrops drawn once per layout are drawn again where the audit sees them)."""
    app.relayout()
    return _drawn(app, painted)


def _drawn(app: App, painted: bool = False) -> Frame:
    """What one frame of `app` draws, as laid out now (`painted`: on the window too)."""
    with watching(app) as frame, nullcontext() if painted else _unpainted(app):
        app.draw(1.0)
    return frame


@contextmanager
def _unpainted(app: App) -> Iterator[None]:
    """The frame drawn meanwhile is not painted on the window (its clip is empty): the
    audit sees every call that draws, and where each puts its words, which no pixel on
    the window decides, but for a notice's or an achievement card's place (they rest
    where the picture under them is plain): with one up, the frame is painted whole.
    (Each frame audited cost a third less at 1920x1080.)"""
    if app.placing_on_the_picture:
        yield
        return
    app.screen.set_clip(pygame.Rect(0, 0, 0, 0))
    try:
        yield
    finally:
        app.screen.set_clip(None)


def audit(app: App) -> list[str]:
    """Lay `app` out again, draw one frame and say what is wrong with its words."""
    return problems(audited(app), app.screen.get_rect())


def choose_text_size(app: App, text_size: str) -> None:
    """Settings' text size chosen over the screen on top: it applies at once and every
    screen is laid out again for it (the settings screen's own Text size row shows it)."""
    if app.settings.text_size != text_size:
        app.settings.text_size = text_size
        app.apply_settings()


def _audited_at(app: App, text_size: str, painted: bool, laid_out: bool = False) -> Frame:
    """`audited` at `text_size`: chosen over the screen when it is another, whose new
    layout (`choose_text_size`) stands for the audit's own, as does a layout just made
    with no frame drawn since (`laid_out`)."""
    if app.settings.text_size != text_size:
        choose_text_size(app, text_size)
    elif not laid_out:
        app.relayout()
    return _drawn(app, painted)


Size = tuple[int, int]
Look = tuple[str, Size]
"""A language and a window size."""

LOOKS: Final[tuple[Look, ...]] = (
    ("es", (800, 600)),
    ("es", (1280, 800)),
    ("es", (1920, 1080)),
    ("en", (800, 600)),
    ("en", (1920, 1080)),
)
"""The looks the tests audit every screen at, in the order `audited_looks` gives them
to it: Spanish at three window sizes, English at the smallest and a common large one
(`python -m tools.text_audit` checks any)."""

TEXT_SIZES: Final = ("normal", "large", "largest")
"""Settings' text sizes, in the order the audit first chooses them over each screen."""

STAGED_AT_EACH_LOOK: Final = frozenset(
    {
        "achievement-earned",
        "puzzle-missed",
        "puzzle-retry",
        "remote-move",
        "table-computer-move",
        "table-hand-end",
    }
)
"""The targets the audit stages afresh at each look: resized, they show another picture
than staged at the size, as the game rightly does. The last tile's mark begins to swell
once the tile that flew there is within a pixel of its cell, a step later in a larger
window, so a swell under way at the resize is a step off (a hand's end, the puzzles', a
remote or computer move); an achievement's card that found no place at Largest in a
small window waits, and slides in anew where it finds one."""


def audited_looks(
    target: str,
    looks: Sequence[Look],
    home: str,
    text_sizes: Sequence[str],
    resized_from: Size | None = None,
    painted: bool = False,
) -> Generator[tuple[Look, str, Frame, pygame.Surface], None, None]:
    """`target` staged in each language of `looks` (see `staged`, its files under
    `home`) at the first of its sizes and audited at each of `text_sizes` in turn, then
    its window resized to each other size as a player's drag does, at once
    (`resize_in_no_time`), and audited at each text size again, the last chosen first:
    each look and text size, what a frame drew (`painted` on the window too) and the
    window. Each other text size is chosen over the screen as in Settings
    (`choose_text_size`) and each other window size given to it, at a fraction of the
    cost of staging it afresh: each target's pictures are the same to the pixel as
    staged at each look (`--compare`: docs/testing.md says how they were compared), but
    for those staged afresh at each look (`STAGED_AT_EACH_LOOK`). (Another language
    chosen over a screen keeps words made in the first: a player's name, a dialog's
    question, a list, a lesson; each language is staged afresh.)"""
    for part in _staged_together(target, looks):
        shutil.rmtree(home, ignore_errors=True)  # each staging's files afresh, where shown
        yield from _audited_in_one_staging(target, part, home, text_sizes, resized_from, painted)


def _staged_together(target: str, looks: Sequence[Look]) -> list[list[Look]]:
    """`looks` in runs that one staging of `target` shows in turn: those of a language."""
    if target in STAGED_AT_EACH_LOOK:
        return [[look] for look in looks]
    return [list(run) for _language, run in itertools.groupby(looks, key=lambda look: look[0])]


def _audited_in_one_staging(
    target: str,
    looks: Sequence[Look],
    home: str,
    text_sizes: Sequence[str],
    resized_from: Size | None,
    painted: bool,
) -> Generator[tuple[Look, str, Frame, pygame.Surface], None, None]:
    """`audited_looks` of one staging."""
    language, size = looks[0]
    app = staged(
        target,
        size,
        home,
        language=language,
        resized_from=resized_from,
        text_size=text_sizes[0],
        picture=False,
    )
    try:
        order = list(text_sizes)
        for language, size in looks:
            laid_out = app.size != size
            if laid_out:
                resize_in_no_time(app, size)
            for text_size in order:
                frame = _audited_at(app, text_size, painted, laid_out)
                yield (language, size), text_size, frame, app.screen
                laid_out = False
            order.reverse()
    finally:
        app.close()


STAGINGS_AFRESH: Final = 6
"""How many stagings afresh of a look that differs from run to run `--compare`
compares a resized window's boxes with (the rest of the words of one may lie a pixel
apart from another's, as its key or port needs another height)."""


def pictures_unlike_staged(
    target: str, looks: Sequence[Look], text_sizes: Sequence[str]
) -> tuple[list[str], list[str]]:
    """Where `target` audited as `audited_looks` does (staged once, given each look and
    text size in turn) draws another picture than staged afresh at that look and text
    size: the looks where pixels differ, and those where two stagings afresh differ too
    (the screen shows a server's port, a key) and the audit's boxes are those of one of
    `STAGINGS_AFRESH` stagings afresh, but for the words that differ. Every staging keeps
    its files in a folder of the same name (the about screen shows it), and each picture
    is compared after the same run in the process: what a process works out once (tile
    art, a font's sizes) may differ by a pixel the first time."""
    with tempfile.TemporaryDirectory() as scratch:
        home = os.path.join(scratch, "home")

        def afresh(look: Look, text_size: str) -> tuple[pygame.Surface, Frame]:
            return _pictures(target, [look], [text_size], home)[look, text_size]

        _pictures(target, looks, text_sizes, home)
        staged_afresh = {
            (look, text_size): afresh(look, text_size) for look in looks for text_size in text_sizes
        }
        differences, run_to_run = [], []
        for (look, text_size), (picture, frame) in _pictures(
            target, looks, text_sizes, home
        ).items():
            staged_picture, staged_frame = staged_afresh[look, text_size]
            differing = _differing(staged_picture, picture).count()
            if not differing:
                continue
            (width, height) = look[1]
            name = f"{target} {width}x{height} {look[0]} {text_size}"
            again = [afresh(look, text_size) for _ in range(STAGINGS_AFRESH - 1)]
            if not any(_differing(staged_picture, other).count() for other, _frame in again):
                differences.append(f"{name}: {differing} pixels differ")
                continue
            frames = [staged_frame, *(other for _picture, other in again)]
            words = [{drawn.text for drawn in f.texts} for f in [frame, *frames]]
            changing = words[0].union(*words[1:]) - words[0].intersection(*words[1:])
            if _boxes(frame, changing) in [_boxes(f, changing) for f in frames]:
                run_to_run.append(
                    f"{name}: differs as stagings afresh do ({len(changing)} words differ), "
                    "its boxes those of one of them"
                )
            else:
                differences.append(f"{name}: {differing} pixels and the audit's boxes differ")
    return differences, run_to_run


def _pictures(
    target: str, looks: Sequence[Look], text_sizes: Sequence[str], home: str
) -> dict[tuple[Look, str], tuple[pygame.Surface, Frame]]:
    """What `audited_looks` paints and sees of `target` at each look and text size, its
    files in `home`."""
    return {
        (look, text_size): (screen.copy(), frame)
        for look, text_size, frame, screen in audited_looks(
            target, looks, home, text_sizes, painted=True
        )
    }


def _differing(one: pygame.Surface, other: pygame.Surface) -> pygame.Mask:
    """The pixels where two pictures differ (all of them where their sizes do)."""
    if one.get_size() != other.get_size():
        return pygame.Mask(one.get_size(), fill=True)
    differing = alike(one, other, 1)  # within 1: no difference (the threshold is strict)
    differing.invert()
    return differing


def _boxes(frame: Frame, changing: set[str]) -> tuple[object, ...]:
    """What the audit saw of `frame` but the words in `changing`: its panels, widgets,
    buttons' labels, cut words, and the other words with their places and sizes."""
    return (
        tuple((scene, tuple(rect)) for scene, rect in frame.panels),
        tuple((scene, tuple(rect)) for scene, rect in frame.widgets),
        tuple((scene, tuple(rect), words) for scene, rect, words in frame.labels),
        tuple(frame.cut),
        tuple(
            (drawn.text, tuple(drawn.rect), drawn.scene, drawn.px)
            for drawn in frame.texts
            if drawn.text not in changing
        ),
    )


def main() -> None:
    from tools.screenshot_targets import TARGETS

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("targets", nargs="*", help="screenshot targets (default: all)")
    parser.add_argument(
        "--size",
        type=parse_size,
        action="append",
        help="a window size such as 800x600 (repeat for several; default 800x600)",
    )
    parser.add_argument(
        "--language", action="append", help="en or es (repeat for several; default es)"
    )
    parser.add_argument(
        "--text-size",
        action="append",
        choices=sorted(TEXT_SCALES),
        help="normal, large or largest (repeat for several; default normal)",
    )
    parser.add_argument(
        "--resized-from",
        type=parse_size,
        help="stage each target at this size, then resize the window to each --size",
    )
    parser.add_argument(
        "--compare",
        action="store_true",
        help="say where a target given each look in turn (as the audit does) draws another "
        "picture than staged afresh at it (default: the tests' looks and every text size)",
    )
    args = parser.parse_args()
    found = 0
    text_sizes = args.text_size or (TEXT_SIZES if args.compare else ["normal"])
    looks = [
        (language, size)
        for language in args.language or ["es"]
        for size in args.size or [(800, 600)]
    ]
    if args.compare and not (args.language or args.size):
        looks = list(LOOKS)
    for target in args.targets or sorted(TARGETS):
        if args.compare:
            differences, run_to_run = pictures_unlike_staged(target, looks, text_sizes)
            found += len(differences)
            for line in differences + run_to_run:
                print(line, flush=True)
            continue
        with tempfile.TemporaryDirectory() as home:
            audited = audited_looks(target, looks, home, text_sizes, args.resized_from)
            for (language, (width, height)), text_size, frame, screen in audited:
                for problem in problems(frame, screen.get_rect()):
                    found += 1
                    print(f"{target} {width}x{height} {language} {text_size}: {problem}")
    print(f"{found} problems")
    sys.exit(1 if found else 0)


if __name__ == "__main__":
    main()
