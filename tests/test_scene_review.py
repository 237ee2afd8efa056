"""Where did I lose it? The solitaire review through posted events: at a loss, during
play (an assist), from the replay viewer; "Show me" plays the winning line to a win; the
fair odds of draw solitaire."""

from __future__ import annotations

import pygame
import pytest

import game.play.solitaire_advice as solitaire_advice
from game.ai.analysis import position_after
from game.ai.solver import solve
from game.app import App
from game.rules.record.document import GameRecord
from game.rules.record.recorded_game import RecordedGame
from game.rules.solitaire import DrawSolitaireState, StackedSolitaireState
from game.scenes.draw_solitaire import DrawSolitaireScene
from game.scenes.replay import ReplayScene
from game.scenes.stacked_solitaire import StackedSolitaireScene
from tests.conftest import AppFactory, AppMaker
from tests.drive import Input, run_until
from tests.test_scene_solitaire import lose_draw_deal

FRAMES = 3


@pytest.fixture
def app_factory(make_app: AppMaker) -> AppFactory:
    """This module's apps: small windows, instant animations."""
    return lambda: make_app(size=(800, 600), speed="instant")


def open_review(app: App) -> ReplayScene:
    run_until(app, lambda: isinstance(app.scene, ReplayScene), limit=50)
    scene = app.scene
    assert isinstance(scene, ReplayScene) and scene.review is not None
    return scene


def test_a_lost_game_shows_where_it_slipped_and_show_me_wins(app: App) -> None:
    scene = lose_draw_deal(app, 7)
    app.run_frames(2)
    review = scene.session.review
    assert scene.session.verdict == "could" and review is not None and review.slipped
    k = review.last_winnable
    assert k is not None
    final = scene.draw_state
    assert solve(position_after(final, k)).winnable is True
    assert solve(position_after(final, k + 1)).winnable is False
    played = final.moves[k]
    Input(app, FRAMES).click(scene.bars.review_button)
    viewer = open_review(app)
    assert viewer.replay.index == k  # the board at the slip
    assert viewer.review is not None and viewer.review.slip_move == played
    assert viewer.buttons["play"].label == "▶ Show me"
    assert viewer.review.line[0] != played
    viewer.speed_choice.step(1)
    viewer.speed_choice.step(1)  # the fastest of the replay speeds
    assert viewer.speed == "faster"
    Input(app, FRAMES).click(viewer.buttons["play"])
    assert viewer.playing
    run_until(app, lambda: not viewer.playing, limit=20_000)
    state = viewer.replay.state
    assert viewer.replay.at_end and isinstance(state, DrawSolitaireState) and state.won
    Input(app, FRAMES).press(pygame.K_ESCAPE)
    assert app.scene is scene
    assert scene.session.loss_to_count  # looking back takes nothing back


def test_show_me_a_winning_line_stands_beside_auto_play_after_a_loss(app: App) -> None:
    scene = lose_draw_deal(app, 7)
    app.run_frames(2)
    assert scene.bars.line_button.visible and not scene.bars.auto_button.visible
    Input(app, FRAMES).click(scene.bars.line_button)
    viewer = open_review(app)
    assert viewer.playing  # the line plays at once


def test_a_review_during_play_counts_as_an_assist(app: App) -> None:
    scene = StackedSolitaireScene(app, seed=11)
    app.push(scene)
    app.run_frames(3)
    move = scene.state.legal_moves()[0]
    scene.play(move)
    app.run_frames(3)
    Input(app, FRAMES).press(pygame.K_v)
    viewer = open_review(app)
    review = viewer.review
    assert review is not None and scene.session.assists.get("review")
    assert scene.session.report().hints  # counted as help in the statistics
    if review.last_winnable == 1:  # still winnable: the line goes on from here
        assert viewer.replay.index == 1
        state = position_after(scene.stacked_state, 1)
        for step in review.line:
            state.apply(step)
        assert state.won


def test_the_replay_viewer_reviews_any_solitaire_record(app: App) -> None:
    record = lose_draw_deal(app, 7).session.recorded.record
    app.clear_to_root()
    viewer = ReplayScene(app, GameRecord(record.to_json()))
    app.push(viewer)
    app.run_frames(3)
    assert viewer.buttons["review"].visible and viewer.review is None
    Input(app, FRAMES).click(viewer.buttons["review"])
    assert viewer.review is not None and viewer.review.slipped
    assert viewer.replay.index == viewer.review.last_winnable
    assert viewer.buttons["play"].label == "▶ Show me"


def test_a_deal_nobody_could_win_says_so_in_the_viewer(app: App) -> None:
    recorded = RecordedGame.new_stacked_solitaire({"name": "Me", "kind": "human"}, 750)
    state = recorded.state
    assert isinstance(state, StackedSolitaireState)
    while not state.is_terminal():
        recorded.play(state.legal_moves()[0])
    viewer = ReplayScene(app, recorded.record)
    app.push(viewer)
    app.run_frames(3)
    Input(app, FRAMES).click(viewer.buttons["review"])
    assert viewer.review is not None and viewer.review.last_winnable is None
    assert not viewer.buttons["review"].visible


def test_fair_odds_are_played_out_in_batches_and_shown(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(solitaire_advice, "ODDS_BATCH", 1)
    monkeypatch.setattr(solitaire_advice, "ODDS_GAMES", 2)
    scene = DrawSolitaireScene(app, seed=7)
    app.push(scene)
    app.run_frames(3)
    Input(app, FRAMES).press(pygame.K_o)
    app.run_frames(3)
    odds = scene.session.fair_odds.wins_games
    assert odds is not None and odds[1] == 2 and not scene.session.fair_odds.pending
    assert scene.odds_words().startswith("From here, a fair player wins about")
    assert f"of deals like this one ({odds[0]} of 2 games)" in scene.odds_words()
    assert isinstance(scene.state, DrawSolitaireState)
    scene.play(scene.state.legal_moves()[0])
    assert scene.session.fair_odds.wins_games is None  # the estimate was for the position before


def test_after_the_game_the_fair_odds_are_of_this_deal_with_their_progress(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(solitaire_advice, "ODDS_GAMES", 2)
    scene = lose_draw_deal(app, 7)
    session = scene.session
    Input(app, 1).press(pygame.K_o)  # the first game is played in the frame after
    odds = session.fair_odds
    assert odds.as_dealt and odds.from_move == 0 and odds.wins_games is not None
    assert scene.odds_words().startswith("Fair odds of this deal, as dealt: 1 of 2 games played,")
    assert scene.odds_words() in scene.end_note()  # the game-over banner says it too
    session.poll()
    wins = odds.wins_games[0]
    assert not odds.pending
    share = f"about {wins * 50}% of the time ({wins} of 2 games)."
    assert scene.odds_words() == f"A fair player wins this deal, as dealt, {share}"


def test_the_review_zooms_to_the_move_it_discusses(app: App) -> None:
    """At the slip the board is fitted to the two marked moves and the tiles they touch
    (their digits readable), and a step away shows the whole figure again."""
    from game.scenes.replay_review import focus_cells

    scene = lose_draw_deal(app, 7)
    app.run_frames(2)
    Input(app, FRAMES).click(scene.bars.review_button)
    viewer = open_review(app)
    assert viewer.at_focus() and viewer.focus is not None
    zoomed = viewer.board.view.side
    assert viewer.board.shows(focus_cells(viewer.focus)[:2])
    Input(app, FRAMES).press(pygame.K_RIGHT)
    assert not viewer.at_focus() and viewer.board.view.side < zoomed
