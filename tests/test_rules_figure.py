"""Sections 3, 4 and 8: contacts, scoring, where a tile may go, dead ends."""

import pytest

from game.rules.errors import IllegalMoveError
from game.rules.figure import Figure
from game.rules.tiles import BLUE, GOLD, RED, mask_of, parse_tile
from tests.rules_helpers import build_figure, naive_dead_end, naive_placements

T = parse_tile


def worked_example_neighbours() -> Figure:
    # 07-08-02 with blue 7 on the top side of down cell (0, 1); red 6 (05-06-03) on the
    # left side of (1, 0); gold 10 (02-09-10) on the right side of (-1, 0).
    return build_figure(
        [("07-08-02", (0, 1), 0), ("05-06-03", (1, 0), 0), ("02-09-10", (-1, 0), 0)]
    )


def test_worked_example_scores_50_with_three_counting_contacts() -> None:
    figure = worked_example_neighbours()
    contacts = figure.contacts(T("08-09-10"), (0, 0), 0)
    assert sorted((c.colour, c.value, c.other_value, c.points) for c in contacts) == [
        (BLUE, 8, 7, 15),
        (RED, 9, 6, 15),
        (GOLD, 10, 10, 20),
    ]
    placements = [p for p in figure.placements(mask_of([T("08-09-10")])) if p.cell == (0, 0)]
    assert [(p.rot, p.score) for p in placements] == [(0, 50)]
    figure.place(T("08-09-10"), (0, 0), 0)
    assert figure.opportunity_openings() == []


def test_first_tile_goes_on_the_origin_in_any_rotation() -> None:
    figure = Figure()
    placements = figure.placements(mask_of([T("01-02-03")]))
    assert {(p.cell, p.rot, p.score) for p in placements} == {((0, 0), r, 0) for r in range(3)}
    with pytest.raises(IllegalMoveError, match=r"\(0, 0\)"):
        figure.place(T("01-02-03"), (1, 0), 0)


def test_matching_contact_scores_nothing_and_counting_contact_scores_the_sum() -> None:
    figure = build_figure([("01-02-03", (0, 0), 0)])  # red 2 on the right side
    # 04-05-02 has red 5: 2 + 5 is not a multiple of 5 and not equal: illegal.
    assert figure.why_illegal(T("04-05-02"), (1, 0), 0) == "red 5 cannot touch red 2"
    # 09-02-08 has red 2: a matching contact.
    assert [c.points for c in figure.contacts(T("09-02-08"), (1, 0), 0)] == [0]
    # 06-07-04 has red 7... 7 + 2 = 9: illegal; 02-03-04 red 3: 3 + 2 = 5 counts 5.
    assert figure.why_illegal(T("06-07-04"), (1, 0), 0) is not None
    assert [c.points for c in figure.contacts(T("02-03-04"), (1, 0), 0)] == [5]


def test_equal_fives_and_tens_are_counting_contacts() -> None:
    fives = build_figure([("04-05-06", (0, 0), 0)])  # red 5 on the right side
    assert [c.points for c in fives.contacts(T("04-05-02"), (1, 0), 0)] == [10]
    tens = build_figure([("09-10-01", (0, 0), 0)])  # red 10 on the right side
    assert [c.points for c in tens.contacts(T("09-10-04"), (1, 0), 0)] == [20]
    assert tens.why_illegal(T("09-10-04"), (1, 0), 0) is None


def test_colours_must_match() -> None:
    figure = build_figure([("01-02-03", (0, 0), 0)])  # right side shows red
    reason = figure.why_illegal(T("04-05-02"), (1, 0), 1)  # rot 1 shows blue on side 1
    assert reason == "blue cannot touch red"


def test_colour_forces_the_rotation() -> None:
    figure = build_figure([("01-02-03", (0, 0), 0)])
    assert figure.forced_rotation((1, 0)) == 0
    for placement in figure.placements((1 << 36) - 1):
        assert placement.rot == 0


def test_a_placement_must_touch_the_last_tile_unless_it_touches_two() -> None:
    # A row 0..2; the last tile is at (2, 0). Cell (-1, 0) touches only (0, 0).
    figure = build_figure(
        [("01-02-03", (0, 0), 0), ("09-02-08", (1, 0), 0), ("02-03-04", (2, 0), 0)]
    )
    cells = {p.cell for p in figure.placements((1 << 36) - 1)}
    assert (-1, 0) not in cells and (0, 1) not in cells
    assert cells <= {(3, 0), (2, 1)} | set(figure.opportunity_openings())
    reason = figure.why_illegal(T("01-05-06"), (0, 1), 0)
    assert reason is not None


def test_opportunity_play_anywhere_on_the_figure_with_two_contacts() -> None:
    # Tiles at (0,0) and (1,-1)... build an L so that (1, 0) touches (0, 0) and (2, 0).
    figure = build_figure(
        [("01-02-03", (0, 0), 0), ("02-03-04", (2, 0), 0), ("09-10-01", (5, 0), 0)]
    )
    assert (1, 0) in figure.opportunity_openings()
    # (1, 0) is down: side 1 touches (0, 0) (red 2), side 2 touches (2, 0) (gold of 02-03-04 = 4)
    legal = naive_placements(figure, list(range(36)))
    engine = {(p.tile, p.cell, p.rot, p.score) for p in figure.placements((1 << 36) - 1)}
    assert engine == legal
    assert any(cell == (1, 0) for _, cell, _, _ in legal)


def test_dead_end_when_last_tile_is_enclosed_and_no_opening_is_left() -> None:
    # The worked example closes the star of four: the last tile has no free side and no
    # empty cell touches two tiles, so nothing can ever be placed again.
    figure = worked_example_neighbours()
    assert not figure.is_dead_end()
    figure.place(T("08-09-10"), (0, 0), 0)
    assert figure.is_dead_end() and naive_dead_end(figure)
    assert figure.placements((1 << 36) - 1) == []
    # Enclosed last tile, but an opening elsewhere: play goes on there.
    pair = build_figure([("01-02-03", (1, 1), 0), ("05-06-03", (0, 1), 0)])
    assert not pair.is_dead_end() and not naive_dead_end(pair)
    assert not Figure().is_dead_end()


def test_remove_last_restores_the_open_cells() -> None:
    figure = build_figure([("01-02-03", (0, 0), 0)])
    before = sorted((p.tile, p.cell, p.rot, p.score) for p in figure.placements((1 << 36) - 1))
    figure.place(T("02-03-04"), (1, 0), 0)
    assert figure.remove_last() == (T("02-03-04"), (1, 0), 0)
    after = sorted((p.tile, p.cell, p.rot, p.score) for p in figure.placements((1 << 36) - 1))
    assert before == after
    assert figure.last_cell == (0, 0)


def test_taken_and_detached_cells_are_refused_with_reasons() -> None:
    figure = build_figure([("01-02-03", (0, 0), 0)])
    assert "taken" in (figure.why_illegal(T("02-03-04"), (0, 0), 0) or "")
    assert "touches no tile" in (figure.why_illegal(T("02-03-04"), (4, 4), 0) or "")


def test_summaries_of_the_open_cells_agree_with_the_naive_search() -> None:
    figure = build_figure(
        [("01-02-03", (0, 0), 0), ("02-03-04", (2, 0), 0), ("09-10-01", (5, 0), 0)]
    )
    legal = naive_placements(figure, list(range(36)))
    assert figure.playable_tiles() == mask_of(sorted({tile for tile, _, _, _ in legal}))
    assert figure.opening_count == len(figure.opportunity_openings()) == 1
    assert len(figure.open_fit_masks()) == len(figure.open_cells())
    union = 0
    for fits in figure.open_fit_masks():
        union |= fits
    assert figure.fitting_anywhere() == union
    assert figure.playable_tiles() & ~union == 0
    assert figure.free_sides_of_last() == 3
    assert Figure().free_sides_of_last() == 0
