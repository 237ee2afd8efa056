"""Auto-play, one step and hints in a solitaire: asking the auto-player for its move
(through the session, which thinks in the worker), pacing the moves at the chosen speed,
and noting each use as an assist. The screen (its `AutoPlayHost`) carries the moves out
with their animations."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, Protocol

from game.rules.moves import Move
from game.ui.contact_animator import ContactAnimator
from game.ui.tween import Tweens

if TYPE_CHECKING:
    from game.scenes.base import Services

AUTO_DELAY: Final = {"slow": 1.1, "normal": 0.5, "fast": 0.18, "instant": 0.0}
"""Seconds between two auto-played moves at each speed."""


class AutoPlayHost(Protocol):
    """What auto-play asks of the solitaire screen."""

    services: Services
    tweens: Tweens
    animator: ContactAnimator

    @property
    def finished(self) -> bool: ...
    @property
    def busy(self) -> bool: ...
    def suggest(self) -> Move | None: ...
    def perform(self, move: Move) -> None: ...
    def use_assist(self, name: str) -> None: ...
    def auto_play_changed(self, on: bool) -> None: ...
    def refresh_source_states(self) -> None: ...


class SolitaireAutoPlay:
    """Whether the game plays itself, at what speed, and the hint asked for."""

    def __init__(self, host: AutoPlayHost) -> None:
        self.host = host
        self.playing = False
        self.speed = host.services.settings.animation_speed
        self.timer = 0.0
        self.step_wanted = False
        self.hint_wanted = False
        self.hint_move: Move | None = None

    def show_hint(self) -> None:
        if self.host.finished or self.host.busy:
            return
        self.host.use_assist("hints")
        self.hint_wanted = True

    def forget_hint(self) -> None:
        self.hint_move = None
        self.hint_wanted = False

    def set(self, on: bool) -> None:
        """Start or stop playing by itself (at the auto-play speed)."""
        host = self.host
        if on and host.finished:
            return
        self.playing = on
        if on:
            host.use_assist("autoplay")
            self.timer = 0.0
        host.tweens.set_speed(self.speed if on else host.services.settings.animation_speed)
        host.animator.set_factor(host.tweens.factor)
        host.auto_play_changed(on)

    def toggle(self) -> None:
        self.set(not self.playing)

    def stop(self) -> None:
        if self.playing:
            self.set(False)

    def step_once(self) -> None:
        """Play the auto-player's next move (once it is known)."""
        if self.host.finished:
            return
        self.set(False)
        self.host.use_assist("autoplay")
        self.step_wanted = True

    def set_speed(self, speed: str) -> None:
        self.speed = speed
        if self.playing:
            self.host.tweens.set_speed(speed)
            self.host.animator.set_factor(self.host.tweens.factor)

    @property
    def waiting(self) -> bool:
        """Whether a hint or an auto-played move is asked for and not yet known."""
        return self.hint_wanted or self.step_wanted or self.playing

    def step(self, dt: float) -> None:
        """A fixed step with nothing moving: show a hint found, play the next move due."""
        host = self.host
        if self.hint_wanted and not host.finished:
            move = host.suggest()
            if move is not None:
                self.hint_wanted = False
                self.hint_move = move
                host.refresh_source_states()
        if self.step_wanted:
            self._move()
            return
        if self.playing:
            self.timer -= dt
            if self.timer <= 0:
                self._move()

    def _move(self) -> None:
        host = self.host
        if host.finished:
            self.step_wanted = False
            self.set(False)
            return
        move = host.suggest()
        if move is None:
            return
        self.step_wanted = False
        self.timer = AUTO_DELAY.get(self.speed, 0.5)
        host.perform(move)
