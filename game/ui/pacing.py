"""The window loop's pace: real time turned into fixed update steps, when a frame is
drawn, and the sleep while the picture is still.

"Fix your timestep": real frame time (at most `MAX_FRAME`: a longer gap, as when the
computer slept, is dropped) fills an accumulator spent in fixed `FIXED_DT` updates, at
most `MAX_STEPS` a frame; a moving picture is drawn with the leftover fraction `alpha`.

A turn-based game is still most of the time, and drawing a still picture again at the
display's rate burned a core. A frame is drawn only when the picture changed: an event
came (input, a resize, news from another thread), the screens changed, something moves
or has just stopped, a change the screen expected came due, or tile art was drawn for
it. While nothing moves the loop sleeps until an event or the next change due (at most
`IDLE_WAKE_S`), looking for events once a display frame as the drawing loop did
(pygame's `event.wait` looks every millisecond, which alone costs 2% of a core). The
updates of the time slept then run before the event that woke it is handled, so game
time keeps real time (a timed game's clock, a pause, a screen's first moments).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Final

import pygame

FIXED_DT: Final = 1 / 120
MAX_FRAME: Final = 0.25
MAX_STEPS: Final = 8
IDLE_WAKE_S: Final = 1.0
"""The longest sleep: the loop looks round at least once a second."""
DEFAULT_FRAME_RATE: Final = 60
"""Frames a second when the display does not say its refresh rate."""
DUE_SLACK: Final = 1e-6
"""Game time is a sum of steps: a change due at 0.3 s comes at 0.29999999."""


class Pace:
    """Steps, frames and sleeps of one loop, read from `clock` (seconds)."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self.accumulator = 0.0
        self._last = clock()
        self._slept: float | None = None
        """How long the last sleep was to last (None: the loop did not sleep)."""
        self.changed = True
        """Something happened that the picture must show (the next frame is drawn)."""
        self.moving = False
        """The last frame showed something moving: the next one shows where it went."""
        self.due = math.inf
        """Game time at which the screen expects to change by itself."""
        self.art_shown = -1
        """The tile art generation the last frame drawn showed (see `TileArt.generation`)."""

    # --- time and steps -----------------------------------------------------------------

    def owed_steps(self) -> int:
        """A new frame: add the real time since the last one. After a sleep the steps of
        the time slept are owed at once (they come before the event that woke it)."""
        now = self.clock()
        gap, self._last = max(0.0, now - self._last), now
        slept, self._slept = self._slept, None
        self.accumulator += min(MAX_FRAME if slept is None else slept + MAX_FRAME, gap)
        return 0 if slept is None else self._take(math.inf)

    def steps(self) -> int:
        """The steps of this frame (at most `MAX_STEPS`; the rest of a long one is dropped)."""
        count = self._take(MAX_STEPS)
        if count == MAX_STEPS:
            self.accumulator = min(self.accumulator, FIXED_DT)
        return count

    def _take(self, most: float) -> int:
        count = 0
        while self.accumulator >= FIXED_DT and count < most:
            self.accumulator -= FIXED_DT
            count += 1
        return count

    @property
    def alpha(self) -> float:
        """The fraction of a step since the last update, in [0, 1)."""
        return self.accumulator / FIXED_DT

    # --- events and sleep ---------------------------------------------------------------

    def events(self) -> list[pygame.Event]:
        """This frame's events; each changes the picture."""
        events = pygame.event.get()
        self.changed = self.changed or bool(events)
        return events

    def sleep(self, seconds: float) -> None:
        """Wait until an event comes, at most `seconds` (and at most `IDLE_WAKE_S`),
        looking once a display frame."""
        seconds = min(seconds, IDLE_WAKE_S)
        self._slept = seconds
        end = self.clock() + seconds
        look_ms = 1000 // display_rate()
        while not pygame.event.peek():
            left_ms = math.ceil((end - self.clock()) * 1000)
            if left_ms <= 0:
                return
            pygame.time.wait(min(look_ms, left_ms))

    # --- frames -------------------------------------------------------------------------

    def frame_wanted(self, time: float, still_for: float, art_generation: int) -> bool:
        """Whether this frame is drawn: the picture changed, moves or has just stopped, a
        change came due, or tile art was drawn since the last frame (in place of images
        scaled for the moment). `still_for` is how long the screen now stays as it is;
        the frame's decision is remembered for the next."""
        moving = still_for <= 0
        wanted = (
            self.changed
            or moving
            or self.moving
            or time + DUE_SLACK >= self.due
            or art_generation != self.art_shown
        )
        self.moving, self.due = moving, time + still_for
        if wanted:
            self.changed, self.art_shown = False, art_generation
        return wanted

    def rest(self, time: float, art_waiting: bool, art_generation: int) -> float:
        """How long the loop may sleep now: 0 while anything moves or tile art waits to
        be drawn or shown (`art_waiting`, `art_generation`: see `TileArt`), else until
        the next change due."""
        if self.moving or self.changed or art_waiting or art_generation != self.art_shown:
            return 0.0
        return max(0.0, self.due - time)


def display_rate() -> int:
    """Frames a second to draw while anything moves: the display's refresh rate (more
    would only burn the CPU the computer players think with), within 30..240."""
    rate = pygame.display.get_current_refresh_rate() or DEFAULT_FRAME_RATE
    return max(30, min(240, rate))
