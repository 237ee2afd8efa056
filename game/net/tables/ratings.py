"""Ratings of rated tables (docs/protocol.md "Ratings"), by openskill's
Plackett-Luce model: a multiplayer rating system that ranks 2 to 7 seats at once.

The seats are ranked by their final totals, ties sharing a rank. A player's rating is
a mean (`mu`) and how unsure it is (`sigma`); the number shown is a scaled ordinal,
`SHOWN_BASE + SHOWN_SCALE * (mu - 3 sigma)`, rounded: the rating a player is at least,
almost surely. A new player shows 1000, and climbs as the server grows sure of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Final

from openskill.models import PlackettLuce

from game.net.tables.players import Card, RatingChange, order

SHOWN_BASE: Final = 1000
SHOWN_SCALE: Final = 20
_MODEL: Final = PlackettLuce()


def shown(card: Card) -> int:
    """The rating a player sees: a scaled ordinal."""
    return round(SHOWN_BASE + SHOWN_SCALE * order(card))


def ranks(totals: Sequence[int]) -> list[int]:
    """Each seat's place by its total, 1 the best; equal totals share a place."""
    return [1 + sum(other > total for other in totals) for total in totals]


def rate(cards: Sequence[Card], totals: Sequence[int]) -> list[Card]:
    """The seats' players after a game that ended with `totals` (seat by seat)."""
    teams = [[_MODEL.rating(mu=card.mu, sigma=card.sigma)] for card in cards]
    rated = _MODEL.rate(teams, ranks=[float(rank) for rank in ranks(totals)])
    return [
        replace(card, mu=team[0].mu, sigma=team[0].sigma, games=card.games + 1)
        for card, team in zip(cards, rated, strict=True)
    ]


def changes(before: Sequence[Card], after: Sequence[Card]) -> list[RatingChange]:
    """What an `over` tells of a rated game: each seat's shown rating before and after."""
    return [
        {"player": old.pid, "before": shown(old), "after": shown(new)}
        for old, new in zip(before, after, strict=True)
    ]
