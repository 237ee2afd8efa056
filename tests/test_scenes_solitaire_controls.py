"""The solitaires as a player meets them: keyboard play reaches a placement in both,
H then Enter places the hint, Escape and a move clear it, nothing pops up points, a win
celebrates, and the last tile is marked."""

from __future__ import annotations

from typing import Any, TypeVar

import pygame
import pytest

from game.ai.autoplay import simple_fair_move, stacked_best_try
from game.app import App
from game.rules.moves import PILE, PLACE
from game.scenes.solitaire.base import SolitaireScene
from game.scenes.solitaire.draw import DrawSolitaireScene
from game.scenes.solitaire.sources import DISCARD_KEY
from game.scenes.solitaire.stacked import StackedSolitaireScene
from game.ui.tiles.image import DIGIT_SHARE, TileState
from tests.conftest import AppMaker, HeldAdviser
from tests.drive import Input, run_until, undrawn, watched

S = TypeVar("S", bound=SolitaireScene)


def open_scene(app: App, scene: S) -> S:
    app.push(scene)
    app.run_frames(2)
    run_until(app, lambda: not scene.tweens.busy)
    return scene


def test_stacked_keyboard_play_places_a_pile_top(make_app: AppMaker) -> None:
    app = make_app(speed="instant")
    scene = open_scene(app, StackedSolitaireScene(app, seed=9))
    move = next(m for m in scene.stacked_state.legal_moves() if m.action == PLACE)
    drive = Input(app)
    drive.press(pygame.K_1 + move.pile)
    assert scene.controls.selected == (PILE, move.pile)
    cells = scene.controls.spot_cells()
    for _ in range(cells.index(move.cell) if move.cell in cells else 0):
        drive.press(pygame.K_RIGHT)
    placed = len(scene.state.figure)
    target = scene.controls.hover_cell
    drive.press(pygame.K_RETURN)
    assert len(scene.state.figure) == placed + 1
    assert scene.state.figure.last_cell == target


def test_draw_keyboard_play_turns_the_stock_and_places(make_app: AppMaker) -> None:
    app = make_app(speed="instant")
    scene = open_scene(app, DrawSolitaireScene(app, seed=7))
    assert isinstance(scene, DrawSolitaireScene)
    drive = Input(app)
    for _ in range(40):  # turn until a turned tile must be placed by hand
        placed = len(scene.state.figure)
        drive.press(pygame.K_d)
        run_until(app, lambda: not scene.tweens.busy)
        if scene.session.turned:
            drive.press(pygame.K_DOWN)
            drive.press(pygame.K_RETURN)
            run_until(app, lambda: not scene.tweens.busy)
            assert len(scene.state.figure) == placed + 1
            break
    else:
        pytest.fail("no turned tile to place")
    if scene.sources.moves_from(DISCARD_KEY):
        drive.press(pygame.K_x)
        assert scene.controls.selected == DISCARD_KEY


@pytest.mark.parametrize("kind", [StackedSolitaireScene, DrawSolitaireScene])
def test_h_then_enter_places_the_hint_and_escape_clears_it(
    make_app: AppMaker, kind: type[SolitaireScene]
) -> None:
    app = make_app(speed="instant")
    scene = open_scene(app, kind(app, seed=5))
    drive = Input(app)
    drive.press(pygame.K_h)
    run_until(app, lambda: scene.autoplay.hint_move is not None)
    drive.press(pygame.K_ESCAPE)
    assert scene.autoplay.hint_move is None and app.scene is scene
    drive.press(pygame.K_h)
    run_until(app, lambda: scene.autoplay.hint_move is not None)
    moves = len(scene.state.moves)
    drive.press(pygame.K_RETURN)
    run_until(app, lambda: not scene.tweens.busy and len(scene.state.moves) > moves)
    assert scene.autoplay.hint_move is None


def test_no_points_pop_up_in_a_solitaire(make_app: AppMaker) -> None:
    app = make_app(size=(800, 600), speed="normal")
    scene = open_scene(app, StackedSolitaireScene(app, seed=9))
    said: list[str] = []
    show_label = scene.animator.show_label

    def say(text: str, *args: Any, **kwargs: Any) -> None:
        said.append(text)
        show_label(text, *args, **kwargs)

    scene.animator.show_label = say  # type: ignore[method-assign]
    flashes = 0
    with undrawn(app):  # what is said and flashed is decided in the updates
        for _ in range(12):
            move = stacked_best_try(scene.stacked_state)
            if move is None:
                break
            scene.play(move)
            run_until(app, lambda: not scene.tweens.busy)
            flashes += len(scene.animator.flashes)
    assert flashes  # the contacts still light up
    assert not any(char.isdigit() for text in said for char in text), said


def test_a_won_deal_celebrates(make_app: AppMaker) -> None:
    from game.ai.solver import solve

    app = make_app(speed="instant")
    scene = open_scene(app, StackedSolitaireScene(app, seed=3))
    answer = solve(scene.stacked_state)
    if not answer.winnable:
        pytest.skip("deal 3 is not winnable")
    for move in answer.moves:
        scene.play(move)
    app.run_frames(2)
    assert scene.finished and scene.state.won
    assert scene.stage.celebration.active
    area = scene.board.area
    cells = [cell for cell, _t, _r in scene.state.figure.tiles()]
    assert scene.board.shows(cells)
    assert scene.board.view.side >= 34 * app.ui.scale  # fitted, not shrunk to a corner
    assert area.collidepoint(scene.board.view.cell_centre(cells[0]))


def test_the_last_tile_is_marked_on_a_solitaire_board(make_app: AppMaker) -> None:
    app = make_app(speed="instant")
    scene = open_scene(app, DrawSolitaireScene(app, seed=7))
    for _ in range(20):
        if len(scene.state.figure) >= 3 or scene.finished:
            break
        scene.session.play(simple_fair_move(scene.state))  # type: ignore[arg-type]
        scene.sync()
    app.run_frames(3)
    assert scene.board.last == scene.state.figure.last_cell


@pytest.mark.parametrize("fanned", [False, True])
def test_stacked_piles_lie_in_seven_columns_with_readable_tops(
    make_app: AppMaker, fanned: bool
) -> None:
    app = make_app(size=(800, 600), speed="instant")
    app.settings.extra["solitaire"] = {"fanned_piles": fanned}
    scene = open_scene(app, StackedSolitaireScene(app, seed=9))
    assert isinstance(scene, StackedSolitaireScene)
    xs = [x for x, _y in scene.piles.pile_pos]
    assert xs == sorted(xs) and len({round(y) for _x, y in scene.piles.pile_pos}) == 1
    digit = app.art.fonts.get(round(scene.piles.side * DIGIT_SHARE), "bold")
    assert digit.render("8", True, (0, 0, 0)).get_bounding_rect().height >= 12
    faces = [
        s
        for s in scene.tiles.sprites()
        if s not in scene.board.sprites.values() and s.state is not TileState.FACE_DOWN
    ]
    assert len(faces) == (35 if fanned else 7)
    for a in faces:  # in a column each covered tile shows its upper part: all its values
        for b in faces:
            if a is not b and abs(a.centre[0] - b.centre[0]) < 1:
                gap = abs(a.centre[1] - b.centre[1])
                assert gap >= 0.55 * min(a.side, b.side) * 0.866, (a.tile, b.tile)


def test_the_discard_pile_is_fanned_beside_the_stock(make_app: AppMaker) -> None:
    app = make_app(size=(800, 600), speed="instant")
    scene = open_scene(app, DrawSolitaireScene(app, seed=7))
    assert isinstance(scene, DrawSolitaireScene)
    for _ in range(60):
        if len(scene.draw_state.discard) >= 4 or scene.finished:
            break
        scene.session.play(simple_fair_move(scene.draw_state))
    scene.sync()
    shown = [s for s in scene.tiles.sprites() if s.tile in scene.draw_state.discard]
    assert len(shown) == len(scene.draw_state.discard) >= 4
    xs = [s.centre[0] for s in sorted(shown, key=lambda s: scene.draw_state.discard.index(s.tile))]
    assert xs == sorted(xs) and xs[0] > scene.stock_and_discard.stock_pos[0]
    assert scene.sources.sprites[DISCARD_KEY].tile == scene.draw_state.discard[-1]


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
def test_thinking_is_said_in_the_status_words_not_on_the_board(
    make_app: AppMaker, held_adviser: HeldAdviser, size: tuple[int, int]
) -> None:
    """While a hint is coming, "Thinking…" is said with the status words below the board:
    it was drawn at the board's top, over the figure's area."""
    app = make_app(size=size, speed="instant", adviser=held_adviser)
    held_adviser.release()
    scene = open_scene(app, StackedSolitaireScene(app, seed=5))
    held_adviser.allowed = held_adviser.submitted  # the hint asked from now on waits
    Input(app).press(pygame.K_h)
    assert scene.autoplay.hint_wanted
    with watched(app) as frame:
        app.redraw()
        app.run_frames(1)
    thinking = [drawn.rect for drawn in frame.texts if "Thinking…" in drawn.text]
    assert len(thinking) == 1 and not thinking[0].colliderect(scene.board.area)
    assert thinking[0].collidepoint(thinking[0].left, scene.bars.undo_button.rect.centery)
    held_adviser.release()
    run_until(app, lambda: scene.autoplay.hint_move is not None)
