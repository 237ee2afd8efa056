"""Navigation by typed requests: every plain screen and every request with options is
made by the router into the screen it names (mypy checks each call site's fields)."""

from __future__ import annotations

import pytest

from game.app import App
from game.play.couch import open_couch_table
from game.play.table_setup import TableConfig
from game.router import SCENES, make_scene
from game.rules.modes import Mode
from game.rules.record.document import GameRecord
from game.rules.record.entries import PlayerEntry
from game.rules.record.recorded_game import RecordedGame
from game.scenes.games.frame import TABS
from game.scenes.games.records import SaveRecordScene
from game.scenes.requests import (
    CoachRequest,
    ReplayRequest,
    SaveRecordRequest,
    ScoreRequest,
    Screen,
    SolitaireRequest,
    TableRequest,
)
from game.scenes.review.coach import CoachScene
from game.scenes.review.replay import ReplayScene
from game.scenes.solitaire.draw import DrawSolitaireScene
from game.scenes.solitaire.stacked import StackedSolitaireScene
from game.scenes.table.guided import LessonTable
from game.scenes.table.scene import TableScene
from game.scenes.table.score import ScoreScene
from tests.drive import is_table_of

PLAYERS: list[PlayerEntry] = [
    {"name": "Ann", "kind": "human"},
    {"name": "Ben", "kind": "ai:greedy"},
]


@pytest.mark.parametrize("screen", list(Screen))
def test_every_plain_screen_is_routed(app: App, screen: Screen) -> None:
    scene = make_scene(app, screen)
    if screen is Screen.GUIDED_GAME:  # the table's screen, with the lesson's role
        assert is_table_of(scene, LessonTable)
    else:
        assert type(scene) is SCENES[screen]


def test_the_your_games_tabs_are_plain_screens() -> None:
    assert all(key in SCENES for key, _label in TABS)


def test_requests_with_options_make_their_screens(app: App) -> None:
    config: TableConfig = {"rules": {"hands": 1}, "players": PLAYERS, "seed": 5}
    table = make_scene(app, TableRequest(config))
    assert isinstance(table, TableScene) and table.match.deal == 5
    draw = make_scene(app, SolitaireRequest(Mode.DRAW_SOLITAIRE, 12))
    assert isinstance(draw, DrawSolitaireScene) and draw.seed == 12
    stacked = make_scene(app, SolitaireRequest(Mode.STACKED_SOLITAIRE, 3))
    assert isinstance(stacked, StackedSolitaireScene) and stacked.seed == 3
    match, _failure = open_couch_table(config, None, app.adviser)
    score = make_scene(app, ScoreRequest(match, "Hand over.", lambda: None))
    assert isinstance(score, ScoreScene) and score.match is match
    record = GameRecord.parse(
        RecordedGame.new_solitaire(Mode.DRAW_SOLITAIRE, PLAYERS[0], 4).record.to_json()
    )
    replay = make_scene(app, ReplayRequest(record, "Deal 4"))
    assert isinstance(replay, ReplayScene) and replay.title == "Deal 4"
    coach = make_scene(app, CoachRequest(match.recorded.record, "This game"))
    assert isinstance(coach, CoachScene) and coach.title == "This game"
    dialog = make_scene(app, SaveRecordRequest(record))
    assert isinstance(dialog, SaveRecordScene) and dialog.record is record


def test_an_unknown_solitaire_is_refused() -> None:
    with pytest.raises(ValueError, match="no solitaire called 'patience'"):
        make_scene(object(), SolitaireRequest("patience"))  # type: ignore[arg-type]


def test_a_screen_name_alone_is_not_a_request() -> None:
    with pytest.raises(TypeError, match="not a screen request: 'records'"):
        make_scene(object(), "records")  # type: ignore[arg-type]
