"""An achievement's card, as the announcement and the Achievements screen show it: a
panel with the achievement's picture on the left and lines of words beside it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

import pygame

from game.ui.painting import Ui, blit_text, draw_panel
from game.ui.text import shrunk_text
from game.ui.theme import Colour

PAD: Final = 10
GAP: Final = 2
"""Design pixels round a card's contents, and between its lines."""


class Words(NamedTuple):
    """One of a card's texts: at `size` and in `style`, wrapped onto up to `lines`
    lines (shrunk as far as that needs)."""

    text: str
    size: int
    colour: Colour
    style: str = "regular"
    lines: int = 1


def card_height(ui: Ui, words: Sequence[Words]) -> int:
    """The height of a card holding `words` (each on as many lines as it may take)."""
    text = sum(ui.font(w.size, w.style).get_linesize() * w.lines for w in words)
    return text + (len(words) - 1) * ui.px(GAP) + 2 * ui.px(PAD)


def draw_card(
    surface: pygame.Surface,
    ui: Ui,
    picture: pygame.Surface | None,
    box: pygame.Rect,
    words: Sequence[Words],
    *,
    border: Colour,
    alpha: int = 215,
) -> list[pygame.Rect]:
    """Draw the card in `box` with its `picture` (None: not painted yet, its place left
    empty) sized `picture_side(ui, box)`; where each of `words` went (its last line)."""
    draw_panel(surface, box, ui, alpha=alpha, border=border)
    pad = ui.px(PAD)
    side = picture_side(ui, box)
    if picture is not None:
        surface.blit(picture, (box.x + pad, box.y + pad))
    left = box.x + 2 * pad + side
    room = box.right - pad - left
    y = box.y + pad
    placed = []
    for text, size, colour, style, most in words:
        lines, at = ui.fitted(text, size, room, max_lines=most, style=style)
        rect = pygame.Rect(left, y, 0, 0)
        for line in lines:
            image = shrunk_text(ui, line, at, room, colour, style)
            rect = blit_text(surface, image, (left, y), "topleft")
            y = rect.bottom
        placed.append(rect)
        y += ui.px(GAP)
    return placed


def picture_side(ui: Ui, box: pygame.Rect) -> int:
    """The side of the square picture of a card in `box`."""
    return box.height - 2 * ui.px(PAD)
