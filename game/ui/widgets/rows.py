"""Buttons side by side: alike where they all fit, wider where a label needs it, their
labels at one size."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.ui.painting import Ui
from game.ui.widgets.controls import BUTTON_SIZE, Button, Widget, same_size


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
    its label needs more, `gap` pixels apart; their labels at one size."""
    room = area.width - gap * (len(buttons) - 1)
    widths = row_widths(label_needs(buttons, room, area.height, ui), room, most)
    x = area.centerx - (sum(widths) + gap * (len(buttons) - 1)) // 2
    for button, width in zip(buttons, widths, strict=True):
        button.rect = pygame.Rect(x, area.y, width, area.height)
        x += width + gap
    same_size(buttons)


def lay_out_form(
    rows: Sequence[Widget],
    buttons: Sequence[Button],
    size: tuple[int, int],
    below: int,
    ui: Ui,
) -> pygame.Rect:
    """A form's panel, centred under the screen's title in a window of `size`: its
    `rows` one under another, `below` pixels under them for what the screen writes
    there and its `buttons` side by side at its foot; the panel."""
    width = min(size[0] - ui.px(80), ui.px(720))
    row_h, gap = ui.px(42), ui.px(8)
    height = len(rows) * (row_h + gap) + below
    panel = pygame.Rect(0, 0, width + ui.px(48), height)
    panel.midtop = (size[0] // 2, max(ui.px(130), (size[1] - height) // 2 + ui.px(30)))
    y = panel.y + ui.px(24)
    for widget in rows:
        widget.rect = pygame.Rect(panel.x + ui.px(24), y, width, row_h)
        y += row_h + gap
    foot = pygame.Rect(panel.x, panel.bottom - ui.px(74), panel.width, ui.px(50))
    lay_out_row(buttons, foot, ui.px(220), ui.px(16), ui)
    return panel


def label_needs(buttons: Sequence[Button], room: int, height: int, ui: Ui) -> list[int]:
    """The width each of `buttons` (`height` pixels tall) needs for its label, in every
    language, at the largest size at which all of them fit `room` pixels side by side
    (on two lines where the height holds two; at the smallest size where they do not
    fit)."""
    for size in range(BUTTON_SIZE, ui.smallest_size, -1):
        lines = 2 if height >= max(ui.px(40), 2 * ui.font(size, "bold").get_height()) else 1
        needs = [button.least_width(ui, size, lines) for button in buttons]
        if sum(needs) <= room:
            return needs
    lines = 2 if height >= ui.px(40) else 1
    return [button.least_width(ui, ui.smallest_size, lines) for button in buttons]
