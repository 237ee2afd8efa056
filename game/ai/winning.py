"""The chance of winning the game: what the master's search judges at two seats.

A game of hands is won by the higher total, so what a player should make most of is its
chance to finish the game ahead, not this hand's expected margin: ahead late in the game
a safe line is worth more than a risky one of higher mean, and behind the reverse.
`GameOdds` turns a hand's value at a search's leaf (points, -10 per tile held) into that
chance: the ended hands' totals plus the value, against a normal spread of what is still
to come, the rest of this hand (narrowing as the hands empty) and every hand
still to be dealt. A one-hand game is then "win this hand". The spreads are fitted by
self-play (tools/fit_spread.py) and shipped in spread.json beside this module.
"""

from __future__ import annotations

import json
import math
from functools import cache
from pathlib import Path
from typing import Final, NamedTuple

from game.rules.table import TableState
from game.rules.table_rules import HAND_SIZE

SPREAD_PATH: Final = Path(__file__).with_name("spread.json")
TIE_BREAK: Final = 1e-4
"""What a point of margin adds to a chance, so that lines all but sure to win (or to
lose) still prefer the better margin."""


class Spread(NamedTuple):
    """How far a hand's margin strays from what a position's value says (points)."""

    hand: float
    """A whole hand's margin, before it is dealt."""
    rest: tuple[float, ...]
    """The rest of a hand, by the tiles the two hands hold (0 to 10)."""


@cache
def shipped_spread(path: Path = SPREAD_PATH) -> Spread | None:
    """The fitted spread, or None when the file is missing or unreadable."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        rest = tuple(float(spread) for spread in data["rest_by_tiles_held"])
        if len(rest) != 2 * HAND_SIZE + 1:
            return None
        return Spread(float(data["hand"]), rest)
    except (OSError, ValueError, KeyError, TypeError):
        return None


class GameOdds:
    """The chance that the side of `weights` wins the game being played from `root`,
    judged from a position of the same hand and its value for that side."""

    def __init__(self, root: TableState, weights: tuple[float, ...], spread: Spread) -> None:
        totals = root.sheet.tally().totals
        self.lead = sum(w * total for w, total in zip(weights, totals, strict=True))
        """The side's margin over the ended hands."""
        hands_after = root.game.rules.hands - len(root.sheet.results) - 1
        self.later = hands_after * spread.hand**2
        self.rest = [spread * spread for spread in spread.rest]

    def chance(self, state: TableState, value: float) -> float:
        """The chance of winning (a tie counts half) from `state`, where this hand is
        worth `value` to the side, plus a hair for the margin (`TIE_BREAK`)."""
        variance = self.later
        if state.end_reason is None:
            first, second = state.hands
            variance += self.rest[first.bit_count() + second.bit_count()]
        margin = self.lead + value
        if variance > 0:
            win = 0.5 + 0.5 * math.erf(margin / math.sqrt(2 * variance))
        else:
            win = 1.0 if margin > 0 else 0.5 if margin == 0 else 0.0
        return win + TIE_BREAK * margin


def game_odds(root: TableState, weights: tuple[float, ...]) -> GameOdds | None:
    """The odds to judge by at `root`: at two seats in a game of a set number of hands
    scored in points; None elsewhere (there the hand's value is judged)."""
    rules = root.game.rules
    spread = shipped_spread()
    if root.players != 2 or rules.club or rules.target is not None or spread is None:
        return None
    return GameOdds(root, weights, spread)
