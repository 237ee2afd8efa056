"""The one rating scale (game/ai/rating_scale.py, docs/ratings.md): the same strength
shows the same number on every screen, the club's openskill ratings converted onto the
levels' scale, where greedy stands at 1500 and 400 points are ten to one odds."""

from __future__ import annotations

import random
from typing import Final

from openskill.models import PlackettLuce

from game.ai.player_ratings import START
from game.ai.rating_scale import ANCHOR, POINTS_PER_SKILL, SCALE, club_rating
from game.ai.ratings import level_ratings
from game.net.tables.players import START_MU, START_SIGMA, Card
from game.net.tables.ratings import shown
from game.persist.history import load_history, save_history
from game.persist.settings import TableSetup
from game.persist.stats import PlayerStats
from game.scenes.club.lobby import RATINGS
from game.scenes.requests import Screen
from tests.conftest import AppMaker
from tests.drive import Input
from tests.test_languages import drawn_words
from tests.test_scenes_club import at_club, heard, play_online
from tools.club_peer import ClubPeer

SURE: Final = 0.001
"""An unsureness small enough that a club rating shows the skill itself."""


def sure_club_player(points_above_greedy: float) -> Card:
    """A club player known to be `points_above_greedy` stronger than greedy."""
    return Card("p", "P", mu=START_MU + points_above_greedy / POINTS_PER_SKILL, sigma=SURE)


def test_the_club_starts_from_openskills_defaults_and_greedy_anchors_every_scale() -> None:
    model = PlackettLuce()
    assert (model.mu, model.sigma) == (START_MU, START_SIGMA)
    assert level_ratings()["greedy"].rating == START == ANCHOR
    assert round(club_rating(shown(sure_club_player(0)))) == ANCHOR
    assert abs(club_rating(shown(sure_club_player(SCALE))) - (ANCHOR + SCALE)) < 1
    assert round(club_rating(shown(Card("p", "New")))) == 763  # at least that, surely


def test_four_hundred_points_apart_at_the_club_finish_ahead_ten_times_out_of_eleven() -> None:
    """Two players at a two-seat table, one finishing ahead ten times out of eleven, rated
    by openskill game after game: the club's numbers settle about 400 apart (a little
    wider, the model keeping some unsureness; 20 points a unit of skill gave 305)."""
    model = PlackettLuce()
    strong, weak = model.rating(), model.rating()
    rng, gaps = random.Random(5), []
    for game in range(2000):
        ranks = [1.0, 2.0] if rng.random() < 10 / 11 else [2.0, 1.0]
        [[strong], [weak]] = model.rate([[strong], [weak]], ranks=ranks)
        sent = [shown(Card("p", "P", mu=r.mu, sigma=r.sigma)) for r in (strong, weak)]
        if game >= 500:  # settled
            gaps.append(club_rating(sent[0]) - club_rating(sent[1]))
    assert SCALE <= sum(gaps) / len(gaps) <= SCALE * 1.2


def test_the_same_strength_shows_the_same_number_on_every_screen(
    make_app: AppMaker, club: ClubPeer
) -> None:
    """Greedy's strength reads "1,500" on the levels' legend, as Ann's own rating against
        the computers, on the statistics and on the club's ratings board; 400 points above
        it reads "1,899" at the club (the server sends whole twentieths of a unit of skill,
    about a point and a half apart on the one scale)."""
    lucia, tom = (shown(sure_club_player(points)) for points in (SCALE, 0))
    club.board = [
        {"player": "p0", "name": "Lucía", "rating": lucia, "games": 90},
        {"player": "p1", "name": "Tom", "rating": tom, "games": 80},
    ]
    app = at_club(make_app, club)
    history = load_history(app.storage)
    history.players["Ann"] = PlayerStats(games=9, rating=START, rated_games=9)
    save_history(app.storage, history)
    app.settings.last_setup = TableSetup(2, (("Ann", "human"), ("Gus", "ai:greedy")))
    app.open(Screen.SETUP)
    app.run_frames(3)
    words = drawn_words(app)
    assert "Greedy 1,500: always takes the most points at once" in words
    assert "Ann: 1,500, you play like the greedy level" in words
    app.open(Screen.STATS)
    app.run_frames(3)
    assert "1,500" in drawn_words(app)
    app.open(Screen.MENU)
    app.run_frames(3)
    scene = play_online(app)
    Input(app).click(scene.tabs[RATINGS])
    heard(app, lambda: scene.session, lambda: len(scene.lists[RATINGS].rows) == 2)
    assert [row[2] for row in scene.lists[RATINGS].rows] == ["1,899", "1,500"]  # as drawn
