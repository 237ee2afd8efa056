"""Words the screens share: the names of things a player sees in more than one place."""

from __future__ import annotations

from typing import Final

from game.rules.record import DRAW_SOLITAIRE, STACKED_SOLITAIRE, TABLE

MODE_TITLES: Final = {TABLE: "Table game", DRAW_SOLITAIRE: "Draw solitaire",
                      STACKED_SOLITAIRE: "Stacked solitaire"}
"""Each game mode's name on screen."""
