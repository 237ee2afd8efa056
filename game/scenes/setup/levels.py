"""The computer levels' legend on the setup screen: each level's strength on one
Elo-like scale at the table size chosen (from the published tournament in
game/ai/ratings.json, with its 95% range) and a few words on how it plays; under them,
the rating of the person at the table, on the same scale, the level they play like and
their wins in a row against the computers."""

from __future__ import annotations

from typing import Final

import pygame

from game.ai.player_ratings import nearest_level, shipped_ratings
from game.ai.rating_scale import rating_words
from game.ai.ratings import LevelRating
from game.i18n import N_, _, ngettext
from game.persist.history import History
from game.persist.stats import PlayerStats
from game.rules.record.entries import PlayerEntry
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
TWO_SEAT_LINES: Final = {
    "expert": N_("Expert {rating}: weighs your reply and the race to go out"),
    "master": N_("Master {rating}: looks six tiles ahead and plays to win the game"),
}
"""How the levels that search play one against one, where the legend's words differ."""
PLAYS_LIKE: Final = {
    "easy": N_("{name}: {rating}, you play like the easy level"),
    "greedy": N_("{name}: {rating}, you play like the greedy level"),
    "expert": N_("{name}: {rating}, you play like the expert"),
    "master": N_("{name}: {rating}, you play like the master"),
}
"""Where a person's rating stands among the rated levels': the level nearest it."""
ABOVE_ALL: Final = N_("{name}: {rating}, you play better than the master")


def level_rating_words(rating: LevelRating) -> str:
    """A rating with the wider half of its 95% range: "1,556 ±20" (the level the scale
    is pinned to has none)."""
    margin = max(rating.high - rating.rating, rating.rating - rating.low)
    figure = rating_words(rating.rating)
    return f"{figure} ±{margin}" if margin else figure


def level_legend(players: int) -> list[str]:
    """The legend's heading and one line per level, at tables of `players` seats."""
    ratings = shipped_ratings(players)
    lines = [_("Computer levels at {count} seats (rating ± 95% range)").format(count=players)]
    for level, words in LEVEL_LINES:
        if players == 2:
            words = TWO_SEAT_LINES.get(level, words)
        rating = ratings.get(level)
        line = _(words).format(rating=level_rating_words(rating) if rating else "")
        lines.append(line if rating else line.replace(" :", ":"))  # no figure, no gap
    return lines


def standing_words(name: str, stats: PlayerStats | None, players: int) -> str:
    """Where `name` stands among the levels at tables of `players` seats, and their wins
    in a row against the computers."""
    if stats is None or stats.rating is None:
        return _("{name}: no rating yet (play alone against computers)").format(name=name)
    ratings = shipped_ratings(players)
    level = nearest_level(stats.rating, ratings)
    top = max(ratings.values(), key=lambda rating: rating.rating, default=None)
    if top is not None and stats.rating > top.rating:
        words = ABOVE_ALL
    else:
        words = PLAYS_LIKE.get(level or "", N_("{name}: {rating}"))
    line = _(words).format(name=name, rating=rating_words(stats.rating))
    if stats.streak:
        wins = ngettext("{count} win in a row", "{count} wins in a row", stats.streak)
        line = _("{standing} · {wins}").format(standing=line, wins=wins.format(count=stats.streak))
    return line


def person_standing(history: History, players: list[PlayerEntry]) -> str | None:
    """The standing of the first person among a setup's `players` (None without one)."""
    for player in players:
        if player["kind"] == "human":
            stats = history.players.get(player["name"])
            known = stats if stats is not None and not stats.computer else None
            return standing_words(player["name"], known, len(players))
    return None


def draw_level_legend(
    surface: pygame.Surface,
    ui: Ui,
    panel: pygame.Rect,
    top: int,
    players: int,
    standing: str | None = None,
) -> None:
    """The legend at the foot of the seats panel, below `top`, with the `standing` of
    the person at the table last, each entry wrapped to the panel's width (its later lines
    indented): as many entries as fit, the heading the first to go."""
    line_h = ui.font(15).get_linesize()
    left, indent = panel.x + ui.px(20), ui.px(14)
    room = panel.width - ui.px(40) - indent
    bottom = panel.bottom - ui.px(14)
    lines = level_legend(players)
    styles = ["bold", *["regular"] * (len(lines) - 1)]
    if standing is not None:
        lines.append(standing)
        styles.append("bold")
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
