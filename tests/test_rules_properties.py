"""Property tests over random games: the engine agrees with a naive reading of the rules,
tiles are conserved, every move is legal, and records replay exactly."""

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.cli import simulate
from game.rules.figure import Figure
from game.rules.lattice import Cell, cell_key
from game.rules.moves import DRAW, PASS, PLACE, parse_move
from game.rules.record.document import GameRecord
from game.rules.record.recorded_game import RecordedGame
from game.rules.solitaire import DrawSolitaireState, StackedSolitaireState
from game.rules.table import TableGame, TableState
from game.rules.table_rules import HAND_SIZE, TableRules
from game.rules.tiles import ALL_TILES_MASK, TILE_SIZES, TileId, mask_of, tiles_in
from tests.rules_helpers import naive_dead_end, naive_placements

table_rules = st.builds(
    TableRules,
    hands=st.integers(1, 3),
    free_draw=st.booleans(),
    variant=st.sampled_from(["standard", "club"]),
    chips=st.integers(0, 60),
)


def expected_table_moves(state: TableState) -> set[tuple[str, TileId, Cell, int]]:
    """The legal moves of section 5, worked out independently of `legal_moves`."""
    hand = state.hand_tiles(state.current)
    if not state.figure:
        smallest = min(TILE_SIZES[t] for t in hand)
        hand = [t for t in hand if TILE_SIZES[t] == smallest]
    places = {(PLACE, t, c, r) for t, c, r, _ in naive_placements(state.figure, hand)}
    can_draw = len(state.hand_tiles(state.current)) < HAND_SIZE and state.stock_left > 0
    if places:
        if can_draw and state.game.rules.free_draw:
            places.add((DRAW, -1, (0, 0), 0))
        return places
    return {(DRAW, -1, (0, 0), 0)} if can_draw else {(PASS, -1, (0, 0), 0)}


def conserved(state: TableState) -> bool:
    held = [t for seat in range(state.players) for t in state.hand_tiles(seat)]
    placed = [tile for _, tile, _ in state.figure.tiles()]
    stock = state.stock[state.stock_pos :]
    return sorted(held + placed + stock) == list(range(36))


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(2, 7), seed=st.integers(0, 10**9), rules=table_rules, partners=st.booleans()
)
def test_random_table_games_follow_the_rules(
    players: int, seed: int, rules: TableRules, partners: bool
) -> None:
    if partners and players == 4:
        rules = TableRules(**{**rules.to_dict(), "partners": True})
    state = TableGame(players, rules).new_state(seed)
    rng = random.Random(seed)
    while True:
        while not state.hand_over:
            assert conserved(state)
            moves = state.legal_moves()
            assert {(m.action, m.tile, m.cell, m.rot) for m in moves} == expected_table_moves(state)
            move = moves[rng.randrange(len(moves))]
            assert state.why_illegal(move) is None
            assert parse_move(str(move)) == move
            contacts = state.apply(move).contacts
            if move.action == PLACE:
                assert all(c.points >= 0 for c in contacts)
                assert state.figure.is_dead_end() == naive_dead_end(state.figure)
        assert conserved(state)
        if state.game.rules.club:
            assert sum(state.sheet.results[-1]) == 0
        if state.is_terminal():
            break
        state.next_hand()
    outcome = state.outcome()
    assert outcome is not None
    assert set(outcome.winners) <= set(range(players)) and outcome.winners


@settings(max_examples=60, deadline=None)
@given(players=st.integers(2, 7), seed=st.integers(0, 10**9))
def test_undo_walks_back_to_the_deal(players: int, seed: int) -> None:
    state = TableGame(players).new_state(seed)
    start = (state.hands.copy(), state.current, state.stock_pos)
    rng = random.Random(seed)
    snapshots = []
    while not state.hand_over:
        snapshots.append((state.hands.copy(), state.current, len(state.figure), state.passes))
        moves = state.legal_moves()
        state.apply(moves[rng.randrange(len(moves))])
    while snapshots:
        state.undo()
        assert (state.hands, state.current, len(state.figure), state.passes) == snapshots.pop()
    assert (state.hands, state.current, state.stock_pos) == start


@settings(max_examples=40, deadline=None)
@given(
    players=st.integers(2, 7),
    seed=st.integers(0, 10**6),
    rules=table_rules,
    level=st.sampled_from(["random", "greedy"]),
)
def test_simulated_records_replay_to_the_same_bytes(
    players: int, seed: int, rules: TableRules, level: str
) -> None:
    record = simulate("table", players, seed, [level], rules)
    text = record.dumps()
    again = RecordedGame.from_record(GameRecord.from_json(text))
    assert again.record.dumps() == text
    assert again.results() == [h["result"] for h in json.loads(text)["hands"]]
    assert simulate("table", players, seed, [level], rules).dumps() == text


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_random_draw_solitaires_follow_the_rules(seed: int) -> None:
    state = DrawSolitaireState(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        moves = state.legal_moves()
        expected = set()
        if state.discard:
            expected |= {
                ("discard", t, c, r)
                for t, c, r, _ in naive_placements(state.figure, [state.discard[-1]])
            }
        if state.stock_left:
            top = state.stock_top
            assert top is not None
            stock = {("stock", t, c, r) for t, c, r, _ in naive_placements(state.figure, [top])}
            expected |= stock or {("discard-it", top, (0, 0), 0)}
        got = {
            (m.source if m.action == PLACE else "discard-it", m.tile, m.cell, m.rot) for m in moves
        }
        assert got == expected
        state.apply(moves[rng.randrange(len(moves))])
        placed = [t for _, t, _ in state.figure.tiles()]
        rest = state.stock[state.stock_pos :]
        assert sorted(placed + rest + state.discard) == list(range(36))
    assert state.won == (len(state.figure) == 36)


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_random_stacked_solitaires_follow_the_rules(seed: int) -> None:
    state = StackedSolitaireState(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        tops = [t for t in (state.top(i) for i in range(7)) if t is not None]
        moves = state.legal_moves()
        expected = {(t, c, r) for t, c, r, _ in naive_placements(state.figure, tops)}
        assert {(m.tile, m.cell, m.rot) for m in moves} == expected
        state.apply(moves[rng.randrange(len(moves))])
        held = [t for i in range(7) for t in state.piles[i][: state.heights[i]]]
        placed = [t for _, t, _ in state.figure.tiles()]
        assert sorted(held + placed) == list(range(36))
    assert state.legal_moves() == []


def test_a_thousand_random_hands_keep_every_tile_and_end() -> None:
    rng = random.Random(2026)
    for _ in range(1000):
        players = rng.randint(2, 7)
        state = TableGame(players).new_state(rng.random())  # type: ignore[arg-type]
        steps = 0
        while not state.hand_over:
            moves = state.legal_moves()
            state.apply_unchecked(moves[rng.randrange(len(moves))])
            steps += 1
            assert steps < 400
        assert conserved(state)


def table_position(state: TableState) -> tuple[object, ...]:
    """Everything a table position shows: the hands, the turn, the score sheet, the clock,
    the history and the figure with its open cells and placements (in any order: taking
    back a tile may change the order the openings are visited in, never what they are)."""
    figure, sheet = state.figure, state.sheet
    return (
        state.hands.copy(),
        state.current,
        state.passes,
        state.stock_pos,
        state.end_reason,
        state.clock_s,
        state.moves,
        state.hands_so_far(),
        sheet.results.copy(),
        sheet.points_history.copy(),
        sheet.hand_points.copy(),
        (sheet.chips_held.copy(), sheet.chips_owed.copy(), sheet.chips_lent.copy()),
        figure.tiles(),
        figure.open_cells(),
        figure.opportunity_openings(),
        sorted(figure.open_fit_masks()),
        [figure.forced_rotation(cell) for cell in figure.open_cells()],
        sorted(figure.placements(ALL_TILES_MASK)),
        figure.is_dead_end(),
    )


@settings(max_examples=60, deadline=None)
@given(players=st.integers(2, 7), seed=st.integers(0, 10**9), rules=table_rules)
def test_every_move_scores_its_points_and_taken_back_leaves_the_position_as_it_was(
    players: int, seed: int, rules: TableRules
) -> None:
    state = TableGame(players, rules).new_state(seed)
    rng = random.Random(seed)
    while not state.hand_over:
        state.advance_clock(1.5)
        before = table_position(state)
        moves = state.legal_moves()
        for move in moves:
            points = state.placement_score(move) if move.action == PLACE else 0
            assert state.apply_unchecked(move) == points
            state.undo()
            assert table_position(state) == before
        state.apply(moves[rng.randrange(len(moves))])


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 10**9), hand=st.integers(1, 36))
def test_the_best_spots_are_the_placements_of_the_highest_score(seed: int, hand: int) -> None:
    rng = random.Random(seed)
    figure = Figure()
    left = ALL_TILES_MASK
    for _ in range(rng.randrange(36)):
        spots = figure.spots(left)
        if not spots:
            break
        tile, key, rot = spots[rng.randrange(len(spots))]
        figure.place_unchecked(tile, key, rot)
        left &= ~(1 << tile)
    tiles = rng.sample(tiles_in(left), min(hand, left.bit_count()))
    placements = figure.placements(mask_of(tiles))
    best, spots = figure.best_spots(mask_of(tiles))
    if not placements:
        assert (best, spots) == (-1, [])
        return
    assert best == max(score for _, _, _, score in naive_placements(figure, tiles))
    assert spots == [(p.tile, cell_key(p.cell), p.rot) for p in placements if p.score == best]
