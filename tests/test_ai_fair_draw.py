"""The fair draw-solitaire player: legal, deterministic, blind to the stock order."""

from __future__ import annotations

import random
from itertools import permutations

from game.ai.autoplay import FairDrawPlayer, draw_hint
from game.ai.fair_draw import FairDrawSearch, exact_values, rollout, unseen_tiles, unwind
from game.ai.solver import solve
from game.rules.lattice import KEY_CELLS
from game.rules.moves import PLACE, STOCK, Move
from game.rules.solitaire import DrawSolitaireState


def fair_moves_agree(first: DrawSolitaireState, second: DrawSolitaireState, seed: int) -> int:
    """Let two fair players with the same seed play two deals that differ only in the
    hidden stock order: their moves must agree until a turned tile differs (when both
    must have chosen to turn). Returns how many moves agreed."""
    one, two = FairDrawPlayer(random.Random(seed)), FairDrawPlayer(random.Random(seed))
    compared = 0
    while not first.is_terminal():
        a, b = one.choose(first), two.choose(second)
        if a.source == STOCK and first.stock_top != second.stock_top:
            assert b.source == STOCK
            break
        assert a == b
        first.apply(a)
        second.apply(b)
        compared += 1
    return compared


def _snapshot(state: DrawSolitaireState) -> object:
    return (
        state.moves,
        state.figure.tiles(),
        state.status,
        state.stock_pos,
        state.discard.copy(),
        state.stock.copy(),
    )


def _play(state: DrawSolitaireState, player: FairDrawPlayer, plies: int) -> list[object]:
    """Up to `plies` moves of `player` on `state`, each checked legal; the moves played."""
    played: list[object] = []
    for _ in range(plies):
        if state.is_terminal():
            break
        before = _snapshot(state)
        move = player.choose(state)
        assert _snapshot(state) == before
        assert move in state.legal_moves()
        state.apply(move)
        played.append(move)
    return played


def test_plays_only_legal_moves_and_leaves_the_state_alone() -> None:
    for seed in (3, 5):
        state = DrawSolitaireState(seed=seed)
        _play(state, FairDrawPlayer(random.Random(seed)), 200)
        assert state.is_terminal()


def test_same_seed_same_game() -> None:
    games = []
    for _ in range(2):
        state = DrawSolitaireState(seed=9)
        games.append(_play(state, FairDrawPlayer(random.Random(7)), 200))
    assert games[0] == games[1]


def test_never_reads_the_unseen_stock_order() -> None:
    """Two deals differing only in the order of the unseen tiles get the same decisions
    until a differing tile is turned."""
    for seed, hidden in ((8, 10), (21, 18)):
        first = DrawSolitaireState(seed=seed)
        player = FairDrawPlayer(random.Random(4))
        _play(first, player, hidden)
        if first.is_terminal():
            continue
        # The next 6 stock tiles stay, the ones after them are shuffled.
        kept = first.stock_pos + 6
        rest = first.stock[kept:]
        random.Random(seed).shuffle(rest)
        assert rest != first.stock[kept:]
        second = DrawSolitaireState(stock=first.stock[:kept] + rest)
        for move in first.moves:
            second.apply(move)
        assert fair_moves_agree(first, second, 11) >= 6


def test_unseen_tiles_are_those_neither_placed_nor_discarded() -> None:
    state = DrawSolitaireState(seed=2)
    _play(state, FairDrawPlayer(random.Random(0)), 15)
    seen = {tile for _, tile, _ in state.figure.tiles()} | set(state.discard)
    assert unseen_tiles(state) == sorted(set(range(36)) - seen)
    assert sorted(unseen_tiles(state)) == sorted(state.stock[state.stock_pos :])


def test_rollout_plays_out_a_legal_game() -> None:
    state = DrawSolitaireState(seed=4)
    state.apply(state.legal_moves()[0])
    figure, discard = state.figure.clone(), state.discard.copy()
    won = rollout(figure, discard, state.stock[state.stock_pos :], False)
    assert won == (len(figure) == 36)
    assert len(state.figure) == 1
    placed = [tile for _, tile, _ in figure.tiles()]
    assert len(set(placed)) == len(placed)
    assert set(placed).isdisjoint(discard)


def test_search_with_few_samples_still_chooses_legally() -> None:
    state = DrawSolitaireState(seed=6)
    search = FairDrawSearch(random.Random(1), samples=2)
    for _ in range(30):
        if state.is_terminal():
            break
        move = search.choose(state)
        assert move in state.legal_moves()
        state.apply(move)


def test_unwind_finds_the_last_discards_line_when_the_stock_is_empty() -> None:
    state = DrawSolitaireState(seed=1)
    line = solve(state).moves
    while state.stock_pos < 36 or not state.discard:
        state.apply(line.pop(0))
    spots = unwind(state.figure.clone(), state.discard.copy(), [100_000])
    assert spots is not None
    assert len(spots) == len(state.discard)
    moves = [Move(PLACE, tile, KEY_CELLS[key], rot, "discard") for tile, key, rot in spots]
    assert draw_hint(state) == moves[0]
    for move in moves:
        state.apply(move)
    assert state.won


def test_exact_values_are_fair_win_probabilities() -> None:
    """Near the end the exact search gives each option its win probability for a player
    who does not know the stock order: never more than a player who knows it wins."""
    state = DrawSolitaireState(seed=1)
    line = solve(state).moves
    while state.stock_left > 3:
        state.apply(line.pop(0))
    unseen = unseen_tiles(state)
    before = _snapshot(state)
    values = exact_values(state, [None], unseen, 100_000)
    assert _snapshot(state) == before
    assert values is not None
    orders = list(permutations(unseen))
    known_wins = 0
    for order in orders:
        other = DrawSolitaireState(stock=state.stock[: state.stock_pos] + list(order))
        for move in state.moves:
            other.apply(move)
        known_wins += bool(solve(other).winnable)
    assert known_wins >= 1
    assert 0.0 <= values[0] <= known_wins / len(orders)
    assert exact_values(state, [None], unseen, 1) is None


def test_exact_values_agree_with_unwind_once_the_stock_is_empty() -> None:
    state = DrawSolitaireState(seed=1)
    line = solve(state).moves
    while state.stock_pos < 36 or not state.discard:
        state.apply(line.pop(0))
    spots = state.figure.spots(1 << state.discard[-1])
    values = exact_values(state, [(spot, True) for spot in spots], [], 100_000)
    assert values is not None
    assert max(values) == 1.0
    for spot, value in zip(spots, values, strict=True):
        figure, discard = state.figure.clone(), state.discard[:-1]
        figure.place_unchecked(*spot)
        won = not figure.is_dead_end() and unwind(figure, discard, [100_000]) is not None
        assert value == (1.0 if won else 0.0)
