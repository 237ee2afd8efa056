"""Tweens with easing, and floating text, advanced by the fixed-timestep update.

A `Tween` calls `apply(eased_t)` every update until its duration has passed. `Tweens`
runs many at once and scales every duration by the animation speed setting
(`SPEED_FACTORS`: "instant" finishes each tween on its first update).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

import pygame

from game.ui.layout import Point

Easing = Callable[[float], float]

SPEED_FACTORS: Final = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "instant": 0.0}
"""Duration multiplier of each animation speed setting."""


def linear(t: float) -> float:
    return t


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    return 4 * t**3 if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def lerp_point(a: Point, b: Point, t: float) -> Point:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


@dataclass
class Tween:
    """Calls `apply(eased progress)` over `duration` seconds after `delay`."""

    duration: float
    apply: Callable[[float], None]
    easing: Easing = ease_out_cubic
    delay: float = 0.0
    on_done: Callable[[], None] | None = None
    subject: object = None
    """What the tween moves (a sprite), if anything: one move of it at a time."""
    elapsed: float = field(default=0.0, init=False)
    done: bool = field(default=False, init=False)

    def update(self, dt: float) -> None:
        """Advance by `dt`; the last call applies progress 1 and calls `on_done`."""
        if self.done:
            return
        self.elapsed += dt
        if self.elapsed < self.delay:
            return
        t = 1.0 if self.duration <= 0 else min(1.0, (self.elapsed - self.delay) / self.duration)
        self.apply(self.easing(t))
        if t >= 1.0:
            self.done = True
            if self.on_done is not None:
                self.on_done()


class Tweens:
    """Runs tweens; durations and delays are scaled by the animation speed."""

    def __init__(self, speed: str = "normal") -> None:
        self.factor = SPEED_FACTORS.get(speed, 1.0)
        self._running: list[Tween] = []

    def set_speed(self, speed: str) -> None:
        self.factor = SPEED_FACTORS.get(speed, 1.0)

    def add(self, tween: Tween) -> Tween:
        tween.duration *= self.factor
        tween.delay *= self.factor
        self._running.append(tween)
        return tween

    def move(
        self,
        sprite: pygame.sprite.Sprite,
        to: Point | Callable[[], Point],
        duration: float = 0.3,
        easing: Easing = ease_out_cubic,
        delay: float = 0.0,
        on_done: Callable[[], None] | None = None,
    ) -> Tween:
        """Slide a sprite's centre from where it is now to `to` (or to where `to()` says
        at each step, for a place that moves meanwhile). A slide of the sprite still under
        way stops there (two would pull it both ways, and the one that ends last would
        win); its ending runs when this one ends."""
        rect = sprite.rect
        assert rect is not None
        start: Point = rect.center

        def apply(t: float) -> None:
            rect.center = lerp_point(start, to() if callable(to) else to, t)

        endings = [tween.on_done for tween in self._running if tween.subject is sprite]
        for tween in self._running:
            tween.done = tween.done or tween.subject is sprite
        endings.append(on_done)

        def ended() -> None:
            for ending in endings:
                if ending is not None:
                    ending()

        return self.add(Tween(duration, apply, easing, delay, ended, subject=sprite))

    def update(self, dt: float) -> None:
        """Advance every tween; finished ones are dropped (their `on_done` may add more,
        which start at the next update)."""
        for tween in list(self._running):
            tween.update(dt)
        self._running = [t for t in self._running if not t.done]

    @property
    def busy(self) -> bool:
        return bool(self._running)

    def clear(self) -> None:
        self._running.clear()

    def finish(self) -> None:
        """Run every tween to its end now, with the tweens their endings start (a
        re-layout does this, so that no ending runs on sprites made again)."""
        for _ in range(100):  # endings chain a few tweens, never unboundedly
            if not self._running:
                return
            running, self._running = self._running, []
            for tween in running:
                tween.update(tween.delay + tween.duration + 1.0)
        self._running.clear()


def swept_box(centre: Point, size: tuple[int, int], rise: float) -> pygame.Rect:
    """The box a text of `size` centred on `centre` sweeps as it rises `rise` pixels."""
    width, height = size
    top = centre[1] - rise - height / 2
    return pygame.Rect(round(centre[0] - width / 2), round(top), width, round(height + rise))


class FloatingText:
    """A short text that rises and fades out ("+15"), drawn with the leftover alpha."""

    def __init__(
        self,
        surface: pygame.Surface,
        start: Point,
        rise: float = 60.0,
        duration: float = 1.2,
        delay: float = 0.0,
    ) -> None:
        self.surface = surface
        self.start = start
        self.rise = rise
        self.duration = duration
        self.delay = delay
        self.elapsed = 0.0
        self.previous_elapsed = 0.0

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    def path(self) -> pygame.Rect:
        """Everywhere it is drawn on its way up."""
        return swept_box(self.start, self.surface.get_size(), self.rise)

    def shown(self) -> tuple[float, float]:
        """When it is drawn: from and until how many seconds from now."""
        return self.delay - self.elapsed, self.delay + self.duration - self.elapsed

    def update(self, dt: float) -> None:
        self.previous_elapsed = self.elapsed
        self.elapsed += dt

    def draw(self, target: pygame.Surface, alpha: float) -> None:
        elapsed = self.previous_elapsed + (self.elapsed - self.previous_elapsed) * alpha
        t = (elapsed - self.delay) / self.duration
        if t < 0 or t >= 1:
            return
        y = self.start[1] - self.rise * ease_out_cubic(t)
        self.surface.set_alpha(round(255 * min(1.0, 3 * (1 - t))))
        target.blit(self.surface, self.surface.get_rect(center=(self.start[0], y)))


class FloatingTexts:
    """A set of floating texts; the speed factor scales their durations too."""

    def __init__(self) -> None:
        self.items: list[FloatingText] = []
        self.factor = 1.0

    def add(self, text: FloatingText) -> FloatingText:
        if self.factor <= 0:
            return text
        text.duration *= self.factor
        text.delay *= self.factor
        self.items.append(text)
        return text

    def update(self, dt: float) -> None:
        for item in self.items:
            item.update(dt)
        self.items = [item for item in self.items if not item.done]

    def draw(self, target: pygame.Surface, alpha: float) -> None:
        for item in self.items:
            item.draw(target, alpha)
