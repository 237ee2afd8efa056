"""One-line notices at the bottom of the window: each shown for a few seconds, at most
three at once, never over a button, what the screen keeps clear, nor anything the screen
draws: they rest where it shows plain felt or a plain panel (no tile, no word), checked on
each frame drawn, lowest first, and find their places anew when the screen is laid out
again. A notice with no such place waits, its seconds not begun, until one opens (or goes
with its screen)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Final

import pygame

from game.persist.files import Notice
from game.rules.seeds_names import cut_text
from game.ui.painting import Ui, alike, blit_lines, lines_rect
from game.ui.words import notice_words

NOTICE_SECONDS: Final = 5.0
SHOWN: Final = 3
LONGEST: Final = 300
"""The most characters a notice shows: longer words (a server's, a file's) are cut before
they are measured, so that no notice can hold up a frame."""
SHARP: Final = 24
"""How far (any of red, green, blue) a pixel must differ from the next one to be an edge
of something drawn: the felt's grain and a panel's shading change less."""
CLEARANCE: Final = 6
"""Plain pixels kept round a notice (design pixels): room for the words' line spacing."""
WIDEST: Final = 520
"""The widest a notice's words go (design pixels): a long one takes lines rather than a
band across the window, where the board, panels and buttons leave none plain."""
STEP: Final = 6
"""How far apart (design pixels) the heights tried for a notice are."""
BAND: Final = 4
"""How many notices' heights of the screen's edges are read at a time."""
LOOK_AGAIN_S: Final = 0.25
"""How often a notice with no place looks for one on the frames drawn (game seconds):
the look reads the screen's pixels, too slow for every frame."""


@dataclass
class Shown:
    text: str
    frame: int
    """The frame it was posted in."""
    until: float | None = None
    """Game time at which it goes (None: not shown yet, its seconds not begun)."""
    place: pygame.Rect | None = None
    """Where it was drawn on the last frame (None: it found no place there)."""
    lines: list[pygame.Surface] = field(default_factory=list)
    looked: float = -math.inf
    """Game time at which it last looked for a place."""


class Notices:
    """The notices on screen, in the order they came."""

    def __init__(self) -> None:
        self.shown: list[Shown] = []

    def add(self, text: str | Notice, frame: int) -> None:
        """Show `text` (a notice from the files in the player's language) once it has a
        place."""
        self.shown.append(Shown(cut_text(notice_words(text), LONGEST), frame))

    @property
    def texts(self) -> list[str]:
        return [notice.text for notice in self.shown]

    def keep_only_from(self, frame: int) -> None:
        """The screen changes: notices posted before `frame` go with the old screen."""
        self.shown = [notice for notice in self.shown if notice.frame == frame]

    def place_afresh(self) -> None:
        """The screen is laid out again: each notice finds its place anew on the next
        frame drawn (the place it kept was plain in the old layout), its seconds going on."""
        for notice in self.shown:
            notice.place = None
            notice.looked = -math.inf

    def expire(self, now: float) -> bool:
        """Take away the notices whose time is up; True when one went."""
        kept = [n for n in self.shown if n.until is None or n.until > now]
        went, self.shown = len(kept) != len(self.shown), kept
        return went

    def still_for(self, now: float) -> float:
        """Seconds until the next notice goes (`math.inf`: none is shown; one that waits
        for a place looks again on the next frame drawn)."""
        return min((n.until - now for n in self.shown if n.until is not None), default=math.inf)

    def boxes(self) -> list[tuple[list[pygame.Surface], pygame.Rect]]:
        """The notices drawn on the last frame, each its lines and its box."""
        return [(n.lines, n.place) for n in self.shown[-SHOWN:] if n.place is not None]

    def draw(self, surface: pygame.Surface, ui: Ui, avoid: list[pygame.Rect], now: float) -> None:
        """Draw the notices over the screen drawn on `surface`, each where it covers none
        of `avoid` and nothing drawn (`lay_out`)."""
        self.lay_out(surface, ui, avoid, now)
        for images, box in self.boxes():
            pygame.draw.rect(surface, (12, 20, 16), box, border_radius=box.height // 2)
            pygame.draw.rect(surface, (214, 170, 80), box, 1, border_radius=box.height // 2)
            blit_lines(surface, images, box.center)

    def lay_out(self, screen: pygame.Surface, ui: Ui, avoid: list[pygame.Rect], now: float) -> None:
        """Place each notice on `screen`: where it was, while that stays plain, else the
        lowest plain place that covers none of `avoid` nor another notice, newest
        first; its seconds begin when it first has one. One with no place looks again
        after `LOOK_AGAIN_S`."""
        taken = list(avoid)
        clearance = ui.px(CLEARANCE)
        for notice in reversed(self.shown[-SHOWN:]):
            room = min(screen.get_width() - ui.px(80), ui.px(WIDEST))
            lines, text_size = ui.fitted(notice.text, 17, room, max_lines=3)
            notice.lines = [ui.text(line, text_size) for line in lines]
            size = lines_rect(notice.lines).inflate(ui.px(28), ui.px(12)).size
            kept = notice.place
            if kept is None or kept.size != size or not _free(screen, kept, taken, clearance):
                if kept is None and now < notice.looked + LOOK_AGAIN_S:
                    continue
                notice.looked = now
                notice.place = _place(screen, size, taken, clearance, ui)
            if notice.place is not None:
                taken.append(notice.place)
                if notice.until is None:
                    notice.until = now + NOTICE_SECONDS


def _place(
    screen: pygame.Surface,
    size: tuple[int, int],
    taken: list[pygame.Rect],
    clearance: int,
    ui: Ui,
) -> pygame.Rect | None:
    """The first plain place for a notice of `size` on `screen`, in the middle from the
    bottom up, then so at the left and at the right (None: there is none). The screen's
    edges are read a band at a time, as the places tried reach it: the first place
    is most often free, and reading the whole window is slow."""
    width, height = size
    window = screen.get_size()
    margin, step = ui.px(16), max(1, ui.px(STEP))
    inner = pygame.Rect(0, 0, window[0] - 1, window[1] - 1)
    lefts = dict.fromkeys(((window[0] - width) // 2, margin, window[0] - margin - width))
    band, edges = pygame.Rect(0, 0, 0, 0), pygame.mask.Mask((0, 0))
    for left in lefts:
        for bottom in range(window[1] - ui.px(18), height + margin - 1, -step):
            place = pygame.Rect(left, bottom - height, width, height)
            around = place.inflate(2 * clearance, 2 * clearance)
            if not inner.contains(around) or around.collidelist(taken) >= 0:
                continue
            if not band.contains(around):
                band = pygame.Rect(around.x, 0, around.width, BAND * around.height)
                band.bottom = around.bottom
                band = band.clip(inner)
                edges = _edges(screen, band)
            if _clear_of(edges, around, taken, band):
                return place
    return None


def _free(
    screen: pygame.Surface, place: pygame.Rect, taken: list[pygame.Rect], clearance: int
) -> bool:
    """Whether `place` (with `clearance` round it) covers none of `taken` and nothing
    drawn on `screen`."""
    around = place.inflate(2 * clearance, 2 * clearance)
    return _inside(screen, around) and _clear_of(_edges(screen, around), around, taken, around)


def _clear_of(
    edges: pygame.mask.Mask, area: pygame.Rect, taken: list[pygame.Rect], origin: pygame.Rect
) -> bool:
    """Whether `area` lies inside the `edges` mask (of the screen's `origin`), with no
    edge in it, and meets none of `taken`."""
    at = area.move(-origin.x, -origin.y)
    if not pygame.Rect((0, 0), edges.get_size()).contains(at) or area.collidelist(taken) >= 0:
        return False
    return edges.overlap(pygame.mask.Mask(at.size, fill=True), at.topleft) is None


def _inside(screen: pygame.Surface, area: pygame.Rect) -> bool:
    return pygame.Rect(0, 0, screen.get_width() - 1, screen.get_height() - 1).contains(area)


def _edges(screen: pygame.Surface, area: pygame.Rect) -> pygame.mask.Mask:
    """The pixels of `area` (less the screen's last column and row) that differ sharply
    from the pixel to their right or below: the edges of words, tiles, buttons, panels."""
    area = area.clip(pygame.Rect(0, 0, screen.get_width() - 1, screen.get_height() - 1))
    here = screen.subsurface(area)
    edges = pygame.mask.Mask(area.size)
    for shift in ((1, 0), (0, 1)):
        sharp = alike(here, screen.subsurface(area.move(shift)), SHARP)
        sharp.invert()
        edges.draw(sharp, (0, 0))
    return edges
