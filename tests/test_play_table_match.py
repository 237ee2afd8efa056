"""The table's turn flow without pygame: turns, computers, forced moves, undo, clock, saves."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.ai.analysis import review_table
from game.ai.worker import InProcessAdviser
from game.play.couch import couch_seats, new_couch_table, resume_couch_table
from game.play.events import GameEnded, HintFound, MovePlayed, Redone, TookBack
from game.play.table_flow import KeptHere, TableFlow, Turn
from game.play.table_reading import time_left_s
from game.play.table_setup import TableConfig, rematch_config
from game.rules.errors import RulesError
from game.rules.moves import DRAW, PASS, PLACE, Move
from game.rules.record.document import GameRecord
from game.rules.record.recorded_game import RecordedGame
from game.rules.seeds_names import NAME_LIMIT
from tests.persistence_helpers import table_record


def config(*kinds: str, seed: int = 7, **rules: Any) -> TableConfig:
    names = ("Ann", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gus")
    return {
        "rules": rules,
        "seed": seed,
        "players": [{"name": names[i], "kind": k} for i, k in enumerate(kinds)],
    }


def new_match(*kinds: str, seed: int = 7, **rules: Any) -> TableFlow:
    return new_couch_table(config(*kinds, seed=seed, **rules), InProcessAdviser(), seed)


def run_computers(match: TableFlow) -> list[MovePlayed]:
    """Let computers play until a human must act or the hand ends."""
    played: list[MovePlayed] = []
    while match.turn() is Turn.COMPUTER:
        match.think()
        for event in match.poll():
            if isinstance(event, MovePlayed):
                played.append(event)
            else:  # the last move of the game
                assert isinstance(event, GameEnded) and match.turn() is Turn.GAME_OVER
    return played


def best_placement(match: TableFlow) -> Move:
    moves = [m for m in match.legal_moves() if m.action == PLACE]
    return max(moves, key=match.state.placement_score)


def test_a_human_plays_and_the_result_comes_back_as_data() -> None:
    match = new_match("human", "human")
    assert match.turn() is Turn.HUMAN
    seat = match.state.current_player
    move = best_placement(match)
    (event,) = match.play(move)
    assert isinstance(event, MovePlayed)
    assert event.seat == seat and event.result.move == move and not event.by_computer
    assert match.record.to_json()["hands"][0]["moves"][-1]["player"] == seat
    assert match.save_due


def test_illegal_moves_are_refused_and_change_nothing() -> None:
    match = new_match("human", "human")
    legal = best_placement(match)
    illegal = legal._replace(cell=(5, 5))
    with pytest.raises(RulesError):
        match.play(illegal)
    assert not match.state.moves and not match.save_due


def test_computers_answer_through_the_adviser_and_play_the_same_as_the_cli_seeding() -> None:
    match = new_match("ai:greedy", "ai:greedy", "ai:easy", seed=3, hands=1)
    while match.turn() is Turn.COMPUTER:
        assert match.think()
        assert not match.think()  # already thinking about this position
        played, *ended = match.poll()
        assert isinstance(played, MovePlayed) and played.by_computer
    assert match.turn() is Turn.GAME_OVER
    assert [event.won for event in ended if isinstance(event, GameEnded)] == [False]  # no person
    replayed = RecordedGame.from_record(match.record.copy())
    assert replayed.is_over()


def test_a_human_who_cannot_place_gets_a_forced_draw_or_pass() -> None:
    for seed in range(1, 60):
        match = new_match("human", "human", seed=seed)
        while match.turn() is Turn.HUMAN:
            match.play(best_placement(match))
        if match.turn() is Turn.FORCED:
            forced = match.forced_move()
            assert forced.action in (DRAW, PASS)
            (event,) = match.play_forced()
            assert isinstance(event, MovePlayed) and event.forced
            assert event.result.move == forced
            if forced.action == DRAW:
                assert event.result.drawn is not None
            return
    pytest.fail("no forced move in 60 deals")


def test_undo_takes_back_the_humans_placement_and_the_computer_replies() -> None:
    match = new_match("human", "ai:greedy", seed=5)
    run_computers(match)
    assert match.turn() is Turn.HUMAN
    before = len(match.state.moves)
    seat = match.state.current_player
    match.play(best_placement(match))
    replies = run_computers(match)
    assert match.can_undo()
    (event,) = match.undo()
    assert isinstance(event, TookBack)
    assert event.seat == seat and event.count == 1 + len(replies)
    assert len(match.state.moves) == before
    assert len(match.record.to_json()["hands"][0]["moves"]) == before
    assert match.takebacks.used == 1


def test_undo_goes_all_the_way_back_and_redo_plays_the_same_moves_again() -> None:
    match = new_match("human", "ai:greedy", "ai:easy", seed=5)
    run_computers(match)
    start = len(match.state.moves)
    for _ in range(3):
        if match.turn() is not Turn.HUMAN:
            break
        match.play(best_placement(match))
        run_computers(match)
    played = [dict(entry) for entry in match.record.to_json()["hands"][0]["moves"]]
    undos = 0
    while match.can_undo():
        (event,) = match.undo()
        assert isinstance(event, TookBack) and event.seat == 0
        undos += 1
    assert undos >= 2 and len(match.state.moves) == start
    assert match.record.to_json()["undos"] == undos and not match.can_undo()
    while match.can_redo():
        (event,) = match.redo()
        assert isinstance(event, Redone) and event.seat == 0
    assert match.record.to_json()["hands"][0]["moves"] == played
    assert "redo" not in match.record.to_json()["hands"][0]


def test_a_new_move_after_an_undo_ends_the_redo_line() -> None:
    match = new_match("human", "ai:greedy", seed=5)
    run_computers(match)
    match.play(best_placement(match))
    run_computers(match)
    match.undo()
    assert match.can_redo()
    other = [m for m in match.legal_moves() if m.action == PLACE][-1]
    match.play(other)
    assert not match.can_redo() and "redo" not in match.record.to_json()["hands"][0]


def test_a_human_never_takes_back_another_humans_move() -> None:
    match = new_match("human", "human", seed=9)
    match.play(best_placement(match))
    assert match.turn() is Turn.HUMAN and match.state.current_player == 1
    assert not match.can_undo()  # Ben, to play, may not take back Ann's tile
    assert match.can_undo(0)  # Ann may, while she still has the mouse
    match.play(best_placement(match))
    assert not match.can_undo(0)  # Ben has played since
    assert match.takebacks.target(1) == len(match.state.moves) - 1
    assert match.undo(0) == [] and len(match.state.moves) == 2


def test_undo_and_redo_carry_over_a_resume() -> None:
    match = new_match("human", "ai:greedy", seed=5)
    run_computers(match)
    match.play(best_placement(match))
    run_computers(match)
    match.play(best_placement(match))
    run_computers(match)
    match.undo()
    resumed = resume_couch_table(match.record, InProcessAdviser())
    assert resumed.takebacks.used == 1 and resumed.can_redo()
    resumed.redo()
    hand = match.record.to_json()["hands"][0]
    played = resumed.record.to_json()["hands"][0]["moves"]
    assert played == hand["moves"] + (hand["redo"][-1] if "redo" in hand else [])
    assert resumed.undo() and resumed.undo()
    assert not resumed.can_undo()


def test_undo_rewinds_the_clock_of_a_timed_club_game_after_a_resume_too() -> None:
    match = new_match("human", "ai:greedy", variant="club", time_limit_s=600)
    run_computers(match)
    match.advance_clock(30.0)
    match.play(best_placement(match))
    run_computers(match)
    match.advance_clock(12.5)
    _due, data = match.take_save()
    assert data is not None
    resumed = resume_couch_table(data, InProcessAdviser())
    assert resumed.state.clock_s == pytest.approx(match.state.clock_s)
    resumed.undo()
    assert resumed.state.clock_s == pytest.approx(30.0)
    assert time_left_s(resumed.state) == pytest.approx(570.0)


def test_the_flow_names_the_computer_seat_it_waits_for() -> None:
    match = new_match("human", "ai:greedy", hands=1)
    run_computers(match)
    assert match.turn() is Turn.HUMAN and match.computer_to_act() is None
    match.play(best_placement(match))
    while match.turn() is Turn.COMPUTER:
        assert match.computer_to_act() == match.state.current_player == 1
        match.think()
        match.poll()
    while match.turn() not in (Turn.HAND_OVER, Turn.GAME_OVER):
        if match.turn() is Turn.COMPUTER:
            match.think()
            match.poll()
        else:
            match.play(match.legal_moves()[0])
    assert match.computer_to_act() is None  # nobody moves once the hand is over


class Holding(KeptHere):
    """A referee that holds the game until `held` is False (as a server holds a table
    until every seat is taken)."""

    def __init__(self, flow: TableFlow) -> None:
        super().__init__(flow)
        self.held = True

    def waits(self) -> bool:
        return self.held


def test_while_its_referee_waits_the_flow_waits_for_no_seat_and_no_computer_thinks() -> None:
    record = new_match("human", "ai:greedy").record
    flow = TableFlow(
        RecordedGame.from_record(record),
        couch_seats(record, InProcessAdviser()),
        InProcessAdviser(),
        referee=Holding,
    )
    referee = flow.referee
    assert isinstance(referee, Holding) and flow.state.current_player == 1
    assert not flow.think() and not flow.thinking  # the computer to act is held
    assert flow.to_act() is None and flow.computer_to_act() is None
    assert flow.turn() is Turn.COMPUTER and flow.poll() == []
    referee.held = False
    assert flow.to_act() == flow.computer_to_act() == 1
    assert flow.think() and flow.thinking


def test_a_timed_games_clock_runs_while_the_flow_waits_for_a_seat_not_while_held() -> None:
    """The time told a flow counts while the game waits for a seat's move: not while
    its referee holds it (a server's table on hold), nor between hands."""
    record = new_match("human", "human", variant="club", time_limit_s=600).record
    adviser = InProcessAdviser()
    flow = TableFlow(
        RecordedGame.from_record(record), couch_seats(record, adviser), adviser, referee=Holding
    )
    referee = flow.referee
    assert isinstance(referee, Holding)
    flow.advance_clock(40.0)
    assert flow.state.clock_s == 0.0
    referee.held = False
    flow.advance_clock(40.0)
    assert flow.state.clock_s == 40.0
    while flow.turn() is not Turn.HAND_OVER:
        flow.play(flow.legal_moves()[0])
    ended = flow.state.clock_s
    flow.advance_clock(40.0)
    assert flow.state.clock_s == ended


def test_hints_come_from_the_adviser_and_go_stale_after_a_move() -> None:
    match = new_match("human", "human")
    assert match.ask_hint()
    assert not match.ask_hint()  # one at a time
    (event,) = match.advice.poll_hint(match.position())
    assert isinstance(event, HintFound) and event.move in match.legal_moves()
    assert match.advice.hints_used == 1


@pytest.mark.parametrize("seats", [2, 3])
def test_the_coach_finds_no_fault_with_a_hint_taken(seats: int) -> None:
    """One adviser answers both: a hint came from another level than the coach's, which
    then called the hinted tile "5 points left on the table"."""
    match = new_match("human", *["ai:greedy"] * (seats - 1), seed=11)
    hinted = 0
    while match.turn() is not Turn.HAND_OVER and match.turn() is not Turn.GAME_OVER:
        run_computers(match)
        if match.turn() is Turn.FORCED:
            match.play_forced()
        elif match.turn() is Turn.HUMAN:
            assert match.ask_hint()
            (event,) = match.advice.poll_hint(match.position())
            assert isinstance(event, HintFound)
            match.play(event.move)
            hinted += 1
    review = review_table(match.record.copy())
    assert hinted >= 4 and len(review.reviews) >= hinted
    assert all(r.matched_best and not r.points_missed for r in review.reviews)


def test_the_hand_ends_the_game_goes_on_and_the_next_hand_is_dealt() -> None:
    match = new_match("ai:greedy", "ai:greedy", hands=2)
    run_computers(match)
    assert match.turn() is Turn.HAND_OVER
    assert match.save_data() is not None
    match.next_hand()
    assert match.turn() is Turn.COMPUTER
    assert len(match.record.to_json()["hands"]) == 2
    run_computers(match)
    assert match.turn() is Turn.GAME_OVER
    assert match.save_data() is None  # a finished game clears the autosave


def test_resume_gives_the_same_position_and_players() -> None:
    match = new_match("human", "ai:expert", seed=11)
    run_computers(match)
    match.play(best_placement(match))
    run_computers(match)
    again = resume_couch_table(match.record, InProcessAdviser())
    assert again.state.moves == match.state.moves
    assert again.names == match.names and again.kinds == match.kinds
    assert again.turn() is match.turn()
    assert again.state.standings() == match.state.standings()


def test_rematch_keeps_the_seats_and_options() -> None:
    match = new_match("human", "ai:greedy", partners=False, hands=4)
    rematch = new_couch_table(rematch_config(match.record), InProcessAdviser(), 99)
    assert rematch.kinds == match.kinds and rematch.rules == match.rules


# --- issue 16: malformed input refused in one line, damaged files set aside ------------


def test_a_record_check_accepts_opens_in_the_game(tmp_path: Path) -> None:
    """A newer version's computer level and names no screen can draw still open."""
    data = table_record()
    data["players"][0]["name"] = "An\x00n" + "\u202e" + "x" * 10_000
    data["players"][1]["kind"] = "ai:nonsense"
    match = resume_couch_table(GameRecord.parse(data), InProcessAdviser())
    assert match.names[0].startswith("Ann") and len(match.names[0]) <= NAME_LIMIT
    assert "\x00" not in match.names[0]
    assert match.seats[1].computer


# --- issue 25: what a hostile first hour still found -----------------------------------


def test_a_huge_name_in_a_record_is_not_written_again_every_move() -> None:
    data = table_record()
    data["hands"] = data["hands"][:1]
    data["hands"][0]["moves"] = data["hands"][0]["moves"][:3]
    data["hands"][0].pop("result")
    data["players"][0]["name"] = "Ann" + "n" * 1_000_000
    match = resume_couch_table(GameRecord.parse(data), InProcessAdviser())
    match.save_due = True
    _due, saved = match.take_save()
    assert saved is not None and len(json.dumps(saved.to_json())) < 20_000
    assert saved.to_json()["players"][0]["name"] == match.names[0]
