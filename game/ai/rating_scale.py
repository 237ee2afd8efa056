"""The one rating scale a player sees (docs/ratings.md): the computer levels' ratings,
the player's own against them and the club's, all on the levels' scale, where `greedy`
stands at 1500 and 400 points more mean ten to one odds of finishing ahead.

The levels and a player against them are rated on it directly (game.ai.ratings,
game.ai.player_ratings). The club rates with openskill's Plackett-Luce model
(game.net.tables.ratings), whose server sends `1000 + 20 * ordinal` (docs/protocol.md
"Ratings"); `club_rating` turns that number into this scale. The club's starting skill is
taken as greedy's, as a new player against the computers starts at greedy's rating, and
one unit of skill is worth as many points as make the model's own odds between two sure
players ten to one at 400 points apart.
"""

from __future__ import annotations

import math
from typing import Final

from game.i18n import format_number

SCALE: Final = 400.0
"""Points above another rating that expect to finish ahead ten times out of eleven."""
ANCHOR: Final = 1500
"""The greedy level's rating, where the scale is pinned."""

CLUB_START_SKILL: Final = 25.0
"""openskill's starting mean skill: a new club player, taken to be as strong as greedy."""
CLUB_BETA: Final = 25.0 / 6
"""openskill's spread of one game's performance around a player's skill."""
CLUB_SENT_BASE: Final = 1000
CLUB_SENT_PER_SKILL: Final = 20
"""A club server sends `CLUB_SENT_BASE + CLUB_SENT_PER_SKILL * ordinal`, rounded."""
POINTS_PER_SKILL: Final = SCALE / math.log(10) / (math.sqrt(2) * CLUB_BETA)
"""About 29.5: Plackett-Luce's odds of finishing ahead between two sure players are
e^(difference / (sqrt(2) * beta)), Elo's 10^(difference / 400)."""


def club_rating(sent: float) -> float:
    """A club rating as its server sends it, on the one scale: the skill the player has at
    least, almost surely (openskill's ordinal, mean - 3 * unsureness). A new player,
    unsure, shows about 763; a player known to be greedy's equal shows 1500."""
    ordinal = (sent - CLUB_SENT_BASE) / CLUB_SENT_PER_SKILL
    return ANCHOR + POINTS_PER_SKILL * (ordinal - CLUB_START_SKILL)


def rating_words(rating: float) -> str:
    """A rating as every screen writes it: whole points, the player's way ("1,500")."""
    return format_number(round(rating))


def club_rating_words(sent: float) -> str:
    """A club rating as its server sends it, written on the one scale."""
    return rating_words(club_rating(sent))
