"""The daily deal: the same winnable deal for a date everywhere, the `daily` command, and
the screen that plays it, counts it and marks the day won on its calendar."""

from __future__ import annotations

import datetime
import json
import subprocess
import sys

import pygame
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.daily import daily_deal
from game.ai.solver import solve
from game.persist.history import load_history
from game.persist.stats import DailyStats
from game.rules.modes import Mode
from game.rules.moves import PILE
from game.rules.record.document import DAILY_KEY, GameRecord
from game.rules.record.recorded_game import RecordedGame
from game.rules.solitaire import DrawSolitaireState, StackedSolitaireState
from game.scenes.daily import MARKS, DailyScene
from game.scenes.stacked_solitaire import StackedSolitaireScene
from tests.conftest import AppMaker
from tests.drive import Input, run_until
from tests.test_scene_solitaire import cell_point

DAY = datetime.date(2026, 11, 22)
dates = st.dates(datetime.date(2000, 1, 1), datetime.date(2200, 12, 31))


def daily_command(mode: str, day: datetime.date) -> str:
    return subprocess.run(
        [sys.executable, "-m", "game.cli", "daily", "--mode", mode, "--date", day.isoformat()],
        capture_output=True,
        text=True,
        check=True,
    ).stdout


@settings(max_examples=4, deadline=None)
@given(dates, st.sampled_from(["draw-solitaire", "stacked-solitaire"]))
def test_daily_prints_the_same_winnable_deal_in_two_processes(
    day: datetime.date, mode: str
) -> None:
    first, second = daily_command(mode, day), daily_command(mode, day)
    assert first == second
    data = json.loads(first)
    assert data["mode"] == mode and data[DAILY_KEY] == day.isoformat()
    assert data["hands"][0]["moves"] == [] and data["seed"] == daily_deal(mode, day)
    state = RecordedGame.from_record(GameRecord(data)).state
    assert isinstance(state, DrawSolitaireState | StackedSolitaireState)
    assert solve(state).winnable


def test_daily_without_a_date_is_today_and_a_bad_date_is_refused() -> None:
    data = json.loads(
        subprocess.run(
            [sys.executable, "-m", "game.cli", "daily", "--mode", "draw-solitaire"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    )
    assert data[DAILY_KEY] == datetime.date.today().isoformat()
    bad = subprocess.run(
        [
            sys.executable,
            "-m",
            "game.cli",
            "daily",
            "--mode",
            "draw-solitaire",
            "--date",
            "2026-02-30",
        ],
        capture_output=True,
        text=True,
    )
    assert bad.returncode == 2 and bad.stdout == ""
    assert len(bad.stderr.strip().splitlines()) == 1 and "YYYY-MM-DD" in bad.stderr


def test_days_differ_and_modes_differ() -> None:
    draws = {daily_deal("draw-solitaire", DAY + datetime.timedelta(days=n)) for n in range(5)}
    assert len(draws) >= 4


def test_the_streak_counts_days_won_in_a_row_up_to_today_or_yesterday() -> None:
    stats = DailyStats()
    for back in (1, 2, 3, 5):
        stats.count(DAY - datetime.timedelta(days=back), won=True)
    stats.count(DAY - datetime.timedelta(days=4), won=False)
    assert stats.streak(DAY) == 3  # today is still to play
    stats.count(DAY, won=True)
    assert stats.streak(DAY) == 4 and stats.best_streak() == 4
    assert stats.streak(DAY + datetime.timedelta(days=2)) == 0
    assert len(stats.played) == 6 and len(stats.won) == 5
    again = DailyStats.from_dict({**stats.to_dict(), "won": [*stats.to_dict()["won"], "x"]})
    assert again == stats


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
