"""The computer levels' legend on the setup screen (game/scenes/setup/levels.py), and
the standing of the person at the table among the levels."""

from __future__ import annotations

import re

import pytest

from game.ai.player_ratings import shipped_ratings
from game.ai.players import LEVELS
from game.persist.history import load_history, save_history
from game.persist.settings import TableSetup
from game.persist.stats import PlayerStats
from game.scenes.requests import Screen
from game.scenes.setup import levels as setup_levels
from game.scenes.setup.levels import LEVEL_LINES, PLAYS_LIKE, level_legend, standing_words
from game.scenes.setup.scene import SetupScene
from tests.conftest import AppMaker
from tests.test_languages import drawn_words


def test_the_legend_words_every_level_weakest_first_with_its_rating() -> None:
    assert [level for level, _words in LEVEL_LINES] == list(LEVELS)
    lines = level_legend(4)
    assert "4 seats" in lines[0] and len(lines) == 1 + len(LEVEL_LINES)
    ratings = [int(re.findall(r"\d,\d{3}", line)[0].replace(",", "")) for line in lines[2:]]
    assert ratings == sorted(ratings)  # easy, greedy, expert, master: the ladder


def test_at_two_seats_the_legend_says_how_the_searching_levels_play_one_against_one() -> None:
    two, four = level_legend(2), level_legend(4)
    assert two[-1].startswith("Master 1") and "plays to win the game" in two[-1]
    assert "race to go out" in two[-2]
    assert "plays each move out many times" in four[-1]
    alike = [[line.split(": ")[1] for line in lines[1:-2]] for lines in (two, four)]
    assert alike[0] == alike[1] != []  # random, easy and greedy play alike everywhere


def test_without_the_figures_the_legend_still_says_how_each_level_plays(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(setup_levels, "shipped_ratings", lambda players: {})
    lines = level_legend(3)
    assert lines[2] == "Easy: plays for points but overlooks some plays"


def test_every_list_of_levels_in_the_game_names_the_same_levels_in_order() -> None:
    from game.rules.share import SEAT_LETTERS
    from game.scenes.table.turns import THINK_PAUSE_S
    from game.ui.words import KIND_WORDS

    kinds = [f"ai:{level}" for level in LEVELS]
    assert [kind for kind, _words in KIND_WORDS if kind.startswith("ai:")] == kinds
    assert [kind for kind in SEAT_LETTERS if kind.startswith("ai:")] == kinds
    assert list(THINK_PAUSE_S) == list(LEVELS)


# --- issue 41: where the person at the table stands -----------------------------------


def test_a_persons_standing_names_the_level_nearest_their_rating_and_their_streak() -> None:
    ratings = shipped_ratings(4)
    expert = ratings["expert"].rating
    line = standing_words("Ann", PlayerStats(rating=expert + 1, streak=3), 4)
    assert line == f"Ann: {expert + 1:,}, you play like the expert · 3 wins in a row"
    top = max(rating.rating for rating in ratings.values())
    assert "better than the master" in standing_words("Ann", PlayerStats(rating=top + 5), 4)
    assert "no rating yet" in standing_words("Ann", PlayerStats(), 4)
    assert "no rating yet" in standing_words("Ann", None, 4)
    assert set(PLAYS_LIKE) == set(shipped_ratings(4))  # every rated level has its words


def test_the_setup_screen_shows_the_rating_of_the_person_at_the_table(
    make_app: AppMaker,
) -> None:
    app = make_app()
    history = load_history(app.storage)
    history.players["Ann"] = PlayerStats(games=4, rating=1512, rated_games=4, streak=2)
    save_history(app.storage, history)
    app.settings.last_setup = TableSetup(2, (("Ann", "human"), ("Gus", "ai:master")))
    app.open(Screen.SETUP)
    app.run_frames(3)
    scene = app.scene
    assert isinstance(scene, SetupScene)
    assert scene.standing() == standing_words("Ann", history.players["Ann"], 2)
    assert scene.standing() in drawn_words(app)
    scene.kinds[0].set_value("ai:easy")  # computers only: nobody's standing
    assert scene.standing() is None
