"""Solver and solitaire auto-players: every answer is checked with the rules engine."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from game import cli
from game.ai.autoplay import (
    SOLITAIRE_LEVELS,
    FairDrawPlayer,
    StackedAutoPlayer,
    draw_hint,
    hint,
    stacked_hint,
)
from game.ai.solver import POSITIONS_VARIABLE, Solver, solve, solver_positions
from game.rules.moves import Move
from game.rules.record.document import GameRecord
from game.rules.record.recorded_game import RecordedGame
from game.rules.solitaire import DrawSolitaireState, StackedSolitaireState
from tests.test_ai_fair_draw import fair_moves_agree

State = DrawSolitaireState | StackedSolitaireState


def replay_wins(state: State, moves: list[Move]) -> bool:
    """Play `moves` on a copy of `state`, each checked by the engine; True when it wins."""
    work = state.clone()
    for move in moves:
        work.apply(move)
    return work.won


def plain_winnable(state: State) -> bool:
    """Exhaustive plain search over the engine's states, memoising lost positions."""
    work = state.clone()
    lost: set[object] = set()

    def key() -> object:
        cells = frozenset(work.figure.tiles())
        if isinstance(work, DrawSolitaireState):
            return (cells, work.figure.last_cell, work.stock_pos, tuple(work.discard))
        return (cells, work.figure.last_cell, tuple(work.heights))

    def search() -> bool:
        if work.won:
            return True
        if work.is_terminal() or key() in lost:
            return False
        for move in work.legal_moves():
            work.apply_unchecked(move)
            found = search()
            work.undo()
            if found:
                return True
        lost.add(key())
        return False

    return search()


def random_prefix(state: State, plies: int, rng: random.Random) -> State:
    """`state` after up to `plies` random legal moves (stopping before the game ends)."""
    work = state.clone()
    for _ in range(plies):
        moves = work.legal_moves()
        move = moves[rng.randrange(len(moves))]
        work.apply_unchecked(move)
        if work.is_terminal():
            work.undo()
            break
    return work


@pytest.mark.parametrize("seed", range(1, 9))
def test_stacked_deals_are_solved_with_winning_lines(seed: int) -> None:
    state = StackedSolitaireState(seed=seed)
    result = solve(state)
    assert result.winnable is True
    assert replay_wins(state, result.moves)
    assert state.moves == []


@pytest.mark.parametrize(("seed", "winnable"), [(1, True), (2, True), (6, True), (11, False)])
def test_draw_deals_are_decided(seed: int, winnable: bool) -> None:
    state = DrawSolitaireState(seed=seed)
    result = solve(state)
    assert result.winnable is winnable
    if winnable:
        assert replay_wins(state, result.moves)


def test_a_lost_stacked_deal_is_proven_lost() -> None:
    state = StackedSolitaireState(seed=750)
    assert solve(state).winnable is False
    assert not plain_winnable(state)


@pytest.mark.parametrize("seed", range(24))
def test_late_positions_agree_with_plain_search(seed: int) -> None:
    rng = random.Random(seed)
    start: State
    if seed % 2:
        start = random_prefix(DrawSolitaireState(seed=seed), 40, rng)
    else:
        start = random_prefix(StackedSolitaireState(seed=seed), 22, rng)
    result = solve(start)
    assert result.winnable == plain_winnable(start)
    if result.winnable:
        assert replay_wins(start, result.moves)


def test_solver_steps_incrementally_to_the_same_answer() -> None:
    state = DrawSolitaireState(seed=3)
    solver = Solver(state)
    steps = 0
    while (result := solver.step(50)) is None:
        steps += 1
    assert steps > 1
    assert result.winnable is True
    assert replay_wins(state, result.moves)
    assert solver.step(50) is result


def test_finished_games_are_decided_at_once() -> None:
    state = StackedSolitaireState(seed=1)
    line = solve(state).moves
    for move in line:
        state.apply(move)
    assert solve(state) == (True, [], 0)
    lost = StackedSolitaireState(seed=750)
    assert lost.is_terminal() or solve(lost).winnable is False


def _snapshot(state: State) -> object:
    extra = (
        (state.stock_pos, state.discard.copy())
        if isinstance(state, DrawSolitaireState)
        else (state.heights.copy())
    )
    return (state.moves, state.figure.tiles(), state.status, extra)


def test_fair_player_plays_legal_moves_and_leaves_the_state_alone() -> None:
    state = DrawSolitaireState(seed=5)
    player = FairDrawPlayer(random.Random(1))
    for _ in range(20):
        before = _snapshot(state)
        move = player.choose(state)
        assert _snapshot(state) == before
        assert move in state.legal_moves()
        state.apply(move)


def test_fair_player_never_reads_the_hidden_stock() -> None:
    first = DrawSolitaireState(seed=8)
    hidden = 12
    rest = first.stock[hidden:]
    random.Random(0).shuffle(rest)
    second = DrawSolitaireState(stock=first.stock[:hidden] + rest)
    assert fair_moves_agree(first, second, 4) > hidden


def test_stacked_auto_player_wins_a_winnable_deal() -> None:
    state = StackedSolitaireState(seed=5)
    player = SOLITAIRE_LEVELS["auto"](random.Random(0))
    while not state.is_terminal():
        move = player.choose(state)
        assert move in state.legal_moves()
        state.apply(move)
    assert state.won


def test_stacked_auto_player_makes_a_best_try_when_lost() -> None:
    state = StackedSolitaireState(seed=750)
    if not state.is_terminal():
        assert StackedAutoPlayer(random.Random(0)).choose(state) in state.legal_moves()


def test_hints_are_legal_and_none_when_over() -> None:
    draw, stacked = DrawSolitaireState(seed=2), StackedSolitaireState(seed=2)
    assert draw_hint(draw) in draw.legal_moves()
    assert stacked_hint(stacked) in stacked.legal_moves()
    assert hint(stacked) == stacked_hint(stacked)
    for move in solve(stacked).moves:
        stacked.apply(move)
    assert hint(stacked) is None


@pytest.mark.parametrize("mode", ["draw-solitaire", "stacked-solitaire"])
def test_cli_solve_output_replays(mode: str, tmp_path: Path) -> None:
    player = {"name": "Me", "kind": "human"}
    if mode == "draw-solitaire":
        recorded = RecordedGame.new_draw_solitaire(player, 4)
    else:
        recorded = RecordedGame.new_stacked_solitaire(player, 4)
    path = tmp_path / "deal.contack.json"
    path.write_text(recorded.record.dumps())
    answer = cli.run(["solve", str(path)])
    assert answer["winnable"] is True
    data = json.loads(path.read_text())
    data["hands"][0]["moves"].extend(answer["moves"])
    data["hands"][0]["result"] = "won"  # an ended game's record says how it ended
    replayed = RecordedGame.from_record(GameRecord.from_json(json.dumps(data)))
    assert isinstance(replayed.state, (DrawSolitaireState, StackedSolitaireState))
    assert replayed.state.won


def test_an_undecided_solve_is_the_same_however_busy_the_machine(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The solver's budget is positions: a clock that leaps a minute at every reading
    (the busiest machine) gives the answer and the work of a calm one."""
    import itertools
    import time

    calm = Solver(StackedSolitaireState(seed=24)).run(500)
    minutes = itertools.count(step=60.0)
    monkeypatch.setattr(time, "perf_counter", lambda: next(minutes))
    busy = Solver(StackedSolitaireState(seed=24)).run(500)
    assert busy == calm and calm.winnable is None and calm.nodes == 500


def test_the_solvers_work_is_what_the_environment_gives_when_it_is_a_positive_number(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Tests of a game in a process of its own give its solver little work (they are not
    about how well it plays); anything else in the variable leaves the game's."""
    monkeypatch.setenv(POSITIONS_VARIABLE, "20000")
    assert solver_positions(800_000) == 20_000
    for other in ("0", "-5", "lots", "2e4", "²", ""):
        monkeypatch.setenv(POSITIONS_VARIABLE, other)
        assert solver_positions(800_000) == 800_000
    monkeypatch.delenv(POSITIONS_VARIABLE)
    assert solver_positions(800_000) == 800_000
