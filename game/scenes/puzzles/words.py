"""The puzzles' words shared by their screens: the themes' names, the trainer's theme
button and where a puzzle came from."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from game.ai.puzzles import (
    ANY,
    DAILY_KEY,
    HOLE,
    OPPORTUNITY,
    OUT,
    THEME_KEY,
    THEMES,
    TRAINER_KEY,
    series_of,
)
from game.i18n import N_, _
from game.ui.words import capitalised

THEME_NAMES: Final = {
    OPPORTUNITY: N_("opportunity play"),
    HOLE: N_("hole on three sides"),
    OUT: N_("going out"),
}
"""Each theme's name as it stands in a list of them."""
THEME_CHOICES: Final = {
    ANY: N_("Theme: any"),
    OPPORTUNITY: N_("Theme: opportunity plays"),
    HOLE: N_("Theme: holes"),
    OUT: N_("Theme: going out"),
}
"""The trainer's theme button, for each theme it trains (ANY: every puzzle)."""
THEME_LABELS: Final = tuple(THEME_CHOICES.values())
SERIES_NAMES: Final = {
    DAILY_KEY: N_("Puzzle of the day"),
    TRAINER_KEY: N_("Trainer"),
    THEME_KEY: N_("Theme trainer"),
}


def next_theme(theme: str) -> str:
    """The theme after `theme` on the button: every puzzle, then each theme in turn."""
    order = (ANY, *THEMES)
    return order[(order.index(theme) + 1) % len(order)]


def themes_words(themes: Sequence[str]) -> str:
    """The themes' names in the player's language, the first capitalised ("" for none)."""
    names = ", ".join(_(THEME_NAMES[theme]) for theme in themes if theme in THEME_NAMES)
    return capitalised(names)


def series_words(key: str) -> str:
    """Where the puzzle of `key` came from, in the player's language."""
    return _(SERIES_NAMES.get(series_of(key), N_("Puzzle")))
