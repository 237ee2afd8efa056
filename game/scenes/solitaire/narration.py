"""A solitaire's spoken board: each move with its points, the end of the deal, the
winnable light each time it settles; and the keys that ask, as at the table: L what is
near the last tile, M the tiles you may play, P how far the deal has got. The
narrator's words (game.ui.narrator), said by the app's voice (silence while it is off)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.play.events import Event, MovePlayed
from game.play.solitaire_light import THINKING
from game.scenes.solitaire.panels import light_words
from game.scenes.table.narration import MY_TILES_KEY, NEAR_LAST_KEY, SCORES_KEY
from game.ui.narrator import near_last_said, solitaire_move_said, tiles_said

if TYPE_CHECKING:
    from game.play.solitaire_session import SolitaireSession
    from game.scenes.solitaire.context import SolitaireContext
    from game.ui.speech import Voice


class SolitaireNarration:
    """Tells the voice what the solitaire does, and answers the asking keys.
    `progress()` is the status bar's words (how many tiles are placed)."""

    def __init__(self, context: SolitaireContext, progress: Callable[[], str]) -> None:
        self.context = context
        self.progress = progress
        self.light_told = THINKING
        """What the light showed when last told (it is told each time it settles anew)."""

    @property
    def session(self) -> SolitaireSession:
        return self.context.session

    def voice(self) -> Voice:
        """The app's voice as it is now (silence while the spoken board is off)."""
        return self.context.services.speech

    def show(self, events: list[Event]) -> None:
        """Each move played, with its points."""
        for event in events:
            if isinstance(event, MovePlayed):
                self.voice().tell(solitaire_move_said(event.result))

    def say(self, words: str) -> None:
        """Words the solitaire says anyway (the end of the deal)."""
        self.voice().tell(words)

    def follow(self) -> None:
        """Once a frame: the light, once it has settled on something new."""
        light = self.session.light
        shows = light.shows if light.on else THINKING
        if shows != self.light_told:
            self.light_told = shows
            if shows != THINKING:
                self.voice().tell(light_words(shows, light.out_at))

    def handle_key(self, event: pygame.Event) -> bool:
        """L, M and P ask; other keys are not the narration's."""
        state = self.session.state
        if event.key == NEAR_LAST_KEY:
            words = near_last_said(state.figure)
        elif event.key == MY_TILES_KEY:
            moves = state.legal_moves()
            words = tiles_said(sorted({move.tile for move in moves}), moves)
        elif event.key == SCORES_KEY:
            words = self.progress()
        else:
            return False
        self.voice().answer(words)
        return True
