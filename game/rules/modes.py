"""The three games a record or a state can be (docs/record.md "The document": `mode`)."""

from __future__ import annotations

from enum import StrEnum

from game.rules.table_rules import MAX_PLAYERS, MIN_PLAYERS


class Mode(StrEnum):
    """A game's mode, written in records as its value; ask it, never compare its text."""

    TABLE = "table"
    DRAW_SOLITAIRE = "draw-solitaire"
    STACKED_SOLITAIRE = "stacked-solitaire"

    @property
    def is_table(self) -> bool:
        return self is Mode.TABLE

    @property
    def is_solitaire(self) -> bool:
        return self is not Mode.TABLE

    @property
    def seats(self) -> tuple[int, int]:
        """The fewest and the most players a game of this mode has."""
        return (MIN_PLAYERS, MAX_PLAYERS) if self is Mode.TABLE else (1, 1)
