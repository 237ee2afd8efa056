"""Buttons side by side: alike where they all fit, wider where a label needs it."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.ui.painting import Ui
from game.ui.widgets.controls import Button


def row_widths(needs: Sequence[int], room: int, most: int) -> list[int]:
    """Widths for buttons side by side in `room` pixels: all alike (at most `most`)
    where each one's need allows; one that needs more gets it and the others share
    what is left; all narrowed alike where even the needs do not fit."""
    if sum(needs) >= room:
        return [need * room // max(1, sum(needs)) for need in needs]
    wide = sorted(needs, reverse=True)
    share = room // len(needs)
    for taken in range(len(needs)):  # the widest needs first, until the rest fit a share
        share = (room - sum(wide[:taken])) // (len(needs) - taken)
        if wide[taken] <= share:
            break
    return [max(need, min(share, most)) for need in needs]


def lay_out_row(buttons: Sequence[Button], area: pygame.Rect, most: int, gap: int, ui: Ui) -> None:
    """Place `buttons` side by side, centred in `area`, each at most `most` wide unless
    its label needs more, `gap` pixels apart."""
    room = area.width - gap * (len(buttons) - 1)
    widths = row_widths([button.least_width(ui) for button in buttons], room, most)
    x = area.centerx - (sum(widths) + gap * (len(buttons) - 1)) // 2
    for button, width in zip(buttons, widths, strict=True):
        button.rect = pygame.Rect(x, area.y, width, area.height)
        x += width + gap
