"""The interface's shared drawing: `Ui` (the fonts, the interface scale and caches of
rendered texts, so nothing is rendered twice), panels, and texts blitted by an anchor."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final

import pygame

from game.i18n import format_number, in_every_language
from game.ui.text import (
    SMALLEST_SIZE,
    TEXT_LIMIT,
    common_size,
    fitted_lines,
    render_text,
    text_width,
)
from game.ui.theme import PALETTE, Colour, Fonts

TEXT_CACHE_LIMIT = 512
SMALLEST_TEXT_PX = 11
"""The smallest text drawn, in pixels (the font's pixel size), whatever the window."""
GROWN_BODY = 16
"""Text scaled by the player's text size grows by as much as text of this design size
does: words to read grow by the whole scale, larger words (buttons' labels) by as many
pixels, so they grow less in proportion. Titles (the "title" style), large already,
keep their size (and the room their screens give them)."""


class WordsKept:
    """Rendered texts and measures of words, for every `Ui` of one fonts folder: what
    they depend on besides the fonts is in their keys, so every window of a process
    (the tests open thousands) renders and measures the same words once."""

    def __init__(self) -> None:
        self.texts: dict[tuple[str, int, str, Colour], pygame.Surface] = {}
        self.wraps: dict[tuple[str, int, int, str], list[str]] = {}
        self.widths: dict[tuple[tuple[str, ...], int, str], int] = {}
        self.sizes: dict[tuple[object, ...], float] = {}
        self.fits: dict[tuple[object, ...], tuple[list[str], int]] = {}


_KEPT: dict[object, WordsKept] = {}
"""Each fonts folder's `WordsKept`."""


class Ui:
    """Fonts, interface scale, text scale and caches of rendered text surfaces and
    wrapped lines (shared by every `Ui` of its fonts: `WordsKept`)."""

    def __init__(self, fonts: Fonts, scale: float = 1.0, text_scale: float = 1.0) -> None:
        self.fonts = fonts
        self._scale, self._text_scale = scale, text_scale
        kept = _KEPT.setdefault(fonts.folder, WordsKept())
        self._texts, self._wraps, self._widths = kept.texts, kept.wraps, kept.widths
        self._sizes, self._fits = kept.sizes, kept.fits
        self._rescaled()

    @property
    def scale(self) -> float:
        """How much larger than a 1280x800 window's the window's lengths are."""
        return self._scale

    @scale.setter
    def scale(self, scale: float) -> None:
        self._scale = scale
        self._rescaled()

    @property
    def text_scale(self) -> float:
        """How much larger than normal the player asked words to be (Settings' text size)."""
        return self._text_scale

    @text_scale.setter
    def text_scale(self, text_scale: float) -> None:
        self._text_scale = text_scale
        self._rescaled()

    def _rescaled(self) -> None:
        """Forget the pixels and fonts worked out at the scales before (every frame asks
        for the same lengths and sizes hundreds of times)."""
        self._look = (self.fonts.folder, self._scale, self._text_scale)
        self._lengths: dict[float, int] = {}
        self._text_pxs: dict[tuple[float, str], int] = {}
        self._fonts_at: dict[tuple[float, str], pygame.font.Font] = {}

    def look(self) -> tuple[object, ...]:
        """What every size measured with this `Ui` depends on: its fonts' folder and its
        scales (a measure kept with it stays true while it is the same)."""
        return self._look

    def px(self, value: float) -> int:
        """A length given for a 1280x800 window, scaled to the current window."""
        length = self._lengths.get(value)
        if length is None:
            if len(self._lengths) >= TEXT_CACHE_LIMIT:
                self._lengths.clear()
            length = self._lengths[value] = max(1, round(value * self._scale))
        return length

    def text_px(self, size: float, style: str = "regular") -> int:
        """The pixel size of text of design size `size` (given for a 1280x800 window):
        grown by the player's text scale (`GROWN_BODY`; a title keeps its size) and
        scaled as lengths are, but never under `SMALLEST_TEXT_PX`, so small windows
        keep their words readable (their layouts make room)."""
        key = (size, style)
        pixels = self._text_pxs.get(key)
        if pixels is None:
            if len(self._text_pxs) >= TEXT_CACHE_LIMIT:
                self._text_pxs.clear()
            grown = size + (self._text_scale - 1) * min(size, GROWN_BODY)
            pixels = max(SMALLEST_TEXT_PX, self.px(size if style == "title" else grown))
            self._text_pxs[key] = pixels
        return pixels

    @property
    def smallest_size(self) -> int:
        """The design size words shrink down to to fit their room: `SMALLEST_SIZE` at
        the normal text size, less at larger ones, so that crowded words shrink as far
        as they would at the normal size (never further)."""
        return round(SMALLEST_SIZE / self.text_scale)

    def text_room(self, value: float) -> int:
        """A length given for a 1280x800 window that holds words (a button's or row's
        height): scaled as lengths are, and grown with the player's text scale."""
        return self.px(value * self.text_scale)

    def font(self, size: float, style: str = "regular") -> pygame.font.Font:
        """The font of design size `size` in `style`, as `text_px` sizes it."""
        key = (size, style)
        font = self._fonts_at.get(key)
        if font is None:
            if len(self._fonts_at) >= TEXT_CACHE_LIMIT:
                self._fonts_at.clear()
            font = self._fonts_at[key] = self.fonts.get(self.text_px(size, style), style)
        return font

    def text(
        self, text: str, size: float, colour: Colour = PALETTE.text, style: str = "regular"
    ) -> pygame.Surface:
        """The rendered text (antialiased), cached."""
        key = (text, self.text_px(size, style), style, colour)
        surface = self._texts.get(key)
        if surface is None:
            if len(self._texts) >= TEXT_CACHE_LIMIT:
                self._texts.clear()
            surface = render_text(self.font(size, style), text[:TEXT_LIMIT], colour)
            self._texts[key] = surface
        return surface

    def wrap(self, text: str, size: float, width: int, style: str = "regular") -> list[str]:
        """`text` broken into lines no wider than `width` pixels at `size` (cached: screens
        wrap their words every frame)."""
        key = (text, self.text_px(size, style), width, style)
        lines = self._wraps.get(key)
        if lines is None:
            if len(self._wraps) >= TEXT_CACHE_LIMIT:
                self._wraps.clear()
            lines = self._wraps[key] = self._wrapped(text, size, width, style)
        return lines.copy()

    def fitted(
        self,
        text: str,
        size: int,
        room: int,
        max_lines: int = 2,
        style: str = "regular",
        height: int | None = None,
        smallest: int | None = None,
    ) -> tuple[list[str], int]:
        """`fitted_lines` of `text` (cached: buttons and bars fit their words every frame)."""
        smallest = self.smallest_size if smallest is None else smallest
        # The size found is a design size, so it is kept for the design size asked at this
        # look: two design sizes may stand for the same pixels, at one look or another.
        key = (
            self.look(),
            text,
            size,
            room,
            max_lines,
            style,
            height,
            smallest,
        )
        fit = self._fits.get(key)
        if fit is None:
            if len(self._fits) >= TEXT_CACHE_LIMIT:
                self._fits.clear()
            fit = self._fits[key] = fitted_lines(
                self, text, size, room, max_lines, style, smallest, height
            )
        return fit[0].copy(), fit[1]

    def widest(self, messages: Sequence[str], size: float, style: str = "regular") -> int:
        """The width of the widest of `messages` in any language the game speaks, at
        `size` (cached: widgets make room for their words every frame)."""
        key = (tuple(messages), self.text_px(size, style), style)
        found = self._widths.get(key)
        if found is None:
            if len(self._widths) >= TEXT_CACHE_LIMIT:
                self._widths.clear()
            font = self.font(size, style)
            every = [words for message in messages for words in in_every_language(message)]
            found = self._widths[key] = max((text_width(font, w) for w in every), default=0)
        return found

    def common_size(
        self, texts: Sequence[str], size: float, room: int, style: str = "regular"
    ) -> float:
        """`common_size` of `texts` (cached: a widget sizes its words for every language
        and value every frame)."""
        key = (self.look(), tuple(texts), size, room, style)  # a design size, as `fitted`
        found = self._sizes.get(key)
        if found is None:
            if len(self._sizes) >= TEXT_CACHE_LIMIT:
                self._sizes.clear()
            found = self._sizes[key] = common_size(self, texts, size, room, style)
        return found

    def _wrapped(self, text: str, size: float, width: int, style: str) -> list[str]:
        font = self.font(size, style)
        lines: list[str] = []
        for paragraph in text.split("\n"):
            line = ""
            for word in paragraph.split(" "):
                attempt = f"{line} {word}".strip()
                if font.size(attempt)[0] <= width or not line:
                    line = attempt
                else:
                    lines.append(line)
                    line = word
            lines.append(line)
        return lines


@functools.lru_cache(maxsize=32)
def rounded_box(
    size: tuple[int, int],
    radius: int,
    fill: tuple[int, ...],
    border: tuple[int, ...] | None = None,
    width: int = 1,
) -> pygame.Surface:
    """A translucent rounded rectangle with an optional border, drawn once per look."""
    box = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(box, fill, box.get_rect(), border_radius=radius)
    if border is not None:
        pygame.draw.rect(box, border, box.get_rect(), width, border_radius=radius)
    return box


UNDRAWN: Final = (255, 0, 255)
"""A colour nothing is drawn in: a `raised_box`'s corners, left out when it is blitted."""


@functools.lru_cache(maxsize=128)
def raised_box(
    size: tuple[int, int],
    radius: int,
    fill: Colour,
    edge: Colour,
    edge_width: int,
    shadow: Colour,
    drop: int,
) -> pygame.Surface:
    """An opaque rounded rectangle of `size` with an edge, over its `shadow` `drop`
    pixels lower (a button), drawn once per look: its corners keyed out and run-length
    encoded, it is blitted twenty times faster than it is drawn, pixel for pixel the
    same."""
    width, height = size
    box = pygame.Surface((width, height + drop))
    box.fill(UNDRAWN)
    face = pygame.Rect(0, 0, width, height)
    pygame.draw.rect(box, shadow, face.move(0, drop), border_radius=radius)
    pygame.draw.rect(box, fill, face, border_radius=radius)
    pygame.draw.rect(box, edge, face, edge_width, border_radius=radius)
    box.set_colorkey(UNDRAWN, pygame.RLEACCEL)
    return box


def alike(first: pygame.Surface, second: pygame.Surface, within: int) -> pygame.mask.Mask:
    """The pixels where two surfaces of one size differ by at most `within` in every
    channel (|a - b|, made of two saturating subtractions)."""
    difference = first.copy()
    difference.blit(second, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    other_way = second.copy()
    other_way.blit(first, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    difference.blit(other_way, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    return pygame.mask.from_threshold(difference, (0, 0, 0, 255), (within,) * 3 + (255,))


def dim(surface: pygame.Surface, alpha: int) -> None:
    """Darken the whole surface under a dialog or banner, as black at `alpha` would."""
    keep = 255 - alpha
    surface.fill((keep, keep, keep), special_flags=pygame.BLEND_RGB_MULT)


def draw_panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    ui: Ui,
    alpha: int = 215,
    border: Colour = PALETTE.panel_edge,
) -> None:
    """A translucent dark panel with a thin border and rounded corners."""
    surface.blit(
        rounded_box(
            rect.size, ui.px(14), (*PALETTE.panel, alpha), (*border, 200), max(1, ui.px(2))
        ),
        rect,
    )


def blit_text(
    surface: pygame.Surface, text: pygame.Surface, anchor: tuple[int, int], align: str = "center"
) -> pygame.Rect:
    """Blit text with its rect's `align` point (e.g. "midleft") at `anchor`."""
    rect = text.get_rect()
    setattr(rect, align, anchor)  # as get_rect(**{align: anchor}), without the keywords
    surface.blit(text, rect)
    return rect


def lines_rect(lines: Sequence[pygame.Surface], overlap: int = 0) -> pygame.Rect:
    """The size of rendered `lines` set one under another, each drawn `overlap` pixels
    over the one above (tight two-line buttons)."""
    height = sum(line.get_height() for line in lines) - overlap * max(0, len(lines) - 1)
    return pygame.Rect(0, 0, max((line.get_width() for line in lines), default=0), height)


def blit_lines(
    surface: pygame.Surface,
    lines: Sequence[pygame.Surface],
    anchor: tuple[int, int],
    align: str = "center",
    overlap: int = 0,
    flush_left: bool = False,
) -> pygame.Rect:
    """Rendered `lines` (`Ui.fitted`'s, say) one under another, each centred (or, when
    `flush_left`, from the block's left), the block's `align` point ("center",
    "midtop") at `anchor`; returns the block's rect."""
    block = lines_rect(lines, overlap)
    setattr(block, align, anchor)
    y = block.top
    for line in lines:
        if flush_left:
            blit_text(surface, line, (block.x, y), "topleft")
        else:
            blit_text(surface, line, (block.centerx, y), "midtop")
        y += line.get_height() - overlap
    return block


def draw_count_badge(surface: pygame.Surface, ui: Ui, left: tuple[int, int], count: int) -> None:
    """A gold disc with `count` in it, its left edge at `left` (what waits for the player:
    turns at a club, chat lines not read)."""
    number = ui.text(format_number(count), 18, PALETTE.felt_dark, "bold")
    radius = max(number.get_width(), number.get_height()) // 2 + ui.px(5)
    centre = (left[0] + radius, left[1])
    pygame.draw.circle(surface, PALETTE.gold, centre, radius)
    blit_text(surface, number, centre)
