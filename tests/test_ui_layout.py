"""Lattice layout: exact hit-testing that agrees with the rules' side numbering."""

from __future__ import annotations

import math

import pygame
import pytest

from game.rules.lattice import neighbour, points_up
from game.ui.board.contacts import kept_within
from game.ui.layout import LatticeView, cell_side_edges, point_in_triangle

CELLS = [(q, r) for q in range(-4, 5) for r in range(-3, 4)]
EPSILON = 1e-6


@pytest.fixture
def view() -> LatticeView:
    return LatticeView(side=73.0, origin=(401.5, 297.25))


def test_centroids_hit_their_own_cell(view: LatticeView) -> None:
    for cell in CELLS:
        assert view.cell_at(view.cell_centre(cell)) == cell


def test_points_just_inside_and_outside_each_side(view: LatticeView) -> None:
    for cell in CELLS:
        cx, cy = view.cell_centre(cell)
        for side in range(3):
            mx, my = view.side_midpoint(cell, side)
            dx, dy = cx - mx, cy - my
            length = math.hypot(dx, dy)
            inside = (mx + dx / length * EPSILON * 100, my + dy / length * EPSILON * 100)
            outside = (mx - dx / length * EPSILON * 100, my - dy / length * EPSILON * 100)
            assert view.contains(cell, inside)
            assert not view.contains(cell, outside)
            assert view.cell_at(inside) == cell
            assert view.cell_at(outside) == neighbour(cell, side)


def test_side_zero_is_horizontal_and_shared_with_the_same_number() -> None:
    for cell in CELLS:
        (_ax, ay), (_bx, by) = cell_side_edges(cell)[0]
        assert ay == by
        for side in range(3):
            other = neighbour(cell, side)
            assert {*cell_side_edges(cell)[side]} == {*cell_side_edges(other)[side]}
        apex_y = cell_side_edges(cell)[1][1][1]
        assert (apex_y < ay) == points_up(cell)


def test_point_in_triangle_edges() -> None:
    a, b, c = (0.0, 0.0), (10.0, 0.0), (0.0, 10.0)
    assert point_in_triangle((5.0, 5.0), a, b, c)  # on the hypotenuse
    assert not point_in_triangle((5.0 + EPSILON, 5.0), a, b, c)
    assert point_in_triangle((1.0, 1.0), c, b, a)  # either winding


def test_zoom_keeps_the_anchor_and_fit_contains_every_cell(view: LatticeView) -> None:
    anchor = (500.0, 300.0)
    before = view.to_world(anchor)
    view.zoom_at(1.5, anchor)
    assert view.to_world(anchor) == pytest.approx(before)
    rect = pygame.Rect(100, 50, 600, 400)
    view.fit(CELLS, rect, margin=0.0)
    for cell in CELLS:
        for x, y in view.cell_vertices(cell):
            assert rect.left - 1e-6 <= x <= rect.right + 1e-6
            assert rect.top - 1e-6 <= y <= rect.bottom + 1e-6


def test_a_label_by_a_tile_at_the_board_edge_stays_on_the_board_as_it_rises() -> None:
    board = pygame.Rect(200, 40, 400, 420)
    x, y = kept_within((215, 60), (260, 40), 70, board)  # wide, near the top-left corner
    assert board.contains(pygame.Rect(x - 130, y - 70 - 20, 260, 40 + 70))
    assert kept_within((400, 250), (100, 30), 20, board) == (400, 250)  # inside: untouched
    assert kept_within((400, 250), (900, 30), 20, board)[0] == board.centerx  # too wide
