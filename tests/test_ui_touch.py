"""A touch screen, headless: real finger events posted to the real table place a tile
by two taps, show a tile's edges on a long press, and pan, pinch and spread the figure
with two fingers; SDL's mouse made from a finger is not counted again."""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path

import pygame
import pytest

from game.app import App
from game.rules.moves import PLACE
from game.scenes.menus.rules import RulesScene
from game.scenes.table.scene import TableRole, TableScene
from game.ui.layout import Point
from game.ui.pacing import FIXED_DT
from game.ui.tile_details import edge_words
from game.ui.touch import HOLD, TOUCH_TARGET
from tests.conftest import AppMaker
from tests.drive import Input, at, menu_button
from tests.test_scenes_table_scene import open_table, ready_on_a_figure
from tools.samples import table_config

SCREEN = 0
"""The touch device's id."""


EMULATED = {
    pygame.FINGERDOWN: (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN),
    pygame.FINGERMOTION: (pygame.MOUSEMOTION,),
    pygame.FINGERUP: (pygame.MOUSEBUTTONUP,),
}
"""The mouse events SDL makes from a touch screen's first finger, before its own."""


def finger(
    app: App,
    kind: int,
    pos: Point,
    finger_id: int = 0,
    frames: int = 1,
    *,
    screen: bool = True,
) -> None:
    """A real finger event at pixel `pos` (posted normalised, as SDL gives it); on a
    touch `screen` the first finger's brings SDL's mouse events made from it first."""
    if screen and finger_id == 0:
        for mouse in EMULATED[kind]:
            Input.post(mouse, pos=pos, rel=(0, 0), buttons=(1, 0, 0), button=1, touch=True)
    width, height = app.size
    x, y = pos[0] / width, pos[1] / height
    pygame.event.post(
        pygame.event.Event(
            kind, touch_id=SCREEN, finger_id=finger_id, x=x, y=y, dx=0.0, dy=0.0, pressure=1.0
        )
    )
    app.run_frames(frames)


def tap(app: App, pos: Point) -> None:
    finger(app, pygame.FINGERDOWN, pos)
    finger(app, pygame.FINGERUP, pos)


def table_ready(make_app: AppMaker, tmp_path: Path) -> tuple[App, TableScene[TableRole]]:
    app = make_app(tmp_path, speed="instant", banner=False)
    scene = open_table(app, table_config([("Ann", "human"), ("Bot", "ai:greedy")], seed=9))
    ready_on_a_figure(app, scene)
    return app, scene


def test_two_taps_pick_a_tile_and_place_it(make_app: AppMaker, tmp_path: Path) -> None:
    app, scene = table_ready(make_app, tmp_path)
    moves = len(scene.state.moves)
    move = next(m for m in scene.legal_moves() if m.action == PLACE)
    tap(app, at(scene.hands.sprites[move.tile].centre))
    assert scene.controls.selected == move.tile
    tap(app, at(scene.board.view.cell_centre(move.cell)))
    placed = scene.state.moves[moves]
    assert (placed.tile, placed.cell) == (move.tile, move.cell)


def test_a_finger_slides_a_tile_to_its_spot(make_app: AppMaker, tmp_path: Path) -> None:
    app, scene = table_ready(make_app, tmp_path)
    moves = len(scene.state.moves)
    move = next(m for m in scene.legal_moves() if m.action == PLACE)
    start = at(scene.hands.sprites[move.tile].centre)
    end = at(scene.board.view.cell_centre(move.cell))
    finger(app, pygame.FINGERDOWN, start)
    for step in (0.25, 0.5, 0.75, 1.0):
        between = (
            round(start[0] + (end[0] - start[0]) * step),
            round(start[1] + (end[1] - start[1]) * step),
        )
        finger(app, pygame.FINGERMOTION, between)
    finger(app, pygame.FINGERUP, end)
    placed = scene.state.moves[moves]
    assert (placed.tile, placed.cell) == (move.tile, move.cell)


def test_a_touch_is_not_counted_twice(make_app: AppMaker, tmp_path: Path) -> None:
    """SDL's mouse events made from a finger (`touch` set) are dropped: one finger
    sliding over the background pans the figure once."""
    app, scene = table_ready(make_app, tmp_path)
    board = scene.board
    start = (board.area.left + 30, board.area.top + 30)
    end = (start[0] + 30, start[1])
    origin = board.view.origin
    finger(app, pygame.FINGERDOWN, start)
    Input.post(pygame.MOUSEMOTION, pos=end, rel=(30, 0), buttons=(1, 0, 0), touch=True)
    finger(app, pygame.FINGERMOTION, end, screen=False)  # the motion's mouse event is above
    finger(app, pygame.FINGERUP, end)
    assert board.view.origin[0] - origin[0] == 30


def test_a_touchpads_fingers_are_left_to_its_mouse(make_app: AppMaker, tmp_path: Path) -> None:
    """A touchpad's fingers (which SDL makes no mouse presses from) tap nothing."""
    app, scene = table_ready(make_app, tmp_path)
    move = next(m for m in scene.legal_moves() if m.action == PLACE)
    pos = at(scene.hands.sprites[move.tile].centre)
    finger(app, pygame.FINGERDOWN, pos, screen=False)
    finger(app, pygame.FINGERUP, pos, screen=False)
    assert scene.controls.selected is None


def test_a_long_press_names_the_tiles_edges(make_app: AppMaker, tmp_path: Path) -> None:
    app, scene = table_ready(make_app, tmp_path)
    tile = scene.state.hand_tiles(0)[0]
    pos = at(scene.hands.sprites[tile].centre)
    finger(app, pygame.FINGERDOWN, pos, frames=round(HOLD / FIXED_DT / 2))
    assert not scene.controls.details.text  # not yet
    app.run_frames(round(HOLD / FIXED_DT))
    names = app.art.theme.edge_names
    assert scene.controls.details.text == edge_words(tile, names)
    finger(app, pygame.FINGERUP, pos)
    assert scene.controls.selected is None  # a long press looks, it does not pick up
    tap(app, (scene.board.area.left + 5, scene.board.area.top + 5))
    assert not scene.controls.details.text


def test_a_tap_just_outside_a_small_button_presses_it(make_app: AppMaker, tmp_path: Path) -> None:
    """At 800x600 the buttons are under 40 px tall, a finger's width: a tap beside one,
    on nothing else, is taken as on it."""
    app = make_app(tmp_path, (800, 600))
    rules = menu_button(app, "rules").rect
    assert rules.height < TOUCH_TARGET
    below = (rules.centerx, rules.bottom + (TOUCH_TARGET - rules.height) // 2 - 1)
    assert not any(widget.rect.collidepoint(below) for widget in app.scene.form.widgets)
    tap(app, below)
    assert isinstance(app.scene, RulesScene)


def test_a_finger_held_on_a_still_screen_wakes_the_loop_for_its_long_press(
    make_app: AppMaker, tmp_path: Path
) -> None:
    """While nothing moves the loop sleeps till the next change due: a finger held
    still is one, else its long press would wait for the next event."""
    app = make_app(tmp_path)
    app.run_frames(5)
    assert app.still_for() > HOLD
    finger(app, pygame.FINGERDOWN, (5, app.size[1] - 5), frames=2)
    assert 0 < app.still_for() < HOLD
    finger(app, pygame.FINGERUP, (5, app.size[1] - 5), frames=2)
    assert app.still_for() > HOLD


def test_two_fingers_pan_the_figure(make_app: AppMaker, tmp_path: Path) -> None:
    app, scene = table_ready(make_app, tmp_path)
    board = scene.board
    area = board.area
    fingers = [(area.left + 30, area.top + 30), (area.left + 90, area.top + 40)]
    assert all(board.cell_at(pos) not in scene.state.figure for pos in fingers)
    origin = board.view.origin
    for finger_id, pos in enumerate(fingers):
        finger(app, pygame.FINGERDOWN, pos, finger_id)
    for step in (20, 40):
        for finger_id, (x, y) in enumerate(fingers):
            finger(app, pygame.FINGERMOTION, (x + step, y + step / 2), finger_id)
    for finger_id, (x, y) in enumerate(fingers):
        finger(app, pygame.FINGERUP, (x + 40, y + 20), finger_id)
    moved = (board.view.origin[0] - origin[0], board.view.origin[1] - origin[1])
    assert abs(moved[0] - 40) <= 1 and abs(moved[1] - 20) <= 1
    assert board.moved_by_player


def gesture(app: App, fingers: Sequence[Point], moves: Sequence[Sequence[Point]]) -> None:
    """Fingers put down at `fingers`, moved through each of `moves` (one place a
    finger each) and lifted."""
    for finger_id, pos in enumerate(fingers):
        finger(app, pygame.FINGERDOWN, pos, finger_id)
    for places in moves:
        for finger_id, pos in enumerate(places):
            finger(app, pygame.FINGERMOTION, pos, finger_id)
    for finger_id, pos in enumerate(moves[-1]):
        finger(app, pygame.FINGERUP, pos, finger_id)


def test_two_fingers_pinched_and_spread_zoom_the_figure_round_them(
    make_app: AppMaker, tmp_path: Path
) -> None:
    """Fingers pinched together shrink the figure by as much as their spread shrank,
    the spot between them staying between them; spread apart, they grow it again; the
    view stays where the player put it. (Pinches were SDL's own MULTIGESTURE, which
    fingers posted as SDL gives them never made, and SDL 3 makes no more.)"""
    app, scene = table_ready(make_app, tmp_path)
    board = scene.board
    view = board.view
    middle = board.area.center
    under = view.to_world(middle)
    side = view.side
    apart = [(middle[0] - 40, middle[1]), (middle[0] + 40, middle[1])]
    closer = [
        [(middle[0] - 40 + step, middle[1]), (middle[0] + 40 - step, middle[1])] for step in (5, 10)
    ]
    gesture(app, apart, closer)
    assert view.side == pytest.approx(side * 60 / 80, rel=0.01)
    assert math.dist(view.to_screen(under), middle) <= 1.5
    assert board.moved_by_player
    gesture(app, closer[-1], [apart])
    assert view.side == pytest.approx(side, rel=0.01)
    assert math.dist(view.to_screen(under), middle) <= 1.5
