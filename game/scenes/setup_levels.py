"""The computer levels' legend on the setup screen: each level's strength on one
Elo-like scale at the table size chosen (from the published tournament in
game/ai/ratings.json, with its 95% range) and a few words on how it plays."""

from __future__ import annotations

import functools
from typing import Final

import pygame

from game.ai.ratings import LevelRating, level_ratings
from game.i18n import N_, _
from game.ui.painting import Ui, blit_text
from game.ui.theme import PALETTE

LEVEL_LINES: Final = (
    ("random", N_("Random: any tile that may go, for practice")),
    ("easy", N_("Easy {rating}: plays for points but overlooks some plays")),
    ("greedy", N_("Greedy {rating}: always takes the most points at once")),
    ("expert", N_("Expert {rating}: tries its moves against guessed stocks")),
    ("master", N_("Master {rating}: plays each move out many times before choosing")),
)
"""Each level the setup offers, weakest first, as the legend words it."""


def rating_words(rating: LevelRating) -> str:
    """A rating with the wider half of its 95% range: "1556 ±20" (the level the scale
    is pinned to has none)."""
    margin = max(rating.high - rating.rating, rating.rating - rating.low)
    return f"{rating.rating} ±{margin}" if margin else str(rating.rating)


@functools.cache
def shipped_ratings(players: int) -> dict[str, LevelRating]:
    """The packaged ratings at tables of `players` seats (over every table size where
    that size was not measured; none when they cannot be read), read from disk once and
    not at every frame the legend is drawn."""
    return level_ratings(players) or level_ratings()


def level_legend(players: int) -> list[str]:
    """The legend's heading and one line per level, at tables of `players` seats."""
    ratings = shipped_ratings(players)
    lines = [_("Computer levels at {count} seats (rating ± 95% range)").format(count=players)]
    for level, words in LEVEL_LINES:
        rating = ratings.get(level)
        line = _(words).format(rating=rating_words(rating) if rating else "")
        lines.append(line if rating else line.replace(" :", ":"))  # no figure, no gap
    return lines


def draw_level_legend(
    surface: pygame.Surface, ui: Ui, panel: pygame.Rect, top: int, players: int
) -> None:
    """The legend at the foot of the seats panel, below `top`, each entry wrapped to the
    panel's width (its later lines indented): as many entries as fit, the heading the
    first to go."""
    line_h = ui.font(15).get_linesize()
    left, indent = panel.x + ui.px(20), ui.px(14)
    room = panel.width - ui.px(40) - indent
    bottom = panel.bottom - ui.px(14)
    lines = level_legend(players)
    styles = ["bold", *["regular"] * (len(lines) - 1)]
    entries = [
        (ui.wrap(line, 15, room, style), style) for line, style in zip(lines, styles, strict=True)
    ]
    while entries and sum(len(wrapped) for wrapped, _style in entries) * line_h > bottom - top:
        entries.pop(0)
    y = bottom - line_h * sum(len(wrapped) for wrapped, _style in entries)
    for wrapped, style in entries:
        colour = PALETTE.gold if style == "bold" else PALETTE.text_dim
        for index, line in enumerate(wrapped):
            x = left + (indent if index else 0)
            blit_text(surface, ui.text(line, 15, colour, style), (x, y), "topleft")
            y += line_h
