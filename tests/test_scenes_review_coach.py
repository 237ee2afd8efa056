"""The coach at the table through posted events: from the score screen, in the replay
viewer, on the board, and the live tips setting."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.ai.analysis import review_table
from game.ai.worker import InProcessAdviser
from game.app import App
from game.scenes.menus.settings import SettingsScene
from game.scenes.review.coach import CoachScene
from game.scenes.review.replay import ReplayScene
from game.scenes.table.panels import end_words
from game.scenes.table.scene import TableRole, TableScene
from game.scenes.table.score import ScoreScene
from tests.conftest import AppMaker
from tests.drive import Input
from tests.test_ai_analysis import human_table_game
from tools.samples import table_config


def finished_table(app: App, seed: int = 2) -> TableScene[TableRole]:
    """Deal `seed` for Ann and Bob (people) played out as `human_table_game` plays it."""
    record = human_table_game(seed)
    table = TableScene(app, {}, record=record)
    app.push(table)
    app.run_frames(2)
    return table


def test_the_score_screen_coaches_the_game_and_shows_a_move_on_the_board(
    make_app: AppMaker,
) -> None:
    app = make_app(size=(800, 600), speed="instant", banner=False)
    table = finished_table(app)
    match = table.match
    assert match.state.is_terminal()
    score = ScoreScene(app, match, end_words(match), table.next_hand)
    app.push(score)
    app.run_frames(60)
    coach_button = next(b for b in score.buttons if b.label == "Coach")
    Input(app).click(coach_button)
    coach = app.scene
    assert isinstance(coach, CoachScene) and coach.review is not None
    expected = review_table(match.record.copy())
    assert coach.review == expected
    top = next(r for r in coach.notable if r.opportunity_sides == 3)  # the missed play
    row = coach.notable.index(top)
    assert (top.index, top.opportunity_points) == (40, 25)
    said = coach.list.rows[row][-1]
    assert (said if isinstance(said, str) else said[0]).endswith("opportunity: 25 on 3 sides")
    Input(app).press(pygame.K_DOWN, times=row)
    assert coach.list.selected == row
    Input(app).click(coach.show)
    viewer = app.scene
    assert isinstance(viewer, ReplayScene) and viewer.at_focus()
    assert (viewer.replay.hand, viewer.replay.index) == (top.hand, top.index)
    assert viewer.focus is not None and viewer.focus.better == top.best
    Input(app).press(pygame.K_ESCAPE)
    assert app.scene is coach


def test_the_replay_viewer_of_a_table_game_opens_the_coach(make_app: AppMaker) -> None:
    app = make_app(size=(800, 600), speed="instant")
    viewer = ReplayScene(app, human_table_game(4))
    app.push(viewer)
    app.run_frames(2)
    assert viewer.buttons["review"].label == "Coach"
    Input(app).click(viewer.buttons["review"])
    coach = app.scene
    assert isinstance(coach, CoachScene) and coach.review is not None
    assert [seat.seat for seat in coach.review.seats] == [0, 1]


def test_live_tips_say_what_a_move_missed(make_app: AppMaker) -> None:
    app = make_app(size=(800, 600), speed="instant", banner=False)
    settings = SettingsScene(app)
    app.push(settings)
    app.run_frames(2)
    Input(app).click(settings.tips)
    assert app.settings.coach_tips
    app.pop()
    table = TableScene(app, table_config([("Ann", "human"), ("Bot", "ai:greedy")], 3))
    app.push(table)
    app.run_frames(2)
    assert table.match.advice.tips
    seen: list[str] = []
    for _ in range(12):
        match = table.match
        if match.state.is_terminal() or match.state.hand_over:
            break
        if match.state.current_player == 0:
            moves = match.legal_moves()
            worst = min(moves, key=match.state.placement_score)  # a learner's move
            table.match.play(worst)
        app.run_frames(40)
        seen += [text for text in app.notices if text.startswith("Ann: Tip:")]
    assert seen, "no tip after a dozen weak moves"


class SteppedJob:
    """A job computed at once whose answer is handed out once its adviser allows it."""

    def __init__(self, adviser: Stepped, number: int, value: Any) -> None:
        self.adviser, self.number, self.value = adviser, number, value
        self.cancelled = False

    def done(self) -> bool:
        return self.adviser.allowed >= self.number and not self.cancelled

    def result(self) -> Any:
        return self.value if self.done() else None

    failed = False

    def cancel(self) -> None:
        self.cancelled = True


class Stepped(InProcessAdviser):
    """Thinks in-process; its jobs answer one by one, as the test allows them."""

    def __init__(self) -> None:
        super().__init__()
        self.allowed = 0
        self.jobs: list[SteppedJob] = []

    def submit(self, work: Callable[..., Any], *args: Any) -> Any:
        self.jobs.append(SteppedJob(self, len(self.jobs) + 1, work(*args)))
        return self.jobs[-1]


def test_the_coach_counts_the_moves_it_has_looked_at(make_app: AppMaker) -> None:
    """A game's review takes the master half a minute: the screen counts the moves as
    the worker looks at them, one at a time (it said only that it was working)."""
    adviser = Stepped()
    app = make_app(size=(800, 600), speed="instant", adviser=adviser)
    record = human_table_game(4)
    expected = review_table(record.copy())
    total = len(expected.reviews)
    coach = CoachScene(app, record)
    app.push(coach)
    for done in range(total):
        app.run_frames(2)
        assert coach.summary() == [f"The coach is going over every move… {done} of {total}"]
        assert len(adviser.jobs) == done + 1  # one move at a time
        adviser.allowed += 1
    app.run_frames(2)
    assert coach.review == expected


def test_leaving_the_coach_drops_the_move_it_was_looking_at(make_app: AppMaker) -> None:
    adviser = Stepped()
    app = make_app(size=(800, 600), speed="instant", adviser=adviser)
    coach = CoachScene(app, human_table_game(4))
    app.push(coach)
    app.run_frames(2)
    Input(app).press(pygame.K_ESCAPE)
    assert app.scene is not coach
    assert len(adviser.jobs) == 1 and adviser.jobs[0].cancelled
