"""The replay viewer's words round the figure and its control bar: the heading with the
move and hand, the caption under the figure, and the bar's buttons laid out in a row."""

from __future__ import annotations

from collections.abc import Mapping

import pygame

from game.i18n import _
from game.play.replay import Replay
from game.ui.painting import Ui, blit_text
from game.ui.slip import Focus
from game.ui.text import shrunk_text
from game.ui.theme import PALETTE
from game.ui.widgets.controls import Button

BUTTON_WIDTHS = {
    "back_to": 120,
    "hand_back": 130,
    "step_back": 64,
    "play": 130,
    "step": 64,
    "hand_on": 130,
    "review": 130,
}
"""Each bar button's width at the design size."""


def draw_header(
    surface: pygame.Surface,
    ui: Ui,
    replay: Replay,
    heading: str,
    title: str,
    line_start: int | None,
    focus: Focus | None = None,
) -> None:
    """The heading (`heading` · `title`) at the left, and where the replay stands at
    the right: the move, in the winning line once past `line_start`, and the hand. At
    a `focus` that marks a move, the move named is the one its marks and words are
    about, the next."""
    margin = ui.px(24)
    count = replay.moves_in_hand
    where = _("Move {number} of {count}").format(number=replay.index, count=count)
    if focus is not None and (focus.played is not None or focus.better is not None):
        where = _("Before move {number} of {count}").format(number=replay.index + 1, count=count)
    if line_start is not None and replay.index > line_start:
        where = _("Winning line · {where}").format(where=where)
    if replay.mode.is_table:
        where = _("Hand {number} of {count} · {where}").format(
            number=replay.hand + 1, count=replay.hands, where=where
        )
    place = blit_text(
        surface,
        ui.text(where, 20, PALETTE.text, "bold"),
        (surface.get_width() - margin, ui.px(30)),
        "topright",
    )
    blit_text(
        surface,
        shrunk_text(ui, f"{heading} · {title}", 32, place.x - 2 * margin, PALETTE.gold, "title"),
        (margin, ui.px(20)),
        "topleft",
    )


CAPTION_SIZES = (21, 18, 18)
"""The design sizes of a caption's lines: what the move did, its detail, the closing words."""


def caption_height(ui: Ui, lines: int) -> int:
    """The room under the figure for a caption of `lines` lines (`draw_caption`): its
    first line bold, the rest in the detail's size."""
    first = ui.font(CAPTION_SIZES[0], "bold").get_height()
    rest = ui.font(CAPTION_SIZES[1]).get_height()
    return ui.px(14) + first + (lines - 1) * rest + lines * ui.px(4)


def draw_caption(
    surface: pygame.Surface,
    ui: Ui,
    area: pygame.Rect,
    lines: tuple[str, str, str],
    bottom: int,
) -> None:
    """Under the figure `area`, above `bottom`: what the move did, its detail and the
    closing words (each at most two lines; an empty one is left out), shrunk together
    until they fit there (large text sizes)."""
    styles = ("bold", "regular", "bold")

    def laid_out(less: int) -> list[tuple[str, int, int]]:
        return [
            (wrapped, size - less, index)
            for index, (text, size) in enumerate(zip(lines, CAPTION_SIZES, strict=True))
            if text
            for wrapped in ui.wrap(text, size - less, area.width, styles[index])[:2]
        ]

    def height(rows: list[tuple[str, int, int]]) -> int:
        return sum(ui.font(size, styles[i]).get_height() + ui.px(4) for _w, size, i in rows)

    room, less = bottom - area.bottom - ui.px(14), 0
    while CAPTION_SIZES[1] - less > ui.smallest_size and height(laid_out(less)) > room:
        less += 1
    colours = (PALETTE.text, PALETTE.gold, PALETTE.good)
    x, y = area.centerx, area.bottom + ui.px(14)
    for wrapped, size, index in laid_out(less):
        image = ui.text(wrapped, size, colours[index], styles[index])
        y = blit_text(surface, image, (x, y), "midtop").bottom + ui.px(4)


def lay_out_bar(buttons: Mapping[str, Button], bar: pygame.Rect, ui: Ui, margin: int) -> None:
    """The visible buttons in a row from the bar's left (a gap after Back)."""
    x = margin
    for key, button in buttons.items():
        if not button.visible:
            continue
        button.rect = pygame.Rect(x, 0, ui.px(BUTTON_WIDTHS[key]), ui.px(50))
        button.rect.centery = bar.centery
        x = button.rect.right + ui.px(10) + (ui.px(24) if key == "back_to" else 0)
