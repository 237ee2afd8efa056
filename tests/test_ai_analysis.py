"""The game review: where a solitaire slipped (with the winning line), and the table coach."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any, ClassVar

import pytest

from game import cli
from game.ai import analysis
from game.ai.analysis import fair_odds, position_after, review_solitaire, review_table
from game.ai.autoplay import simple_fair_move
from game.ai.solver import SOLVER_POSITIONS, solve
from game.rules.contacts import contact_score
from game.rules.modes import Mode
from game.rules.moves import PLACE, Move
from game.rules.record.document import GameRecord
from game.rules.record.entries import entry_to_move
from game.rules.record.recorded_game import RecordedGame
from game.rules.solitaire import DrawSolitaireState, StackedSolitaireState
from game.rules.table import TableState
from game.rules.table_rules import TableRules

MODES = ("draw-solitaire", "stacked-solitaire")


def random_game(mode: str, seed: int) -> GameRecord:
    return cli.simulate(mode, 1, seed, ["random"], TableRules())


def human_table_game(seed: int, players: int = 2, hands: int = 1) -> GameRecord:
    record = cli.simulate("table", players, seed, ["random"] * players, TableRules(hands=hands))
    for seat in range(players):
        record.set_player(seat, kind="human")
    return record


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("seed", range(1, 7))
def test_the_last_winnable_position_is_winnable_and_the_next_is_lost(mode: str, seed: int) -> None:
    record = random_game(mode, seed)
    final = RecordedGame.from_record(record).state
    assert isinstance(final, DrawSolitaireState | StackedSolitaireState)
    review = review_solitaire(record, SOLVER_POSITIONS)
    assert review.decided
    if review.last_winnable is None:
        assert solve(position_after(final, 0)).winnable is False
        return
    k = review.last_winnable
    state = position_after(final, k)
    for move in review.line:
        state.apply(move)  # checked: every move of the line is legal
    assert state.won
    if k < len(review.moves):
        assert review.slip_move == review.moves[k]
        assert solve(position_after(final, k + 1)).winnable is False


def test_a_won_game_is_winnable_to_its_end_with_no_line() -> None:
    recorded = RecordedGame.new_stacked_solitaire({"name": "Me", "kind": "human"}, 4)
    state = recorded.state
    assert isinstance(state, StackedSolitaireState)
    for move in solve(state).moves:
        recorded.play(move)
    review = review_solitaire(recorded.record, SOLVER_POSITIONS)
    assert review.last_winnable == len(review.moves) and review.line == ()
    assert not review.slipped


@pytest.mark.parametrize(("mode", "seed"), [("draw-solitaire", 11), ("stacked-solitaire", 750)])
def test_a_deal_that_could_never_be_won_says_null(mode: str, seed: int) -> None:
    recorded = RecordedGame.new_solitaire(mode, {"name": "Me", "kind": "human"}, seed)
    answer = review_solitaire(recorded.record, SOLVER_POSITIONS).to_json()
    assert answer == {"mode": mode, "moves": 0, "last_winnable": None, "line": [], "decided": True}


def test_an_undecided_search_is_not_read_as_a_loss() -> None:
    review = review_solitaire(random_game("draw-solitaire", 3), SOLVER_POSITIONS, stop=lambda: True)
    answer = review.to_json()
    assert answer["decided"] is False and answer["reason"] == "stopped"
    assert "last_winnable" not in answer


def test_the_coach_lists_a_missed_three_sided_play() -> None:
    record = human_table_game(2)  # a random player left a 25-point three-sided play here
    review = review_table(record)
    missed = [r for r in review.reviews if r.opportunity_sides == 3]
    assert [(r.index, r.opportunity_points) for r in missed] == [(40, 25)]
    entry = missed[0].to_json()["opportunity_missed"]
    assert entry is not None
    state = position_before(record, 0, 40)
    move = entry_to_move(Mode.TABLE, entry["move"], 0, 40)
    assert move in state.legal_moves()
    contacts = state.figure.contacts(move.tile, move.cell, move.rot)
    assert len(contacts) == 3 and contact_score(contacts) == entry["points"] == 25


def position_before(record: GameRecord, hand: int, index: int) -> TableState:
    data = json.loads(record.dumps())
    data["hands"] = data["hands"][: hand + 1]
    data["hands"][hand]["moves"] = data["hands"][hand]["moves"][:index]
    data["hands"][hand].pop("result", None)
    state = RecordedGame.from_record(GameRecord.parse(data)).state
    assert isinstance(state, TableState)
    return state


@pytest.mark.parametrize("seed", [3, 8])
def test_every_best_move_is_legal_and_its_points_true(seed: int) -> None:
    record = human_table_game(seed, players=3, hands=2)
    review = review_table(record)
    assert len(review.reviews) == sum(len(hand.moves) for hand in record.hands)
    for item in review.reviews[::3]:
        state = position_before(record, item.hand, item.index)
        assert state.current_player == item.player
        assert item.best in state.legal_moves()
        for move, points in ((item.best, item.best_points), (item.played, item.played_points)):
            expected = (
                contact_score(state.figure.contacts(move.tile, move.cell, move.rot))
                if move.action == PLACE
                else 0
            )
            assert points == expected
    for seat in review.seats:
        mine = [r for r in review.reviews if r.player == seat.seat]
        assert seat.moves == len(mine)
        assert seat.points_missed == sum(max(0, r.best_points - r.played_points) for r in mine)
        assert 0 <= seat.best_share <= 1
        if seat.points_missed == 0:  # nothing left on the table: every choice as good
            assert seat.best_share == 1, "the share and 'as good as the master' disagree"


def test_computer_moves_are_not_reviewed() -> None:
    record = cli.simulate("table", 2, 5, ["random", "greedy"], TableRules(hands=1))
    record.set_player(0, kind="human")
    review = review_table(record)
    assert review.reviews and {r.player for r in review.reviews} == {0}
    assert [seat.seat for seat in review.seats] == [0]


@pytest.mark.parametrize("mode", [*MODES, "table"])
def test_analyse_prints_one_json_object_for_every_mode(mode: str, tmp_path: Path) -> None:
    record = human_table_game(4) if mode == "table" else random_game(mode, 2)
    path = tmp_path / "game.contack.json"
    path.write_text(record.dumps())
    answer = json.loads(json.dumps(cli.run(["analyse", str(path), "--budget-s", "30"])))
    assert answer["mode"] == mode
    if mode == "table":
        assert set(answer) >= {"reviews", "seats"}
        assert set(answer["reviews"][0]) == {
            "hand",
            "index",
            "player",
            "played",
            "best",
            "played_points",
            "best_points",
            "opportunity_missed",
        }
    else:
        assert set(answer) == {"mode", "moves", "last_winnable", "line", "decided"}


def test_analyse_refuses_a_bad_record_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.contack.json"
    path.write_text('{"format": "contack-record", "version": 1, "mode": "table"')
    with pytest.raises(SystemExit) as stopped:
        cli.main(["analyse", str(path)])
    assert stopped.value.code == 2
    error = capsys.readouterr().err
    assert error.startswith("contack: ") and error.count("\n") == 1


class StockSpy:
    """A fair player's stand-in that notes the stock each game is played on."""

    stocks: ClassVar[list[list[int]]] = []

    def __init__(self, rng: random.Random) -> None:
        self.seen = False

    def choose(self, state: DrawSolitaireState) -> Move:
        if not self.seen:
            self.seen = True
            StockSpy.stocks.append(state.stock.copy())
        return simple_fair_move(state)


def test_the_fair_odds_of_this_deal_play_its_stock_as_dealt(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(analysis, "FairDrawPlayer", StockSpy)
    StockSpy.stocks = []
    state = DrawSolitaireState(seed=9)
    assert fair_odds(state, 3, 5, as_dealt=True)[1] == 3
    assert StockSpy.stocks == [state.stock] * 3
    StockSpy.stocks = []
    fair_odds(state, 3, 5)  # any deal like it: the unseen tiles shuffled each game
    assert len(StockSpy.stocks) == 3 and state.stock not in StockSpy.stocks


def test_fair_odds_never_read_the_hidden_stock(monkeypatch: pytest.MonkeyPatch) -> None:
    """The games of "any deal like it" are dealt from which tiles are unseen, never from
    their hidden order: the same deal with its unseen tiles in another order is played on
    the same stocks (they were shuffled from the true order, so the odds could differ)."""
    monkeypatch.setattr(analysis, "FairDrawPlayer", StockSpy)
    state = DrawSolitaireState(seed=9)
    for _ in range(6):
        state.apply(state.legal_moves()[0])
    shuffled = state.clone()
    rest = shuffled.stock[shuffled.stock_pos :]
    shuffled.stock = [*shuffled.stock[: shuffled.stock_pos], *reversed(rest)]
    StockSpy.stocks = []
    first = fair_odds(state, 2, 5)
    played, StockSpy.stocks = StockSpy.stocks, []
    assert first == fair_odds(shuffled, 2, 5) and StockSpy.stocks == played
    wins, games = first
    assert games == 2 and 0 <= wins <= 2
    assert state.moves and len(state.figure) <= 6  # the state is left as it was


def test_a_different_move_scoring_as_much_is_as_good_as_the_masters() -> None:
    """The coach's share and its "every move was as good as the master's" agree: a move
    that scores as much as the master's counts as one (issue 25: "0%" above "Well
    played!")."""
    import dataclasses

    review = review_table(human_table_game(3, players=3, hands=2))
    differing = next(r for r in review.reviews if r.played != r.best)
    assert dataclasses.replace(differing, played_points=differing.best_points).matched_best
    assert not dataclasses.replace(
        differing,
        played_points=differing.best_points - 1,
    ).matched_best


def test_analyse_keeps_a_table_review_within_its_budget(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`--budget-s` counts the coach's work on table records too: the review's moves
    share it (issue 38: 49.5 s for an 8-hand record with `--budget-s 1`)."""
    from game.ai import analysis
    from game.ai.players import MasterPlayer

    given: list[int] = []

    class CountedMaster(MasterPlayer):
        def __init__(self, rng: Any, positions: int, *args: Any, **options: Any) -> None:
            given.append(positions)
            super().__init__(rng, positions, *args, **options)

    monkeypatch.setattr(analysis, "MasterPlayer", CountedMaster)
    monkeypatch.setattr(analysis, "MIN_SHARE", 1)  # every move shares it, however thinly
    path = tmp_path / "game.contack.json"
    path.write_text(human_table_game(4, hands=2).dumps())
    answer = cli.run(["analyse", str(path), "--budget-s", "0.5"])
    assert 20 < len(given) <= len(answer["reviews"])  # a forced move needs no search
    assert sum(given) <= cli.positions_for(0.5)
    assert answer["unreviewed_hands"] == 0


def test_a_long_game_on_a_small_budget_has_its_first_moves_reviewed_and_says_what_is_left(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The budget bounds the whole review (issue 51: 1,000 hands at 7 seats took 646 s
    with `--budget-s 1`): each move reviewed costs at least `MIN_SHARE`, the moves past
    the budget are left and their hands counted, and the game is replayed once (each
    hand was replayed from the first, and every position kept)."""
    from game.rules.record import recorded_game

    reviewed: list[int] = []
    replayed: list[int] = []
    review_move, replay_move = analysis.review_move, recorded_game._replay_move

    def counted_review(*args: Any, **options: Any) -> analysis.MoveReview:
        reviewed.append(1)
        return review_move(*args, **options)

    def counted_replay(*args: Any) -> None:
        replayed.append(1)
        replay_move(*args)

    monkeypatch.setattr(analysis, "review_move", counted_review)
    monkeypatch.setattr(recorded_game, "_replay_move", counted_replay)
    record = human_table_game(5, players=7, hands=20)
    path = tmp_path / "game.contack.json"
    path.write_text(record.dumps())
    answer = cli.run(["analyse", str(path), "--budget-s", "0.1"])
    affordable = cli.positions_for(0.1) // analysis.MIN_SHARE
    assert len(answer["reviews"]) == len(reviewed) == affordable
    assert answer["unreviewed_hands"] == 20  # every seat is human: each hand has moves left
    assert len(replayed) == sum(record.move_count(hand) for hand in range(20))


@pytest.mark.parametrize("source", ["file", "standard input"])
def test_a_reviews_memory_stays_near_its_records_size(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, source: str
) -> None:
    """A table review keeps no position but the one it looks at (issue 51: 4.7 GB for a
    2.6 MB record of 1,000 hands), and reads its record into no buffer of the 16 MB
    limit."""
    import io
    import os
    import sys
    import threading
    import tracemalloc

    path = tmp_path / "game.contack.json"
    path.write_text(human_table_game(6, players=7, hands=20).dumps())
    reading, writing = os.pipe()  # standard input: a real pipe, as a shell gives it

    def write_record() -> None:
        with open(writing, "wb") as pipe:
            pipe.write(path.read_bytes() if source != "file" else b"")

    writer = threading.Thread(target=write_record)
    writer.start()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BufferedReader(io.FileIO(reading))))
    tracemalloc.start()
    try:
        answer = cli.run(["analyse", str(path) if source == "file" else "-", "--budget-s", "0.1"])
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
        writer.join()
        sys.stdin.close()
    assert answer["unreviewed_hands"] == 20
    assert peak < 12 * path.stat().st_size  # the record parsed, and one position
