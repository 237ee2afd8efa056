"""The computer levels: legal play everywhere, determinism, hands off the state, and the
objectives (partners, club chips) they play for."""

from __future__ import annotations

import random

import pytest

from game.ai.evaluation import (
    WorkLimit,
    guessed_stock,
    seat_values,
    seat_weights,
    unknown_tiles,
)
from game.ai.players import (
    LEVELS,
    EasyPlayer,
    ExpertPlayer,
    GreedyPlayer,
    MasterPlayer,
    Player,
    make_player,
)
from game.ai.search import Lookahead
from game.rules.solitaire import DrawSolitaireState, StackedSolitaireState
from game.rules.table import TableGame, TableState
from game.rules.table_rules import TableRules
from game.rules.tiles import ALL_TILES_MASK

LEVEL_NAMES = tuple(LEVELS)
GENEROUS = 10**9
"""A budget that never binds in these tests, so only the fixed effort decides."""
QUICK_STEPS = 80
"""Playout steps a move at three or more sides: a few rounds of guesses, quickly."""


def quick_player(level: str, rng: random.Random) -> Player:
    """A player of `level` with a small fixed effort, to keep the tests fast."""
    if level == "master":
        return MasterPlayer(rng, positions=GENEROUS, samples=2, depth=3, steps=QUICK_STEPS)
    if level == "expert":
        return ExpertPlayer(rng, positions=GENEROUS, guesses=1)
    return make_player(level, rng)


def play_table(game: TableGame, seed: int, levels: list[str]) -> TableState:
    """Play a whole game, checking every move the players choose."""
    bots = [
        quick_player(levels[seat % len(levels)], random.Random(f"{seed}:{seat}"))
        for seat in range(game.players)
    ]
    state = game.new_state(seed)
    while not state.is_terminal():
        if state.hand_over:
            state.next_hand()
            continue
        state.advance_clock(10.0)
        move = bots[state.current_player].choose(state)
        assert move in state.legal_moves()
        state.apply(move)
    return state


TABLES = [
    (2, TableRules(hands=1)),
    (3, TableRules(hands=1, free_draw=True)),
    (4, TableRules(hands=1, partners=True)),
    (4, TableRules(hands=1, partners=True, variant="club", free_draw=True)),
    (5, TableRules(hands=1, variant="club", chips=2)),
    (6, TableRules(hands=1, variant="club", time_limit_s=200.0)),
    (7, TableRules(hands=1, free_draw=True)),
]


@pytest.mark.parametrize(("players", "rules"), TABLES)
def test_every_level_plays_legal_moves_at_every_table(players: int, rules: TableRules) -> None:
    game = TableGame(players, rules)
    for seed in range(3):
        rotated = LEVEL_NAMES[seed % len(LEVEL_NAMES) :] + LEVEL_NAMES[: seed % len(LEVEL_NAMES)]
        state = play_table(game, seed, list(rotated))
        assert state.is_terminal()


@pytest.mark.parametrize("level", ["easy", "expert"])
def test_cheap_levels_play_legal_moves_in_many_games(level: str) -> None:
    rng = random.Random(level)
    for seed in range(60):
        players = rng.randint(2, 7)
        rules = TableRules(
            hands=1,
            partners=players == 4 and rng.random() < 0.5,
            free_draw=rng.random() < 0.5,
            variant=rng.choice(["standard", "club"]),
        )
        play_table(TableGame(players, rules), seed, [level, "greedy"])


@pytest.mark.parametrize("level", LEVEL_NAMES)
@pytest.mark.parametrize("mode", ["draw", "stacked"])
def test_every_level_plays_both_solitaires(level: str, mode: str) -> None:
    for seed in range(4):
        state: DrawSolitaireState | StackedSolitaireState = (
            DrawSolitaireState(seed=seed) if mode == "draw" else StackedSolitaireState(seed=seed)
        )
        player = quick_player(level, random.Random(seed))
        while not state.is_terminal():
            move = player.choose(state)
            assert move in state.legal_moves()
            state.apply(move)


def midgame_states() -> list[TableState]:
    """Positions a few moves into hands of 2, 4 (partners) and 5 (club, free draw) seats."""
    states = []
    for players, rules in (
        (2, TableRules()),
        (4, TableRules(partners=True)),
        (5, TableRules(variant="club", free_draw=True)),
    ):
        for seed in range(3):
            state = TableGame(players, rules).new_state(seed)
            greedy = GreedyPlayer(random.Random(seed))
            for _ in range(3 + 2 * seed):
                state.apply(greedy.choose(state))
            states.append(state)
    return states


def snapshot(state: TableState) -> tuple[object, ...]:
    return (
        state.current,
        state.passes,
        state.stock_pos,
        list(state.stock),
        list(state.hands),
        list(state.sheet.hand_points),
        state.figure.tiles(),
        state.figure.open_cells(),
        state.moves,
        state.rng.getstate(),
    )


@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_same_state_and_seed_give_the_same_move(level: str) -> None:
    for state in midgame_states():
        first = quick_player(level, random.Random(99)).choose(state)
        again = quick_player(level, random.Random(99)).choose(state.clone())
        assert first == again


@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_players_leave_the_state_untouched(level: str) -> None:
    for state in midgame_states():
        before = snapshot(state)
        quick_player(level, random.Random(1)).choose(state)
        assert snapshot(state) == before


def test_searches_never_read_the_true_stock_order() -> None:
    state = midgame_states()[1]
    honest = MasterPlayer(random.Random(5), GENEROUS, samples=3).choose(state)
    shuffled = state.clone()
    rest = shuffled.stock[shuffled.stock_pos :]
    random.Random(0).shuffle(rest)
    shuffled.stock = shuffled.stock[: shuffled.stock_pos] + rest
    assert MasterPlayer(random.Random(5), GENEROUS, samples=3).choose(shuffled) == honest
    assert ExpertPlayer(random.Random(5)).choose(shuffled) == ExpertPlayer(random.Random(5)).choose(
        state
    )


def test_unknown_tiles_are_exactly_the_stock() -> None:
    for state in midgame_states():
        stock = 0
        for tile in state.stock[state.stock_pos :]:
            stock |= 1 << tile
        assert unknown_tiles(state) == stock
        assert sorted(guessed_stock(state, random.Random(1))) == list(range(36))
        assert unknown_tiles(state) | stock == stock & ALL_TILES_MASK


def test_a_guessed_order_plays_its_draws_in_the_search() -> None:
    """With a guessed stock the master's search draws the guessed tiles and stays legal."""
    state = replayed(2, TableRules(), 3, 4)
    for seed in range(4):
        stock = guessed_stock(state, random.Random(seed))
        search = Lookahead(state, 6, 5, WorkLimit(GENEROUS), stock)
        values = search.move_values(state.legal_moves())
        assert len(values) == len(state.legal_moves())
        assert search.state.stock == stock
        before, after = snapshot(state), snapshot(search.state)
        assert after[:3] == before[:3]
        assert after[4:9] == before[4:9]


def test_partners_count_for_each_other_and_club_has_no_tile_penalty() -> None:
    partners = TableGame(4, TableRules(partners=True)).new_state(0)
    assert seat_weights(partners, 0) == (1.0, -1.0, 1.0, -1.0)
    assert seat_weights(partners, 3) == (-1.0, 1.0, -1.0, 1.0)
    alone = TableGame(4, TableRules()).new_state(0)
    assert seat_weights(alone, 1) == (-1 / 3, 1.0, -1 / 3, -1 / 3)
    club = TableGame(2, TableRules(variant="club")).new_state(0)
    assert seat_values(club) == [0.0, 0.0]
    assert seat_values(TableGame(2, TableRules()).new_state(0)) == [-50.0, -50.0]


def replayed(players: int, rules: TableRules, seed: int, greedy_moves: int) -> TableState:
    """The position after `greedy_moves` greedy moves of the deal of `seed`."""
    state = TableGame(players, rules).new_state(seed)
    greedy = GreedyPlayer(random.Random(seed))
    for _ in range(greedy_moves):
        state.apply(greedy.choose(state))
    return state


def test_the_expert_plays_for_its_partner() -> None:
    """Seat 0 of a partners game places elsewhere than it would playing alone."""
    with_partner = replayed(4, TableRules(partners=True), 0, 10)
    alone = replayed(4, TableRules(), 0, 10)
    assert with_partner.moves == alone.moves
    choice = ExpertPlayer(random.Random(0), GENEROUS).choose(with_partner)
    assert choice != ExpertPlayer(random.Random(0), GENEROUS).choose(alone)
    assert with_partner.placement_score(choice) == 15


def test_the_expert_counts_chips_in_club() -> None:
    """With no tile penalty to fear, the club expert plays another move."""
    club = replayed(2, TableRules(variant="club"), 1, 1)
    standard = replayed(2, TableRules(), 1, 1)
    club_choice = ExpertPlayer(random.Random(0), GENEROUS).choose(club)
    assert club_choice != ExpertPlayer(random.Random(0), GENEROUS).choose(standard)


def test_easy_makes_mistakes_greedy_would_not() -> None:
    state = midgame_states()[0]
    greedy_best = max(state.placement_score(m) for m in state.legal_moves())
    picks = {
        state.placement_score(EasyPlayer(random.Random(seed)).choose(state)) for seed in range(60)
    }
    assert greedy_best in picks
    assert len(picks) > 1 or greedy_best == min(
        state.placement_score(m) for m in state.legal_moves()
    )


def test_make_player_knows_every_level_and_budgets() -> None:
    for level in LEVEL_NAMES:
        assert make_player(level, random.Random(0)).name == level
    master = make_player("master", random.Random(0), 12_345)
    assert isinstance(master, MasterPlayer)
    assert master.positions == 12_345
    with pytest.raises(ValueError, match="unknown AI level"):
        make_player("grandmaster", random.Random(0))


# --- issue 27: effort counted in work, never in seconds ---------------------------------


def leaping_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every reading of the clock a minute after the last: a machine as busy as can be."""
    import itertools
    import time

    minutes = itertools.count(step=60.0)
    monkeypatch.setattr(time, "perf_counter", lambda: next(minutes))
    monkeypatch.setattr(time, "monotonic", lambda: next(minutes))
    monkeypatch.setattr(time, "time", lambda: next(minutes))


def test_a_capped_search_chooses_the_same_move_however_busy_the_machine(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = TableGame(2, TableRules(hands=1)).new_state(4)
    for _ in range(4):
        state.apply(GreedyPlayer(random.Random(0)).choose(state))
    calm = [MasterPlayer(random.Random(7), positions=256).choose(state) for _ in range(2)]
    expert = ExpertPlayer(random.Random(7), positions=64).choose(state)
    assert calm[0] == calm[1]  # a cap that binds binds at the same place every time
    leaping_clock(monkeypatch)
    assert MasterPlayer(random.Random(7), positions=256).choose(state) == calm[0]
    assert ExpertPlayer(random.Random(7), positions=64).choose(state) == expert
