"""The game's window: opening it (fullscreen, or resizable and never smaller than
`MIN_SIZE`), the first window's size, the size kept for the next start, the scale of
everything drawn, and following the size the player gives it.

pygame-ce resizes the display surface itself when the player drags a corner or the
window is maximised, before the resize events arrive: comparing an event's size with
the surface finds no change. `Window` therefore keeps the size the screens were last
laid out for and compares the surface with that, once a frame.
"""

from __future__ import annotations

import contextlib
import functools
import math
import warnings
from collections.abc import Sequence
from typing import Final

import pygame

from game.persist.settings import Settings
from game.ui.theme import ICON_FILE
from game.ui.turn_title import TURN_TITLE

SIZE_KEPT_AFTER_S: Final = 0.5
"""A window the player resized keeps its size in the settings once it has stayed that
size this long (a corner dragged writes the file once, and a kill loses no size)."""
MIN_SIZE: Final = (800, 600)
DEFAULT_SIZE: Final = (1280, 800)
DESIGN_SIZE: Final = (1280, 800)

Size = tuple[int, int]


class Window:
    """The one window, fullscreen or not as `settings` say, and the size its screens are
    laid out for. `size` (None: the size kept in the settings, else one fitted to the
    desktop) is the windowed size to open with."""

    def __init__(self, settings: Settings, size: Size | None = None) -> None:
        self.settings = settings
        desktops = pygame.display.get_desktop_sizes()
        size = size or remembered_size(settings.window_size, desktops) or window_size_for(desktops)
        self.windowed_size = at_least_min(size)
        """The size of the window when it is not fullscreen (kept for the next start)."""
        self.surface = open_window(self.windowed_size, settings.fullscreen)
        self.laid_out = self.size
        """The size the screens were last laid out for."""
        self._asked: Size | None = None
        self._kept_at = math.inf
        """Game time at which a size the player gave the window goes into the settings."""

    @property
    def size(self) -> Size:
        return self.surface.get_size()

    def takes(self, event: pygame.Event) -> bool:
        """Whether `event` is a resize, whose size the window takes in (the last one of
        a frame counts: see `follow`)."""
        if event.type == pygame.VIDEORESIZE:
            self._asked = (event.w, event.h)
        elif event.type == pygame.WINDOWSIZECHANGED:
            self._asked = (event.x, event.y)
        else:
            return False
        return True

    def follow(self, time: float) -> bool:
        """Once a frame, at game time `time`: give the window the size an event asked
        for (never under `MIN_SIZE`), then say whether the screens must be laid out
        again (the surface is not the size they were laid out for). A new windowed size
        is to be kept once it has stayed `SIZE_KEPT_AFTER_S` (see `size_to_keep`)."""
        asked, self._asked = self._asked, None
        if asked is not None and not self.settings.fullscreen:
            wanted = at_least_min(asked)
            if wanted != self.size:
                self.surface = pygame.display.set_mode(wanted, pygame.RESIZABLE)
        self.surface = pygame.display.get_surface() or self.surface
        if self.size == self.laid_out:
            return False
        self.laid_out = self.size
        if not self.settings.fullscreen:
            self.windowed_size = self.size
            self._kept_at = time + SIZE_KEPT_AFTER_S
        return True

    def still_for(self, time: float) -> float:
        """Game seconds until a new windowed size is to be kept (`math.inf`: none)."""
        return self._kept_at - time

    def size_to_keep(self, time: float) -> bool:
        """Whether the windowed size, kept now in the settings, is to be saved."""
        if time < self._kept_at:
            return False
        self._kept_at = math.inf
        return self.keep_size()

    def set_fullscreen(self, fullscreen: bool) -> None:
        """Switch between fullscreen and a window at the windowed size (the screens are
        to be laid out again: see `follow`)."""
        self.settings.fullscreen = fullscreen
        self.surface = open_window(self.windowed_size, fullscreen)

    def laid_out_now(self) -> None:
        """The screens have just been laid out for the window as it is."""
        self.surface = pygame.display.get_surface() or self.surface
        self.laid_out = self.size

    @property
    def scale(self) -> float:
        """The scale of everything drawn (1 at `DESIGN_SIZE`)."""
        return scale_for(self.size)

    def keep_size(self) -> bool:
        """Put the windowed size in the settings; True when it changed there."""
        if self.settings.window_size == list(self.windowed_size):
            return False
        self.settings.window_size = list(self.windowed_size)
        return True


def at_least_min(size: Size) -> Size:
    return (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))


@functools.cache
def game_icon() -> pygame.Surface:
    """The game's icon, read once a process (the tests open thousands of windows: a
    read took 0.8 ms); only ever given to the window."""
    return pygame.image.load(ICON_FILE)


def open_window(windowed_size: Size, fullscreen: bool) -> pygame.Surface:
    """Open (or change) the game's window: fullscreen, or resizable at `windowed_size`
    and never smaller than `MIN_SIZE`."""
    TURN_TITLE.show()
    with contextlib.suppress(OSError, pygame.error):  # a window without its icon still plays
        pygame.display.set_icon(game_icon())
    if fullscreen:
        screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
    else:
        screen = pygame.display.set_mode(windowed_size, pygame.RESIZABLE)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        window = pygame.Window.from_display_module()
    if not fullscreen:
        window.minimum_size = MIN_SIZE
    return screen


def scale_for(size: Size) -> float:
    """The scale of everything drawn in a window of `size` (1 at `DESIGN_SIZE`)."""
    return max(0.6, min(3.0, size[0] / DESIGN_SIZE[0], size[1] / DESIGN_SIZE[1]))


def remembered_size(saved: list[int] | None, desktops: Sequence[Size]) -> Size | None:
    """The window size the player last left, made to fit the screen there is now (a
    smaller screen than last time); None when none was kept."""
    if saved is None:
        return None
    width, height = saved
    if desktops:
        width, height = min(width, desktops[0][0]), min(height, desktops[0][1])
    return at_least_min((width, height))


def window_size_for(desktops: Sequence[Size]) -> Size:
    """The first window's size: the design shape, as large as 85% of the desktop allows
    (in the desktop's own pixels, which a DPI-aware process sees), at least 1280x800
    where the desktop has room."""
    if not desktops:
        return DEFAULT_SIZE
    width, height = desktops[0]
    scale = min(width * 0.85 / DESIGN_SIZE[0], height * 0.85 / DESIGN_SIZE[1])
    scale = max(scale, min(1.0, width / DESIGN_SIZE[0], height / DESIGN_SIZE[1]))
    return round(DESIGN_SIZE[0] * scale), round(DESIGN_SIZE[1] * scale)
