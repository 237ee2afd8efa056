"""The statistics screen (game/scenes/games/stats.py): a person's rating and streak alone
against the computers beside their table games."""

from __future__ import annotations

import pygame
import pytest

from game.persist.history import load_history, save_history
from game.persist.stats import PlayerStats
from game.scenes.requests import Screen
from tests.conftest import AppMaker
from tests.drive import Input
from tests.test_languages import drawn_words
from tools.text_audit import audit


def test_the_statistics_show_a_persons_rating_and_streaks(make_app: AppMaker) -> None:
    app = make_app()
    history = load_history(app.storage)
    history.players["Ann"] = PlayerStats(
        games=6, wins=3, rating=1537, rated_games=6, streak=2, best_streak=3
    )
    history.players["Gus"] = PlayerStats(games=6, wins=3, computer=True)
    save_history(app.storage, history)
    app.open(Screen.STATS)
    app.run_frames(3)
    words = drawn_words(app)
    assert {"Rating", "Streak", "Best streak", "1,537"} <= set(words)
    assert words.count("2") >= 1 and words.count("3") >= 2


# --- issue 49: every player reachable, nothing over the header ------------------------

SIZES = [(800, 600), (1280, 800), (1920, 1080)]


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_player_is_reached_by_scrolling_and_nothing_covers_the_header(
    make_app: AppMaker, size: tuple[int, int]
) -> None:
    """More players than the table game's panel holds: the wheel and the keys bring the
    last one into view, and no word is drawn over another (the panel once wrote
    "and 1 more" over its note, and the 6th player could not be reached)."""
    app = make_app(size=size)
    history = load_history(app.storage)
    for number in range(1, 21):
        history.players[f"Player {number:02}"] = PlayerStats(games=30, wins=30 - number)
    save_history(app.storage, history)
    app.open(Screen.STATS)
    drive = Input(app)
    drive.frames(3)
    words = drawn_words(app)
    assert "Player 01" in words and "Player 20" not in words
    assert audit(app) == []
    for _turn in range(20):
        drive.post(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0)
        drive.frames(1)
    words = drawn_words(app)
    assert "Player 20" in words and "Player 01" not in words
    assert audit(app) == []
    drive.press(pygame.K_HOME)
    assert "Player 01" in drawn_words(app)
    drive.press(pygame.K_PAGEDOWN, times=20)
    assert "Player 20" in drawn_words(app)
