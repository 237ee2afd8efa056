"""A touch screen: fingers turned, in one place, into what the screens already know. One
finger is the mouse (a tap a click, a slide a drag); two or more fingers pan and pinch the
figure (`TWO_FINGERS`, measured from the fingers: SDL 3 has no gestures of its own); a
finger held still is a long press (`LONG_PRESS`); a press just beside a button smaller
than a finger goes to it. SDL's mouse events made from fingers are dropped, so no touch
counts twice; a touchpad's fingers are left alone.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import pygame

TWO_FINGERS: Final = pygame.event.custom_type()
"""Two or more fingers moved: `rel` is their middle's move in pixels, `pos` their middle
and `scale` how much their spread grew (above 1 spread apart, below 1 pinched)."""

LONG_PRESS: Final = pygame.event.custom_type()
"""A finger held still for `HOLD` seconds at `pos` (pixels)."""

VIEW_GESTURES: Final = (TWO_FINGERS,)
"""The touch gestures a board's view takes: fingers spread or pinched zoom, moved pan."""

HOLD: Final = 0.5
"""Seconds a finger stays still before it is a long press."""

SLOP: Final = 12
"""Pixels a finger may wander and still be a tap or a long press."""

TOUCH_TARGET: Final = 40
"""The least height and width (window pixels) a button is reached within by a finger,
which is wider than a mouse's point: a press just outside a smaller one goes to it."""

NO_FINGER: Final = (-1, -1)
"""The pointer while no finger is the mouse (no touch device and finger have it)."""

FINGER_EVENTS: Final = frozenset({pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP})


@dataclass
class Finger:
    at: tuple[int, int]
    down_at: tuple[int, int]
    since: float
    reach: tuple[int, int] = (0, 0)
    """The move from the finger to the button it reaches (`reach`), kept while it is down."""

    def pointing(self) -> tuple[int, int]:
        """Where the finger points for the mouse: where it is, moved into its button."""
        return (self.at[0] + self.reach[0], self.at[1] + self.reach[1])


def reach(pos: tuple[int, int], buttons: Sequence[pygame.Rect]) -> tuple[int, int]:
    """The move that takes a press at `pos`, on no button but within `TOUCH_TARGET` of
    one, into the nearest such button; (0, 0) on a button or far from any."""
    if any(button.collidepoint(pos) for button in buttons):
        return (0, 0)
    near = [button for button in buttons if reachable(button).collidepoint(pos)]
    if not near:
        return (0, 0)

    def into(button: pygame.Rect) -> tuple[int, int]:
        x = min(max(pos[0], button.left), button.right - 1)
        y = min(max(pos[1], button.top), button.bottom - 1)
        return (x - pos[0], y - pos[1])

    return min((into(button) for button in near), key=lambda move: math.hypot(*move))


def reachable(button: pygame.Rect) -> pygame.Rect:
    """Where a finger reaches `button`: the button grown to `TOUCH_TARGET` each way."""
    return button.inflate(max(0, TOUCH_TARGET - button.width), max(0, TOUCH_TARGET - button.height))


class Touch:
    """The fingers on the screen and the events they stand for."""

    def __init__(self) -> None:
        self.fingers: dict[tuple[int, int], Finger] = {}
        self.pointer = NO_FINGER
        """The finger that is the mouse (the first down, while no other was)."""
        self._no_long_press = False
        """The pointing finger's long press was made or ruled out (it slid, or others came)."""
        self.screens: set[int] = set()
        """The touch devices that are screens. SDL makes mouse presses (`touch` set) only
        from a screen's fingers, just before the finger's own event; a touchpad's
        fingers (a Mac's) come alone and are left to the mouse it moves."""
        self._pressed_by_touch = False

    @staticmethod
    def takes(event: pygame.Event) -> bool:
        """Whether `event` is a finger's, or SDL's mouse made from one."""
        return event.type in FINGER_EVENTS or (
            event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
            and getattr(event, "touch", False)
        )

    def events_for(
        self,
        event: pygame.Event,
        size: tuple[int, int],
        now: float,
        buttons: Sequence[pygame.Rect] = (),
    ) -> list[pygame.Event]:
        """What a finger's event stands for on a window of `size` at game time `now`,
        with `buttons` (the usable buttons' rects) to reach."""
        if event.type not in FINGER_EVENTS:  # SDL's mouse: the finger's own event says it
            self._pressed_by_touch = event.type == pygame.MOUSEBUTTONDOWN
            return []
        if event.type == pygame.FINGERDOWN and self._pressed_by_touch:
            self.screens.add(event.touch_id)
        self._pressed_by_touch = False
        if event.touch_id not in self.screens:
            return []
        key = (event.touch_id, event.finger_id)
        pos = (round(event.x * size[0]), round(event.y * size[1]))
        if event.type == pygame.FINGERDOWN:
            return self._down(key, Finger(pos, pos, now, reach(pos, buttons)))
        finger = self.fingers.get(key)
        if finger is None:  # it went down before the game saw it
            return []
        if event.type == pygame.FINGERMOTION:
            return self._move(key, finger, pos)
        return self._up(key, finger, pos)

    def _down(self, key: tuple[int, int], finger: Finger) -> list[pygame.Event]:
        self.fingers[key] = finger
        if len(self.fingers) > 1:
            self._no_long_press = True  # a gesture of fingers, not a press
            return []
        self.pointer, self._no_long_press = key, False
        pos = finger.pointing()
        return [
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
        ]

    def _move(
        self, key: tuple[int, int], finger: Finger, pos: tuple[int, int]
    ) -> list[pygame.Event]:
        before, spread = self._middle(), self._spread()
        rel = (pos[0] - finger.at[0], pos[1] - finger.at[1])
        finger.at = pos
        if len(self.fingers) > 1:
            after = self._middle()
            pan = (after[0] - before[0], after[1] - before[1])
            scale = self._spread() / spread if spread else 1.0
            middle = (round(after[0]), round(after[1]))
            return [pygame.event.Event(TWO_FINGERS, rel=pan, pos=middle, scale=scale)]
        if key != self.pointer:
            return []
        if math.dist(pos, finger.down_at) > SLOP:  # a slide, not a press
            self._no_long_press = True
        return [
            pygame.event.Event(
                pygame.MOUSEMOTION, pos=finger.pointing(), rel=rel, buttons=(1, 0, 0)
            )
        ]

    def _up(self, key: tuple[int, int], finger: Finger, pos: tuple[int, int]) -> list[pygame.Event]:
        del self.fingers[key]
        if key != self.pointer:
            return []
        self.pointer, finger.at = NO_FINGER, pos
        return [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=finger.pointing(), button=1)]

    def _middle(self) -> tuple[float, float]:
        count = len(self.fingers)
        return (
            sum(f.at[0] for f in self.fingers.values()) / count,
            sum(f.at[1] for f in self.fingers.values()) / count,
        )

    def _spread(self) -> float:
        """How far apart the fingers are: their mean distance from their middle."""
        middle = self._middle()
        return sum(math.dist(f.at, middle) for f in self.fingers.values()) / len(self.fingers)

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
