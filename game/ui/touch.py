"""A touch screen: fingers turned, in one place, into what the screens already know. One
finger is the mouse (a tap a click, a slide a drag); two or more fingers pan the figure
(`TWO_FINGER_PAN`; SDL's own MULTIGESTURE pinches); a finger held still is a long press
(`LONG_PRESS`). SDL's mouse events made from fingers are dropped, so no touch counts twice.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

import pygame

TWO_FINGER_PAN: Final = pygame.event.custom_type()
"""Two or more fingers moved together: `rel` is their middle's move in pixels."""

LONG_PRESS: Final = pygame.event.custom_type()
"""A finger held still for `HOLD` seconds at `pos` (pixels)."""

VIEW_GESTURES: Final = (pygame.MULTIGESTURE, TWO_FINGER_PAN)
"""The touch gestures a board's view takes: a pinch zooms, two fingers pan."""

HOLD: Final = 0.5
"""Seconds a finger stays still before it is a long press."""

SLOP: Final = 12
"""Pixels a finger may wander and still be a tap or a long press."""

NO_FINGER: Final = (-1, -1)
"""The pointer while no finger is the mouse (no touch device and finger have it)."""

FINGER_EVENTS: Final = frozenset({pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP})


@dataclass
class Finger:
    at: tuple[int, int]
    down_at: tuple[int, int]
    since: float


class Touch:
    """The fingers on the screen and the events they stand for."""

    def __init__(self) -> None:
        self.fingers: dict[tuple[int, int], Finger] = {}
        self.pointer = NO_FINGER
        """The finger that is the mouse (the first down, while no other was)."""
        self._no_long_press = False
        """The pointing finger's long press was made or ruled out (it slid, or others came)."""

    @staticmethod
    def takes(event: pygame.Event) -> bool:
        """Whether `event` is a finger's, or SDL's mouse made from one."""
        return event.type in FINGER_EVENTS or (
            event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
            and getattr(event, "touch", False)
        )

    def events_for(
        self, event: pygame.Event, size: tuple[int, int], now: float
    ) -> list[pygame.Event]:
        """What a finger's event stands for on a window of `size` at game time `now`."""
        if event.type not in FINGER_EVENTS:
            return []  # SDL's emulated mouse: the finger's own event says it
        key = (event.touch_id, event.finger_id)
        pos = (round(event.x * size[0]), round(event.y * size[1]))
        if event.type == pygame.FINGERDOWN:
            return self._down(key, pos, now)
        finger = self.fingers.get(key)
        if finger is None:  # it went down before the game saw it
            return []
        if event.type == pygame.FINGERMOTION:
            return self._move(key, finger, pos)
        return self._up(key, pos)

    def _down(self, key: tuple[int, int], pos: tuple[int, int], now: float) -> list[pygame.Event]:
        self.fingers[key] = Finger(pos, pos, now)
        if len(self.fingers) > 1:
            self._no_long_press = True  # a gesture of fingers, not a press
            return []
        self.pointer, self._no_long_press = key, False
        return [
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
        ]

    def _move(
        self, key: tuple[int, int], finger: Finger, pos: tuple[int, int]
    ) -> list[pygame.Event]:
        before = self._middle()
        rel = (pos[0] - finger.at[0], pos[1] - finger.at[1])
        finger.at = pos
        if len(self.fingers) > 1:
            after = self._middle()
            pan = (after[0] - before[0], after[1] - before[1])
            return [
                pygame.event.Event(TWO_FINGER_PAN, rel=pan, pos=(round(after[0]), round(after[1])))
            ]
        if key != self.pointer:
            return []
        if math.dist(pos, finger.down_at) > SLOP:  # a slide, not a press
            self._no_long_press = True
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=(1, 0, 0))]

    def _up(self, key: tuple[int, int], pos: tuple[int, int]) -> list[pygame.Event]:
        del self.fingers[key]
        if key != self.pointer:
            return []
        self.pointer = NO_FINGER
        return [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]

    def _middle(self) -> tuple[float, float]:
        count = len(self.fingers)
        return (
            sum(f.at[0] for f in self.fingers.values()) / count,
            sum(f.at[1] for f in self.fingers.values()) / count,
        )

    def still_for(self, now: float) -> float:
        """How long until a finger held still becomes a long press (the loop must wake
        then, though nothing else moves); inf while none may."""
        if self._no_long_press or self.pointer not in self.fingers:
            return math.inf
        return max(0.0, self.fingers[self.pointer].since + HOLD - now)

    def held(self, now: float) -> list[pygame.Event]:
        """A long press once the pointing finger has stayed still `HOLD` seconds (once)."""
        if self.still_for(now) > 0:
            return []
        self._no_long_press = True
        return [pygame.event.Event(LONG_PRESS, pos=self.fingers[self.pointer].at)]
