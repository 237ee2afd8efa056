"""Ratings nobody can farm (docs/protocol.md "Ratings"): a seat given to a computer or a
game left counts as lost by the one who left and won by nobody, a new player moves the
others' ratings by a fraction, games between the same two players within a day count
less, and the board lists established players only. One game on a real server."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from websockets.sync.client import connect

from game.net.messages import join_frame, stand_in_frame
from game.net.tables.players import ESTABLISHED, Card, MemoryBook, RatingsPage
from game.net.tables.ratings import REPEAT_S, rate, shown
from tests.net_helpers import ManualClock, first_legal_entry, play_out
from tests.net_process import Player, end, start_server
from tests.test_net_club import DAY, club, create, hello, key, seated, table_of


def test_a_host_who_gives_an_absent_players_seat_to_a_computer_gains_nothing_from_it(
    tmp_path: Path,
) -> None:
    """On a real server: Bob leaves a rated table, Ann (its host) gives his seat to
    `ai:random` and plays it out: Bob lost it, and Ann gained nothing (before: she won
    rating from the computer's play)."""
    server, address = start_server(tmp_path / "home")
    try:
        with connect(address, max_size=2**24) as on_ann:
            ann = Player(on_ann, "")
            hello_ann = {"type": "hello", "name": "Ann", "key": key(1)}
            ann_id = ann.ask(json.dumps(hello_ann), "welcome")["player"]
            rated = {"type": "create", "players": 2, "seats": ["remote"] * 2, "rated": True}
            created = ann.ask(json.dumps({**rated, "rules": {"hands": 1}}), "created")
            code = ann.table = created["table"]
            ann.ask(join_frame(code, "Ann"), "view")
            with connect(address, max_size=2**24) as on_bob:
                bob = Player(on_bob, code)
                hello_bob = {"type": "hello", "name": "Bob", "key": key(2)}
                bob_id = bob.ask(json.dumps(hello_bob), "welcome")["player"]
                (bob_seat,) = [bob.ask(join_frame(code, "Bob"), "joined")["seat"]]
            for present in (True, False):  # until the server has seen Bob come, then go
                while (told := ann.read())["type"] != "presence" or (
                    told["connected"][bob_seat] != present
                ):
                    pass
            ann.ask(stand_in_frame(code, created["host"], bob_seat, "random"), "view")
            over = ann.play(None)
    finally:
        assert "Traceback" not in end(server)
    assert over is not None and over["type"] == "over", over
    ratings = {r["player"]: r for r in over["ratings"]}
    assert ratings[ann_id]["after"] == ratings[ann_id]["before"] == 1000  # before: 1070
    assert ratings[bob_id]["after"] <= ratings[bob_id]["before"]  # a new player's win weighs little


@pytest.mark.usefixtures("everyone_established")
def test_a_host_who_gives_their_own_seat_to_a_computer_loses_the_game() -> None:
    registry = club()
    host = hello(registry, "Ann", 0, "10.0.9.1")
    code = create(host, rated=True, rules={"hands": 1})
    holders = seated(registry, code, ["Ann", "Bob"])
    table = table_of(registry, code)
    host_token = next(m for m in host.messages if m["type"] == "created")["host"]
    ann_seat = next(s for s, inbox in holders.items() if inbox.messages[0]["name"] == "Ann")
    registry.disconnect(holders.pop(ann_seat).peer)
    stand_in = {"type": "stand-in", "table": code, "host": host_token, "seat": ann_seat}
    assert host.send({**stand_in, "level": "master"}) == [] and table.is_computer(ann_seat)
    play_out(table, {**holders, ann_seat: holders[1 - ann_seat]})
    ratings = table.club.ratings
    assert ratings is not None
    assert ratings[ann_seat]["after"] < 1000 == ratings[1 - ann_seat]["after"]


@pytest.mark.usefixtures("everyone_established")
def test_a_player_who_leaves_a_rated_game_loses_it_when_its_table_closes_idle() -> None:
    clock = ManualClock()
    registry = club(clock)
    code = create(hello(registry, "Host", 9), rated=True, rules={"hands": 1})
    holders = seated(registry, code, ["Ann", "Bob"])
    table = table_of(registry, code)
    for _ in range(3):
        seat = table.state.current
        holders[seat].send({"type": "move", "table": code, "move": first_legal_entry(table)})
    leaver = table.state.current
    registry.disconnect(holders[leaver].peer)  # losing, and gone
    clock.now += DAY + 1
    assert registry.sweep() == [code]
    book = registry.club.book
    left, stayed = (book.card(str(table.club.owner(s))) for s in (leaver, 1 - leaver))
    assert left is not None and stayed is not None
    assert shown(left) < 1000 and left.games == 1  # before: never rated
    assert shown(stayed) == 1000 and stayed.games == 0


def test_wins_over_a_fresh_key_each_game_move_a_rating_little_and_list_none_of_them() -> None:
    """The issue's farm: 40 wins, each over a new key, took a rating from 1000 to 1430
    and first on the board."""
    book = MemoryBook()
    farmer = book.enter(key(0), "Farmer")
    honest = [book.enter(key(1), "Ann"), book.enter(key(2), "Bob")]
    for game in range(40):
        victim = book.enter(key(100 + game), f"Key {game}")
        after = rate([farmer, victim], [10, 0])
        book.rated(f"g{game}", [], after)
        farmer = after[0]
    for game in range(2 * ESTABLISHED):  # two honest players, each winning half
        after = rate(honest, [10, 0] if game % 2 else [0, 10])
        book.rated(f"h{game}", [], after)
        honest = after
    assert shown(farmer) < 1050
    board = book.board(0, 100).cards
    assert {card.name for card in board} == {"Ann", "Bob", "Farmer"}  # no victim listed
    assert board[-1].name == "Farmer"


def test_the_board_and_each_place_follow_every_rated_game() -> None:
    book = MemoryBook()
    ann, bob = book.enter(key(1), "Ann"), book.enter(key(2), "Bob")
    ann, bob = replace(ann, mu=30.0, games=ESTABLISHED), replace(bob, games=ESTABLISHED)
    book.rated("g1", [], [ann, bob])
    assert [card.name for card in book.board(0, 10).cards] == ["Ann", "Bob"]
    assert (book.place(ann.pid), book.place(bob.pid), book.place("nobody")) == (0, 1, None)
    book.rated("g2", [], [replace(bob, mu=40.0, games=ESTABLISHED + 1)])  # Bob climbs
    assert [card.name for card in book.board(0, 10).cards] == ["Bob", "Ann"]
    assert (book.place(ann.pid), book.place(bob.pid)) == (1, 0)
    assert book.board(1, 10) == RatingsPage([ann], 2)


def test_an_established_players_games_weigh_fully_and_repeats_within_a_day_count_less() -> None:
    ann, bob = Card("p-ann", "Ann", games=ESTABLISHED), Card("p-bob", "Bob", games=ESTABLISHED)
    first = rate([ann, bob], [10, 0])
    again = rate([ann, bob], [10, 0], met=lambda one, other: 1)
    assert shown(first[0]) - 1000 == 69  # what the issue saw against an established player
    assert 0 < first[0].mu - ann.mu == pytest.approx(2 * (again[0].mu - ann.mu))


def test_the_club_counts_a_pairs_games_within_a_day() -> None:
    clock = ManualClock()
    registry = club(clock)
    code = create(hello(registry, "Host", 9), rated=True, rules={"hands": 1})
    holders = seated(registry, code, ["Ann", "Bob"])
    play_out(table_of(registry, code), holders)
    book, since = registry.club.book, clock.now - REPEAT_S
    ann, bob = (inbox.messages[0]["player"] for inbox in holders.values())
    assert book.met(ann, bob, since) == book.met(bob, ann, since) == 1
    assert book.met(ann, bob, clock.now + 1) == 0
