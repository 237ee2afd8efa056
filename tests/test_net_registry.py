"""The table server's registry (game/net/tables/registry.py), without a network: tables opened,
seats joined and taken back, moves checked and announced in order, computers played,
refusals that change nothing, limits on an injected clock, idle tables closed."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game.net.messages import (
    create_frame,
    join_frame,
    move_frame,
    rejoin_frame,
    stand_in_frame,
    watch_frame,
)
from game.net.tables.limits import Limits
from game.net.tables.registry import Registry
from game.net.tables.store import TableStore
from game.net.tables.table import NetTable
from game.rules.moves import PASS_MOVE
from game.rules.record.recorded_game import RecordedGame
from game.rules.record.values import RecordMove
from game.rules.table import TableGame
from game.rules.table_rules import HAND_SIZE
from tests.net_helpers import (
    ROOMY,
    Inbox,
    ManualClock,
    checked,
    dealer,
    first_legal_entry,
    open_table,
    play_out,
)


def registry(clock: ManualClock | None = None, **kwargs: Any) -> Registry:
    kwargs.setdefault("limits", ROOMY)
    return Registry(clock or ManualClock(), deal=dealer(), **kwargs)


def test_a_table_is_created_with_an_unguessable_code_and_joined_seat_by_seat() -> None:
    server = registry()
    host = Inbox(server)
    created = host.send(create_frame(["remote", "remote"]))
    assert [m["type"] for m in created] == ["created"]
    code = created[0]["table"]
    assert len(code) >= 16
    first = Inbox(server).send(join_frame(code, "Ann"))
    assert [m["type"] for m in first] == ["joined", "view", "presence"]
    assert first[0]["seat"] == 0 and len(first[0]["token"]) >= 32
    second = Inbox(server).send(join_frame(code, "Bob"))
    assert second[0]["seat"] == 1 and second[0]["token"] != first[0]["token"]
    assert second[1]["record"]["players"][1] == {"kind": "human", "name": "Bob"}
    assert Inbox(server).send(join_frame(code, "Cy"))[0]["code"] == "table-full"


def test_a_computer_seat_is_called_by_the_name_its_host_gave() -> None:
    server = registry()
    frame = create_frame(["remote", "ai:expert"], names=[None, "Gus"])
    code = Inbox(server).send(frame)[0]["table"]
    view = Inbox(server).send(join_frame(code, "Ann"))[1]
    assert view["record"]["players"] == [
        {"kind": "human", "name": "Ann"},
        {"kind": "ai:expert", "name": "Gus"},
    ]


def test_a_table_nobody_joined_writes_no_names_in_its_record() -> None:
    """A new table's record (its view and its save) holds no name where none was given:
    a table flow's couch habit of writing each name as the screens show it stays off the
    server."""
    server = registry()
    code = Inbox(server).send(create_frame(["remote", "remote", "ai:greedy"]))[0]["table"]
    view = Inbox(server).send(watch_frame(code))[0]
    assert view["record"]["players"] == [
        {"kind": "human"},
        {"kind": "human"},
        {"kind": "ai:greedy"},
    ]
    (table,) = server.tables.values()
    assert json.loads(table.saved_text())["players"] == view["record"]["players"]


def test_the_server_deals_every_table_whatever_seed_its_creator_sends() -> None:
    server = Registry(ManualClock(), limits=ROOMY)
    host = Inbox(server)
    for _ in range(2):
        host.send(create_frame(["remote", "remote"], seed=5))
    chosen = RecordedGame.new_table(TableGame(2), [{"kind": "human"}] * 2, 5).record
    tables = list(server.tables.values())
    assert all(t.record.seed != 5 for t in tables)
    stocks = [t.record.to_json()["hands"][0]["stock"] for t in tables]
    assert chosen.to_json()["hands"][0]["stock"] not in stocks and stocks[0] != stocks[1]


def test_a_whole_game_among_three_remote_seats_and_a_computer() -> None:
    server = registry()
    table, holders, _ = open_table(server, ["remote", "ai:greedy", "remote", "remote"])
    watcher = Inbox(server)
    watcher.send(watch_frame(table.code))
    play_out(table, holders)
    record = table.record.to_json()
    game = checked(record)
    assert game.is_over()
    every_move = [m for hand in record["hands"] for m in hand["moves"]]
    assert any(m["player"] == 1 for m in every_move)  # the computer played
    for inbox in [*holders.values(), watcher]:
        announced = [m["move"] for m in inbox.of_type("move")]
        assert announced == every_move  # everyone saw every move, in order
        assert inbox.of_type("over")[-1]["record"] == record
    # one view when seated, then one for each hand dealt after the first
    assert len(watcher.of_type("view")) == len(record["hands"])


def test_no_view_or_move_shows_the_stock_order_or_the_seed_before_the_game_is_over() -> None:
    server = registry()
    table, holders, _ = open_table(server, ["remote", "remote", "ai:random"], {"hands": 2})
    play_out(table, holders)
    for message in holders[0].messages:
        if message["type"] in ("over", "joined"):
            continue
        assert "seed" not in json.dumps(message) and "token" not in json.dumps(message)
        if message["type"] == "view":
            hand = message["record"]["hands"][-1]
            draws = sum(1 for move in hand["moves"] if move.get("draw"))
            known = HAND_SIZE * 3 + draws
            assert all(tile is not None for tile in hand["stock"][:known])
            assert hand["stock"][known:] == [None] * (36 - known)
            assert all(None not in past["stock"] for past in message["record"]["hands"][:-1])


def test_a_draw_is_announced_with_its_tile_and_a_placement_with_its_score() -> None:
    server = registry()
    table, holders, _ = open_table(server, ["remote", "remote"])
    play_out(table, holders)
    moves = [m["move"] for m in holders[1].of_type("move")]
    assert all("tile" in m for m in moves if m.get("draw"))
    assert all("score" in m for m in moves if "cell" in m)
    assert any(m.get("draw") for m in moves)


def test_refused_messages_change_nothing_and_say_why() -> None:
    server = registry()
    table, holders, _ = open_table(server, ["remote", "remote"])
    before = table.record.dumps()
    mover = table.state.current
    other = 1 - mover
    entry = first_legal_entry(table)
    stranger = Inbox(server)
    cases: list[tuple[Inbox, str | bytes | dict[str, Any], str]] = [
        (stranger, move_frame(table.code, entry), "not-your-seat"),
        (holders[other], move_frame(table.code, entry), "not-your-seat"),
        (holders[other], move_frame(table.code, {**entry, "player": other}), "not-your-turn"),
        (holders[mover], move_frame(table.code, {"player": mover, "pass": True}), "illegal-move"),
        (holders[mover], move_frame("nope", entry), "no-table"),
        (holders[mover], move_frame(table.code, {"player": mover, "cell": 3}), "bad-message"),
        (stranger, rejoin_frame(table.code, "x" * 32), "bad-token"),
        (stranger, "{not json", "bad-message"),
        (stranger, b"\x00binary", "bad-message"),
        (stranger, {"type": "move", "table": 5}, "bad-message"),
        (stranger, {"type": "dance"}, "bad-message"),
        (stranger, {"type": "watch", "table": table.code, "pad": "x" * 70_000}, "bad-message"),
        (stranger, {"type": "create", "players": 9}, "bad-message"),
        (stranger, {"type": "create", "players": 2, "seats": ["ai:greedy"] * 2}, "bad-message"),
        (stranger, {"type": "create", "players": 2, "rules": {"hands": 0}}, "bad-message"),
        (stranger, {"type": "create", "players": 2, "seats": ["remote", "ai:god"]}, "bad-message"),
    ]
    for inbox, frame, code in cases:
        replies = inbox.send(frame)
        assert [r["type"] for r in replies] == ["error"], (frame, replies)
        assert replies[0]["code"] == code, (frame, replies)
    assert table.record.dumps() == before
    assert len(server.tables) == 1


def test_a_dropped_seat_shows_away_and_is_taken_back_by_its_token() -> None:
    server = registry()
    table, holders, tokens = open_table(server, ["remote", "remote"])
    server.disconnect(holders[0].peer)
    assert holders[1].of_type("presence")[-1]["connected"] == [False, True]
    returning = Inbox(server, "10.9.9.9")
    replies = returning.send(rejoin_frame(table.code, tokens[0]))
    assert [r["type"] for r in replies] == ["joined", "view", "presence"]
    assert replies[0]["seat"] == 0 and replies[2]["connected"] == [True, True]
    holders[0] = returning
    play_out(table, holders)
    assert checked(table.full_record()).is_over()


def test_a_seat_taken_back_on_another_connection_leaves_the_old_one() -> None:
    server = registry()
    table, holders, tokens = open_table(server, ["remote", "remote"])
    seat = table.state.current
    Inbox(server).send(rejoin_frame(table.code, tokens[seat]))
    told = holders[seat].of_type("error")
    assert [(e["code"], e["table"], e["seat"]) for e in told] == [("replaced", table.code, seat)]
    assert holders[1 - seat].of_type("error") == []
    refused = holders[seat].send(move_frame(table.code, first_legal_entry(table)))
    assert refused[0]["code"] == "not-your-seat"


def test_computers_wait_until_every_remote_seat_is_taken() -> None:
    server = registry()
    host = Inbox(server)
    code = host.send(create_frame(["ai:greedy", "ai:greedy", "remote"]))[0]["table"]
    table = next(iter(server.tables.values()))
    starter = table.state.current
    assert table.record.last_hand_moves() == ()
    Inbox(server).send(join_frame(code, "Ann"))
    assert (table.record.last_hand_moves() != ()) == (starter != 2)
    assert table.state.current == 2


def test_messages_beyond_the_burst_are_too_fast_until_the_clock_moves_on() -> None:
    clock = ManualClock()
    limits = Limits(messages_per_s=2, message_burst=3, joins_per_s=1e6, join_burst=10**6)
    server = registry(clock, limits=limits)
    inbox = Inbox(server)
    codes = [inbox.send(watch_frame("nope"))[0]["code"] for _ in range(5)]
    assert codes == ["no-table"] * 3 + ["too-fast"] * 2
    clock.now += 1.0
    assert [inbox.send(watch_frame("nope"))[0]["code"] for _ in range(3)] == [
        "no-table",
        "no-table",
        "too-fast",
    ]


def test_attempts_to_join_or_open_tables_are_limited_per_address_across_connections() -> None:
    clock = ManualClock()
    limits = Limits(joins_per_s=0.5, join_burst=2)
    server = registry(clock, limits=limits)
    attempts = [Inbox(server, "10.6.6.6").send(join_frame("guess", "x")) for _ in range(3)]
    assert [a[0]["code"] for a in attempts] == ["no-table", "no-table", "too-fast"]
    assert Inbox(server, "10.7.7.7").send(join_frame("guess", "x"))[0]["code"] == "no-table"
    clock.now += 2.0
    assert Inbox(server, "10.6.6.6").send(join_frame("guess", "x"))[0]["code"] == "no-table"
    opened = [Inbox(server, "10.8.8.8").send(create_frame(["remote"] * 2)) for _ in range(3)]
    assert [o[0]["type"] for o in opened] == ["created", "created", "error"]
    assert opened[2][0]["code"] == "too-fast" and len(server.tables) == 2


def test_attempts_are_counted_per_network_and_moves_to_unknown_codes_are_attempts() -> None:
    limits = Limits(joins_per_s=0.5, join_burst=2)
    server = registry(limits=limits)

    def codes(address: str, frame: str) -> list[str]:
        return [m.get("code", m["type"]) for m in Inbox(server, address).send(frame)]

    for first, second in [
        ("10.6.6.6", "10.6.6.77"),
        ("2001:db8:0:1::1", "2001:db8:0:1:ffff::2"),
        ("10.9.9.9", "::ffff:10.9.9.10"),
    ]:
        assert codes(first, join_frame("guess", "x")) == ["no-table"]
        assert codes(second, watch_frame("guess")) == ["no-table"]
        assert codes(first, join_frame("guess", "x")) == ["too-fast"]
    assert codes("10.6.7.1", join_frame("guess", "x")) == ["no-table"]
    assert codes("2001:db8:0:2::1", join_frame("guess", "x")) == ["no-table"]
    table, holders, _ = open_table(server, ["remote", "remote"])  # the joiners' burst
    guesser = Inbox(server, "10.5.5.5")
    entry = first_legal_entry(table)
    guesses = [guesser.send(move_frame(f"guess{n}", entry))[0]["code"] for n in range(3)]
    assert guesses == ["no-table", "no-table", "too-fast"]
    assert holders[table.state.current].send(move_frame(table.code, entry))[0]["type"] == "move"


def test_a_table_nobody_joined_is_forgotten_after_ten_minutes(tmp_path: Path) -> None:
    clock = ManualClock()
    store = TableStore(tmp_path)
    server = registry(clock, store=store)
    lonely = Inbox(server).send(create_frame(["remote", "remote"]))[0]["table"]
    played, _, _ = open_table(server, ["remote", "remote"])
    clock.now += 600
    assert server.sweep() == []
    clock.now += 1
    assert server.sweep() == [lonely]
    assert [t.code for t in server.tables.values()] == [played.code]
    assert [p.name for p in (tmp_path / "tables").iterdir()] == [f"{played.code}.contack.json"]
    assert not (tmp_path / "closed").exists()


def test_a_server_started_again_forgets_at_once_the_tables_nobody_joined_in_time(
    tmp_path: Path,
) -> None:
    clock = ManualClock()
    store = TableStore(tmp_path)
    first = registry(clock, store=store)
    Inbox(first).send(create_frame(["remote", "remote"]))
    clock.now += 601
    again = registry(clock, store=store)
    again.open(store.load())
    assert not again.tables and not list((tmp_path / "tables").iterdir())


def test_a_table_idle_for_a_day_is_closed_and_saved(tmp_path: Path) -> None:
    clock = ManualClock()
    store = TableStore(tmp_path)
    server = registry(clock, store=store)
    table, holders, _ = open_table(server, ["remote", "remote"])
    holders[table.state.current].send(move_frame(table.code, first_legal_entry(table)))
    clock.now += 86_000
    assert server.sweep() == []
    clock.now += 1_000
    assert server.sweep() == [table.code]
    assert not server.tables
    assert store.load() == []
    closed = tmp_path / "closed" / f"{table.code}.contack.json"
    reopened = NetTable.from_saved(closed.read_text())
    assert reopened.record == table.record and reopened.tokens == table.tokens
    assert reopened.host == table.host
    assert holders[0].send(watch_frame(table.code))[0]["code"] == "no-table"


def test_a_computer_whose_thinking_failed_still_moves() -> None:
    class FailingThinker:
        def think(self, player: Any, state: Any, answer: Any, owner: str) -> None:
            answer(None)

    server = registry(thinker=FailingThinker())
    table, holders, _ = open_table(server, ["remote", "ai:master"], {"hands": 1})
    play_out(table, holders)
    assert checked(table.full_record()).is_over()


def test_a_seat_taken_back_after_the_game_sees_how_it_ended() -> None:
    server = registry()
    table, holders, tokens = open_table(server, ["remote", "remote"], {"hands": 1})
    play_out(table, holders)
    replies = Inbox(server).send(rejoin_frame(table.code, tokens[1]))
    assert [r["type"] for r in replies] == ["joined", "view", "over", "presence"]
    assert replies[2]["record"] == table.full_record()


def test_a_computer_answer_the_rules_refuse_is_replaced_by_a_legal_move() -> None:
    class WrongThinker:
        def think(self, player: Any, state: Any, answer: Any, owner: str) -> None:
            answer((PASS_MOVE, player))  # never legal while a tile can be placed

    server = registry(thinker=WrongThinker())
    table, holders, _ = open_table(server, ["remote", "ai:greedy"], {"hands": 1})
    play_out(table, holders)
    assert checked(table.full_record()).is_over()


def test_the_host_gives_an_away_seat_to_a_computer_until_its_player_comes_back() -> None:
    server = registry()
    table, holders, tokens = open_table(server, ["remote", "remote"], {"hands": 2})
    ann, bob = holders[0], holders[1]
    host = Inbox(server)
    server.disconnect(bob.peer)
    assert host.send(stand_in_frame(table.code, "not-the-host", 1, "greedy"))[0]["code"] == (
        "bad-token"
    )
    assert host.send(stand_in_frame(table.code, table.host, 0, "greedy"))[0]["code"] == (
        "not-your-seat"
    )
    assert host.send(stand_in_frame(table.code, table.host, 1, "greedy")) == []
    view = ann.of_type("view")[-1]["record"]
    assert view["players"][1]["kind"] == "ai:greedy"
    assert ann.of_type("presence")[-1]["connected"] == [True, True]
    for _ in range(6):  # the computer plays seat 1's turns as they come
        if table.state.current == 0:
            ann.send(move_frame(table.code, first_legal_entry(table)))
    assert any(m["move"]["player"] == 1 for m in ann.of_type("move"))
    back = Inbox(server)
    assert back.send(rejoin_frame(table.code, tokens[1]))[0]["seat"] == 1
    assert ann.of_type("view")[-1]["record"]["players"][1]["kind"] == "human"
    play_out(table, {0: ann, 1: back})
    assert checked(table.full_record()).is_over()


def test_a_connection_that_keeps_sending_refused_messages_is_closed() -> None:
    server = registry(limits=Limits(refusals_in_a_row=3, joins_per_s=1e6, join_burst=10**6))
    closed: list[bool] = []
    peer = server.connect(lambda frame: None, "10.0.0.5", lambda: closed.append(True))
    for frame in ["{", "{", '{"type": "create", "players": 2}', "{", "{"]:
        server.receive(peer, frame)
    assert closed == []
    server.receive(peer, "{")
    assert closed == [True]


@pytest.mark.parametrize("pace", [{}, {"pace": {"days": 1}}])
def test_a_table_nobody_plays_or_watches_stops_thinking_until_someone_comes(
    pace: dict[str, Any],
) -> None:
    """Tables whose seats the host gave to masters, that nobody played or watched, kept
    thinking for ever (days-paced ones) and took the workers from everyone else."""
    server = registry()
    host = Inbox(server)
    frame = json.loads(create_frame(["remote"] + ["ai:random"] * 2, {"hands": 9}))
    created = host.send({**frame, **pace})
    code = created[0]["table"]
    player = Inbox(server, "10.0.1.1")
    token = player.send(join_frame(code, "Ann"))[0]["token"]
    table = next(t for t in server.tables.values() if t.code == code)
    server.disconnect(player.peer)
    position = table.position
    host.send(stand_in_frame(code, created[0]["host"], 0, "random"))
    server.sweep()
    assert table.position == position  # nobody at all: no computer thinks
    watcher = Inbox(server, "10.0.2.1")
    watcher.send(watch_frame(code))  # someone watches: the computers play on
    assert table.position != position
    server.disconnect(watcher.peer)
    position = table.position
    server.sweep()
    assert table.position == position
    Inbox(server).send(rejoin_frame(code, token))  # a person again: the computers go on
    assert table.state.moves or table.state.current == 0


def test_a_computer_answer_that_comes_once_nobody_is_at_the_table_is_not_played() -> None:
    """The table's flow decides whether a computer may move, for its answer as for its
    thinking: a live table's computer to begin a hand, answering once its player has
    left, waits for them as its thinking would have."""
    replies: list[Callable[[], None]] = []

    class LateThinker:
        def think(self, player: Any, state: Any, answer: Any, owner: str) -> None:
            replies.append(lambda: answer((player.choose(state), player)))

    server = registry(thinker=LateThinker())
    code = Inbox(server).send(create_frame(["remote", "ai:random"]))[0]["table"]
    ann = Inbox(server, "10.0.1.1")
    token = ann.send(join_frame(code, "Ann"))[0]["token"]
    table = next(t for t in server.tables.values() if t.code == code)
    assert table.state.current == 1 and len(replies) == 1  # the computer begins
    server.disconnect(ann.peer)
    replies.pop()()
    assert not table.state.moves
    back = Inbox(server, "10.0.1.1")
    back.send(rejoin_frame(code, token))  # she is back: the computer thinks again
    replies.pop()()
    assert len(table.state.moves) == 1 and len(back.of_type("move")) == 1


def test_a_move_is_announced_reading_only_itself_from_the_record(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Announcing a move read every move of its hand again (the record reads the hand
    whole after each change): a third of a move's CPU on a server of 1,000 tables, more
    as the hand grows. The server reads the one move played."""
    table, holders, _ = open_table(registry(), ["remote", "remote"])
    for _ in range(12):
        holders[table.state.current].send(move_frame(table.code, first_legal_entry(table)))
    assert table.record.move_count(0) == 12
    reads: list[object] = []
    read = RecordMove.read

    def counted(*args: Any) -> RecordMove:
        reads.append(args)
        return read(*args)

    monkeypatch.setattr(RecordMove, "read", staticmethod(counted))
    replies = holders[table.state.current].send(move_frame(table.code, first_legal_entry(table)))
    assert [reply["type"] for reply in replies] == ["move"]
    assert len(reads) <= 2
