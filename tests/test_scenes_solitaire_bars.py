"""The "still winnable" light on the solitaire screens, through posted events: it goes
out exactly at the move that lets the win slip, the window draws on while it thinks,
its switch, and where it went out at the end of the game and in the replay viewer."""

from __future__ import annotations

import pygame
import pytest

from game.ai.analysis import review_solitaire
from game.ai.autoplay import simple_fair_move
from game.app import App
from game.play.solitaire_light import OUT, THINKING, WINNABLE
from game.rules.record.document import LIGHT_KEY
from game.scenes.review.replay import ReplayScene
from game.scenes.solitaire.base import SolitaireScene
from game.scenes.solitaire.draw import DrawSolitaireScene
from game.scenes.solitaire.stacked import StackedSolitaireScene
from game.ui.theme import PALETTE
from tests.conftest import AppMaker, HeldAdviser
from tests.drive import Input, run_until, sizes_in
from tests.test_scenes_solitaire_base import FRAMES, open_scene, play_draw_move

OUT_LAMP = (60, 40, 38)


pytestmark = pytest.mark.app(size=(800, 600), speed="instant")
"""This module's apps: small windows, instant animations."""


def lamp(app: App, scene: SolitaireScene) -> tuple[int, int, int]:
    """The colour at the centre of the light's lamp, as last drawn."""
    ui, rect = app.ui, scene.bars.light_rect
    colour = app.screen.get_at((rect.x + ui.px(8) + ui.px(4), rect.centery))
    return colour.r, colour.g, colour.b


def test_the_light_goes_out_exactly_at_the_move_that_lets_the_win_slip(app: App) -> None:
    app.settings.extra["solitaire"] = {"winnable_only": True}  # a winnable deal: lit
    scene = open_scene(app, DrawSolitaireScene(app, seed=7))
    assert scene.bars.light_toggle.value
    run_until(app, lambda: not scene.session.light.thinking, limit=10)  # slice by slice
    assert scene.session.light.shows == WINNABLE and lamp(app, scene) == PALETTE.good
    shown = [scene.session.light.shows]
    while not scene.finished:
        play_draw_move(app, scene, simple_fair_move(scene.draw_state), by_drag=False)
        shown.append(scene.session.light.shows)
        if shown[-1] == WINNABLE:
            assert lamp(app, scene) == PALETTE.good
    review = review_solitaire(scene.session.record, 800_000)
    slip = review.last_winnable
    assert review.decided and slip is not None and review.slipped
    assert shown[: slip + 1] == [WINNABLE] * (slip + 1)  # on after every winnable move...
    assert set(shown[slip + 1 :]) == {OUT}  # ...and out from the move that lost it
    assert scene.session.record.to_json()[LIGHT_KEY] == slip + 1
    assert lamp(app, scene) == OUT_LAMP
    assert not scene.session.assists  # it never counts as a hint
    Input(app, FRAMES).press(pygame.K_v)  # where did I lose it? the viewer says it too
    run_until(app, lambda: isinstance(app.scene, ReplayScene), limit=50)
    viewer = app.scene
    assert isinstance(viewer, ReplayScene) and viewer.panel.light_out() == slip + 1


def test_the_window_draws_on_while_the_light_thinks(make_app: AppMaker) -> None:
    adviser = HeldAdviser()
    app = make_app(size=(800, 600), speed="instant", adviser=adviser)
    app.settings.winnable_light = "every"
    scene = open_scene(app, StackedSolitaireScene(app, seed=11))
    light = scene.session.light
    assert light.shows == THINKING
    lamps = set()
    for _ in range(20):
        app.tick()
        lamps.add(lamp(app, scene))
    assert len(lamps) > 1  # the lamp pulses: every frame is drawn while the solver thinks
    move = scene.state.legal_moves()[0]
    scene.play(move)  # the player may play on: the question for the old position is dropped
    app.run_frames(FRAMES)
    assert light.shows == THINKING
    adviser.release()
    app.run_frames(FRAMES)
    assert light.shows in (WINNABLE, OUT) and lamp(app, scene) in (PALETTE.good, OUT_LAMP)


def test_the_lights_switch_shows_it_on_this_deal_only(app: App) -> None:
    """The switch lights a deal that is not a winnable one, or puts out a winnable one,
    on that deal alone (Restart keeps it): the settings keep where the light shows, and
    the next deal follows them."""
    scene = open_scene(app, DrawSolitaireScene(app, seed=7))  # not a winnable deal
    assert not scene.bars.light_toggle.value and not scene.session.light.on
    drive = Input(app, FRAMES)
    drive.click(scene.bars.light_toggle)
    assert scene.bars.light_toggle.value and scene.session.light.on
    assert scene.session.light.shows == WINNABLE and app.settings.winnable_light == "winnable"
    assert scene.session.assists == {}
    lit = scene.session
    drive.click(scene.bars.restart_button)  # the same deal again: still lit
    assert scene.session is not lit and scene.session.light.on
    drive.click(scene.bars.new_button)
    run_until(app, lambda: scene.seed != 7, limit=50)
    assert not scene.bars.light_toggle.value and not scene.session.light.on
    scene.deals.start(11, daily="2026-11-22")  # a winnable deal: lit
    app.run_frames(FRAMES)
    assert scene.session.light.on
    drive.click(scene.bars.light_toggle)
    assert not scene.bars.light_toggle.value and not scene.session.light.on
    assert app.settings.winnable_light == "winnable"
    scene.deals.start(12, daily="2026-11-23")
    app.run_frames(FRAMES)
    assert scene.bars.light_toggle.value and scene.session.light.on


def test_a_daily_deal_is_lit_by_default(app: App) -> None:
    scene = open_scene(app, StackedSolitaireScene(app, seed=11))
    assert not scene.session.light.on
    scene.deals.start(11, daily="2026-11-22")
    app.run_frames(FRAMES)
    assert scene.session.light.on and scene.session.light.shows == WINNABLE


# --- issue 49: one font size per row and role ------------------------------------------

LOOKS = [(code, size) for code in ("en", "es") for size in ((800, 600), (1280, 800), (1920, 1080))]


@pytest.mark.parametrize(("code", "size"), LOOKS, ids=[f"{c}-{w}x{h}" for c, (w, h) in LOOKS])
def test_each_bar_and_the_switches_say_their_words_at_one_size(
    make_app: AppMaker, code: str, size: tuple[int, int]
) -> None:
    """The stacked solitaire's top bar, bottom bar and switches: each row or column of
    them at one size, in either language ("Fanned piles" and Undo were drawn smaller
    than their neighbours, each shrunk to its own room)."""
    app = make_app(size=size)
    app.settings.language = code
    app.apply_settings()
    scene = open_scene(app, StackedSolitaireScene(app, seed=11))
    bars = scene.bars
    top = [bars.menu_button, bars.save_button, bars.restart_button, bars.new_button]
    bottom = [
        bars.undo_button,
        bars.redo_button,
        bars.hint_button,
        bars.auto_button,
        bars.step_button,
        bars.review_button,
    ]
    for widgets in (top, bottom, bars.toggles):
        sizes = sizes_in(app, widgets)
        assert len(sizes) >= len(widgets) and len(set(sizes.values())) == 1, sizes
