"""Text as the screens draw it: right-to-left scripts laid out and shaped, glyphs the
font lacks shown, lines fitted to their room (cut or shrunk), and wrapped paragraphs.
`Ui.text` renders and caches through `render_text`; the rest take the `Ui` (as `Texts`)."""

from __future__ import annotations

import contextlib
import re
import unicodedata
from collections.abc import Sequence
from typing import Protocol

import pygame

from game.ui.theme import Colour

TEXT_LIMIT = 300
"""The most characters one line of text draws (a name from a record may be any length)."""
MISSING_GLYPH = "\ufffd"
"""Drawn for a character the font has no glyph for (so it shows, rather than vanish)."""
SMALLEST_SIZE = 12
"""The design size words shrink down to to fit their room at the normal text size
(`Texts.smallest_size`; drawn never under `game.ui.painting.SMALLEST_TEXT_PX` pixels)."""


WIDTHS_KEPT = 8192
"""How many measured widths `text_width` keeps (it forgets them all past that)."""
_WIDTHS: dict[tuple[pygame.font.Font, str], int] = {}


def text_width(font: pygame.font.Font, text: str) -> int:
    """The width in pixels of `text` in `font`, measured once a process: the screens
    measure the same words every frame, and every window measures them again."""
    key = (font, text)
    width = _WIDTHS.get(key)
    if width is None:
        if len(_WIDTHS) >= WIDTHS_KEPT:
            _WIDTHS.clear()
        width = _WIDTHS[key] = font.size(text)[0]
    return width


def render_text(font: pygame.font.Font, text: str, colour: Colour) -> pygame.Surface:
    """`text` rendered antialiased: a character the font lacks shows as a replacement
    mark, and text mostly in a right-to-left script (Hebrew, Arabic) is laid out right
    to left and shaped by the font engine (HarfBuzz, where SDL_ttf has it)."""
    metrics = font.metrics(text) if text else []
    if any(metric is None for metric in metrics):
        text = "".join(
            ch if metric is not None else MISSING_GLYPH
            for ch, metric in zip(text, metrics, strict=False)
        )
    if font.size(text)[0] == 0:  # only marks of no width (U+200B, U+FEFF...): SDL refuses
        return font.render("", True, colour)
    kinds = [unicodedata.bidirectional(ch) for ch in text]
    rtl = sum(kind in ("R", "AL") for kind in kinds)
    if rtl <= sum(kind == "L" for kind in kinds):
        return font.render(text, True, colour)
    try:
        font.set_script("Arab" if "AL" in kinds else "Hebr")  # untranslated: script codes
        font.set_direction(pygame.DIRECTION_RTL)
        return font.render(text, True, colour)
    except pygame.error:  # no shaping engine: drawn as it is
        return font.render(text, True, colour)
    finally:
        with contextlib.suppress(pygame.error):
            font.set_script("Latn")  # untranslated: a script code
            font.set_direction(pygame.DIRECTION_LTR)


class Texts(Protocol):
    """What the fitting and wrapping need of `game.ui.widgets.controls.Ui`."""

    @property
    def smallest_size(self) -> int: ...
    def px(self, value: float) -> int: ...
    def font(self, size: float, style: str = "regular") -> pygame.font.Font: ...
    def text(
        self, text: str, size: float, colour: Colour = ..., style: str = "regular"
    ) -> pygame.Surface: ...
    def wrap(self, text: str, size: float, width: int, style: str = "regular") -> list[str]: ...
    def common_size(
        self, texts: Sequence[str], size: float, room: int, style: str = "regular"
    ) -> float: ...


def fit_text(ui: Texts, text: str, size: float, room: int, style: str = "regular") -> str:
    """`text`, cut with an ellipsis to fit `room` pixels at `size`."""
    font = ui.font(size, style)
    if text_width(font, text) <= room:
        return text
    while text and font.size(text + "…")[0] > room:
        text = text[:-1]
    return text + "…"


Said = tuple[str, ...]
"""One thing said in ever fewer words, longest first (each reads whole): a line shows
the longest that fits its room (`words_that_fit`)."""


def words_that_fit(
    ui: Texts, said: Sequence[str], size: float, room: int, style: str = "regular"
) -> str:
    """The longest of `said` (longest first) that fits `room` pixels at `size`; the
    last, the fewest words, where none does."""
    font = ui.font(size, style)
    return next((words for words in said if text_width(font, words) <= room), said[-1])


def common_size(
    ui: Texts, texts: Sequence[str], size: float, room: int, style: str = "regular"
) -> float:
    """The largest size from `size` down to `ui.smallest_size` at which each of `texts`
    fits `room` pixels (the smallest when none does)."""
    while size > ui.smallest_size and any(
        text_width(ui.font(size, style), text) > room for text in texts
    ):
        size -= 1
    return size


def shrunk_text(
    ui: Texts, text: str, size: float, room: int, colour: Colour, style: str = "regular"
) -> pygame.Surface:
    """`text` rendered at `size`, or smaller (down to `ui.smallest_size`) until it fits
    `room` pixels; cut with an ellipsis if even that is too wide."""
    size = ui.common_size([text], size, room, style)  # cached: rows shrink it every frame
    return ui.text(fit_text(ui, text, size, room, style), size, colour, style)


def path_lines(ui: Texts, path: str, size: float, room: int) -> list[str]:
    """A file or folder path broken after its separators into lines of `room` pixels
    (a part too long for a line has one to itself)."""
    font, lines = ui.font(size), [""]
    for part in re.split(r"(?<=[/\\])", path):
        if lines[-1] and font.size(lines[-1] + part)[0] > room:
            lines.append("")
        lines[-1] += part
    return lines


def fitted_lines(
    ui: Texts,
    text: str,
    size: int,
    room: int,
    max_lines: int = 2,
    style: str = "regular",
    smallest: int = SMALLEST_SIZE,
    height: int | None = None,
) -> tuple[list[str], int]:
    """`text` laid out to fit `room` pixels wide (and `height` pixels high, when given):
    on one line if a little shrinking does it, else wrapped onto up to `max_lines` lines
    at the largest size that fits; returns the lines and their size. Where even
    `smallest` does not fit, the lines the room holds at `smallest` (a word wider than
    the room on a line of its own), the last cut with an ellipsis (`fit_text`, which the
    screen audit reports) where more were wanted: never lines past the room's height,
    where other things are drawn over them and words go unseen."""

    def fits(lines: list[str], at: int) -> bool:
        font = ui.font(at, style)
        return all(text_width(font, line) <= room for line in lines) and (
            height is None or len(lines) * font.get_height() <= height
        )

    for at in range(size, max(smallest, round(size * 0.8)) - 1, -1):
        if fits([text], at):
            return [text], at
    for at in range(size, smallest - 1, -1):
        lines = ui.wrap(text, at, room, style)
        if len(lines) <= max_lines and fits(lines, at):
            return lines, at
    lines = ui.wrap(text, smallest, room, style)
    held = max_lines if height is None else height // ui.font(smallest, style).get_height()
    kept = lines[: max(1, min(max_lines, held))]
    if len(kept) < len(lines):
        kept[-1] = fit_text(ui, " ".join(lines[len(kept) - 1 :]), smallest, room, style)
    return kept, smallest


def paragraph_height(ui: Texts, text: str, size: int, width: int, gap: int = 4) -> int:
    """The height `blit_paragraph` takes for `text`: its lines as they render (a line
    with accents may stand taller than the font's height), each with its gap."""
    return sum(ui.text(line, size).get_height() + ui.px(gap) for line in ui.wrap(text, size, width))


def blit_paragraph(
    surface: pygame.Surface,
    ui: Texts,
    text: str,
    size: int,
    colour: Colour,
    topleft: tuple[int, int],
    width: int,
    gap: int = 4,
) -> int:
    """`text` wrapped to `width` pixels from `topleft`, `gap` design pixels between
    lines; returns the y below the last line."""
    x, y = topleft
    for line in ui.wrap(text, size, width):
        image = ui.text(line, size, colour)
        surface.blit(image, (x, y))
        y += image.get_height() + ui.px(gap)
    return y


def blit_paragraphs(
    surface: pygame.Surface,
    ui: Texts,
    paragraphs: Sequence[str],
    size: int,
    colour: Colour,
    topleft: tuple[int, int],
    width: int,
    height: int,
    gap: int = 3,
    spacing: int = 12,
    smallest: int | None = None,
) -> int:
    """`paragraphs` wrapped to `width` pixels from `topleft`, `spacing` design pixels
    after each, at the largest size from `size` down to `smallest` that fits them in
    `height` pixels (shrunk, never cut); returns the y below the last."""

    def needed(at: int) -> int:
        line = ui.font(at).get_height() + ui.px(gap)
        return sum(len(ui.wrap(text, at, width)) * line + ui.px(spacing) for text in paragraphs)

    smallest = ui.smallest_size if smallest is None else smallest
    while size > smallest and needed(size) > height:
        size -= 1
    x, y = topleft
    for text in paragraphs:
        y = blit_paragraph(surface, ui, text, size, colour, (x, y), width, gap) + ui.px(spacing)
    return y
