"""The table's board, headless: the figure fitted after every move, gliding there with no
jump, clear of the deal's words and the stock, and nothing drawn outside the board."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator

import pygame
import pytest

from game.ai.players import make_player
from game.app import App
from game.rules.lattice import Cell
from game.rules.moves import PLACE
from game.rules.table import TableState
from game.scenes.table.scene import TableRole, TableScene
from game.ui.board.board import FIGURE_LAYER, Board
from game.ui.tiles.sprites import TileLayer
from tests.conftest import AppMaker
from tests.drive import Input, run_until, undrawn
from tests.test_scenes_table_scene import open_table, position, ready_for_human, ready_on_a_figure
from tools.samples import table_config

SIZES = [(800, 600), (1280, 800), (1920, 1080)]


def shown_rect(scene: TableScene[TableRole]) -> pygame.Rect:
    """The figure's tiles and open cells (where spots and hints light up) on screen."""
    view = scene.board.view
    corners = [point for cell in scene.stage.figure_cells() for point in view.cell_vertices(cell)]
    xs, ys = [x for x, _y in corners], [y for _x, y in corners]
    return pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def played_hand(app: App, scene: TableScene[TableRole]) -> Iterator[None]:
    """Play the hand out (the person by the greedy choice), yielding at every frame."""
    chooser = make_player("greedy", random.Random(5))
    while not scene.state.hand_over:
        if ready_for_human(scene) and not scene.tweens.busy:
            scene.play(chooser.choose(scene.state))
        app.tick()
        yield


@pytest.mark.parametrize("size", SIZES)
def test_the_figure_is_fitted_after_every_move_clear_of_the_corners(
    make_app: AppMaker, size: tuple[int, int]
) -> None:
    app = make_app(size=size, speed="instant", banner=False)
    players = [("Ann", "human"), ("Bo", "ai:greedy"), ("Cy", "ai:greedy"), ("Di", "ai:greedy")]
    scene = open_table(app, table_config(players, seed=3))
    board = scene.board
    assert len(board.keep_clear) == 3  # the deal, its share code, the stock
    fitted_at: list[int] = []
    with undrawn(app):
        for _ in played_hand(app, scene):
            if scene.tweens.busy or len(scene.state.figure) in [0, *fitted_at]:
                continue
            fitted_at.append(len(scene.state.figure))
            fit = board.fitted(scene.stage.figure_cells())
            assert (board.view.side, board.view.origin) == (fit.side, fit.origin)
            shown = shown_rect(scene)
            assert board.area.contains(shown)
            assert shown.collidelist(board.keep_clear) < 0
    assert len(fitted_at) > 10


Centres = dict[Cell, tuple[float, float]]


def glided(board: Board, tiles: TileLayer, before: Centres) -> Centres:
    """Where each tile resting on the figure is now, each having moved at most a quarter
    of a side (or 6 px) since `before`, and one new since landed on its own cell."""
    now = {
        cell: sprite.centre
        for cell, sprite in board.sprites.items()
        if tiles.get_layer_of_sprite(sprite) == FIGURE_LAYER
    }
    step = max(0.25 * board.view.side, 6)
    for cell, (x, y) in now.items():
        if cell in before:
            assert abs(x - before[cell][0]) + abs(y - before[cell][1]) <= step
        else:  # just landed (or a deal's first tile): on its cell
            ax, ay = board.view.cell_box_centre(cell)
            assert abs(x - ax) < 1 and abs(y - ay) < 1
    return now


def test_the_view_glides_and_a_tile_lands_where_the_fit_puts_it(make_app: AppMaker) -> None:
    """The figure moves a little each frame (it jumped once a tile had landed), and the
    tile in flight arrives on its cell as the view does (every frame of a whole hand,
    undrawn: the glide is in the updates)."""
    app = make_app(size=(800, 600), speed="normal", banner=False)
    players = [("Ann", "human"), ("Bo", "ai:greedy"), ("Cy", "ai:greedy"), ("Di", "ai:greedy")]
    scene = open_table(app, table_config(players, seed=3))
    board = scene.board
    before: Centres = {}
    sides = {board.view.side}
    with undrawn(app):
        for _ in played_hand(app, scene):
            before = glided(board, scene.stage.tiles, before)
            sides.add(board.view.side)
    assert len(sides) > 2  # it grew smaller on its way, not in a step


def test_a_view_the_player_moved_is_kept_and_f_fits_again(make_app: AppMaker) -> None:
    app = make_app(size=(1280, 800), speed="instant", banner=False)
    scene = open_table(app, table_config([("Ann", "human"), ("Bo", "ai:greedy")], seed=4))
    ready_on_a_figure(app, scene)
    drive = Input(app)
    drive.press(pygame.K_LEFT, times=2)
    moved = scene.board.view.origin
    chooser = make_player("greedy", random.Random(1))
    scene.play(chooser.choose(scene.state))
    run_until(app, lambda: ready_for_human(scene) or scene.state.hand_over)
    assert scene.board.view.origin == moved  # not fought every move
    drive.press(pygame.K_f, frames=3)
    fit = scene.board.fitted(scene.stage.figure_cells())
    assert (scene.board.view.side, scene.board.view.origin) == (fit.side, fit.origin)


def test_nothing_the_board_draws_leaves_it(make_app: AppMaker) -> None:
    """Lit spots of a figure panned against the board's edge stop at the edge: the seat
    panels and the status bar beside it stay as they were."""
    app = make_app(size=(1280, 800), speed="instant", banner=False)
    scene = open_table(app, table_config([("Ann", "human"), ("Bo", "ai:greedy")], seed=4))
    ready_on_a_figure(app, scene)
    board = scene.board
    cells = scene.state.figure.open_cells()
    leftmost = min(cells, key=lambda cell: board.view.cell_centre(cell)[0])
    while board.view.cell_centre(leftmost)[0] > board.area.left:  # spots over the left edge
        Input(app, 1).press(pygame.K_RIGHT)  # the view moves right: the figure goes left
    app.run_frames(2)
    outside = [box.rect for box in scene.layout.seats] + [scene.layout.status]
    plain = [app.screen.subsurface(rect).copy() for rect in outside]
    tiles = [m.tile for m in scene.legal_moves() if m.action == PLACE]
    Input(app, 1).click(scene.hands.sprites[tiles[0]].centre)
    scene.help.show(next(m for m in scene.legal_moves() if m.action == PLACE))
    app.run_frames(2)
    assert scene.controls.spots()
    for rect, before in zip(outside[:-1], plain, strict=False):
        assert pygame.image.tobytes(app.screen.subsurface(rect), "RGB") == pygame.image.tobytes(
            before, "RGB"
        )


def test_a_lit_spot_on_an_opening_shows_its_points_without_the_openings_dot(
    make_app: AppMaker,
) -> None:
    """The opening's gold dot sat in the middle of the spot's points: "+⊙5"."""

    def opening_lit(state: TableState) -> bool:
        openings = set(state.figure.opportunity_openings())
        return state.current == 0 and any(
            move.action == PLACE and move.cell in openings for move in state.legal_moves()
        )

    record = position(["human", "ai:greedy"], opening_lit, level="greedy")
    app = make_app(size=(1280, 800), speed="instant", banner=False)
    scene = open_table(app, record=record)
    run_until(app, lambda: ready_for_human(scene))
    openings = set(scene.state.figure.opportunity_openings())
    move = next(m for m in scene.legal_moves() if m.action == PLACE and m.cell in openings)
    Input(app, 1).click(scene.hands.sprites[move.tile].centre)
    dotted: list[Cell] = []
    real = scene.board.marks.draw_openings

    def draw_openings(surface: pygame.Surface, cells: Iterable[Cell]) -> None:
        dotted.extend(cells)
        real(surface, cells)

    scene.board.marks.draw_openings = draw_openings  # type: ignore[method-assign]
    app.run_frames(1)
    assert move.cell in scene.controls.spots()
    assert move.cell not in dotted and set(dotted) == openings - set(scene.controls.spots())
