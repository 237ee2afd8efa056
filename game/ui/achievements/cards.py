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


def card_height(ui: Ui, words: Sequence[Words], room: int | None = None) -> int:
    """The height of a card holding `words`: each on as many lines as it may take, or,
    when the `room` the words have is given, on as many as it takes there."""
    text = 0
    for w in words:
        lines = w.lines
        if room is not None:
            lines = len(ui.fitted(w.text, w.size, room, max_lines=w.lines, style=w.style)[0])
        text += ui.font(w.size, w.style).get_linesize() * lines
    return text + (len(words) - 1) * ui.px(GAP) + 2 * ui.px(PAD)


def picture_side(ui: Ui, height: int) -> int:
    """The side of the square picture of a card `height` pixels high."""
    return height - 2 * ui.px(PAD)


def words_room(ui: Ui, width: int, side: int) -> int:
    """How wide the words of a card `width` pixels wide with a picture of `side` are."""
    return width - 3 * ui.px(PAD) - side


def draw_card(
    surface: pygame.Surface,
    ui: Ui,
    picture: pygame.Surface | None,
    side: int,
    box: pygame.Rect,
    words: Sequence[Words],
    *,
    border: Colour,
    alpha: int = 215,
) -> list[pygame.Rect]:
    """Draw the card in `box` with its `picture` of `side` pixels (None: not painted yet,
    its place left empty); where each of `words` went (its last line)."""
    draw_panel(surface, box, ui, alpha=alpha, border=border)
    pad = ui.px(PAD)
    if picture is not None:
        surface.blit(picture, (box.x + pad, box.y + pad))
    left = box.x + 2 * pad + side
    room = words_room(ui, box.width, side)
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
