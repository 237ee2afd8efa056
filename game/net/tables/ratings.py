"""Ratings of rated tables (docs/protocol.md "Ratings"), by openskill's
Plackett-Luce model: a multiplayer rating system that ranks 2 to 7 seats at once.

The seats are ranked by their final totals, ties sharing a rank. A player's rating is
a mean (`mu`) and how unsure it is (`sigma`); the number shown is a scaled ordinal,
`SHOWN_BASE + SHOWN_SCALE * (mu - 3 sigma)`, rounded: the rating a player is at least,
almost surely. A new player shows 1000, and climbs as the server grows sure of them.

What nobody can farm: a seat that left (a computer stood in for it, or the game closed
waiting for it) is ranked last and loses against everyone, while the players who played
on are rated among themselves only, so nobody gains from a seat they did not beat in
play; a provisional player (fewer than `ESTABLISHED` games) moves the others' ratings by
a fraction (`worth`); and each game between the same two players within `REPEAT_S`
moves their ratings by half the last one's.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import replace
from statistics import fmean
from typing import Final

from openskill.models import PlackettLuce

from game.net.tables.players import ESTABLISHED, Card, RatingChange, order

SHOWN_BASE: Final = 1000
SHOWN_SCALE: Final = 20
REPEAT_S: Final = 86_400.0
"""How long games between the same two players count as repeated."""
_MODEL: Final = PlackettLuce()

Met = Callable[[str, str], int]
"""How many rated games two players (public ids) played together within `REPEAT_S`."""


def shown(card: Card) -> int:
    """The rating a player sees: a scaled ordinal."""
    return round(SHOWN_BASE + SHOWN_SCALE * order(card))


def ranks(totals: Sequence[int]) -> list[int]:
    """Each seat's place by its total, 1 the best; equal totals share a place."""
    return [1 + sum(other > total for other in totals) for total in totals]


def worth(card: Card) -> float:
    """How much a game against this player moves the others' ratings: a new player's
    little, growing to all of it at `ESTABLISHED` games."""
    return min(1.0, ((card.games + 1) / (ESTABLISHED + 1)) ** 2)


def _model(cards: Sequence[Card], places: Sequence[int]) -> list[Card]:
    """The cards as the model rates a game that ranked them `places`."""
    teams = [[_MODEL.rating(mu=card.mu, sigma=card.sigma)] for card in cards]
    rated = _MODEL.rate(teams, ranks=[float(place) for place in places])
    return [
        replace(card, mu=team[0].mu, sigma=team[0].sigma)
        for card, team in zip(cards, rated, strict=True)
    ]


def rate(
    cards: Sequence[Card],
    totals: Sequence[int],
    left: Collection[int] = (),
    met: Met = lambda first, second: 0,
) -> list[Card]:
    """The seats' players after a game that ended with `totals` (seat by seat), the
    seats in `left` having left it."""
    places = ranks(totals)
    seats = range(len(cards))
    stayed = [seat for seat in seats if seat not in left]
    everyone = _model(cards, [len(cards) + 1 if s in left else places[s] for s in seats])
    among = {}  # one player who played on has nobody to be rated against
    if len(stayed) > 1:
        played_on = _model([cards[s] for s in stayed], [places[s] for s in stayed])
        among = dict(zip(stayed, played_on, strict=True))
    after = []
    for seat, card in enumerate(cards):
        against = [o for o in (seats if seat in left else stayed) if o != seat]
        full = everyone[seat] if seat in left else among.get(seat, card)
        weights = [worth(cards[o]) / 2 ** met(card.pid, cards[o].pid) for o in against]
        after.append(_moved(card, full, fmean(weights) if weights else 0.0, bool(weights)))
    return after


def _moved(card: Card, full: Card, weight: float, counted: bool) -> Card:
    """`card` moved `weight` of the way to `full`, with one game more if `counted`."""
    return replace(
        card,
        mu=card.mu + weight * (full.mu - card.mu),
        sigma=card.sigma + weight * (full.sigma - card.sigma),
        games=card.games + counted,
    )


def changes(before: Sequence[Card], after: Sequence[Card]) -> list[RatingChange]:
    """What an `over` tells of a rated game: each seat's shown rating before and after."""
    return [
        {"player": old.pid, "before": shown(old), "after": shown(new)}
        for old, new in zip(before, after, strict=True)
    ]
