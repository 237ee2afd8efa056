"""The daily deal: the same winnable deal for a date everywhere, and the `daily` command."""

from __future__ import annotations

import datetime
import json
import os

from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.daily import daily_deal
from game.ai.solver import solve
from game.rules.record.document import DAILY_KEY, GameRecord
from game.rules.record.recorded_game import RecordedGame
from game.rules.solitaire import DrawSolitaireState, StackedSolitaireState
from tests.commands import command
from tests.conftest import GUARD_S
from tests.forks import GAME_MODULES, forked

DAY = datetime.date(2026, 11, 22)


dates = st.dates(datetime.date(2000, 1, 1), datetime.date(2200, 12, 31))


def daily_process(mode: str, day: datetime.date) -> str:
    """What `python -m game.cli daily` prints, run in a process forked from a zygote that
    has imported the game (tests/forks.py): a new interpreter, hashing strings its own
    way."""
    args = ["daily", "--mode", mode, "--date", day.isoformat()]
    daily = forked(GAME_MODULES, module="game.cli", args=args, env=os.environ)
    out, errors = daily.communicate(timeout=GUARD_S)
    assert daily.returncode == 0, errors
    printed: str = out
    return printed


@settings(max_examples=4, deadline=None)
@given(dates, st.sampled_from(["draw-solitaire", "stacked-solitaire"]))
def test_daily_prints_the_same_winnable_deal_in_two_processes(
    day: datetime.date, mode: str
) -> None:
    """A new process and this one (each hashing strings its own way)."""
    first = daily_process(mode, day)
    assert first == command("daily", "--mode", mode, "--date", day.isoformat()).stdout
    data = json.loads(first)
    assert data["mode"] == mode and data[DAILY_KEY] == day.isoformat()
    assert data["hands"][0]["moves"] == [] and data["seed"] == daily_deal(mode, day)
    state = RecordedGame.from_record(GameRecord.parse(data)).state
    assert isinstance(state, DrawSolitaireState | StackedSolitaireState)
    assert solve(state).winnable


def test_daily_without_a_date_is_today_and_a_bad_date_is_refused() -> None:
    today = command("daily", "--mode", "draw-solitaire")
    assert today.returncode == 0
    assert json.loads(today.stdout)[DAILY_KEY] == datetime.date.today().isoformat()
    bad = command("daily", "--mode", "draw-solitaire", "--date", "2026-02-30")
    assert bad.returncode == 2 and bad.stdout == ""
    assert len(bad.stderr.strip().splitlines()) == 1 and "YYYY-MM-DD" in bad.stderr


def test_days_differ_and_modes_differ() -> None:
    draws = {daily_deal("draw-solitaire", DAY + datetime.timedelta(days=n)) for n in range(5)}
    assert len(draws) >= 4
