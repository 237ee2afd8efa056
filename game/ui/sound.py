"""Short sound effects; with no audio device (or no files) the game simply runs silent."""

from __future__ import annotations

from functools import cache
from typing import Final

import pygame

from game.ui.theme import ASSETS_DIR

SOUNDS_DIR: Final = ASSETS_DIR / "sounds"
EFFECTS: Final = (
    "place",
    "count",
    "opportunity",
    "draw",
    "pass",
    "win",
    "click",
    "achievement",
)


class SoundPlayer:
    """Loads every effect once; `play(name)` is a no-op when silent or muted."""

    def __init__(self, volume: float = 0.7, muted: bool = False) -> None:
        self.volume = volume
        self.muted = muted
        self.available = self._open_device()
        self._sounds = dict(_loaded_effects()) if self.available else {}

    @staticmethod
    def _open_device() -> bool:
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
        except pygame.error:
            return False
        return bool(pygame.mixer.get_init())

    def set_volume(self, volume: float, muted: bool) -> None:
        self.volume = max(0.0, min(1.0, volume))
        self.muted = muted

    def play(self, name: str) -> None:
        """Play effect `name` (one of `EFFECTS`)."""
        sound = self._sounds.get(name)
        if sound is None or self.muted or self.volume <= 0:
            return
        try:
            sound.set_volume(self.volume)
            sound.play()
        except pygame.error:
            self.available = False
            self._sounds.clear()


@cache
def _loaded_effects() -> dict[str, pygame.mixer.Sound]:
    """Every effect that loads, read once a process: the mixer stays open for the
    process's life, and each new window (the tests make hundreds) need not decode them
    again."""
    sounds = {}
    for name in EFFECTS:
        try:
            sounds[name] = pygame.mixer.Sound(SOUNDS_DIR / f"{name}.wav")
        except (pygame.error, FileNotFoundError):
            continue
    return sounds
