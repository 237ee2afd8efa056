"""The statistics screen (game/scenes/games/stats.py): a person's rating and streak alone
against the computers beside their table games."""

from __future__ import annotations

from game.persist.history import load_history, save_history
from game.persist.stats import PlayerStats
from game.scenes.requests import Screen
from tests.conftest import AppMaker
from tests.test_languages import drawn_words


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
