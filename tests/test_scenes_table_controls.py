"""The hands at the table, headless: each hand's row, a draw played for a human at the
hand-off, and the keyboard's choice of tile."""

from __future__ import annotations

import copy
import itertools
import random
from pathlib import Path

import pygame
import pytest

from game.ai.players import make_player
from game.play.table_reading import seat_hands
from game.rules.moves import DRAW_MOVE, PLACE
from game.rules.record.document import GameRecord
from game.rules.record.recorded_game import RecordedGame
from game.rules.table import TableState
from game.scenes.table.scene import TableRole, TableScene
from tests.conftest import AppMaker
from tests.drive import Input, run_until, sizes_in, undrawn
from tests.test_scenes_table_scene import FRAMES, open_table, position, ready_for_human
from tools.samples import table_config


def rows_alternate(scene: TableScene[TableRole]) -> bool:
    """Every seat's tiles, left to right, point up and down in turn (no gap between two
    tiles turned alike)."""
    for tiles in seat_hands(scene.match.state):
        row = sorted((scene.hands.sprites[tile] for tile in tiles), key=lambda s: s.centre[0])
        ups = [sprite.up for sprite in row]
        if any(a == b for a, b in itertools.pairwise(ups)):
            return False
    return True


def test_a_hand_closes_up_with_no_gap_after_each_move(make_app: AppMaker, tmp_path: Path) -> None:
    app = make_app(tmp_path, speed="instant", banner=False)
    players = [("Ann", "human"), ("Bot", "ai:greedy"), ("Cy", "ai:greedy")]
    scene = open_table(app, table_config(players, seed=3))
    chooser = make_player("greedy", random.Random(3))
    while not scene.state.hand_over:
        run_until(app, lambda: ready_for_human(scene) or scene.state.hand_over)
        run_until(app, lambda: not scene.tweens.busy)
        assert rows_alternate(scene)
        if not scene.state.hand_over:
            scene.play(chooser.choose(scene.state))
    assert len(scene.state.figure) > 8


def draws_then_fits(state: TableState) -> bool:
    """The second person must draw, and the tile drawn fits: the mouse is passed to them."""
    if state.current != 1 or state.legal_moves() != [DRAW_MOVE]:
        return False
    after = state.clone()
    after.apply(DRAW_MOVE)
    return any(move.action == PLACE for move in after.legal_moves())


def test_a_draw_played_for_a_person_lands_in_their_hand_and_their_log(
    make_app: AppMaker, tmp_path: Path
) -> None:
    """The drawn tile flew to the tray while the draw was played, and the hand-off then
    gave the tray to the other person: the tile must follow its hand to the seat's
    panel (it stayed under the hand-off panel, so the panel said three tiles beside two),
    and the log they read says the draw was played for them."""
    record = position(["human", "human", "ai:greedy"], draws_then_fits, level="greedy")
    app = make_app(tmp_path, speed="normal", banner=True)
    scene = open_table(app, record=record)
    with undrawn(app):  # where the tiles went is the sprites' state
        run_until(app, lambda: scene.turns.banner_seat == 1 and not scene.tweens.busy)
    tiles = seat_hands(scene.match.state)[1]
    panel = scene.layout.seats[1].rect
    assert scene.hands.tray_seat == 0
    assert all(panel.collidepoint(scene.hands.sprites[tile].centre) for tile in tiles)
    drawn = scene.match.record.last_hand_moves()[-1]
    assert drawn.move == DRAW_MOVE
    assert scene.turns.news_for(1) == ["P2 drew a tile"]
    assert rows_alternate(scene)


def draws_in_a_row(state: TableState) -> int:
    """How many tiles the seat to play draws in a row from `state` before it can place
    or pass."""
    after, count = state.clone(), 0
    while after.current == state.current and after.legal_moves() == [DRAW_MOVE]:
        after.apply(DRAW_MOVE)
        count += 1
    return count


@pytest.mark.parametrize(
    ("language", "told"), [("en", "P2 drew {count} tiles"), ("es", "P2 robó {count} triángulos")]
)
def test_a_computers_draws_in_a_row_are_one_line_of_the_handoff_log(
    make_app: AppMaker, tmp_path: Path, language: str, told: str
) -> None:
    """A computer between two people draws several tiles before it can place: the next
    person's hand-off log tells them as one line with their count, in the words of the
    player's language."""
    record = position(
        ["human", "ai:greedy", "human"],
        lambda state: state.current == 1 and draws_in_a_row(state) >= 3,
    )
    start = RecordedGame.from_record(GameRecord.parse(copy.deepcopy(record))).state
    assert isinstance(start, TableState)
    count = draws_in_a_row(start)
    app = make_app(tmp_path, speed="instant", banner=True)
    app.settings.language = language
    app.apply_settings()
    scene = open_table(app, record=record)
    run_until(app, lambda: scene.turns.banner_seat == 2)
    log = scene.turns.news_for(2)
    assert len(log) == 2 and log[0] == told.format(count=count)  # then its tile, or its pass
    assert scene.handoff.lines == log


def test_tab_goes_through_the_tiles_that_fit_only(make_app: AppMaker, tmp_path: Path) -> None:
    def first_tile_fits_nowhere(state: TableState) -> bool:
        if state.current != 0 or len(state.figure) < 2:
            return False
        playable = {move.tile for move in state.legal_moves() if move.action == PLACE}
        return bool(playable) and state.hand_tiles(0)[0] not in playable

    record = position(["human", "ai:greedy"], first_tile_fits_nowhere, level="greedy")
    app = make_app(tmp_path, speed="instant", banner=False)
    scene = open_table(app, record=record)
    run_until(app, lambda: ready_for_human(scene))
    playable = {move.tile for move in scene.legal_moves() if move.action == PLACE}
    chosen = []
    for _ in range(len(playable) + 1):
        Input(app, FRAMES).press(pygame.K_TAB)
        chosen.append(scene.controls.selected)
    assert chosen[0] in playable and scene.controls.spots()
    assert set(chosen) == playable


# --- issue 49: one font size per row and role ------------------------------------------

LOOKS = [(code, size) for code in ("en", "es") for size in ((800, 600), (1280, 800), (1920, 1080))]


@pytest.mark.parametrize(("code", "size"), LOOKS, ids=[f"{c}-{w}x{h}" for c, (w, h) in LOOKS])
def test_the_tables_buttons_say_their_words_at_one_size(
    make_app: AppMaker, code: str, size: tuple[int, int]
) -> None:
    """Hint, Undo, Redo, Save and Menu under the tray: one size for all (Spanish's
    "Deshacer (U)" was smaller than "Pista (H)" beside it)."""
    app = make_app(size=size, speed="instant")
    app.settings.language = code
    app.apply_settings()
    scene = open_table(app, table_config([("Ann", "human"), ("Gus", "ai:greedy")], 11))
    run_until(app, scene.human_can_act)
    shown = [button for button in scene.buttons.values() if button.visible]
    sizes = sizes_in(app, shown)
    assert len(shown) >= 4 and len(set(sizes.values())) == 1, sizes
