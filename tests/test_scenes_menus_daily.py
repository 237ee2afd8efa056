"""The daily deals screen: it plays the day's deal, counts it and marks the day won on
its calendar."""

from __future__ import annotations

import datetime

import pygame

from game.ai.daily import daily_deal
from game.ai.solver import solve
from game.persist.history import load_history
from game.rules.modes import Mode
from game.rules.moves import PILE
from game.rules.record.document import DAILY_KEY
from game.rules.solitaire import StackedSolitaireState
from game.scenes.menus.daily import MARKS, DailyScene
from game.scenes.solitaire.stacked import StackedSolitaireScene
from tests.conftest import AppMaker
from tests.drive import Input, run_until, undrawn
from tests.test_scenes_solitaire_base import cell_point

DAY = datetime.date(2026, 11, 22)


def test_the_daily_deal_is_played_from_the_menu_counted_and_marked_won(make_app: AppMaker) -> None:
    app = make_app()
    app.push(DailyScene(app, today=DAY))
    app.run_frames(2)
    daily = app.scene
    assert isinstance(daily, DailyScene)
    run_until(app, lambda: daily.play_buttons[Mode.STACKED_SOLITAIRE].enabled)
    Input(app).click(daily.play_buttons[Mode.STACKED_SOLITAIRE])
    app.run_frames(3)
    scene = app.scene
    assert isinstance(scene, StackedSolitaireScene)
    assert scene.session.record.to_json()[DAILY_KEY] == DAY.isoformat()
    assert scene.seed == daily_deal("stacked-solitaire", DAY)
    state = scene.state
    assert isinstance(state, StackedSolitaireState)
    with undrawn(app):  # a deal won by clicks: its frames are not looked at
        for move in solve(state).moves:
            Input(app, 3).click(scene.sources.centre((PILE, move.pile)))
            Input(app, 3).click(cell_point(scene, move))
    assert scene.state.won
    Input(app).press(pygame.K_ESCAPE)
    run_until(app, lambda: app.scene is daily)
    history = load_history(app.storage)
    assert history.daily["stacked-solitaire"].won == {DAY.isoformat()}
    assert daily.status("stacked-solitaire")[0][0] == "Won today"
    app.run_frames(1)
    cell = daily.day_rects[DAY]
    colours = {
        tuple(app.screen.get_at((x, y)))[:3]
        for x in range(cell.left, cell.right)
        for y in range(cell.centery, cell.bottom)
    }
    assert MARKS["stacked-solitaire"] in colours and MARKS["draw-solitaire"] not in colours


def test_the_calendar_turns_back_only_to_the_first_daily_played(make_app: AppMaker) -> None:
    """◀ held down never runs the calendar into year 0: it stops at the first month a
    daily deal was played (this month for a new player)."""
    app = make_app()
    daily = DailyScene(app, today=DAY)
    app.push(daily)
    app.run_frames(2)
    drive = Input(app)
    assert not daily.earlier.enabled
    daily.history.daily["draw-solitaire"].count(DAY.replace(year=DAY.year - 1), won=True)
    daily.update(0.0)
    for _press in range(30):
        if daily.earlier.enabled:
            drive.click(daily.earlier, frames=0)
    daily.turn_month(-12 * 3000)
    app.run_frames(1)
    assert daily.month == DAY.replace(year=DAY.year - 1, day=1)
