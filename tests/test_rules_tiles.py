"""Section 1: the tile set; section 2: the lattice."""

import pytest

from game.rules.errors import RulesError
from game.rules.lattice import (
    KEY_CELLS,
    NEIGHBOUR_STEPS,
    cell_key,
    neighbour,
    points_up,
    side_colour,
)
from game.rules.tiles import (
    BLUE,
    GOLD,
    RED,
    TILE_NAMES,
    TILE_SIZES,
    TILE_VALUES,
    contact_points,
    parse_tile,
    tile_name,
)

BOOK_TABLE = [
    "01-02-03",
    "03-04-01",
    "05-01-04",
    "01-05-06",
    "06-07-01",
    "08-01-07",
    "01-08-09",
    "09-10-01",
    "02-03-04",
    "04-05-02",
    "06-02-05",
    "02-06-07",
    "07-08-02",
    "09-02-08",
    "02-09-10",
    "03-04-05",
    "05-06-03",
    "07-03-06",
    "03-07-08",
    "08-09-03",
    "10-03-09",
    "04-05-06",
    "06-07-04",
    "08-04-07",
    "04-08-09",
    "09-10-04",
    "05-06-07",
    "07-08-05",
    "09-05-08",
    "05-09-10",
    "06-07-08",
    "08-09-06",
    "10-06-09",
    "07-08-09",
    "09-10-07",
    "08-09-10",
]


def test_the_set_is_the_36_tiles_of_the_book_in_its_order() -> None:
    assert list(TILE_NAMES) == BOOK_TABLE


def test_every_tile_has_three_different_values_from_1_to_10() -> None:
    for values in TILE_VALUES:
        assert len(set(values)) == 3
        assert all(1 <= v <= 10 for v in values)
    assert len(set(TILE_VALUES)) == 36


def test_sizes_are_sums_and_01_02_03_is_the_smallest() -> None:
    assert TILE_SIZES[parse_tile("01-02-03")] == 6
    assert min(TILE_SIZES) == 6
    assert TILE_SIZES.count(6) == 1
    assert TILE_SIZES[parse_tile("08-09-10")] == 27


def test_names_round_trip_and_unknown_names_are_refused() -> None:
    for tile in range(36):
        assert parse_tile(tile_name(tile)) == tile
    for bad in ("01-02-04", "1-2-3", "", "08-09-10 ", None):
        with pytest.raises(RulesError):
            parse_tile(bad)  # type: ignore[arg-type]


def test_edges_are_named_by_colour() -> None:
    tile = parse_tile("07-08-02")
    assert TILE_VALUES[tile][BLUE] == 7 and TILE_VALUES[tile][RED] == 8
    assert TILE_VALUES[tile][GOLD] == 2


@pytest.mark.parametrize(
    ("a", "b", "points"),
    [
        (3, 3, 0),
        (7, 8, 15),
        (5, 5, 10),
        (10, 10, 20),
        (1, 4, 5),
        (9, 1, 10),
        (3, 4, None),
        (2, 9, None),
        (6, 9, 15),
        (4, 4, 0),
    ],
)
def test_contact_points(a: int, b: int, points: int | None) -> None:
    assert contact_points(a, b) == points


def test_up_and_down_cells() -> None:
    assert points_up((0, 0)) and points_up((1, 1)) and points_up((-2, 4))
    assert not points_up((1, 0)) and not points_up((0, -1))


def test_neighbours_follow_the_side_table() -> None:
    assert [neighbour((0, 0), s) for s in range(3)] == [(0, 1), (1, 0), (-1, 0)]
    assert [neighbour((1, 0), s) for s in range(3)] == [(1, -1), (0, 0), (2, 0)]


def test_neighbours_share_the_side_with_the_same_number() -> None:
    for cell in [(0, 0), (1, 0), (-3, 5), (4, -7)]:
        for side in range(3):
            assert neighbour(neighbour(cell, side), side) == cell
            assert points_up(neighbour(cell, side)) != points_up(cell)


def test_rotation_puts_edges_on_sides() -> None:
    # rot 0 on an up cell: blue at the bottom (0), red right (1), gold left (2)
    assert [side_colour(s, 0) for s in range(3)] == [BLUE, RED, GOLD]
    assert side_colour(1, 1) == BLUE
    for side in range(3):
        for colour in range(3):  # one rotation, and only one, shows each edge on each side
            assert len([rot for rot in range(3) if side_colour(side, rot) == colour]) == 1


def test_cell_keys_round_trip_and_steps_match_neighbours() -> None:
    for cell in [(0, 0), (5, -3), (-20, 17), (36, 36), (-36, -36)]:
        key = cell_key(cell)
        assert KEY_CELLS[key] == cell
        for side in range(3):
            assert KEY_CELLS[key + NEIGHBOUR_STEPS[key][side]] == neighbour(cell, side)
    with pytest.raises(ValueError):
        cell_key((200, 0))
