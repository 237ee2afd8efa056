"""Deal numbers and share codes: the rules of a code, and the screens that show and read
them (the setup screen, the table, the score screen's "Play this deal again")."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.ai.players import LEVELS
from game.ai.worker import InProcessAdviser
from game.app import App
from game.play.couch import new_couch_table
from game.play.table_setup import TableConfig, share_code
from game.rules.record.entries import PlayerEntry
from game.rules.share import MAX_DEAL, SEAT_LETTERS, ShareCode, ShareCodeError, check_letter
from game.rules.table_rules import CLUB_RULES, MAX_HANDS, MAX_TARGET, TableRules
from game.scenes.requests import Screen, TableRequest
from game.scenes.setup.scene import SetupScene
from game.scenes.solitaire.base import SolitaireScene
from game.scenes.solitaire.draw import DrawSolitaireScene
from game.scenes.solitaire.stacked import StackedSolitaireScene
from game.scenes.table.scene import TableScene
from game.scenes.table.score import ScoreScene
from tests.conftest import AppMaker
from tests.drive import Input, run_until

KINDS = sorted(SEAT_LETTERS)


@st.composite
def table_codes(draw: st.DrawFn) -> ShareCode:
    seats = tuple(draw(st.lists(st.sampled_from(KINDS), min_size=2, max_size=7)))
    club = draw(st.booleans())
    rules = TableRules(
        hands=draw(st.integers(1, MAX_HANDS)),
        partners=len(seats) == 4 and draw(st.booleans()),
        free_draw=draw(st.booleans()),
        variant="club" if club else "standard",
        chips=draw(st.integers(0, 500)) if club else 40,
        time_limit_s=draw(st.one_of(st.none(), st.integers(1, 86_400))) if club else None,
        club_rules=draw(st.sampled_from(CLUB_RULES)) if club else "standard",
        target=None if club else draw(st.one_of(st.none(), st.integers(1, MAX_TARGET))),
    )
    return ShareCode("table", draw(st.integers(1, MAX_DEAL)), seats, rules)


@given(table_codes())
def test_a_table_code_round_trips_whatever_its_seats_and_options(code: ShareCode) -> None:
    text = str(code)
    assert ShareCode.parse(text) == code
    assert ShareCode.parse(text.lower().replace("-", " ")) == code  # as a person may type it


@given(st.sampled_from(["draw-solitaire", "stacked-solitaire"]), st.integers(1, MAX_DEAL))
def test_a_solitaire_code_round_trips(mode: str, deal: int) -> None:
    code = ShareCode(mode, deal)
    assert ShareCode.parse(str(code)) == code and str(code)[0] in "DS"


def test_every_computer_level_has_a_seat_letter() -> None:
    assert {f"ai:{level}" for level in LEVELS} <= set(SEAT_LETTERS)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "type a share code"),
        ("hello", "starts with T, D or S"),
        ("T482133", "check letter is missing"),
        ("T482133-HGX-3F-A", "check letter does not match"),
        ("T48213-HGX-3F-J", "check letter does not match"),  # a digit left out
        ("T482133-HXG-3F-J", "check letter does not match"),  # two seats swapped
        ("D482133", "check letter is missing"),
        ("T1-" + "H" * 60, "at most 48 characters"),
    ],
)
def test_a_broken_code_is_refused_with_its_reason(text: str, reason: str) -> None:
    with pytest.raises(ShareCodeError, match=reason):
        ShareCode.parse(text)


def checked(body: str) -> str:
    return f"{body}-{check_letter(body)}"


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        (checked("T5-HQ-3"), "'Q' is not a seat"),
        (checked("T5-H-3"), "2 to 7 seats"),
        (checked("T5-HH-0"), "rules.hands"),
        (checked("T5-HH-3P"), "partners play with 4 seats"),
        (checked("T5-HH-3M10"), "only a club game"),
        (checked("T5-HH-THREE"), "are not options"),
        (checked("T5-HH-3E"), "are not options"),  # the Spanish club rules without club
        (checked("T5-HH-3T200C40"), "cannot play to a target"),  # chips are not points
        (checked("T5-HH-3T0"), "rules.target"),
        (checked("D0"), "a deal number is 1"),
        (checked("D5-HH"), "deal and the check letter only"),
    ],
)
def test_a_well_checked_code_that_names_no_game_is_refused(text: str, reason: str) -> None:
    with pytest.raises(ShareCodeError, match=reason):
        ShareCode.parse(text)


def test_the_same_deal_number_deals_the_same_tiles() -> None:
    config: TableConfig = {
        "players": [{"name": "A", "kind": "human"}, {"name": "B", "kind": "human"}]
    }
    first = new_couch_table({**config, "seed": 4711}, InProcessAdviser(), 1)
    again = new_couch_table({**config, "seed": 4711}, InProcessAdviser(), 2)
    other = new_couch_table({**config, "seed": 4712}, InProcessAdviser(), 3)
    assert first.deal == 4711 and first.record.to_json()["hands"] == again.record.to_json()["hands"]
    assert first.record.to_json()["hands"] != other.record.to_json()["hands"]


# --- the screens -------------------------------------------------------------------


def open_setup(app: App) -> SetupScene:
    app.open(Screen.SETUP)
    app.run_frames(2)
    assert isinstance(app.scene, SetupScene)
    return app.scene


def type_into_deal_field(app: App, setup: SetupScene, text: str) -> None:
    Input(app).click(setup.deal_field)
    Input(app).text(text, frames=1)


def test_a_typed_share_code_sets_the_seats_and_options_and_deals_that_deal(
    make_app: AppMaker,
) -> None:
    app = make_app()
    code = ShareCode(
        "table", 4711, ("human", "ai:expert", "human"), TableRules(hands=12, free_draw=True)
    )
    setup = open_setup(app)
    type_into_deal_field(app, setup, str(code))
    assert setup.count.value == 3 and setup.rules.hands.value == 12 and setup.rules.free_draw.value
    assert [k.value for k in setup.kinds[:3]] == ["human", "ai:expert", "human"]
    Input(app).click(setup.start)
    table = app.scene
    assert isinstance(table, TableScene)
    assert table.match.deal == 4711 and share_code(table.match.record) == str(code)
    assert table.match.record.to_json()["rules"]["hands"] == 12


def test_a_broken_code_says_why_and_does_not_start(make_app: AppMaker) -> None:
    app = make_app()
    setup = open_setup(app)
    type_into_deal_field(app, setup, "T4711-HXH-12F-Q")
    assert not setup.deal_ok and "check letter" in setup.deal_words
    Input(app).click(setup.start)
    assert app.scene is setup
    assert any("check letter" in notice for notice in app.notices)


@pytest.mark.parametrize(
    ("mode", "scene_type"),
    [("draw-solitaire", DrawSolitaireScene), ("stacked-solitaire", StackedSolitaireScene)],
)
def test_a_solitaire_code_in_the_setup_screen_plays_that_solitaire_deal(
    make_app: AppMaker, mode: str, scene_type: type[SolitaireScene]
) -> None:
    app = make_app()
    setup = open_setup(app)
    type_into_deal_field(app, setup, str(ShareCode(mode, 90210)).lower())
    Input(app).click(setup.start)
    assert isinstance(app.scene, scene_type) and app.scene.seed == 90210


def test_hands_per_game_takes_any_number_typed(make_app: AppMaker) -> None:
    app = make_app()
    setup = open_setup(app)
    hands = setup.rules.hands.rect
    Input(app).click((hands.right - 24, hands.centery))  # one more
    assert setup.rules.hands.value == 4
    for key in (pygame.K_2, pygame.K_5):
        Input(app).press(key)
    assert setup.rules.hands.value == 25
    Input(app).press(pygame.K_RIGHT)
    Input(app).click(setup.start)
    assert isinstance(app.scene, TableScene) and app.scene.match.rules.hands == 26


def test_play_this_deal_again_deals_the_same_tiles_to_the_same_seats(
    make_app: AppMaker, tmp_path: Path
) -> None:
    app = make_app(speed="instant")
    players: list[PlayerEntry] = [
        {"name": "Ada", "kind": "ai:greedy"},
        {"name": "Gus", "kind": "ai:easy"},
    ]
    app.open(TableRequest({"rules": {"hands": 1}, "players": players, "seed": 31337}))
    run_until(app, lambda: isinstance(app.scene, ScoreScene))
    score = app.scene
    assert isinstance(score, ScoreScene)
    first = score.match.record
    run_until(app, lambda: score.age > 1)
    Input(app).press(pygame.K_c)
    assert pygame.scrap.get_text() == share_code(score.match.record)
    again = next(b for b in score.buttons if b.label == "Play this deal again")
    Input(app).click(again)
    table = app.scene
    assert isinstance(table, TableScene) and table.match is not score.match
    assert table.match.deal == 31337
    assert table.match.record.to_json()["hands"][0]["stock"] == first.to_json()["hands"][0]["stock"]
    assert table.match.record.to_json()["players"] == players
