"""Auto-play, one step and hints in a solitaire: asking the auto-player for its move
(through the session, which thinks in the worker), pacing the moves at the chosen speed,
and noting each use as an assist. The screen carries the moves out with their
animations (`perform`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from game.play.events import Event, MovePlayed
from game.play.solitaire_session import SolitaireSession
from game.rules.moves import Move

if TYPE_CHECKING:
    from game.scenes.solitaire.context import SolitaireContext
    from game.scenes.solitaire.stage import SolitaireStage

AUTO_DELAY: Final = {"slow": 1.1, "normal": 0.5, "fast": 0.18, "instant": 0.0}
"""Seconds between two auto-played moves at each speed."""


class SolitaireAssists:
    """Whether the game plays itself, at what speed, and the hint asked for."""

    def __init__(
        self,
        context: SolitaireContext,
        stage: SolitaireStage,
        *,
        perform: Callable[[Move], None],
        changed: Callable[[bool], None],
        hint_found: Callable[[], None],
    ) -> None:
        """`perform` carries out an advised move; `changed(on)` follows auto-play
        starting or stopping; `hint_found` shows a hint once it is known."""
        self.context = context
        self.settings = context.services.settings
        self.tweens = stage.tweens
        self.animator = stage.animator
        self.perform = perform
        self.changed = changed
        self.hint_found = hint_found
        self.playing = False
        self.speed = self.settings.animation_speed
        self.timer = 0.0
        self.step_wanted = False
        self.hint_wanted = False
        self.hint_move: Move | None = None
        self.asked_ahead = False
        """Whether the next auto-played move was asked for during the pause before it."""

    @property
    def session(self) -> SolitaireSession:
        return self.context.session

    def show(self, events: list[Event]) -> None:
        """A move played: its hint is gone."""
        if any(isinstance(event, MovePlayed) for event in events):
            self.forget_hint()

    def show_hint(self) -> None:
        if self.session.finished or self.context.searching:
            return
        self.session.use_assist("hints")
        self.hint_wanted = True

    def forget_hint(self) -> None:
        self.hint_move = None
        self.hint_wanted = False

    def set(self, on: bool) -> None:
        """Start or stop playing by itself (at the auto-play speed)."""
        if on and self.session.finished:
            return
        self.playing = on
        if on:
            self.session.use_assist("autoplay")
            self.timer = 0.0
        self.tweens.set_speed(self.speed if on else self.settings.animation_speed)
        self.animator.set_factor(self.tweens.factor)
        self.changed(on)

    def toggle(self) -> None:
        self.set(not self.playing)

    def stop(self) -> None:
        if self.playing:
            self.set(False)

    def step_once(self) -> None:
        """Play the auto-player's next move (once it is known)."""
        if self.session.finished:
            return
        self.set(False)
        self.session.use_assist("autoplay")
        self.step_wanted = True

    def set_speed(self, speed: str) -> None:
        self.speed = speed
        if self.playing:
            self.tweens.set_speed(speed)
            self.animator.set_factor(self.tweens.factor)

    @property
    def waiting(self) -> bool:
        """Whether a hint or an auto-played move is due and not yet known."""
        return self.hint_wanted or self.step_wanted or (self.playing and self.timer <= 0)

    def step(self, dt: float) -> None:
        """A fixed step with nothing moving: show a hint found, play the next move due."""
        if self.hint_wanted and not self.session.finished:
            move = self.session.suggest()
            if move is not None:
                self.hint_wanted = False
                self.hint_move = move
                self.hint_found()
        if self.step_wanted:
            self._move()
            return
        if self.playing:
            self.timer -= dt
            if self.timer <= 0:
                self._move()
            elif not self.asked_ahead:
                # The worker thinks about the next move during the pause, not after it.
                self.asked_ahead = True
                self.session.suggest()

    def _move(self) -> None:
        if self.session.finished:
            self.step_wanted = False
            self.set(False)
            return
        move = self.session.suggest()
        if move is None:
            return
        self.step_wanted = False
        self.timer = AUTO_DELAY.get(self.speed, 0.5)
        self.asked_ahead = False
        self.perform(move)
