"""The rules API shared by the three modes: MoveResult, Outcome, standings, the table
clock, why_illegal, the one GameState interface and the computer players' rngs."""

import random
from collections.abc import Callable
from typing import Any

import pytest

from game.ai.players import bot_rng
from game.ai.solver import solve
from game.rules.errors import IllegalMoveError, RecordError, RulesError
from game.rules.lattice import ORIGIN
from game.rules.moves import DISCARD, DRAW, DRAW_MOVE, PASS_MOVE, PILE, PLACE, STOCK, Move
from game.rules.record.document import GameRecord
from game.rules.record.recorded_game import RecordedGame
from game.rules.results import (
    ALL_PASSED,
    DEAD_END,
    LOST,
    WENT_OUT,
    WON,
    MoveResult,
    Outcome,
)
from game.rules.solitaire import DrawSolitaireState, StackedSolitaireState
from game.rules.state import PLAYING, GameState
from game.rules.table import TableGame, TableState
from game.rules.table_rules import TableRules
from game.rules.tiles import ALL_TILES, parse_tile, tile_name
from tests.test_rules_table import STAR, STUCK, position

T = parse_tile
PLAYERS = [{"name": "A", "kind": "human"}, {"name": "B", "kind": "human"}]


def play_out(state: TableState) -> None:
    """Play the first legal move until the hand ends."""
    while not state.hand_over:
        state.apply(state.legal_moves()[0])


# --- MoveResult -------------------------------------------------------------------------


def test_a_placement_reports_its_player_contacts_and_points() -> None:
    state = position([["08-09-10", "04-05-06"], ["10-03-09"]], STAR, ["05-06-07"])
    move = Move(PLACE, T("08-09-10"), ORIGIN, 0)
    result = state.apply(move)
    assert isinstance(result, MoveResult)
    assert result.move == move and result.player == 0 and result.drawn is None
    assert isinstance(result.contacts, tuple) and len(result.contacts) == 3
    assert result.points == sum(c.points for c in result.contacts) == 50
    assert result.hand_ended and result.end_reason == state.end_reason


def test_a_move_result_is_immutable() -> None:
    state = TableGame(2).new_state(seed=3)
    result = state.apply(state.legal_moves()[0])
    with pytest.raises(AttributeError):
        result.points = 99  # type: ignore[misc]


def test_a_table_draw_reports_the_drawn_tile_and_a_pass_reports_nothing() -> None:
    state = position([STUCK[0:2], [STUCK[2]]], [("01-02-03", ORIGIN, 0)], ["06-07-08"])
    result = state.apply(DRAW_MOVE)
    assert result.drawn == T("06-07-08") and result.points == 0 and result.contacts == ()
    assert not result.hand_ended and result.end_reason is None
    assert state.hand_tiles(0) == sorted([T(STUCK[0]), T(STUCK[1]), T("06-07-08")])
    result = state.apply(PASS_MOVE)
    assert result.player == 0 and result.drawn is None and state.current_player == 1


def test_a_draw_solitaire_turn_reports_the_tile_it_turned() -> None:
    stock = [T("01-02-03"), T("03-04-01"), T("02-03-04")]
    state = DrawSolitaireState(stock + [t for t in ALL_TILES if t not in stock])
    first = state.apply(Move(PLACE, T("01-02-03"), ORIGIN, 0, STOCK))
    assert first.drawn == T("01-02-03") and first.player == 0 and first.points == 0
    discard = state.apply(Move(DISCARD, T("03-04-01"), source=STOCK))
    assert discard.drawn == T("03-04-01") and discard.contacts == ()


def test_a_stacked_solitaire_move_draws_nothing_face_down() -> None:
    state = StackedSolitaireState(seed=5)
    result = state.apply(state.legal_moves()[0])
    assert result.drawn is None and result.player == 0
    assert result.points == sum(c.points for c in result.contacts)


def test_recorded_play_returns_the_result_and_writes_what_it_says() -> None:
    recorded = RecordedGame.new_table(TableGame(2), PLAYERS, seed=8)
    state = recorded.state
    assert isinstance(state, TableState)
    actions = set()
    while not state.hand_over:
        result = recorded.play(state.legal_moves()[-1])
        actions.add(result.move.action)
        entry = recorded.record.to_json()["hands"][-1]["moves"][-1]
        assert entry["player"] == result.player
        if result.move.action == PLACE:
            assert entry["score"] == result.points
        if result.move.action == DRAW:
            assert result.drawn is not None and entry["tile"] == tile_name(result.drawn)
    assert DRAW in actions and PLACE in actions


# --- Outcome ----------------------------------------------------------------------------


def test_the_table_outcome_is_none_until_the_game_is_over() -> None:
    state = TableGame(2, TableRules(hands=2)).new_state(seed=11)
    assert state.outcome() is None
    play_out(state)
    assert state.outcome() is None  # one more hand to play
    state.next_hand()
    play_out(state)
    outcome = state.outcome()
    assert isinstance(outcome, Outcome)
    assert outcome.termination == state.end_reason
    assert outcome.totals == state.tally().totals
    assert outcome.winners == state.tally().leaders


def test_a_solitaire_outcome_says_won_or_lost() -> None:
    state = StackedSolitaireState(seed=3)
    assert state.outcome() is None
    line = solve(state).moves
    assert line is not None
    for move in line:
        state.apply(move)
    outcome = state.outcome()
    assert outcome is not None and outcome.termination == WON and outcome.won
    assert outcome.winners == (0,) and outcome.totals == (36,)
    lost = DrawSolitaireState(seed=3)
    while lost.outcome() is None:
        lost.apply(lost.legal_moves()[-1])
    outcome = lost.outcome()
    assert outcome is not None
    assert outcome.termination == lost.status
    if outcome.termination == LOST:
        assert outcome.winners == () and not outcome.won


def test_the_last_move_result_names_the_termination() -> None:
    state = position([["02-03-04"], ["10-06-09"]], [("01-02-03", ORIGIN, 0)], ["05-06-07"], hands=1)
    result = state.apply(next(m for m in state.legal_moves() if m.cell == (1, 0)))
    outcome = state.outcome()
    assert result.end_reason == WENT_OUT and outcome is not None
    assert outcome.termination == WENT_OUT


# --- standings --------------------------------------------------------------------------


def test_standings_add_the_running_hand_until_it_ends() -> None:
    state = position([["02-03-04", "09-10-01"], ["10-06-09"]], [("01-02-03", ORIGIN, 0)], [])
    state.sheet.results = [[7, -3]]
    state.sheet.hand_points = [5, 10]
    assert state.standings() == [12, 7]
    state.apply(Move(PLACE, T("02-03-04"), (1, 0), 0))  # red 3 + red 2 = 5
    assert state.standings() == [17, 7]


def test_standings_after_a_hand_are_the_results_with_penalties() -> None:
    state = TableGame(2, TableRules(hands=2)).new_state(seed=11)
    play_out(state)
    assert state.standings() == list(state.tally().totals)


def test_club_standings_are_chips_held_minus_owed() -> None:
    state = position(
        [["08-09-10", "04-05-06"], ["10-03-09"]], STAR, ["05-06-07"], variant="club", chips=3
    )
    state.sheet.chips_held = [3, 3]
    state.apply(Move(PLACE, T("08-09-10"), ORIGIN, 0))
    assert state.standings() == [13, -7]


# --- the clock --------------------------------------------------------------------------


def test_undo_turns_the_clock_back_to_before_the_move() -> None:
    state = TableGame(2, TableRules(variant="club", time_limit_s=600)).new_state(seed=4)
    state.advance_clock(5.0)
    state.apply(state.legal_moves()[0])
    state.advance_clock(7.5)
    assert state.clock_s == 12.5
    state.undo()
    assert state.clock_s == 5.0


def test_the_clock_runs_only_in_timed_games_while_a_hand_is_on() -> None:
    untimed = TableGame(2).new_state(seed=4)
    untimed.advance_clock(30.0)
    assert untimed.clock_s == 0.0
    timed = TableGame(2, TableRules(variant="club", time_limit_s=600)).new_state(seed=4)
    play_out(timed)
    timed.advance_clock(30.0)
    assert timed.clock_s == 0.0


def timed_club_game(seconds_before_the_move: float = 0.0) -> dict[str, Any]:
    """A timed club record with one move, played after `seconds_before_the_move`."""
    rules = TableRules(variant="club", time_limit_s=600)
    recorded = RecordedGame.new_table(TableGame(2, rules), PLAYERS, seed=4)
    state = recorded.state
    assert isinstance(state, TableState)
    state.advance_clock(seconds_before_the_move)
    recorded.play(state.legal_moves()[0])
    return recorded.record.to_json()


def test_a_resumed_clock_goes_back_to_when_the_move_was_played() -> None:
    data = timed_club_game(7.0)
    assert data["hands"][-1]["moves"][-1]["clock_s"] == 7.0
    data["hands"][-1]["clock_s"] = 47.0  # what the autosave writes 40 s later
    resumed = RecordedGame.from_record(GameRecord.parse(data))
    assert isinstance(resumed.state, TableState) and resumed.state.clock_s == 47.0
    resumed.undo()
    assert resumed.state.clock_s == 7.0
    assert resumed.record.to_json()["hands"][-1]["clock_s"] == 7.0


def test_a_record_without_move_times_keeps_the_resumed_clock_on_undo() -> None:
    data = timed_club_game()
    del data["hands"][-1]["moves"][-1]["clock_s"]
    data["hands"][-1]["clock_s"] = 40.0
    resumed = RecordedGame.from_record(GameRecord.parse(data))
    resumed.undo()
    assert isinstance(resumed.state, TableState)
    assert resumed.state.clock_s == 40.0  # how long that move took is not known


def test_a_move_time_that_is_not_a_number_is_refused() -> None:
    data = timed_club_game()
    data["hands"][-1]["moves"][-1]["clock_s"] = "soon"
    with pytest.raises(RecordError, match="hand 0 move 0: clock_s"):
        RecordedGame.from_record(GameRecord.parse(data))


def test_recorded_undo_writes_the_rewound_clock() -> None:
    rules = TableRules(variant="club", time_limit_s=600)
    recorded = RecordedGame.new_table(TableGame(2, rules), PLAYERS, seed=4)
    state = recorded.state
    assert isinstance(state, TableState)
    state.advance_clock(3.0)
    recorded.play(state.legal_moves()[0])
    state.advance_clock(9.0)
    recorded.undo()
    assert state.clock_s == 3.0 and recorded.record.to_json()["hands"][-1]["clock_s"] == 3.0


# --- why_illegal ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "make",
    [
        lambda: TableGame(3).new_state(seed=6),
        lambda: DrawSolitaireState(seed=6),
        lambda: StackedSolitaireState(seed=6),
    ],
)
def test_why_illegal_is_none_exactly_for_the_legal_moves(make: Callable[[], GameState]) -> None:
    state = make()
    rng = random.Random(1)
    for _ in range(15):
        moves = state.legal_moves()
        if not moves:
            break
        assert all(state.why_illegal(m) is None for m in moves)
        for move in (
            Move(PLACE, T("01-02-03"), (9, 9), 0, moves[0].source, moves[0].pile),
            DRAW_MOVE,
            PASS_MOVE,
        ):
            if move not in moves:
                reason = state.why_illegal(move)
                assert isinstance(reason, str) and reason
        state.apply(moves[rng.randrange(len(moves))])


def test_solitaire_refusals_say_where_the_tile_is_not() -> None:
    draw = DrawSolitaireState(seed=2)
    top = draw.stock_top
    assert top is not None
    other = next(t for t in ALL_TILES if t != top)
    reason = draw.why_illegal(Move(PLACE, other, ORIGIN, 0, STOCK))
    assert reason == f"the stock tile is {tile_name(top)}, not {tile_name(other)}"
    stacked = StackedSolitaireState(seed=2)
    pile_top = stacked.top(0)
    assert pile_top is not None
    wrong = next(t for t in ALL_TILES if t != pile_top)
    reason = stacked.why_illegal(Move(PLACE, wrong, (1, 0), 0, PILE, 0))
    assert reason == f"pile 0 is topped by {tile_name(pile_top)}, not {tile_name(wrong)}"


def test_illegal_moves_raise_value_errors_with_the_reason() -> None:
    state = TableGame(2).new_state(seed=3)
    reason = state.why_illegal(PASS_MOVE)
    assert reason is not None
    with pytest.raises(IllegalMoveError, match=reason) as caught:
        state.apply(PASS_MOVE)
    assert isinstance(caught.value, ValueError) and isinstance(caught.value, RulesError)


# --- the one GameState interface ---------------------------------------------------------


STATES = [
    lambda: TableGame(3).new_state(seed=6),
    lambda: DrawSolitaireState(seed=6),
    lambda: StackedSolitaireState(seed=6),
]


@pytest.mark.parametrize("make", STATES)
def test_every_mode_plays_a_hand_to_its_end_through_the_shared_interface(
    make: Callable[[], GameState],
) -> None:
    state: GameState = make()
    while not state.hand_over:
        assert state.status == PLAYING and state.end_reason is None
        state.advance_clock(1.0)
        move = state.legal_moves()[0]
        assert state.source_problem(move) is None
        result = state.apply(move)
        assert result.player in range(3)
    assert state.legal_moves() == []
    assert state.end_reason is not None and state.status == state.end_reason
    assert state.end_reason in (WENT_OUT, ALL_PASSED, DEAD_END, WON, LOST)
    if not isinstance(state, TableState):
        assert state.is_terminal() and state.current_player == 0
        with pytest.raises(RulesError, match="solitaires have one hand"):
            state.next_hand()


def test_a_table_tile_comes_from_the_hand_of_the_seat_to_act() -> None:
    state = TableGame(2).new_state(seed=3)
    held = state.hand_tiles(state.current)[0]
    elsewhere = next(t for t in ALL_TILES if not state.hands[state.current] >> t & 1)
    assert state.source_problem(Move(PLACE, held, ORIGIN, 0)) is None
    assert state.source_problem(DRAW_MOVE) is None
    problem = state.source_problem(Move(PLACE, elsewhere, ORIGIN, 0))
    assert problem == f"{tile_name(elsewhere)} is not in the hand of seat {state.current}"
    assert state.source_problem(Move(PLACE, held, ORIGIN, 0, STOCK)) is not None


# --- bot_rng ----------------------------------------------------------------------------


def test_bot_rng_is_the_same_for_a_seed_and_seat_and_differs_between_seats() -> None:
    assert bot_rng(7, 1).random() == bot_rng(7, 1).random()
    assert bot_rng("x", 0).random() == bot_rng("x", 0).random()
    assert bot_rng(7, 0).random() != bot_rng(7, 1).random()
    assert bot_rng(7, 0).random() != bot_rng(8, 0).random()


def test_every_state_names_its_mode_as_its_record_does() -> None:
    """The mode is asked of the state, as of its record: what code branches on instead
    of the state's class (a clone and a resumed game keep it)."""
    games = [
        RecordedGame.new_table(TableGame(2), PLAYERS, seed=3),
        RecordedGame.new_draw_solitaire(PLAYERS[0], seed=3),
        RecordedGame.new_stacked_solitaire(PLAYERS[0], seed=3),
    ]
    for recorded in games:
        resumed = RecordedGame.from_record(GameRecord.parse(recorded.record.to_json()))
        assert recorded.state.mode is recorded.mode
        assert recorded.state.clone().mode is recorded.mode
        assert resumed.state.mode is recorded.mode


def test_a_recorded_game_gives_its_state_as_its_own_mode_only() -> None:
    """The one seat of narrowing: callers ask for the table's or a solitaire's state and
    a game of the other mode is a RulesError, not an assertion at each call site."""
    table = RecordedGame.new_table(TableGame(2), PLAYERS, seed=3)
    solitaire = RecordedGame.new_stacked_solitaire(PLAYERS[0], seed=3)
    assert table.table_state() is table.state
    assert solitaire.solitaire_state() is solitaire.state
    with pytest.raises(RulesError, match="not a solitaire"):
        table.solitaire_state()
    with pytest.raises(RulesError, match="not a table game"):
        solitaire.table_state()
