"""The rules column of the New table game screen: hands, partners, free draw, scoring,
chips and the game's length (a number of hands, a club game's time, or a target score),
read as `TableRules` and set from a share code or an edition."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from game.i18n import N_, _, format_number
from game.rules.table_rules import MAX_HANDS, TableRules
from game.scenes.setup.words import SPANISH_CLUB
from game.ui.widgets.controls import Choice, Counter, Form, Toggle, Widget

TIME_LIMITS: Final = [
    (None, N_("By hands")),
    (600, N_("10 minutes")),
    (1200, N_("20 minutes")),
    (1800, N_("30 minutes")),
    (2700, N_("45 minutes")),
    (3600, N_("60 minutes")),
]
TARGETS: Final = (100, 150, 200, 300, 400, 500)
"""The target scores offered for a game played to a score (a share code may bring another)."""
CHIPS_EACH: Final = [(n, str(n)) for n in range(10, 101, 10)]
CHIPS_IN_BOX: Final = [(n, str(n)) for n in range(50, 501, 50)]
BOX_CHIPS: Final = 200
"""The box's chips a Spanish book club game starts from unless the player says."""


def scoring_options(club_first: bool) -> list[tuple[str, str]]:
    """The scoring choice's options: Club Contack first in the Spanish edition."""
    options = [
        ("standard", N_("Standard")),
        ("club", N_("Club Contack (chips)")),
        (SPANISH_CLUB, N_("Club Contack, Spanish book")),
    ]
    return options[::-1] if club_first else options


def length_options(club: bool, value: int | None) -> list[tuple[int | None, str]]:
    """The game length choice's options: a club game's time limits, or the target scores
    of a game played for points (with `value` among them when it is a target)."""
    if club:
        return TIME_LIMITS
    targets = sorted({*TARGETS, *([value] if value is not None else [])})
    return [
        (None, N_("By hands")),
        *((n, _("To {points} points").format(points=format_number(n))) for n in targets),
    ]


def scoring_of(rules: TableRules) -> str:
    """The scoring choice's value for `rules`."""
    return SPANISH_CLUB if rules.spanish_club else rules.variant


class RuleChoices:
    """The rule widgets of the setup screen, added to its `form`; `relayout` is called
    when a choice changes what the column shows."""

    def __init__(
        self, form: Form, rules: TableRules, club_first: bool, relayout: Callable[[], None]
    ) -> None:
        self.relayout = relayout
        self.hands = form.add(
            Counter(N_("Hands per game"), rules.hands, 1, MAX_HANDS, lambda _n: None)
        )
        self.partners = form.add(
            Toggle(N_("Partners (4 players)"), rules.partners, lambda _v: None)
        )
        self.free_draw = form.add(Toggle(N_("Free draw"), rules.free_draw, lambda _v: None))
        self.variant: Choice[str] = form.add(
            Choice(
                N_("Scoring"),
                scoring_options(club_first),
                scoring_of(rules),
                lambda _v: self.scoring_chosen(),
            )
        )
        self.chips = form.add(Choice(N_("Chips each"), CHIPS_EACH, rules.chips, lambda _v: None))
        self._chips_for_scoring(rules.chips)
        self.length: Choice[int | None] = form.add(
            Choice(
                N_("Game length"),
                length_options(rules.club, rules.target),
                rules.time_limit_s if rules.club else rules.target,
                lambda _v: self.relayout(),
            )
        )

    @property
    def club(self) -> bool:
        return self.variant.value != "standard"

    @property
    def rows(self) -> list[Widget]:
        """The column's widgets, top to bottom."""
        return [self.hands, self.partners, self.free_draw, self.variant, self.chips, self.length]

    def enable(self, players: int) -> None:
        """Offer what applies to a table of `players` seats and the scoring chosen."""
        four = players == 4
        self.partners.enabled = four
        if not four:
            self.partners.value = False
        self.chips.enabled = self.club
        self.hands.enabled = self.length.value is None

    def rules(self, players: int) -> TableRules:
        """The rules chosen, for a table of `players` seats (`RulesError` if invalid)."""
        club = self.club
        rules = TableRules(
            hands=self.hands.value,
            partners=self.partners.value and players == 4,
            free_draw=self.free_draw.value,
            variant="club" if club else "standard",
            chips=self.chips.value,
            time_limit_s=self.length.value if club else None,
            club_rules="spanish" if self.variant.value == SPANISH_CLUB else "standard",
            target=None if club else self.length.value,
        )
        rules.validate()
        return rules

    def set_rules(self, rules: TableRules) -> None:
        """Show `rules` (a share code's)."""
        self.hands.set_value(rules.hands)
        self.partners.value = rules.partners
        self.free_draw.value = rules.free_draw
        self.variant.set_value(scoring_of(rules))
        self._chips_for_scoring(rules.chips)
        self._length_for_scoring(rules.time_limit_s if rules.club else rules.target)

    def set_edition(self, club_first: bool, options: dict[str, object]) -> None:
        """An edition's scoring order and new-game options."""
        self.variant.options = scoring_options(club_first)
        self.variant.set_value(scoring_of(TableRules.from_dict(options)))
        self._chips_for_scoring(self.chips.value)
        self._length_for_scoring(self._kept_length())
        self.free_draw.value = bool(options["free_draw"])

    def _chips_for_scoring(self, chips: int) -> None:
        """The chips choice as the scoring asks: each player's chips, or the box's that
        the Spanish book divides; `chips` if it is one of them, else the usual number."""
        spanish = self.variant.value == SPANISH_CLUB
        self.chips.label = N_("Chips in the box") if spanish else N_("Chips each")
        self.chips.options = CHIPS_IN_BOX if spanish else CHIPS_EACH
        usual = BOX_CHIPS if spanish else TableRules.chips
        self.chips.index = 0
        self.chips.set_value(chips if chips in dict(self.chips.options) else usual)

    def _length_for_scoring(self, length: int | float | None) -> None:
        """The game length choice as the scoring asks: a club game's time limits, or the
        target scores of a game for points; `length` if it is one of them, else by hands."""
        value = None if length is None else int(length)
        self.length.options = length_options(self.club, value)
        self.length.index = 0
        self.length.set_value(value)

    def _kept_length(self) -> int | None:
        """The game length chosen, while the scoring chosen has lengths of its kind (a
        club game's time is no target score)."""
        return self.length.value if (self.length.options is TIME_LIMITS) == self.club else None

    def scoring_chosen(self) -> None:
        """The scoring changed: chips and lengths of its kind."""
        self._chips_for_scoring(self.chips.value)
        self._length_for_scoring(self._kept_length())
        self.relayout()
