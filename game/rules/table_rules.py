"""The options of a table game (docs/record.md "Rules"), with their ranges.

A game lasts a number of hands, or (club) a time, or (points) until a seat's total, a
team's with partners, reaches a target score: the last is this game's extension beyond
RULES.md section 5, as Triominos players know it. Club Contack comes only in the Spanish
book. Its plain reading (RULES.md) lends a player
who must pay with no chips left from the bank and gives every player `chips`; the Spanish
book's own club rules (`club_rules="spanish"`) are offered as an option of that edition.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Final

from game.rules.errors import RulesError

HAND_SIZE: Final = 5
MAX_HANDS: Final = 1000
"""The most hands a game may have (RULES.md: from 1 up; a bound keeps a game finite)."""
MAX_TIME_LIMIT_S: Final = 86_400
"""The longest timed club game: a day."""
MAX_TARGET: Final = 100_000
"""The highest target score a game may play to."""
PENALTY_PER_TILE: Final = 10
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 7
VARIANTS: Final = ("standard", "club")
CLUB_RULES: Final = ("standard", "spanish")
"""Club Contack as RULES.md reads it, or with the Spanish book's own options."""


@dataclass(frozen=True)
class TableRules:
    """The options of a table game (docs/record.md "Rules")."""

    hands: int = 3
    partners: bool = False
    free_draw: bool = False
    variant: str = "standard"
    chips: int = 40
    time_limit_s: float | None = None
    club_rules: str = "standard"
    """Club: "spanish" takes the Spanish book's options: `chips` are the box's chips,
    divided equally among the players (the rest stay in the bank); a player with no chips
    left borrows from the player being paid; and the chips owed to a player count for
    them. "standard" (RULES.md): each player has `chips`, and the bank lends."""
    target: int | None = None
    """Play to this score instead of a number of hands: the game ends with the hand in
    which a seat's total (a team's with partners) reaches it. Points only: chips are not
    points, so a club game plays to hands or a time."""

    @property
    def club(self) -> bool:
        return self.variant == "club"

    @property
    def spanish_club(self) -> bool:
        """A club game by the Spanish book's own options (see `club_rules`)."""
        return self.club and self.club_rules == "spanish"

    def starting_chips(self, players: int) -> int:
        """The chips each of `players` seats starts with (0 outside club games)."""
        if not self.club:
            return 0
        return self.chips // players if self.spanish_club else self.chips

    @property
    def timed(self) -> bool:
        return self.time_limit_s is not None

    def to_dict(self) -> dict[str, Any]:
        """The `rules` object (docs/record.md); `club_rules` only when not "standard" and `target`
        only when set, so other tools read every game they read before exactly as before."""
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        if self.club_rules == "standard":
            del data["club_rules"]
        if self.target is None:
            del data["target"]
        return data

    @classmethod
    def from_dict(cls, data: object) -> TableRules:
        """Read a `rules` object; missing keys take their defaults, unknown ones are ignored."""
        if not isinstance(data, dict):
            raise RulesError("rules must be an object")
        values = {f.name: data[f.name] for f in fields(cls) if f.name in data}
        rules = cls(**values)
        rules.validate()
        return rules

    def validate(self) -> None:
        """Raise `RulesError` for an option outside its range."""
        if type(self.hands) is not int or not 1 <= self.hands <= MAX_HANDS:
            raise RulesError(
                f"rules.hands must be a whole number from 1 to {MAX_HANDS}, not {self.hands!r}"
            )
        for name in ("partners", "free_draw"):
            if type(getattr(self, name)) is not bool:
                raise RulesError(f"rules.{name} must be true or false")
        if self.variant not in VARIANTS:
            raise RulesError(f"rules.variant must be 'standard' or 'club', not {self.variant!r}")
        if self.club_rules not in CLUB_RULES:
            raise RulesError(
                f"rules.club_rules must be 'standard' or 'spanish', not {self.club_rules!r}"
            )
        if type(self.chips) is not int or self.chips < 0:
            raise RulesError(f"rules.chips must be a whole number from 0 up, not {self.chips!r}")
        limit = self.time_limit_s
        if limit is not None and (
            type(limit) not in (int, float) or not 0 < limit <= MAX_TIME_LIMIT_S
        ):
            raise RulesError(
                f"rules.time_limit_s must be seconds above 0 and up to "
                f"{MAX_TIME_LIMIT_S} (a day), or null, not {limit!r}"
            )
        self._validate_target()

    def _validate_target(self) -> None:
        target = self.target
        if target is None:
            return
        if type(target) is not int or not 1 <= target <= MAX_TARGET:
            raise RulesError(
                f"rules.target must be a whole number of points from 1 to {MAX_TARGET}, "
                f"or null, not {target!r}"
            )
        if self.club or self.timed:
            raise RulesError(
                "rules.target is for points: a club or timed game cannot play to a target"
            )
