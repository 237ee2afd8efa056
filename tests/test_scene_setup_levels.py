"""The computer levels' legend on the setup screen (game/scenes/setup_levels.py)."""

from __future__ import annotations

import re

import pytest

from game.ai.players import LEVELS
from game.scenes import setup_levels
from game.scenes.setup_levels import LEVEL_LINES, level_legend


def test_the_legend_words_every_level_weakest_first_with_its_rating() -> None:
    assert [level for level, _words in LEVEL_LINES] == list(LEVELS)
    lines = level_legend(4)
    assert "4 seats" in lines[0] and len(lines) == 1 + len(LEVEL_LINES)
    ratings = [int(re.findall(r"\d{4}", line)[0]) for line in lines[2:]]
    assert ratings == sorted(ratings)  # easy, greedy, expert, master: the ladder


def test_without_the_figures_the_legend_still_says_how_each_level_plays(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(setup_levels, "shipped_ratings", lambda players: {})
    lines = level_legend(3)
    assert lines[2] == "Easy: plays for points but overlooks some plays"


def test_every_list_of_levels_in_the_game_names_the_same_levels_in_order() -> None:
    from game.rules.share import SEAT_LETTERS
    from game.scenes.table_turns import THINK_PAUSE_S
    from game.ui.words import KIND_WORDS

    kinds = [f"ai:{level}" for level in LEVELS]
    assert [kind for kind, _words in KIND_WORDS if kind.startswith("ai:")] == kinds
    assert [kind for kind in SEAT_LETTERS if kind.startswith("ai:")] == kinds
    assert list(THINK_PAUSE_S) == list(LEVELS)
