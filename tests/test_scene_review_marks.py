"""What a review draws says what its words say: both marked moves on one spot, the move
the heading names, the figure whole above its caption."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.ai.analysis import review_solitaire, table_positions
from game.ai.solver import SOLVER_POSITIONS
from game.app import App
from game.cli import simulate
from game.rules.lattice import Cell
from game.rules.modes import Mode
from game.rules.moves import PLACE
from game.rules.record.document import GameRecord
from game.rules.table_rules import TableRules
from game.scenes.replay import ReplayScene
from game.scenes.replay_review import SAME_SPOT_TURN_S, Focus
from game.ui.theme import PALETTE, Colour
from tests.conftest import AppMaker
from tests.test_analysis import human_table_game
from tools.text_audit import watching


def same_spot_focus() -> tuple[Focus, GameRecord]:
    """A table game's position where two tiles may go on one cell: one played, the other
    the better (as a coach's note would have them)."""
    record = human_table_game(2)
    for hand, index, state, _move in table_positions(record):
        places = [move for move in state.legal_moves() if move.action == PLACE]
        for move in places:
            other = next((m for m in places if m.cell == move.cell and m.tile != move.tile), None)
            if other is not None:
                lines = (f"Hand {hand + 1}, move {index + 1}: played.", "The master.", "")
                return Focus(hand, index, move, other, lines), record
    raise AssertionError("no cell takes two tiles in this game")


@pytest.fixture
def viewer(make_app: AppMaker) -> Iterator[tuple[App, ReplayScene, Focus]]:
    app = make_app(size=(1280, 800), speed="instant")
    focus, record = same_spot_focus()
    scene = ReplayScene(app, record, focus=focus)
    app.push(scene)
    app.run_frames(2)
    assert scene.at_focus()
    yield app, scene, focus


def test_both_moves_on_one_spot_are_outlined_and_shown_in_turn(
    viewer: tuple[App, ReplayScene, Focus],
) -> None:
    """Only the better move's ghost and outline showed, while the caption named both."""
    app, scene, focus = viewer
    outlines: list[tuple[Cell, Colour]] = []
    ghosts: set[int] = set()
    marks = scene.board.marks
    real_outline, real_ghost = marks.draw_outline, marks.draw_ghost

    def draw_outline(
        surface: pygame.Surface, cell: Cell, colour: Colour, inset: float = 0.0
    ) -> None:
        outlines.append((cell, colour))
        real_outline(surface, cell, colour, inset)

    def draw_ghost(
        surface: pygame.Surface, tile: int, cell: Cell, rot: int, score: int | None
    ) -> None:
        ghosts.add(tile)
        real_ghost(surface, tile, cell, rot, score)

    marks.draw_outline = draw_outline  # type: ignore[method-assign]
    marks.draw_ghost = draw_ghost  # type: ignore[method-assign]
    app.run_frames(round(2.2 * SAME_SPOT_TURN_S * 60))
    assert focus.played is not None and focus.better is not None
    cell = focus.played.cell
    assert (cell, PALETTE.penalty) in outlines  # the red one, inside the green one
    assert any(colour != PALETTE.penalty for at, colour in outlines if at == cell)
    assert ghosts == {focus.played.tile, focus.better.tile}


def test_the_heading_names_the_move_the_marks_are_about(
    viewer: tuple[App, ReplayScene, Focus],
) -> None:
    """The heading said "Move 27 of 46" where the caption spoke of move 28."""
    app, scene, focus = viewer
    with watching(app) as frame:
        app.run_frames(1)
    said = [drawn.text for drawn in frame.texts]
    count = scene.replay.moves_in_hand
    assert any(f"Before move {focus.index + 1} of {count}" in text for text in said)
    assert any(f"move {focus.index + 1}:" in text for text in said)


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
def test_a_review_shows_the_figure_whole_above_its_caption(
    make_app: AppMaker, size: tuple[int, int]
) -> None:
    """The review zoomed to the slip: the figure was cut at the board's edge, and drawn
    on under the caption."""
    game = simulate(Mode.STACKED_SOLITAIRE, 1, 1, ["greedy"], TableRules())
    found = review_solitaire(game, SOLVER_POSITIONS)
    assert found.slipped
    app = make_app(size=size, speed="instant")
    scene = ReplayScene(app, game, review=found)
    app.push(scene)
    with watching(app) as frame:
        app.run_frames(2)
    board = scene.board
    corners = [
        board.view.cell_vertices(cell) for cell, _tile, _rot in scene.replay.state.figure.tiles()
    ]
    xs = [x for triangle in corners for x, _y in triangle]
    ys = [y for triangle in corners for _x, y in triangle]
    shown = pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
    assert board.area.contains(shown)
    caption = [drawn.rect for drawn in frame.texts if drawn.text in found_words(scene)]
    assert caption and all(rect.top >= board.area.bottom for rect in caption)


def found_words(scene: ReplayScene) -> str:
    """The caption's words, as one text."""
    assert scene.focus is not None
    return " ".join(scene.focus.lines)
