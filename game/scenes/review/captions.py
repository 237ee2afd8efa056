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
from game.ui.widgets.controls import BUTTON_SIZE, Button

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


CAPTION_GAP = 14
"""Between the figure and its caption (design pixels)."""


def caption_images(ui: Ui, width: int, lines: tuple[str, str, str]) -> list[pygame.Surface]:
    """The caption's lines as drawn `width` pixels wide: what the move did, its detail
    and the closing words (each on at most two lines, shrunk to fit them, cut with an
    ellipsis where even that does not; an empty one is left out)."""
    images = []
    for text, size, colour, style in zip(
        lines,
        (21, 18, 18),
        (PALETTE.text, PALETTE.gold, PALETTE.good),
        ("bold", "regular", "bold"),
        strict=True,
    ):
        if text:
            wrapped, at = ui.fitted(text, size, width, 2, style)
            images += [ui.text(line, at, colour, style) for line in wrapped]
    return images


def caption_height(ui: Ui, width: int, lines: tuple[str, str, str]) -> int:
    """How tall the caption under a figure `width` pixels wide stands, gap included: the
    figure leaves it that much room."""
    images = caption_images(ui, width, lines)
    return ui.px(CAPTION_GAP) + sum(image.get_height() + ui.px(4) for image in images)


def draw_caption(
    surface: pygame.Surface, ui: Ui, area: pygame.Rect, lines: tuple[str, str, str]
) -> None:
    """Under the figure `area`, the caption (`caption_images`)."""
    x, y = area.centerx, area.bottom + ui.px(CAPTION_GAP)
    for image in caption_images(ui, area.width, lines):
        rect = blit_text(surface, image, (x, y), "midtop")
        y = rect.bottom + ui.px(4)


def lay_out_bar(
    buttons: Mapping[str, Button], bar: pygame.Rect, ui: Ui, margin: int, end: int
) -> None:
    """The visible buttons in a row from the bar's left (a gap after Back), left of
    `end`: each as wide as its design width or as its words need (every label it may
    show, in every language) at the size a button's words are drawn at where the row
    has the room for that, else at the smallest size."""
    shown = [(key, button) for key, button in buttons.items() if button.visible]
    gaps = ui.px(10) * len(shown) + ui.px(24)
    for size in (BUTTON_SIZE, ui.smallest_size):
        widths = [max(ui.px(BUTTON_WIDTHS[key]), b.least_width(ui, size)) for key, b in shown]
        if margin + sum(widths) + gaps <= end:
            break
    x = margin
    for (key, button), width in zip(shown, widths, strict=True):
        button.rect = pygame.Rect(x, 0, width, ui.px(50))
        button.rect.centery = bar.centery
        x = button.rect.right + ui.px(10) + (ui.px(24) if key == "back_to" else 0)
