"""Section 5: the table game, every rule and ruling, on hand-built positions."""

import pytest

from game.rules.errors import IllegalMoveError, RulesError
from game.rules.figure_refusals import Refusal
from game.rules.lattice import ORIGIN
from game.rules.moves import DRAW_MOVE, PASS_MOVE, PLACE, Move
from game.rules.results import ALL_PASSED, DEAD_END, WENT_OUT
from game.rules.table import TableGame, TableState
from game.rules.table_rules import TableRules
from game.rules.tiles import ALL_TILES, TILE_SIZES, mask_of, parse_tile
from tests.rules_helpers import build_figure

T = parse_tile
STUCK = ["03-04-01", "05-01-04", "06-07-01", "02-09-10", "03-04-05", "03-07-08"]
"""Tiles that fit nowhere next to 01-02-03 alone on the origin with rot 0."""
STAR = [("07-08-02", (0, 1), 0), ("05-06-03", (1, 0), 0), ("02-09-10", (-1, 0), 0)]


def stock_of(hands: list[list[str]], rest: list[str] | None = None) -> list[int]:
    """A full stock dealing `hands`, then `rest`, then every other tile."""
    dealt = [T(name) for hand in hands for name in hand]
    head = dealt + [T(name) for name in rest or []]
    return head + [t for t in ALL_TILES if t not in head]


def position(
    held: list[list[str]],
    figure: list[tuple[str, tuple[int, int], int]],
    stock: list[str],
    current: int = 0,
    **rules: object,
) -> TableState:
    """A hand in progress: the held tiles, figure, remaining stock (in order), seat to act."""
    game = TableGame(len(held), TableRules(**rules))  # type: ignore[arg-type]
    state = game.new_state(seed=1)
    used = [T(n) for hand in held for n in hand] + [T(n) for n, _, _ in figure]
    remaining = [T(n) for n in stock]
    others = [t for t in ALL_TILES if t not in used and t not in remaining]
    state.stock = used + others + remaining
    state.stock_pos = 36 - len(remaining)
    state.hands = [mask_of([T(n) for n in hand]) for hand in held]
    state.figure = build_figure(figure)
    state.current = current
    return state


def test_each_seat_takes_five_in_seat_order() -> None:
    stock = stock_of([["01-02-03", "02-03-04", "03-04-05", "04-05-06", "05-06-07"]])
    state = TableGame(3).new_state(stock=stock)
    assert state.hand_tiles(0) == sorted(stock[0:5])
    assert state.hand_tiles(1) == sorted(stock[5:10])
    assert state.hand_tiles(2) == sorted(stock[10:15])
    assert state.stock_left == 21


def test_seven_players_leave_one_tile_in_the_stock() -> None:
    state = TableGame(7).new_state(seed=3)
    assert state.stock_left == 1
    assert sum(state.hand_size(s) for s in range(7)) == 35


def test_the_smallest_tile_starts_and_its_holder_places_it_on_the_origin() -> None:
    hands = [
        ["08-09-10", "07-08-09", "09-10-07", "06-07-08", "08-09-06"],
        ["10-06-09", "01-02-03", "05-09-10", "09-05-08", "07-08-05"],
    ]
    state = TableGame(2).new_state(stock=stock_of(hands))
    assert state.current_player == 1
    moves = state.legal_moves()
    assert {(m.tile, m.cell, m.rot) for m in moves} == {
        (T("01-02-03"), ORIGIN, r) for r in range(3)
    }


def _tiles_of_size(size: int) -> list[str]:
    from game.rules.tiles import TILE_NAMES

    return [TILE_NAMES[t] for t in ALL_TILES if TILE_SIZES[t] == size]


def test_tie_on_smallest_compares_next_smallest_then_lower_seat() -> None:
    twelve, fourteen, fifteen = _tiles_of_size(12), _tiles_of_size(14), _tiles_of_size(15)
    sixteen, seventeen = _tiles_of_size(16), _tiles_of_size(17)
    second_smaller = [
        [twelve[0], fourteen[0], fifteen[0], sixteen[0], seventeen[0]],
        [twelve[1], _tiles_of_size(13)[0], fifteen[1], sixteen[1], seventeen[1]],
    ]
    assert TableGame(2).new_state(stock=stock_of(second_smaller)).current_player == 1
    all_equal = [
        [twelve[0], fourteen[0], fifteen[0], sixteen[0], seventeen[0]],
        [twelve[1], fourteen[1], fifteen[1], sixteen[1], seventeen[1]],
    ]
    assert TableGame(2).new_state(stock=stock_of(all_equal)).current_player == 0


def test_a_holder_of_several_smallest_tiles_chooses_which() -> None:
    a, b = _tiles_of_size(12)
    hands = [
        [a, b, *_tiles_of_size(20)],
        _tiles_of_size(23) + _tiles_of_size(24) + _tiles_of_size(25),
    ]
    state = TableGame(2).new_state(stock=stock_of(hands))
    assert {m.tile for m in state.legal_moves()} == {T(a), T(b)}


def test_play_passes_to_the_left() -> None:
    state = TableGame(4).new_state(seed=5)
    first = state.current_player
    state.apply(state.legal_moves()[0])
    assert state.current_player == (first + 1) % 4


def test_a_player_who_can_place_must_place() -> None:
    state = position(
        [["02-03-04", "09-10-01"], ["10-06-09"]], [("01-02-03", (0, 0), 0)], ["05-06-07"]
    )
    moves = state.legal_moves()
    assert moves and all(m.action == PLACE for m in moves)
    assert "must place" in (state.why_illegal(DRAW_MOVE) or "")
    assert "must place" in (state.why_illegal(PASS_MOVE) or "")
    with pytest.raises(IllegalMoveError):
        state.apply(DRAW_MOVE)


def test_forced_draw_then_the_drawn_tile_must_be_placed_at_once() -> None:
    # Seat 0 holds a tile that fits nowhere; the stock gives 02-03-04, which fits.
    state = position(
        [["03-04-01"], ["10-06-09"]], [("01-02-03", (0, 0), 0)], ["02-03-04", "05-06-07"]
    )
    assert state.legal_moves() == [DRAW_MOVE]
    state.apply(DRAW_MOVE)
    assert state.current_player == 0
    moves = state.legal_moves()
    assert moves and {m.tile for m in moves} == {T("02-03-04")}
    state.apply(moves[0])
    assert state.current_player == 1


def test_keeps_drawing_until_five_then_passes() -> None:
    stock = [*STUCK[1:5], "02-03-04"]
    state = position([[STUCK[0]], ["02-09-10"]], [("01-02-03", (0, 0), 0)], stock)
    draws = 0
    while state.legal_moves() == [DRAW_MOVE]:
        state.apply(DRAW_MOVE)
        draws += 1
    assert draws == 4 and state.hand_size(0) == 5
    assert state.legal_moves() == [PASS_MOVE]
    state.apply(PASS_MOVE)
    assert state.current_player == 1


def test_empty_stock_means_pass() -> None:
    state = position([[STUCK[0]], [STUCK[1]]], [("01-02-03", (0, 0), 0)], [])
    assert state.legal_moves() == [PASS_MOVE]
    assert "stock is empty" in (state.why_illegal(DRAW_MOVE) or "")


def test_a_full_round_of_passes_ends_the_hand_with_penalties() -> None:
    state = position(
        [STUCK[0:2], [STUCK[2]], [STUCK[3]]],
        [("01-02-03", (0, 0), 0)],
        [],
    )
    state.sheet.hand_points = [15, 0, 5]
    state.apply(PASS_MOVE)
    state.apply(PASS_MOVE)
    assert not state.hand_over
    state.apply(PASS_MOVE)
    assert state.hand_over and state.end_reason == ALL_PASSED
    assert state.sheet.results == [[15 - 20, -10, 5 - 10]]
    assert state.sheet.points_history == [[15, 0, 5]]
    assert state.legal_moves() == []


def test_draws_do_not_break_a_round_of_passes() -> None:
    state = position([[STUCK[0]], [STUCK[1]]], [("01-02-03", (0, 0), 0)], [STUCK[2]], current=1)
    assert state.legal_moves() == [DRAW_MOVE]
    state.apply(DRAW_MOVE)
    assert state.legal_moves() == [PASS_MOVE]
    state.apply(PASS_MOVE)
    assert state.legal_moves() == [PASS_MOVE]
    state.apply(PASS_MOVE)
    assert state.end_reason == ALL_PASSED


def test_placing_the_last_tile_ends_the_hand() -> None:
    state = position(
        [["02-03-04"], ["10-06-09", "09-10-07"]], [("01-02-03", (0, 0), 0)], ["05-06-07"]
    )
    state.sheet.hand_points = [0, 20]
    move = next(m for m in state.legal_moves() if m.cell == (1, 0))
    result = state.apply(move)
    assert [c.points for c in result.contacts] == [5] and result.points == 5
    assert result.hand_ended and result.end_reason == WENT_OUT
    assert state.end_reason == WENT_OUT
    assert state.sheet.results == [[5, 20 - 20]]


def test_a_dead_end_ends_the_hand_at_once_before_anyone_draws() -> None:
    state = position([["08-09-10", "04-05-06"], ["10-03-09"]], STAR, ["05-06-07"])
    move = Move(PLACE, T("08-09-10"), (0, 0), 0)
    assert move in state.legal_moves()
    result = state.apply(move)
    assert result.points == 50 and result.end_reason == DEAD_END
    assert state.end_reason == DEAD_END
    assert state.sheet.results == [[50 - 10, -10]]
    assert state.stock_left == 1


def test_a_passed_player_plays_again_once_the_figure_changed() -> None:
    # 03-04-05 fits nowhere next to 01-02-03, but fits once 02-03-04 lies at (1, 0).
    state = position(
        [["03-04-05"], ["02-03-04", "09-10-01"]], [("01-02-03", (0, 0), 0)], [], current=0
    )
    assert state.legal_moves() == [PASS_MOVE]
    state.apply(PASS_MOVE)
    state.apply(Move(PLACE, T("02-03-04"), (1, 0), 0))
    assert state.current_player == 0
    moves = state.legal_moves()
    assert moves and all(m.action == PLACE for m in moves)


def test_hands_per_game_and_the_end_of_the_game() -> None:
    game = TableGame(2, TableRules(hands=2))
    state = game.new_state(seed=11)
    for hand in range(2):
        while not state.hand_over:
            state.apply(state.legal_moves()[0])
        if hand == 0:
            assert not state.is_terminal()
            state.next_hand()
    assert state.is_terminal()
    assert len(state.sheet.results) == 2
    with pytest.raises(RulesError):
        state.next_hand()
    outcome = state.outcome()
    assert outcome is not None and outcome.termination == state.end_reason
    assert outcome.totals == tuple(sum(r[s] for r in state.sheet.results) for s in range(2))


def test_next_hand_needs_the_hand_to_be_over() -> None:
    state = TableGame(2).new_state(seed=1)
    with pytest.raises(RulesError, match="still being played"):
        state.next_hand()


def test_partners_add_team_scores_and_share_the_win() -> None:
    with pytest.raises(RulesError, match="4 players"):
        TableGame(3, TableRules(partners=True))
    state = TableGame(4, TableRules(partners=True, hands=1)).new_state(seed=2)
    state.sheet.results = [[10, 30, 25, -5]]
    tally = state.tally()
    assert tally.team_totals == (35, 25)
    assert tally.leaders == (0, 2)
    assert state.game.team_of(2) == 0 and state.game.team_of(3) == 1


def test_equal_totals_share_the_win() -> None:
    state = TableGame(3).new_state(seed=2)
    state.sheet.results = [[20, 20, 5]]
    assert state.tally().leaders == (0, 1)


def test_free_draw_lets_a_player_who_could_place_draw_and_choose_again() -> None:
    hands = [["02-03-04", "09-10-01"], ["10-06-09"]]
    state = position(hands, [("01-02-03", (0, 0), 0)], ["05-06-07", "06-07-08"], free_draw=True)
    moves = state.legal_moves()
    assert DRAW_MOVE in moves and any(m.action == PLACE for m in moves)
    state.apply(DRAW_MOVE)
    assert state.current_player == 0 and state.hand_size(0) == 3
    assert DRAW_MOVE in state.legal_moves()


def test_free_draw_needs_room_in_the_hand_and_a_stock() -> None:
    full = ["02-03-04", "09-10-01", "10-06-09", "09-10-07", "08-09-10"]
    state = position([full, ["05-09-10"]], [("01-02-03", (0, 0), 0)], ["05-06-07"], free_draw=True)
    assert DRAW_MOVE not in state.legal_moves()
    state = position([["02-03-04"], ["05-09-10"]], [("01-02-03", (0, 0), 0)], [], free_draw=True)
    assert DRAW_MOVE not in state.legal_moves()


def test_club_counting_contact_takes_value_over_five_from_every_other_player() -> None:
    hands = [["02-03-04", "09-10-01"], ["10-06-09"], ["09-10-07"]]
    state = position(hands, [("01-02-03", (0, 0), 0)], ["05-06-07"], variant="club", chips=40)
    state.sheet.chips_held = [40, 40, 40]
    state.sheet.hand_start = [40, 40, 40]
    state.apply(Move(PLACE, T("02-03-04"), (1, 0), 0))  # red 3 + red 2 = 5: one chip each
    assert state.sheet.chips_held == [42, 39, 39]
    assert state.hand_result() == [2, -1, -1]


def test_club_has_no_end_of_hand_penalty_and_results_are_chips() -> None:
    state = position([STUCK[0:2], [STUCK[2]]], [("01-02-03", (0, 0), 0)], [], variant="club")
    state.sheet.hand_start = state.sheet.chips_worth()
    state.apply(PASS_MOVE)
    state.apply(PASS_MOVE)
    assert state.sheet.results == [[0, 0]]
    assert state.penalties() == [0, 0]


def test_club_debts_are_borrowed_from_the_bank_and_count_against_the_standing() -> None:
    hands = [["08-09-10", "04-05-06"], ["10-03-09"]]
    state = position(hands, STAR, ["05-06-07"], variant="club", chips=3, hands=1)
    state.sheet.chips_held = [3, 3]
    state.sheet.hand_start = [3, 3]
    state.apply(Move(PLACE, T("08-09-10"), (0, 0), 0))  # 15 + 15 + 20: 3 + 3 + 4 chips
    assert state.sheet.chips_held == [13, 0]
    assert state.sheet.chips_owed == [0, 7]
    assert state.sheet.results == [[10, -10]]
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.standings == (13, -7)
    assert outcome.winners == (0,)


def kind_of(refusal: Refusal | None) -> str:
    assert refusal is not None
    return refusal.kind


def test_a_refused_placement_says_why_as_data_the_screens_can_word() -> None:
    from game.rules.figure_refusals import COLOUR_CLASH
    from game.rules.table_refusals import FITS_NOWHERE, HAND_OVER, NOT_IN_HAND, NOT_SMALLEST

    opening = position([["05-06-07", "01-02-03"], ["08-09-10"]], [], [])
    assert kind_of(opening.refusal(Move(PLACE, T("05-06-07"), (0, 0), 0))) == NOT_SMALLEST
    assert kind_of(opening.refusal(Move(PLACE, T("08-09-10"), (0, 0), 0))) == NOT_IN_HAND
    assert opening.refusal(Move(PLACE, T("01-02-03"), (0, 0), 0)) is None
    state = position([["02-03-04", "10-06-09"], ["05-09-10"]], [("01-02-03", (0, 0), 0)], [])
    fits = Move(PLACE, T("02-03-04"), (1, 0), 0)
    assert state.refusal(fits) is None
    assert kind_of(state.refusal(Move(PLACE, T("02-03-04"), (1, 0), 1))) == COLOUR_CLASH
    assert kind_of(state.refusal(Move(PLACE, T("10-06-09"), (1, 0), 0))) == FITS_NOWHERE
    with pytest.raises(IllegalMoveError, match="fits nowhere"):
        state.apply(Move(PLACE, T("10-06-09"), (1, 0), 0))
    state._end_hand("all passed")
    assert kind_of(state.refusal(fits)) == HAND_OVER


def test_spanish_club_rules_borrow_from_the_player_paid_and_count_what_is_owed_to_them() -> None:
    hands = [["08-09-10", "04-05-06"], ["10-03-09"]]
    state = position(
        hands, STAR, ["05-06-07"], variant="club", chips=6, hands=1, club_rules="spanish"
    )
    assert state.sheet.chips_held == [3, 3]  # the box's 6 chips, divided equally
    state.sheet.hand_start = [3, 3]
    state.apply(Move(PLACE, T("08-09-10"), (0, 0), 0))  # 10 chips won; the loser holds 3
    assert state.sheet.chips_held == [6, 0]
    assert state.sheet.chips_owed == [0, 7]
    assert state.sheet.chips_lent == [7, 0]  # seat 1 borrowed its 7 from seat 0
    assert state.sheet.results == [[10, -10]]
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.standings == (13, -7)  # 6 held and 7 owed to seat 0
    state.undo()
    assert (state.sheet.chips_held, state.sheet.chips_owed, state.sheet.chips_lent) == (
        [3, 3],
        [0, 0],
        [0, 0],
    )


def test_the_box_is_divided_equally_and_its_remainder_stays_in_the_bank() -> None:
    rules = TableRules(variant="club", chips=200, club_rules="spanish")
    assert TableGame(7, rules).new_state(seed=1).sheet.chips_held == [28] * 7
    each = TableRules(variant="club", chips=40)
    assert TableGame(3, each).new_state(seed=1).sheet.chips_held == [40] * 3
    assert TableRules(chips=200, club_rules="spanish").starting_chips(4) == 0  # not a club game


@pytest.mark.parametrize("seed", range(6))
def test_who_lends_never_changes_a_club_game_result(seed: int) -> None:
    def play(club_rules: str, chips: int) -> TableState:
        game = TableGame(4, TableRules(variant="club", chips=chips, hands=2, club_rules=club_rules))
        state = game.new_state(seed=seed)
        while not state.is_terminal():
            if state.hand_over:
                state.next_hand()
            state.apply(state.legal_moves()[-1])
        return state

    bank, spanish = play("standard", 2), play("spanish", 8)  # 2 chips each both ways
    assert spanish.sheet.results == bank.sheet.results
    assert spanish.outcome() == bank.outcome()
    assert any(spanish.sheet.chips_lent)  # somebody ran out, so the test means something


def test_club_rules_are_standard_or_spanish_and_a_record_names_them_only_when_spanish() -> None:
    with pytest.raises(RulesError, match="club_rules"):
        TableRules.from_dict({"variant": "club", "club_rules": "french"})
    assert "club_rules" not in TableRules(variant="club").to_dict()
    spanish = TableRules(variant="club", club_rules="spanish")
    assert TableRules.from_dict(spanish.to_dict()) == spanish


def test_timed_club_game_ends_at_the_end_of_the_hand_in_play_when_time_is_up() -> None:
    game = TableGame(2, TableRules(variant="club", time_limit_s=60))
    state = game.new_state(seed=4)
    while not state.hand_over:
        state.apply(state.legal_moves()[0])
    assert not state.is_terminal()  # time left: another hand follows
    state.next_hand()
    state.advance_clock(61)
    assert not state.is_terminal()  # the hand in play is finished first
    while not state.hand_over:
        state.apply(state.legal_moves()[0])
    assert state.is_terminal()


def play_hand(state: TableState) -> None:
    while not state.hand_over:
        state.apply(state.legal_moves()[0])


def first_hand_best(players: int, seed: int, partners: bool = False) -> int:
    """The best total (a team's with partners) after the first hand of this game."""
    state = TableGame(players, TableRules(partners=partners)).new_state(seed=seed)
    play_hand(state)
    tally = state.tally()
    return max(tally.team_totals or tally.totals)


def test_a_game_to_a_target_ends_with_the_hand_in_which_a_total_reaches_it() -> None:
    best = first_hand_best(3, seed=5)
    assert best > 0
    reached = TableGame(3, TableRules(target=best)).new_state(seed=5)
    play_hand(reached)
    assert reached.is_terminal() and reached.sheet.target_reached()
    outcome = reached.outcome()
    assert outcome is not None and max(outcome.totals) == best
    assert outcome.winners == tuple(s for s in range(3) if outcome.totals[s] == best)
    short = TableGame(3, TableRules(target=best + 1, hands=1)).new_state(seed=5)
    play_hand(short)
    assert not short.is_terminal()  # the hands count no more: play goes on to the target
    short.next_hand()
    while not short.is_terminal():
        play_hand(short)
        if not short.is_terminal():
            short.next_hand()
    assert max(short.tally().totals) >= best + 1


def test_with_partners_a_team_total_reaches_the_target() -> None:
    best = first_hand_best(4, seed=2, partners=True)
    state = TableGame(4, TableRules(partners=True, target=best)).new_state(seed=2)
    play_hand(state)
    tally = state.tally()
    assert tally.team_totals is not None and max(tally.totals) < best <= max(tally.team_totals)
    assert state.is_terminal()


def test_a_target_is_for_points_and_a_record_names_it_only_when_set() -> None:
    assert "target" not in TableRules().to_dict()
    rules = TableRules(target=200)
    assert rules.to_dict()["target"] == 200 and TableRules.from_dict(rules.to_dict()) == rules
    with pytest.raises(RulesError, match="club"):
        TableRules.from_dict({"variant": "club", "target": 200})
    with pytest.raises(RulesError, match="target"):
        TableRules.from_dict({"time_limit_s": 600, "target": 200})


def test_undo_restores_the_position_and_the_result() -> None:
    state = position([["08-09-10", "04-05-06"], ["10-03-09"]], STAR, ["05-06-07"], variant="club")
    before = (state.hands.copy(), state.sheet.chips_held.copy(), state.current, len(state.figure))
    state.apply(Move(PLACE, T("08-09-10"), (0, 0), 0))
    assert state.hand_over
    assert state.undo() == Move(PLACE, T("08-09-10"), (0, 0), 0)
    assert not state.hand_over and state.sheet.results == [] and state.sheet.points_history == []
    assert (state.hands, state.sheet.chips_held, state.current, len(state.figure)) == before
    with pytest.raises(RulesError):
        TableGame(2).new_state(seed=1).undo()


def test_clone_is_independent() -> None:
    state = TableGame(3).new_state(seed=8)
    copy = state.clone()
    copy.apply(copy.legal_moves()[0])
    assert len(state.figure) == 0 and len(copy.figure) == 1
    assert state.hands != copy.hands


def test_illegal_moves_are_refused_with_reasons() -> None:
    state = position([["02-03-04"], ["10-06-09"]], [("01-02-03", (0, 0), 0)], [])
    assert "not in the hand" in (state.why_illegal(Move(PLACE, T("10-06-09"), (1, 0), 0)) or "")
    state.hands[0] = mask_of([T("02-03-04"), T("09-10-04")])
    with pytest.raises(IllegalMoveError, match="red 10 cannot touch red 2"):
        state.apply(Move(PLACE, T("09-10-04"), (1, 0), 0))
    with pytest.raises(IllegalMoveError, match="gold cannot touch red"):
        state.apply(Move(PLACE, T("09-10-04"), (1, 0), 2))


@pytest.mark.parametrize("players", [1, 8])
def test_two_to_seven_players(players: int) -> None:
    with pytest.raises(RulesError, match="2 to 7"):
        TableGame(players)


@pytest.mark.parametrize(
    "rules",
    [
        {"hands": 0},
        {"hands": "3"},
        {"variant": "poker"},
        {"chips": -1},
        {"time_limit_s": 0},
        {"partners": "yes"},
        {"target": 0},
        {"target": 200.5},
        {"target": True},
    ],
)
def test_bad_options_are_refused(rules: dict[str, object]) -> None:
    with pytest.raises(RulesError):
        TableRules.from_dict(rules)


def test_a_seat_that_cannot_draw_is_told_why_as_data() -> None:
    """A full hand (the most tiles a hand holds) or an empty stock: the rules say which,
    the screens word it."""
    from game.rules.table_refusals import HAND_FULL, STOCK_EMPTY, pass_reason
    from game.rules.table_rules import HAND_SIZE

    state = TableGame(2).new_state(1)
    state.hands[0] = mask_of(list(ALL_TILES[:HAND_SIZE]))
    state.hands[1] = mask_of(list(ALL_TILES[HAND_SIZE : HAND_SIZE + 2]))
    assert pass_reason(state, 0) == HAND_FULL
    assert pass_reason(state, 1) == STOCK_EMPTY
