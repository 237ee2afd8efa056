"""What the table setup says: what the deal field's text means as the player types, and
a line on how the chosen scoring works."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import pygame

from game.i18n import _, format_number
from game.rules.modes import Mode
from game.rules.share import MAX_DEAL, ShareCode, ShareCodeError, deal_number, is_number_text
from game.ui.painting import Ui, blit_text
from game.ui.text import shrunk_text
from game.ui.theme import PALETTE
from game.ui.words import MODE_TITLES, share_code_reason

SPANISH_CLUB: Final = "club-spanish"
"""The scoring choice of Club Contack by the Spanish book's own options."""


@dataclass(frozen=True)
class DealReading:
    """The deal field read: its words (or why it cannot be read), whether Start may go
    on, the deal number and the share code typed, if any."""

    words: str = ""
    ok: bool = True
    deal: int | None = None
    code: ShareCode | None = None


def read_deal(text: str) -> DealReading:
    """A deal number, a share code (table: its seats and options are set at once; a
    solitaire's: Start plays that deal), or nothing."""
    text = text.strip()
    if not text:
        return DealReading()
    if is_number_text(text):
        number = deal_number(int(text))
        if number is None:
            largest = format_number(MAX_DEAL)
            return DealReading(_("A deal number is 1 to {largest}.").format(largest=largest), False)
        words = _("Deal {deal}: the same tiles as every game of that number").format(deal=number)
        return DealReading(words, True, number)
    try:
        code = ShareCode.parse(text)
    except ShareCodeError as error:
        return DealReading(
            _("Not a code: {reason}.").format(reason=share_code_reason(error)), False
        )
    if code.mode == Mode.TABLE:
        words = _("Code read: deal {deal}, {seats} seats.").format(
            deal=code.deal, seats=len(code.seats)
        )
    else:
        words = _("A {game} deal: Start plays deal {deal}.").format(
            game=_(MODE_TITLES[code.mode]).lower(), deal=code.deal
        )
    return DealReading(words, True, code.deal, code)


def scoring_hint(variant: str, length: int | None = None) -> str:
    """How the scoring chosen in the setup (`variant`) works, in a line or two; a game
    for points played to a target score (`length`) says how it ends."""
    if variant == "club":
        return _(
            "Club Contack: each counting contact wins value ÷ 5 chips from every "
            "other player; a chip is worth 5 points."
        )
    if variant == SPANISH_CLUB:
        return _(
            "The Spanish book's club rules: the box's chips are divided "
            "equally; a player with no chips borrows from the player paid, "
            "and chips owed to you count for you."
        )
    if length is not None:
        return _(
            "Standard scoring, to {points} points: the game ends with the hand in which "
            "a player's total (a team's, with partners) reaches it; the highest total wins."
        ).format(points=format_number(length))
    return _(
        "Standard scoring: counting contacts score their sum; "
        "each tile left in hand costs 10 at the end of a hand."
    )


def draw_deal_words(
    surface: pygame.Surface, ui: Ui, field: pygame.Rect, words: str, ok: bool
) -> None:
    """What the deal field's text means, under the field (in red when Start cannot go)."""
    if words:
        colour = PALETTE.text if ok else PALETTE.penalty
        image = shrunk_text(ui, words, 15, field.width, colour)
        blit_text(surface, image, (field.x + ui.px(4), field.bottom + ui.px(3)), "topleft")
