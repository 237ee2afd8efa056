"""The board's camera, headless, on the rules' own figures (stacked solitaires played out
by the best-try player): at 1280x800 a figure's numbers stand 12 px tall, the whole
figure is one key (or a click on its overview) away, the figure fills the board, marks
off the board are pointed to at its edge, and the last tile's ring leaves the numbers
beside it in sight."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.ai.autoplay import stacked_best_try
from game.app import App
from game.rules.lattice import Cell, neighbour, neighbours
from game.rules.moves import PLACE
from game.scenes.solitaire.stacked import StackedSolitaireScene
from game.ui.board import marks
from game.ui.board.board import Board
from game.ui.board.overview import draw_pointer
from game.ui.layout import Point, world_vertices
from game.ui.tiles.image import VALUE_DEPTH
from tests.conftest import AppMaker, HeldAdviser
from tests.drive import Input, undrawn
from tests.test_scenes_table_scene import open_table
from tests.test_ui_board_fit import Centres, glided, played_hand
from tests.test_ui_touch import gesture
from tools.samples import table_config

pytestmark = pytest.mark.app(size=(1280, 800), speed="instant")

LEGIBLE = 12
"""How tall (pixels, at 1280x800) the numbers stand at least."""
SPRAWLING = 4
"""A deal whose figure outgrows the board at 1280x800 (seen: the whole of it fits only
at 46 px tiles, where the numbers stand 8 px tall)."""
STRAYING = 13
"""A deal where an opportunity play lies off the board at 1280x800 (seen at 26 tiles)."""


def open_stacked(app: App, seed: int) -> StackedSolitaireScene:
    scene = StackedSolitaireScene(app, seed=seed)
    app.push(scene)
    app.run_frames(2)
    return scene


def played_out(app: App, scene: StackedSolitaireScene) -> Iterator[int]:
    """Play the deal out by the best try, yielding the figure's size after each move."""
    while not scene.finished:
        scene.play(stacked_best_try(scene.stacked_state))
        app.run_frames(2)
        yield len(scene.state.figure)


def digits(board: Board) -> int:
    """How tall the numbers on the figure's tiles stand (pixel rows, as the art draws)."""
    return board.art.painter.digit_height(board.tile_side)


def tiles_shown(board: Board) -> bool:
    """Whether every tile of the figure lies whole on the board."""
    return not board.cut


def test_the_numbers_stand_taller_on_the_same_tile() -> None:
    """At 44 px tiles the numbers stood 7 px tall (a font of 0.21 of the side, in bands
    round a large ivory centre); now the bands are deeper and the numbers 0.27."""
    from game.ui.theme import Fonts, theme_named
    from game.ui.tiles.image import TilePainter

    pygame.font.init()
    painter = TilePainter(Fonts(), theme_named("modern"), colour_blind=False)
    assert painter.digit_height(44) >= 8
    assert painter.digit_height(61) >= LEGIBLE


@pytest.mark.parametrize("seed", [SPRAWLING, 9])
def test_a_grown_figure_has_numbers_12_px_tall_and_the_whole_of_it_one_key_away(
    make_app: AppMaker, seed: int
) -> None:
    app = make_app()
    scene = open_stacked(app, seed)
    board = scene.board
    grown = False
    with undrawn(app):
        for count in played_out(app, scene):
            if scene.finished:  # no play left to follow: the whole figure, under the verdict
                assert tiles_shown(board) and not board.camera_box()
                continue
            assert digits(board) >= LEGIBLE, count
            last = scene.state.figure.last_cell
            assert last is not None and board.shows([last])
            assert (board.camera_box() is not None) == board.cut  # the overview, where cut
            grown = grown or count >= 30
    assert grown
    whole = not board.cut
    Input(app).press(pygame.K_f)
    assert tiles_shown(board)
    if not whole:  # shown whole too small to read: F again follows play at a size that reads
        assert board.camera_box() is not None
        Input(app).press(pygame.K_f)
        assert digits(board) >= LEGIBLE and board.cut


def test_the_largest_text_grows_the_numbers_on_the_figure(make_app: AppMaker) -> None:
    """The player who asks for the largest words reads the figure's numbers half as tall
    again (18 px at 1280x800, 12 px at the normal size): the camera follows play at a
    larger tile, and shows the figure whole only where they stand so tall."""
    app = make_app()
    app.settings.text_size = "largest"
    app.apply_settings()
    scene = open_stacked(app, SPRAWLING)
    board = scene.board
    followed = False
    with undrawn(app):
        for _count in played_out(app, scene):
            if scene.finished:
                continue
            assert digits(board) >= LEGIBLE * 1.5
            last = scene.state.figure.last_cell
            assert last is not None and board.shows([last])
            followed = followed or board.cut
    assert followed  # the figure outgrew the board at that size: the camera followed play


def test_the_figure_fills_the_board(make_app: AppMaker) -> None:
    """A figure shown whole reaches across (or down) the board but for less than one
    step of the sizes: no cap from earlier, smaller fits, no wide margin."""
    app = make_app()
    scene = open_stacked(app, 11)
    board = scene.board
    with undrawn(app):
        for _count in played_out(app, scene):
            if board.cut or board.keep_clear or board.view.side >= board.ladder()[-1]:
                continue  # at the end, the figure fills what the game-over words leave
            cells = board._subject.cells
            xs = [board.view.to_screen(v)[0] for cell in cells for v in world_vertices(cell)]
            ys = [board.view.to_screen(v)[1] for cell in cells for v in world_vertices(cell)]
            room = board._subject.area or board.room()
            filled = max((max(xs) - min(xs)) / room.width, (max(ys) - min(ys)) / room.height)
            assert filled >= 0.85


def test_the_overview_shows_the_whole_figure_and_spots_off_the_board_are_pointed_to(
    make_app: AppMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(painted=True)
    scene = open_stacked(app, STRAYING)
    board = scene.board
    with undrawn(app):
        for _count in played_out(app, scene):
            spots = [m.cell for m in scene.state.legal_moves() if m.action == PLACE]
            off = [c for c in spots if not board.area.collidepoint(board.view.cell_centre(c))]
            if board.cut and off:
                break
        else:
            pytest.fail("no spot off the board")
    pointed: list[Point] = []

    def spy(*args: object) -> bool:
        shown = draw_pointer(*args)  # type: ignore[arg-type]
        if shown:
            pointed.append(args[3])  # type: ignore[arg-type]
        return shown

    monkeypatch.setattr(marks, "draw_pointer", spy)
    scene.controls.selected = next(
        key
        for key in scene.sources.sprites
        if any(move.cell in off for move in scene.sources.moves_from(key))
    )
    app.run_frames(2)
    assert {board.view.cell_centre(cell) for cell in off} <= set(pointed)
    box = board.camera_box()
    assert box is not None
    Input(app).click(box.center)
    assert tiles_shown(board)
    close_up = board.camera_box()  # the whole figure is too small to read: the way back
    assert close_up is not None and board.shrunk
    Input(app).click(close_up.center)
    assert board.cut and digits(board) >= LEGIBLE


def value_spot(board: Board, cell: Cell, side: int) -> pygame.Rect:
    """Where the number of `cell`'s `side` stands on screen: in its band, beside the
    middle of that side."""
    middle = board.view.side_midpoint(cell, side)
    centre = board.view.cell_centre(cell)
    x = middle[0] + (centre[0] - middle[0]) * VALUE_DEPTH
    y = middle[1] + (centre[1] - middle[1]) * VALUE_DEPTH
    size = board.view.side * 0.3
    return pygame.Rect(round(x - size / 2), round(y - size / 3), round(size), round(size * 2 / 3))


def test_the_last_tiles_ring_leaves_the_numbers_beside_it_in_sight(make_app: AppMaker) -> None:
    """The ring round the last tile hid the top number of the tile under it."""
    app = make_app()
    scene = open_stacked(app, 11)
    board = scene.board
    figure = scene.state.figure
    with undrawn(app):
        for _count in played_out(app, scene):
            figure = scene.state.figure
            last = figure.last_cell
            assert last is not None
            if any(cell in figure for cell in neighbours(last)):
                break
    app.run_frames(120)  # the mark's swell is over
    last = figure.last_cell
    assert last is not None
    spots = []
    for side in range(3):
        cell = neighbour(last, side)
        if cell in figure:  # its side facing the last tile: the one that shares the edge
            facing = next(s for s in range(3) if neighbour(cell, s) == last)
            spots.append(value_spot(board, cell, facing))
    assert spots
    ringed = [app.screen.subsurface(rect).copy() for rect in spots]
    scene.stage.board.draw_last_mark = lambda surface: None  # type: ignore[method-assign]
    app.run_frames(1)
    for rect, before in zip(spots, ringed, strict=True):
        now = pygame.image.tobytes(app.screen.subsurface(rect), "RGB")
        assert now == pygame.image.tobytes(before, "RGB")


@pytest.mark.parametrize("seats", [2, 6])
def test_a_table_figure_has_numbers_12_px_tall_after_every_move(
    make_app: AppMaker, held_adviser: HeldAdviser, seats: int
) -> None:
    """Every move of a hand (the person playing the greedy move): the numbers stand
    12 px tall, the last tile in view, and F shows the whole figure. A computer answers
    only once the view of the move before has settled, so that every move is looked at
    (a computer answering in the frame the glide ends would leave its move unseen)."""
    app = make_app(adviser=held_adviser)
    players = [("Ann", "human")] + [(f"C{seat}", "ai:greedy") for seat in range(1, seats)]
    scene = open_table(app, table_config(players, seed=3))
    board = scene.board
    sizes = set()
    with undrawn(app):
        for _ in played_hand(app, scene):
            if scene.tweens.busy:
                continue
            if scene.state.figure:
                sizes.add(len(scene.state.figure))
                assert digits(board) >= LEGIBLE
                last = scene.state.figure.last_cell
                assert last is not None and board.shows([last])
            if held_adviser.allowed < held_adviser.submitted:
                held_adviser.step()
    assert sizes == set(range(1, len(scene.state.figure)))  # all but the hand's last move
    Input(app).press(pygame.K_f)
    assert tiles_shown(board)


def test_a_pinch_zooms_the_figure_and_keeps_it_so(make_app: AppMaker) -> None:
    app = make_app()
    scene = open_stacked(app, 11)
    board = scene.board
    before = board.view.side
    x, y = board.area.center
    gesture(app, [(x - 60, y), (x + 60, y)], [[(x - 40, y), (x + 40, y)]])
    app.run_frames(2)
    assert board.view.side < before and board.moved_by_player


def test_a_solitaire_view_glides_and_tiles_land_on_their_cells(make_app: AppMaker) -> None:
    """The view moved at once to each new fit, a jump mid-animation; now it glides, and
    the tile sliding in arrives where its cell is when it lands (every frame, undrawn:
    the glide is in the updates)."""
    app = make_app(size=(800, 600), speed="normal")
    scene = open_stacked(app, SPRAWLING)
    board = scene.board
    before: Centres = {}
    views = set()
    with undrawn(app):
        for _move in range(26):
            scene.play(stacked_best_try(scene.stacked_state))
            for _frame in range(40):
                app.run_frames(1)
                before = glided(board, scene.stage.tiles, before)
                views.add(board.view.origin)
    assert len(views) > 26  # it moved in steps between the moves' views


def test_a_view_the_player_moved_stays_until_a_tile_lands_out_of_it(make_app: AppMaker) -> None:
    """In the solitaires too (the table did so already): panned, the view stays while
    the tiles land in it, and follows play again once one lands out of it."""
    app = make_app()
    scene = open_stacked(app, 11)
    board = scene.board
    with undrawn(app):
        for _count in zip(range(6), played_out(app, scene), strict=False):
            pass
    Input(app).press(pygame.K_LEFT, times=2)
    moved = board.view.origin
    scene.play(stacked_best_try(scene.stacked_state))
    app.run_frames(2)
    assert board.view.origin == moved and board.moved_by_player
    while board.view.side > board.ladder()[0]:
        Input(app).press(pygame.K_MINUS)
    Input(app).press(pygame.K_LEFT, times=40)  # the figure far off to the right
    assert not board.shows(scene.state.figure.open_cells())
    scene.play(stacked_best_try(scene.stacked_state))
    app.run_frames(2)
    last = scene.state.figure.last_cell
    assert last is not None and board.shows([last]) and not board.moved_by_player


def test_a_resumed_game_is_drawn_as_the_game_played_to_there(make_app: AppMaker) -> None:
    """A stacked solitaire resumed at 30 tiles was drawn at 44-59 px tiles; now as the
    camera draws the game played to there."""
    app = make_app()
    played = open_stacked(app, 5)
    with undrawn(app):
        for count in played_out(app, played):
            if count >= 30:
                break
    view = (played.board.view.side, played.board.view.origin)
    record = played.session.record.copy()
    app.pop()
    resumed = StackedSolitaireScene(app, record=record)
    app.push(resumed)
    app.run_frames(2)
    assert len(resumed.state.figure) >= 30
    assert (resumed.board.view.side, resumed.board.view.origin) == view
    assert digits(resumed.board) >= LEGIBLE
