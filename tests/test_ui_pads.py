"""A gamepad, headless: real controller events posted to the real app play a move,
hint, undo, walk the menus, and plug in and out without harm."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.app import App
from game.rules.moves import PLACE
from game.scenes.dialog import ConfirmScene
from game.scenes.menus.menu import MenuScene
from game.scenes.menus.rules import RulesScene
from tests.conftest import AppMaker
from tests.drive import run_until
from tests.test_scenes_table_scene import open_table, ready_for_human, ready_on_a_figure
from tests.virtual_pad import VirtualPad, loaded_sdl
from tools.samples import table_config

PAD = 0
"""The instance id the controller's events carry."""


def button(app: App, which: int, *, times: int = 1) -> None:
    """`times` real presses (and releases) of a controller's button, a frame after each."""
    for _ in range(times):
        pygame.event.post(
            pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=PAD, button=which)
        )
        pygame.event.post(
            pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=PAD, button=which)
        )
        app.run_frames(1)


def stick(app: App, axis: int, *values: int) -> None:
    """The left stick moved through `values` along `axis`, a frame after each."""
    for value in values:
        pygame.event.post(
            pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=PAD, axis=axis, value=value)
        )
        app.run_frames(1)


def test_a_whole_move_is_placed_by_the_controller_alone(make_app: AppMaker, tmp_path: Path) -> None:
    app = make_app(tmp_path, speed="instant", banner=False)
    scene = open_table(app, table_config([("Ann", "human"), ("Bot", "ai:greedy")], seed=9))
    ready_on_a_figure(app, scene)
    moves = len(scene.state.moves)
    button(app, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)  # the first tile that fits
    held = scene.controls.selected
    assert held is not None
    button(app, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)  # the next spot
    button(app, pygame.CONTROLLER_BUTTON_A)
    placed = scene.state.moves[moves]
    assert placed.action == PLACE and placed.tile == held


def test_the_controller_turns_the_first_tile_of_a_hand_and_places_it(
    make_app: AppMaker, tmp_path: Path
) -> None:
    """X turns the held first tile of a hand (as R does), a third of a turn a press, and
    A lays it down so turned."""
    app = make_app(tmp_path, speed="instant", banner=False)
    scene = open_table(app, table_config([("Ann", "human"), ("Bot", "ai:greedy")], seed=9))
    run_until(app, lambda: ready_for_human(scene))
    assert not scene.state.figure  # Ann lays the first tile
    button(app, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
    held = scene.controls.selected
    assert held is not None
    button(app, pygame.CONTROLLER_BUTTON_X, times=2)
    assert scene.controls.first_rot == 2
    button(app, pygame.CONTROLLER_BUTTON_A)
    first = scene.state.moves[0]
    assert (first.action, first.tile, first.rot) == (PLACE, held, 2)


def test_the_controller_asks_a_hint_and_undoes(make_app: AppMaker, tmp_path: Path) -> None:
    app = make_app(tmp_path, speed="instant", banner=False)
    scene = open_table(app, table_config([("Ann", "human"), ("Bot", "ai:greedy")], seed=9))
    ready_on_a_figure(app, scene)
    moves = len(scene.state.moves)
    button(app, pygame.CONTROLLER_BUTTON_Y)
    run_until(app, lambda: scene.help.hint is not None)
    assert scene.help.hint in scene.legal_moves()
    assert scene.controls.selected == scene.help.hint.tile
    button(app, pygame.CONTROLLER_BUTTON_A)  # places the hinted tile
    assert len(scene.state.moves) > moves
    run_until(app, lambda: scene.human_can_act() or scene.state.hand_over)
    button(app, pygame.CONTROLLER_BUTTON_BACK)
    assert len(scene.state.moves) == moves


def test_the_stick_and_buttons_walk_the_menus(make_app: AppMaker, tmp_path: Path) -> None:
    app = make_app(tmp_path)
    for _ in range(3):  # pushed down and back to the middle: one step each time
        stick(app, pygame.CONTROLLER_AXIS_LEFTY, 20000, 30000, 0)
    button(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN, times=3)
    button(app, pygame.CONTROLLER_BUTTON_A)
    assert isinstance(app.scene, RulesScene)
    stick(app, pygame.CONTROLLER_AXIS_LEFTX, 32767)
    assert app.scene.page == 1
    button(app, pygame.CONTROLLER_BUTTON_B)
    assert isinstance(app.scene, MenuScene) and len(app.scenes) == 1


@pytest.fixture
def virtual_pad() -> Iterator[VirtualPad]:
    sdl = loaded_sdl()
    if sdl is None:
        pytest.skip("the SDL library pygame-ce runs is not found")
    pad = VirtualPad(sdl)
    yield pad
    pad.unplug()


def test_a_controller_sdl_plugs_in_is_played_with_and_unplugged(
    make_app: AppMaker, tmp_path: Path, virtual_pad: VirtualPad
) -> None:
    """End to end through SDL: a (virtual) controller plugged in while the game runs is
    opened, its button presses come as SDL's own events and walk the menu, and
    unplugged it is closed; plugged in again it plays again."""
    app = make_app(tmp_path)

    def press(instance: int, button: int) -> None:
        for down in (True, False):
            virtual_pad.set_button(instance, button, down)
            app.run_frames(1)

    def plug_in() -> int:
        virtual_pad.plug_in()
        app.run_frames(2)
        assert len(app.pads.opened) == 1
        return next(iter(app.pads.opened))

    instance = plug_in()
    for _ in range(6):
        press(instance, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    press(instance, pygame.CONTROLLER_BUTTON_A)
    assert isinstance(app.scene, RulesScene)
    press(instance, pygame.CONTROLLER_BUTTON_B)
    assert isinstance(app.scene, MenuScene)
    virtual_pad.unplug()
    app.run_frames(2)
    assert not app.pads.opened and app.running
    instance = plug_in()
    press(instance, pygame.CONTROLLER_BUTTON_B)  # on the menu: asks before quitting
    assert isinstance(app.scene, ConfirmScene)
    press(instance, pygame.CONTROLLER_BUTTON_B)
    assert isinstance(app.scene, MenuScene) and app.running


def test_a_controller_plugged_in_and_out_while_the_game_runs(
    make_app: AppMaker, tmp_path: Path
) -> None:
    """No controller is present headless: one announced but gone is let be, and one
    removed that was never opened is forgotten, and the game runs on."""
    app = make_app(tmp_path)
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=0))
    app.run_frames(2)
    assert not app.pads.opened
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=PAD))
    app.run_frames(2)
    assert app.running and isinstance(app.scene, MenuScene)
    button(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN, times=6)
    button(app, pygame.CONTROLLER_BUTTON_A)
    assert isinstance(app.scene, RulesScene)
