"""Sections 6 and 7: draw solitaire and stacked solitaire."""

import pytest

from game.rules.errors import IllegalMoveError, RulesError
from game.rules.lattice import ORIGIN
from game.rules.moves import DISCARD, PILE, PLACE, STOCK, Move
from game.rules.results import LOST, WON
from game.rules.solitaire import DrawSolitaireState, StackedSolitaireState
from game.rules.state import PLAYING
from game.rules.tiles import ALL_TILES, parse_tile

T = parse_tile


def stock_starting(*names: str) -> list[int]:
    head = [T(n) for n in names]
    return head + [t for t in ALL_TILES if t not in head]


# --- draw solitaire ------------------------------------------------------------------


def test_draw_solitaire_starts_by_placing_the_first_stock_tile_on_the_origin() -> None:
    state = DrawSolitaireState(stock_starting("01-02-03", "02-03-04"))
    moves = state.legal_moves()
    assert moves == [Move(PLACE, T("01-02-03"), ORIGIN, r, STOCK) for r in range(3)]
    state.apply(moves[0])
    assert state.stock_left == 35 and len(state.figure) == 1


def test_a_turned_stock_tile_that_fits_must_be_placed() -> None:
    state = DrawSolitaireState(stock_starting("01-02-03", "02-03-04"))
    state.apply(state.legal_moves()[0])
    moves = state.legal_moves()
    assert moves and all(m.source == STOCK and m.action == PLACE for m in moves)
    assert all(m.tile == T("02-03-04") for m in moves)


def test_a_turned_tile_that_cannot_be_placed_goes_to_the_discard_pile() -> None:
    state = DrawSolitaireState(stock_starting("01-02-03", "03-04-01", "02-03-04"))
    state.apply(state.legal_moves()[0])
    assert state.legal_moves() == [Move(DISCARD, T("03-04-01"), source=STOCK)]
    state.apply(state.legal_moves()[0])
    assert state.discard == [T("03-04-01")] and state.discard_top == T("03-04-01")


def test_the_discard_top_may_be_placed_whenever_it_fits() -> None:
    # 01-02-03, then 03-04-01 is discarded, 02-03-04 placed at (1, 0); the discard top
    # may now fit next to it, and the stock may be turned instead.
    state = DrawSolitaireState(stock_starting("01-02-03", "03-04-01", "02-03-04", "09-10-04"))
    state.apply(Move(PLACE, T("01-02-03"), ORIGIN, 0, STOCK))
    state.apply(Move(DISCARD, T("03-04-01"), source=STOCK))
    state.apply(Move(PLACE, T("02-03-04"), (1, 0), 0, STOCK))
    sources = {m.source for m in state.legal_moves()}
    discard_moves = [m for m in state.legal_moves() if m.source == "discard"]
    assert STOCK in sources
    if discard_moves:
        state.apply(discard_moves[0])
        assert state.discard == []


def test_draw_solitaire_is_lost_when_the_stock_is_empty_and_the_discard_top_is_stuck() -> None:
    state = DrawSolitaireState(seed=3)
    while state.status == PLAYING:
        moves = state.legal_moves()
        state.apply(moves[-1])
    if state.status == LOST and not state.figure.is_dead_end():
        assert state.stock_left == 0
        assert state.discard and not state.figure.has_placement(1 << state.discard[-1])
    assert state.legal_moves() == []


def test_draw_solitaire_undo_restores_stock_and_discard() -> None:
    state = DrawSolitaireState(stock_starting("01-02-03", "03-04-01", "02-03-04"))
    state.apply(state.legal_moves()[0])
    state.apply(state.legal_moves()[0])
    state.undo()
    assert state.discard == [] and state.stock_left == 35
    with pytest.raises(IllegalMoveError):
        state.apply(Move(PLACE, T("02-03-04"), (1, 0), 0, STOCK))


def test_a_stock_must_hold_the_36_tiles() -> None:
    with pytest.raises(RulesError):
        DrawSolitaireState([0] * 36)
    with pytest.raises(RulesError):
        StackedSolitaireState(list(range(35)), 0)


# --- stacked solitaire ---------------------------------------------------------------


def test_seven_piles_of_five_and_six_and_the_cut_starts_the_figure() -> None:
    stock = list(ALL_TILES)
    state = StackedSolitaireState(stock, cut=2)
    assert [len(p) for p in state.piles[:6]] == [5] * 6
    assert state.piles[0] == stock[0:5] and state.piles[5] == stock[25:30]
    assert state.cut_tile == stock[32]
    assert state.piles[6] == stock[30:32] + stock[33:36]
    assert state.figure.tiles() == [(ORIGIN, stock[32], 0)]


def test_only_pile_tops_may_be_placed() -> None:
    state = StackedSolitaireState(seed=5)
    tops = {state.top(i) for i in range(7)}
    for move in state.legal_moves():
        assert move.source == PILE and move.tile in tops and state.top(move.pile) == move.tile


def test_the_cut_must_be_in_the_six_pile() -> None:
    with pytest.raises(RulesError):
        StackedSolitaireState(list(ALL_TILES), cut=6)


def test_a_random_cut_comes_from_the_seed() -> None:
    assert StackedSolitaireState(seed=9).cut == StackedSolitaireState(seed=9).cut
    cuts = {StackedSolitaireState(seed=s).cut for s in range(40)}
    assert len(cuts) > 1


def test_stacked_solitaire_ends_when_no_top_fits_or_when_all_are_placed() -> None:
    results = set()
    for seed in range(60):
        state = StackedSolitaireState(seed=seed)
        while state.status == PLAYING:
            state.apply(state.legal_moves()[0])
        results.add(state.status)
        if state.status == LOST and not state.figure.is_dead_end():
            tops = [state.top(i) for i in range(7) if state.top(i) is not None]
            assert not any(state.figure.has_placement(1 << t) for t in tops if t is not None)
        if state.status == WON:
            assert len(state.figure) == 36 and sum(state.heights) == 0
    assert LOST in results


def test_stacked_undo_puts_the_tile_back_on_its_pile() -> None:
    state = StackedSolitaireState(seed=5)
    move = state.legal_moves()[0]
    heights = state.heights.copy()
    state.apply(move)
    assert state.heights[move.pile] == heights[move.pile] - 1
    assert state.undo() == move
    assert state.heights == heights and len(state.figure) == 1
