"""docs/record.md: records load, save, replay and refuse every kind of breakage."""

import functools
import json
import random
import subprocess
import sys
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.cli import simulate
from game.rules.errors import RecordError, RulesError
from game.rules.modes import Mode
from game.rules.record.document import GameRecord
from game.rules.record.entries import PlayerEntry
from game.rules.record.recorded_game import RecordedGame
from game.rules.solitaire import DrawSolitaireState, StackedSolitaireState
from game.rules.table import TableGame, TableState
from game.rules.table_rules import TableRules
from game.rules.tiles import tile_name
from tests.commands import command


def table_record(seed: int = 3, players: int = 3, **rules: Any) -> dict[str, Any]:
    """A fresh copy of the greedy table game these arguments simulate."""
    text = greedy_table_text(seed, players, tuple(sorted(rules.items())))
    data: dict[str, Any] = json.loads(text)
    return data


@functools.cache
def greedy_table_text(seed: int, players: int, rules: tuple[tuple[str, Any], ...]) -> str:
    """The record of a greedy table game, simulated once a process (most tests here
    start from the same one and change a copy of it)."""
    return simulate("table", players, seed, ["greedy"], TableRules(**dict(rules))).dumps()


def replay(data: dict[str, Any]) -> RecordedGame:
    return RecordedGame.from_record(GameRecord.parse(data))


def test_a_simulated_record_replays_with_its_results() -> None:
    data = table_record()
    game = replay(data)
    assert game.is_over()
    assert game.results() == [hand["result"] for hand in data["hands"]]
    assert game.totals() == [sum(h["result"][s] for h in data["hands"]) for s in range(3)]


def test_dumps_round_trips_and_keeps_unknown_keys() -> None:
    data = table_record()
    data["comment"] = {"by": "a friend"}
    data["hands"][0]["note"] = "first"
    data["hands"][0]["moves"][0]["clock"] = 12
    data["players"][0]["avatar"] = "owl"
    record = GameRecord.parse(data)
    again = GameRecord.from_json(record.dumps())
    assert again.to_json() == data
    RecordedGame.from_record(again)


def test_a_game_in_progress_resumes_where_it_stopped() -> None:
    data = table_record()
    data["hands"] = data["hands"][:2]
    del data["hands"][1]["result"]
    moves = data["hands"][1]["moves"]
    data["hands"][1]["moves"] = moves[:7]
    game = replay(data)
    assert isinstance(game.state, TableState)
    assert not game.state.hand_over and game.state.hand_number == 1
    assert len(game.state.moves) == 7
    game.play(game.state.legal_moves()[0])
    assert len(game.record.to_json()["hands"][1]["moves"]) == 8


def test_undo_takes_the_move_out_of_the_record_too() -> None:
    data = table_record()
    data["hands"] = data["hands"][:1]
    del data["hands"][0]["result"]
    data["hands"][0]["moves"] = data["hands"][0]["moves"][:5]
    game = replay(data)
    game.play(game.state.legal_moves()[0])
    game.undo()
    assert len(game.record.to_json()["hands"][0]["moves"]) == 5


def break_move(data: Any, hand: int, index: int, **changes: Any) -> Any:
    data["hands"][hand]["moves"][index].update(changes)
    return data


def place_index(data: Any, hand: int = 0) -> int:
    return next(i for i, m in enumerate(data["hands"][hand]["moves"]) if "cell" in m and i > 0)


BROKEN: dict[str, Callable[[Any], Any]] = {
    "not an object": lambda d: [1, 2],
    "wrong format": lambda d: {**d, "format": "chess"},
    "wrong version": lambda d: {**d, "version": 2},
    "unknown mode": lambda d: {**d, "mode": "poker"},
    "bad rules": lambda d: {**d, "rules": {"hands": 0}},
    "too few players": lambda d: {**d, "players": d["players"][:1]},
    "bad player kind": lambda d: {**d, "players": [{"name": "x", "kind": "robot"}] * 3},
    "no hands": lambda d: {**d, "hands": []},
    "short stock": lambda d: (d["hands"][0].update(stock=d["hands"][0]["stock"][:35]), d)[1],
    "repeated tile": lambda d: (
        d["hands"][0].update(stock=d["hands"][0]["stock"][:35] + d["hands"][0]["stock"][:1]),
        d,
    )[1],
    "unknown tile in stock": lambda d: (
        d["hands"][0].update(stock=["99-99-99", *d["hands"][0]["stock"][1:]]),
        d,
    )[1],
    "unknown tile in move": lambda d: break_move(d, 0, 0, tile="00-00-00"),
    "wrong player": lambda d: break_move(
        d, 0, 1, player=(d["hands"][0]["moves"][1]["player"] + 1) % 3
    ),
    "illegal cell": lambda d: break_move(d, 0, place_index(d), cell=[9, 9]),
    "bad rot": lambda d: break_move(d, 0, place_index(d), rot=3),
    "bad cell shape": lambda d: break_move(d, 0, place_index(d), cell=[0]),
    "wrong score": lambda d: break_move(d, 0, 0, score=99),
    "wrong result": lambda d: (d["hands"][0].update(result=[0, 0, 0]), d)[1],
    "move is not an object": lambda d: (d["hands"][0]["moves"].insert(1, "draw"), d)[1],
    "extra hand": lambda d: (d["hands"].append(d["hands"][0]), d)[1],
    "hand after an unfinished hand": lambda d: (
        d["hands"][0].pop("result"),
        d["hands"][0]["moves"].pop(),
        d,
    )[2],
}


@pytest.mark.parametrize("kind", list(BROKEN))
def test_broken_records_are_refused_with_a_one_line_message(kind: str) -> None:
    data = BROKEN[kind](table_record())
    with pytest.raises(RecordError) as error:
        replay(data) if isinstance(data, dict) else GameRecord.parse(data)
    message = str(error.value)
    assert "\n" not in message and message


def test_move_errors_name_the_hand_and_the_move() -> None:
    data = break_move(table_record(), 0, 4, score=99)
    with pytest.raises(RecordError, match=r"^hand 0 move 4: "):
        replay(data)


def test_a_draw_tile_that_the_stock_does_not_give_is_refused() -> None:
    for seed in range(30):
        data = table_record(seed)
        for h, hand in enumerate(data["hands"]):
            for m, move in enumerate(hand["moves"]):
                if move.get("draw"):
                    move["tile"] = hand["stock"][0]
                    with pytest.raises(RecordError, match=f"hand {h} move {m}"):
                        replay(data)
                    return
    pytest.fail("no draw found")


def test_not_json_is_refused() -> None:
    with pytest.raises(RecordError, match="not JSON"):
        GameRecord.from_json(b'{"format": ')
    with pytest.raises(RecordError, match="not JSON"):
        GameRecord.from_json(bytes(range(256)))


def solitaire_record(mode: str, seed: int) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(simulate(mode, 1, seed, ["greedy"], TableRules()).dumps())
    return data


@pytest.mark.parametrize("mode", ["draw-solitaire", "stacked-solitaire"])
def test_solitaire_records_replay_and_check_their_result(mode: str) -> None:
    data = solitaire_record(mode, 4)
    game = replay(data)
    assert game.results() == [data["hands"][0]["result"]]
    data["hands"][0]["result"] = "won" if data["hands"][0]["result"] == "lost" else "lost"
    with pytest.raises(RecordError, match="result"):
        replay(data)


def test_draw_solitaire_refuses_a_tile_that_is_not_the_stock_top() -> None:
    data = solitaire_record("draw-solitaire", 4)
    moves = data["hands"][0]["moves"]
    index = next(i for i, m in enumerate(moves) if m["from"] == "stock" and i > 0)
    moves[index]["tile"] = data["hands"][0]["stock"][-1]
    with pytest.raises(RecordError, match=f"hand 0 move {index}: the stock tile is"):
        replay(data)


def test_stacked_solitaire_refuses_a_buried_tile_and_a_missing_cut() -> None:
    data = solitaire_record("stacked-solitaire", 4)
    move = data["hands"][0]["moves"][0]
    move["tile"] = data["hands"][0]["stock"][5 * move["pile"]] if move["pile"] < 6 else move["tile"]
    if move["pile"] < 6:
        with pytest.raises(RecordError, match="hand 0 move 0: pile"):
            replay(data)
    data = solitaire_record("stacked-solitaire", 4)
    del data["hands"][0]["cut"]
    with pytest.raises(RecordError, match="cut"):
        replay(data)


# --- the commands ---------------------------------------------------------------------


def process(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "game.cli", *args], capture_output=True, text=True)


def test_simulate_is_deterministic_and_check_accepts_it() -> None:
    """The same record from a new process and this one (each hashing strings its own way)."""
    first = command(
        "simulate", "--mode", "table", "--players", "4", "--seed", "12", "--ai", "greedy,random"
    )
    assert first.returncode == 2  # two levels for four seats
    args = ["simulate", "--mode", "table", "--players", "4", "--seed", "12", "--ai", "greedy"]
    one, two = process(*args), command(*args)
    assert one.returncode == 0 and one.stdout == two.stdout
    checked = command("check", "-", stdin=one.stdout)
    assert checked.returncode == 0
    assert json.loads(checked.stdout)["ok"] is True


def test_legal_lists_the_moves_of_whoever_acts_next() -> None:
    data = table_record()
    data["hands"] = data["hands"][:1]
    del data["hands"][0]["result"]
    data["hands"][0]["moves"] = data["hands"][0]["moves"][:3]
    result = command("legal", "-", stdin=json.dumps(data))
    moves = json.loads(result.stdout)
    assert moves and all(m["player"] == replay(data).state.current_player for m in moves)
    assert all("score" in m for m in moves if "cell" in m)
    finished = command("legal", "-", stdin=json.dumps(table_record()))
    assert json.loads(finished.stdout) == []


@pytest.mark.parametrize(
    "stdin", ["", "not json", '{"format": "contack-record", "version": 1}', "[]"]
)
def test_bad_records_exit_2_with_one_line_on_stderr(stdin: str) -> None:
    for name in ("check", "legal", "solve"):
        result = command(name, "-", stdin=stdin)
        assert result.returncode == 2
        assert result.stdout == ""
        assert len(result.stderr.strip().splitlines()) == 1


def test_a_missing_file_and_a_bad_rule_exit_2() -> None:
    assert command("check", "/nonexistent/file.json").returncode == 2
    bad = command("simulate", "--rule", "colour=green")
    assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1
    assert command("simulate", "--ai", "genius").returncode == 2
    assert command("simulate", "--players", "9").returncode == 2


def test_simulate_plays_club_contack_by_the_spanish_book_and_check_reads_it() -> None:
    made = command(
        "simulate",
        "--players",
        "3",
        "--seed",
        "3",
        "--rule",
        "variant=club",
        "--rule",
        "club_rules=spanish",
        "--rule",
        "chips=30",
    )
    assert made.returncode == 0, made.stderr
    assert json.loads(made.stdout)["rules"]["club_rules"] == "spanish"
    assert command("check", "-", stdin=made.stdout).returncode == 0


def test_solve_answers_with_a_line_that_wins_when_replayed() -> None:
    for seed in range(1, 6):
        data = solitaire_record("stacked-solitaire", seed)
        data["hands"][0]["moves"] = []
        data["hands"][0].pop("result")
        answer = json.loads(command("solve", "-", stdin=json.dumps(data)).stdout)
        if answer["winnable"]:
            data["hands"][0]["moves"] = answer["moves"]
            data["hands"][0]["result"] = "won"  # an ended game's record says how it ended
            state = replay(data).state
            assert isinstance(state, (DrawSolitaireState, StackedSolitaireState))
            assert state.won
            return
    pytest.fail("no winnable deal among the first seeds")


def test_a_resumed_game_deals_the_next_hand_the_seed_would_have_dealt() -> None:
    data = table_record(seed=21)
    full_second_stock = data["hands"][1]["stock"]
    data["hands"] = data["hands"][:1]
    game = replay(data)
    assert isinstance(game.state, TableState)
    assert game.state.hand_over and not game.is_over()
    game.next_hand()
    assert game.record.to_json()["hands"][1]["stock"] == full_second_stock


@pytest.mark.parametrize("seed", [[1], {"a": 1}, None, True, 2.5, "²", "a b", 10**18, "x" * 19])
def test_a_seed_the_game_cannot_deal_from_is_refused_in_one_line(seed: object) -> None:
    """`check` and the game read one parser: a record `check` accepts always opens."""
    data = table_record()
    data["seed"] = seed
    with pytest.raises(RecordError, match=r"^record: seed must be") as refused:
        replay(data)
    assert "\n" not in str(refused.value)


@pytest.mark.parametrize("seed", [0, -7, 10**18 - 1, "word", "deal-7"])
def test_a_seed_of_a_number_or_a_word_deals(seed: int | str) -> None:
    data = table_record()
    data["seed"] = seed
    assert replay(data).is_over()


@pytest.mark.parametrize(
    ("key", "value"), [("undos", -1), ("undos", "2"), ("daily", 5), ("daily", "yesterday")]
)
def test_the_games_own_keys_of_the_wrong_shape_are_refused(key: str, value: object) -> None:
    data = table_record()
    data[key] = value
    with pytest.raises(RecordError, match=rf"^record: {key} must"):
        replay(data)


@pytest.mark.parametrize("redo", ["x", [1], [[]], [["move"]], {"a": 1}])
def test_a_hands_redo_of_the_wrong_shape_is_refused(redo: object) -> None:
    data = table_record()
    data["hands"][-1]["redo"] = redo
    with pytest.raises(RecordError, match=r"^hand \d+: redo must be"):
        replay(data)


def test_an_error_quoting_a_huge_text_is_one_short_line() -> None:
    data = table_record()
    data["mode"] = "x" * 100_000
    with pytest.raises(RecordError) as refused:
        replay(data)
    assert len(str(refused.value)) <= 300


def _paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value[:6]):
            yield from _paths(item, (*path, index))


def test_random_damage_to_records_only_ever_gives_a_record_error() -> None:
    """Delete or retype one random key or item, many times: never a crash."""
    bases = [
        table_record(1, hands=2),
        table_record(2, players=4, hands=1, variant="club", partners=True),
        solitaire_record("draw-solitaire", 3),
        solitaire_record("stacked-solitaire", 4),
    ]
    values: list[Any] = [
        None,
        True,
        0,
        -1,
        2,
        99,
        1.5,
        "x",
        [],
        {},
        [0, 0],
        ["a"],
        "01-02-03",
        10**30,
    ]
    texts = [(json.dumps(base), list(_paths(base))[1:]) for base in bases]
    rng = random.Random(7)
    for _ in range(1500):
        text, paths = rng.choice(texts)
        data = json.loads(text)  # a fresh copy, cheaper than a deep one
        path = rng.choice(paths)
        parent = data
        for key in path[:-1]:
            parent = parent[key]
        if rng.random() < 0.3:
            del parent[path[-1]]
        else:
            parent[path[-1]] = rng.choice(values)
        try:
            game = replay(data)
            game.results(), game.totals(), game.legal_entries()
        except RulesError as error:
            assert "\n" not in str(error) and str(error)


def test_a_seat_and_a_stock_are_written_through_the_records_own_methods() -> None:
    """What the network layer writes into a record (a seat taken or left, a computer
    standing in, a stock's order learnt) goes through `set_player` and `set_stock`;
    `trim_names` writes a name as the screens show it."""
    recorded = RecordedGame.new_table(TableGame(2), [{"kind": "human"}, {"kind": "human"}], 5)
    record = recorded.record
    record.set_player(0, name="Ann\u202e" + "n" * 500)
    record.set_player(1, kind="ai:greedy")
    record.trim_names()
    assert (
        record.names()[0] == record.to_json()["players"][0]["name"] and len(record.names()[0]) < 40
    )
    assert record.players[1].level == "greedy"
    record.set_player(0, name="")
    assert "name" not in record.to_json()["players"][0] and record.players[0].is_human
    stock = list(reversed(record.hands[0].stock))
    record.set_stock(0, stock)
    assert record.to_json()["hands"][0]["stock"] == [tile_name(t) for t in stock if t is not None]


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**6), 10**6) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=6,
)


@settings(max_examples=40, deadline=None)
@given(
    mode=st.sampled_from(list(Mode)),
    seed=st.integers(0, 10**6),
    moves=st.integers(0, 40),
    extra=st.dictionaries(st.sampled_from(["comment", "note", "z"]), JSON_VALUES, max_size=2),
    undos=st.none() | st.integers(0, 9),
    light=st.none() | st.integers(0, 40),
)
def test_a_record_written_and_parsed_again_is_the_same_record(
    mode: Mode, seed: int, moves: int, extra: dict[str, Any], undos: int | None, light: int | None
) -> None:
    """parse(write(r)) == r, and writing it again gives the same bytes, for records of
    every mode, played part of the way, with the game's own keys and unknown ones."""
    player: PlayerEntry = {"name": "Ann", "kind": "human"}
    if mode.is_table:
        recorded = RecordedGame.new_table(TableGame(3), [player, player, player], seed, **extra)
    else:
        recorded = RecordedGame.new_solitaire(mode, player, seed, **extra)
    chance = random.Random(seed)
    for _ in range(moves):
        state = recorded.state
        if state.is_terminal():
            break
        if state.hand_over:
            recorded.next_hand()
            continue
        recorded.play(chance.choice(state.legal_moves()))
    record = recorded.record
    if undos is not None:
        record.undos = undos
    record.light_out = light
    again = GameRecord.from_json(record.dumps())
    assert again == record and again.dumps() == record.dumps()
    assert RecordedGame.from_record(again).state.moves == recorded.state.moves


@pytest.mark.parametrize(
    ("rules", "said"), [(5, "rules must be an object"), ([], "rules must be an object")]
)
def test_a_record_whose_rules_are_not_an_object_says_so_once(rules: object, said: str) -> None:
    data = {"format": "contack-record", "version": 1, "mode": "table", "rules": rules}
    with pytest.raises(RecordError) as refused:
        GameRecord.parse({**data, "players": [], "hands": []})
    assert str(refused.value) == f"record: {said}"


def test_a_parsed_record_is_a_value_the_document_it_came_from_cannot_change() -> None:
    """`parse` reads the document into values of its own: changing the JSON it was given
    afterwards (a caller's dict, a message) changes nothing in the record."""
    data = table_record(players=2, hands=1)
    record = GameRecord.parse(data)
    written = record.dumps()
    data["players"][0]["name"] = "Mallory"
    data["hands"][0]["moves"].pop()
    data["hands"][0]["stock"].reverse()
    data["seed"] = 99
    assert record.dumps() == written
    assert GameRecord.parse(json.loads(written)) == record


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ({"player": None}, "player must be a seat number, not None"),
        ({"score": "10"}, "score must be a whole number, not '10'"),
        ({"clock_s": -1}, "clock_s must be a number of seconds from 0 up"),
        ({"rot": 3}, "rot must be 0, 1 or 2, not 3"),
    ],
)
def test_a_move_of_the_wrong_shape_is_refused_when_the_record_is_read(
    change: dict[str, Any], said: str
) -> None:
    """A record is read into typed moves once, so a move that is not one refuses the
    record at `parse`, before anything replays it."""
    data = table_record(players=2, hands=1)
    index = place_index(data)
    with pytest.raises(RecordError) as refused:
        GameRecord.parse(break_move(data, 0, index, **change))
    assert str(refused.value) == f"hand 0 move {index}: {said}"


def test_a_result_of_the_wrong_kind_is_refused_when_the_record_is_read() -> None:
    data = table_record(players=2, hands=1)
    data["hands"][0]["result"] = {"seat": 0}
    with pytest.raises(RecordError, match=r"^hand 0: result must be a list of whole numbers"):
        GameRecord.parse(data)


JSON_KEYS = st.sampled_from(["comment", "note", "by", "z"])


@functools.cache
def simulated_text(mode: Mode, seed: int) -> str:
    """A game of `mode` played out by computers, as the game writes it (each made once)."""
    if mode.is_table:
        return simulate(mode, 2, seed, ["greedy"], TableRules(hands=1)).dumps()
    return simulate(mode, 1, seed, ["greedy"], TableRules()).dumps()


@settings(max_examples=40, deadline=None)
@given(
    mode=st.sampled_from(list(Mode)),
    seed=st.integers(0, 1),
    document=st.dictionaries(JSON_KEYS, JSON_VALUES, max_size=2),
    hand=st.dictionaries(JSON_KEYS, JSON_VALUES, max_size=2),
    player=st.dictionaries(JSON_KEYS, JSON_VALUES, max_size=2),
    move=st.dictionaries(JSON_KEYS, JSON_VALUES, max_size=2),
    first=st.booleans(),
)
def test_unknown_keys_at_every_level_come_back_as_they_were_written(
    mode: Mode,
    seed: int,
    document: dict[str, Any],
    hand: dict[str, Any],
    player: dict[str, Any],
    move: dict[str, Any],
    first: bool,
) -> None:
    """docs/record.md: a key this game does not know, in the document, a hand, a seat or a
    move, is kept in its place: dumps(parse(text)) == text for the game's own text, in
    both layouts, and parse(dumps(r)) == r."""
    data: dict[str, Any] = json.loads(simulated_text(mode, seed))
    if first:  # a tool's key before the game's own
        data = {**document, **data}
    else:
        data.update(document)
    data["hands"][0] = {**hand, **data["hands"][0]}
    data["players"][0].update(player)
    data["hands"][0]["moves"][-1].update(move)
    text = GameRecord.parse(data).dumps()
    record = GameRecord.from_json(text)
    assert record.dumps() == text and json.loads(text) == data
    assert GameRecord.parse(record.to_json()) == record
    compact = record.dumps(compact=True)
    assert GameRecord.from_json(compact).dumps(compact=True) == compact


def test_records_whose_documents_differ_only_in_the_order_of_keys_are_equal() -> None:
    """Equality is the JSON documents' (keys in any order, as JSON objects compare), while
    each writes its keys back in its own order."""
    data = table_record(players=2, hands=1)
    data["note"] = {"by": "Ann", "on": 1}
    turned = {key: data[key] for key in reversed(list(data))}
    turned["players"] = [dict(reversed(list(player.items()))) for player in data["players"]]
    turned["note"] = {"on": 1, "by": "Ann"}
    record, other = GameRecord.parse(data), GameRecord.parse(turned)
    assert record == other and record.dumps() != other.dumps()
    turned["note"] = {"on": 2, "by": "Ann"}
    assert GameRecord.parse(turned) != record


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    steps=st.lists(st.sampled_from(["play", "undo", "redo", "wait"]), max_size=60),
)
def test_a_timed_game_with_undos_written_and_parsed_again_is_the_same_record(
    seed: int, steps: list[str]
) -> None:
    """parse(dumps(r)) == r and dumps(parse(dumps(r))) == dumps(r) for a timed club game
    played, taken back and redone: the clock on each move and hand, the redo groups."""
    rules = TableRules(variant="club", time_limit_s=600.0)
    player: PlayerEntry = {"name": "Ann", "kind": "human"}
    recorded = RecordedGame.new_table(TableGame(3, rules), [player] * 3, seed)
    record, chance = recorded.record, random.Random(seed)
    for step in steps:
        state = recorded.table_state()
        if state.is_terminal():
            break
        if state.hand_over:
            recorded.next_hand()
        elif step == "undo" and state.moves:
            record.push_redo([record.last_move()])
            recorded.undo()
        elif step == "redo" and record.redo_groups():
            record.pop_redo()
        elif step == "wait":
            state.advance_clock(chance.uniform(0.1, 30))
            record.set_hand_clock(state.clock_s)
        else:
            recorded.play(chance.choice(state.legal_moves()))
    text = record.dumps()
    again = GameRecord.from_json(text)
    assert again == record and again.dumps() == text
    assert again.dumps(compact=True) == record.dumps(compact=True)
    assert RecordedGame.from_record(again).state.moves == recorded.state.moves
