"""Tables each owned by one server of several on one Redis (game/net/tables/ownership.py,
forwarding.py), in this process: two registries on one real redis-server, their channels
pumped by the test (the listener's and the relay's work). A table is held by its owner
only; a client on the other server joins and plays it through its own server; when the
owner's lease is gone, the other server takes the table over from the store with every
announced move, seats its client again, and the old owner never writes it again."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import logging
from typing import Any

import pytest
from redis.client import PubSub

from game.net.club_messages import LobbyRequest
from game.net.messages import (
    ClubTableOptions,
    create_frame,
    join_frame,
    lobby_frame,
    move_frame,
    rejoin_frame,
    watch_frame,
)
from game.net.tables import club as club_module
from game.net.tables.archive import NO_ARCHIVE, Archive
from game.net.tables.forwarding import CHANNEL, LAPSED, Owned
from game.net.tables.limits import Limits
from game.net.tables.notices import DAY_S, TurnNotices
from game.net.tables.ownership import Leases, OtherMode, refuse_other_mode
from game.net.tables.postgres_archive import PostgresArchive
from game.net.tables.presence import server_key
from game.net.tables.redis_book import RedisBook
from game.net.tables.redis_notices import RedisNoticeBook
from game.net.tables.redis_store import OPEN, RedisStore, owner_key
from game.net.tables.registry import Registry
from game.net.tables.summaries import SUMMARY
from game.net.tables.table import NetTable
from game.server import main
from tests.conftest import GUARD_S
from tests.net_helpers import ROOMY, Inbox, ManualClock, dealer, first_legal_entry
from tests.test_net_club import create, hello, key
from tests.test_net_notices import InlinePostbox, confirm, sweep, waiting_for
from tools.postgres_server import PostgresServer
from tools.redis_server import RedisServer


class Owner:
    """One server of several, in this process: its registry, its `Owned`, and its channel
    (`pump` does what its listener and its relay do)."""

    def __init__(self, url: str, limits: Limits = ROOMY, archive: Archive = NO_ARCHIVE) -> None:
        store = RedisStore(url, archive=archive)
        self.clock = ManualClock()
        self.registry = Registry(self.clock, None, store, limits, dealer(), RedisBook(url))
        self.owned = Owned(self.registry, store)
        self.owned.open()
        self.listening: PubSub = store.client.pubsub(  # type: ignore[no-untyped-call]
            ignore_subscribe_messages=True
        )
        self.listening.subscribe(CHANNEL + self.owned.server)
        self.listening.get_message(timeout=1.0)  # the subscription's confirmation

    def pump(self) -> bool:
        """Relay the frames waiting, and do what came on the channel; whether anything did."""
        client = self.owned.store.client
        waiting = self.owned.take_waiting()
        for server, frames in waiting.items():
            client.publish(CHANNEL + server, json.dumps({"frames": frames}))
        heard = False
        while (message := self.listening.get_message(timeout=0.02)) is not None:
            heard = True
            for work in self.owned.heard(json.loads(message["data"])):
                work()
        return heard or bool(waiting)

    def die(self, lapsed: bool = True) -> None:
        """Stop listening, as a server killed does, and give up the lease (`lapsed`), as
        its lease does in a few seconds (its memory and its connections' objects are left
        as they were)."""
        self.listening.close()
        if lapsed:
            self.owned.leases.release()


UNFOLLOWED = LobbyRequest(follow=False)


def settle(*servers: Owner) -> None:
    while any([server.pump() for server in servers]):
        pass


def table_of(server: Owner, code: str) -> NetTable:
    return next(t for t in server.registry.tables.values() if t.code == code)


def moves(inbox: Inbox) -> list[tuple[int, int, dict[str, Any]]]:
    return [(m["hand"], m["index"], m["move"]) for m in inbox.of_type("move")]


def play(seats: dict[int, Inbox], owner: Owner, code: str, count: int, *live: Owner) -> None:
    """Play `count` first legal moves at `owner`'s table, each from its seat's connection."""
    for _ in range(count):
        table = table_of(owner, code)
        inbox = seats[table.state.current]
        before = len(inbox.frames)
        inbox.send(move_frame(code, first_legal_entry(table)))
        settle(*live)
        answers = inbox.messages[before:]
        assert answers and not [m for m in answers if m["type"] == "error"], answers


def test_a_table_lives_on_its_owner_only_and_is_played_from_another_server(
    redis_server: RedisServer,
) -> None:
    a, b = Owner(redis_server.url), Owner(redis_server.url)
    host = Inbox(a.registry)
    codes = [host.send(create_frame(["remote", "remote"]))[0]["table"] for _ in range(3)]
    code = codes[0]
    ann, bob = Inbox(a.registry, "10.0.1.1"), Inbox(b.registry, "10.0.2.1")
    assert ann.send(join_frame(code, "Ann"))[0]["seat"] == 0
    assert bob.send(join_frame(code, "Bob")) == []  # forwarded to a
    settle(a, b)
    assert [m["type"] for m in bob.messages] == ["joined", "view", "presence"]
    assert ann.of_type("presence")[-1]["connected"] == [True, True]
    play({0: ann, 1: bob}, a, code, 6, a, b)
    assert moves(bob) == moves(ann) and len(moves(ann)) == 6
    assert len(a.registry.tables) == 3 and len(b.registry.tables) == 0
    client = a.owned.store.client
    assert {client.get(owner_key(c)) for c in codes} == {a.owned.server}


def test_the_owners_death_hands_its_tables_to_another_server_with_every_announced_move(
    redis_server: RedisServer,
) -> None:
    a, b = Owner(redis_server.url), Owner(redis_server.url)
    code = Inbox(a.registry).send(create_frame(["remote", "remote"]))[0]["table"]
    ann, bob = Inbox(a.registry, "10.0.1.1"), Inbox(b.registry, "10.0.2.1")
    ann.send(join_frame(code, "Ann"))
    bob.send(join_frame(code, "Bob"))
    settle(a, b)
    play({0: ann, 1: bob}, a, code, 5, a, b)
    announced = moves(ann)
    a.die()
    before = len(bob.messages)
    b.owned.chores()  # its chore each second: a's lease is gone
    taken = table_of(b, code)
    assert [m["type"] for m in bob.messages[before:]] == ["joined", "view", "presence"]
    assert bob.messages[before]["seat"] == 1
    view = bob.messages[before + 1]["record"]
    kept = [(h, i, m) for h, hand in enumerate(view["hands"]) for i, m in enumerate(hand["moves"])]
    assert kept == announced
    assert len(taken.state.moves) == len(announced) and len(b.registry.tables) == 1
    if taken.state.current == 1:
        bob.send(move_frame(code, first_legal_entry(taken)))
        assert moves(bob)[-1][:2] == (0, len(announced))


def test_a_table_taken_over_for_one_connection_seats_the_others_following_it_at_once(
    redis_server: RedisServer,
) -> None:
    """Ann's server dies; she is back on Bob's server before its chore (each second) has
    seen it: her rejoin takes the table over there, and Bob, who played it through that
    server, is seated again at once, so his move in that second is played (it was
    refused `not-your-seat` until the chore seated him)."""
    a, b = Owner(redis_server.url), Owner(redis_server.url)
    code = Inbox(a.registry).send(create_frame(["remote", "remote"]))[0]["table"]
    ann, bob = Inbox(a.registry, "10.0.1.1"), Inbox(b.registry, "10.0.2.1")
    token = ann.send(join_frame(code, "Ann"))[0]["token"]
    bob.send(join_frame(code, "Bob"))
    settle(a, b)
    play({0: ann, 1: bob}, a, code, 4, a, b)
    a.die()
    before = len(bob.messages)
    back = Inbox(b.registry, "10.0.1.1")
    assert [m["type"] for m in back.send(rejoin_frame(code, token))] == [
        "joined",
        "view",
        "presence",
    ]
    assert [m["type"] for m in bob.messages[before:]] == ["joined", "view", "presence", "presence"]
    assert bob.messages[before]["seat"] == 1
    play({0: back, 1: bob}, b, code, 2, b)
    b.owned.chores()  # the chore finds nothing left to do: nobody is seated twice
    assert moves(back) == moves(bob)[-2:]
    kinds = [m["type"] for m in bob.messages]
    assert "error" not in kinds and kinds.count("joined") == 2


def test_a_server_whose_lease_lapsed_never_writes_a_table_taken_over_and_seats_its_player_there(
    redis_server: RedisServer,
) -> None:
    a, b = Owner(redis_server.url), Owner(redis_server.url)
    code = Inbox(a.registry).send(create_frame(["remote", "remote"]))[0]["table"]
    ann, bob = Inbox(a.registry, "10.0.1.1"), Inbox(b.registry, "10.0.2.1")
    ann.send(join_frame(code, "Ann"))
    bob.send(join_frame(code, "Bob"))
    settle(a, b)
    play({0: ann, 1: bob}, a, code, 2 + (table_of(a, code).state.current == 1), a, b)
    assert table_of(a, code).state.current == 0  # Ann's turn
    a.owned.leases.release()  # a stalled past its lease
    b.owned.chores()
    played = len(table_of(b, code).state.moves)
    stale = table_of(a, code)
    before = len(ann.messages)
    ann.send(move_frame(code, first_legal_entry(stale)))
    settle(a, b)
    assert ann.messages[before]["code"] == "not-saved"
    assert [m["type"] for m in ann.messages[before + 1 :]] == ["joined", "view", "presence"]
    kept = b.owned.store.fetch(code)
    assert kept is not None and len(kept.state.moves) == played  # nothing written by a
    assert len(a.registry.tables) == 0
    play({0: ann, 1: bob}, b, code, 2, a, b)  # Ann plays on, through a, at b's table
    assert moves(ann)[-2:] == moves(bob)[-2:]


def test_a_table_is_claimed_by_one_server_while_its_owner_lives_and_no_table_is_made_up(
    redis_server: RedisServer,
) -> None:
    store = RedisStore(redis_server.url)
    first, second = Leases(store), Leases(RedisStore(redis_server.url))
    store.client.sadd(OPEN, "ABC")
    first.renew()
    second.renew()
    assert first.claim("ABC") == first.server
    assert second.claim("ABC") == first.server
    assert second.claim("NOTABLE") == "" and store.client.get(owner_key("NOTABLE")) is None
    assert second.orphans(10) == []
    first.release()
    assert second.orphans(10) == ["ABC"]
    assert second.claim("ABC") == second.server
    assert not first.renew()  # it had lapsed
    assert first.claim("ABC") == second.server


def test_a_seat_taken_back_while_its_tables_server_is_dead_is_seated_once_taken_over(
    redis_server: RedisServer,
) -> None:
    a, b = Owner(redis_server.url), Owner(redis_server.url)
    code = Inbox(a.registry).send(create_frame(["remote", "remote"]))[0]["table"]
    ann, bob = Inbox(a.registry, "10.0.1.1"), Inbox(a.registry, "10.0.2.1")
    ann.send(join_frame(code, "Ann"))
    token = bob.send(join_frame(code, "Bob"))[0]["token"]
    play({0: ann, 1: bob}, a, code, 3, a, b)
    a.die(lapsed=False)  # killed: its lease holds for a few seconds more
    back = Inbox(b.registry, "10.0.2.1")
    assert back.send(rejoin_frame(code, token)) == []  # waits for the table's new owner
    a.owned.leases.release()  # the lease lapses
    b.owned.chores()
    assert [m["type"] for m in back.messages] == ["joined", "view", "presence"]
    assert moves(back) == [] and len(table_of(b, code).state.moves) == 3


def test_the_lobby_and_mine_on_either_server_are_the_clubs_from_the_owners_summaries(
    redis_server: RedisServer,
) -> None:
    a, b = Owner(redis_server.url), Owner(redis_server.url)
    ann, bob = Inbox(a.registry, "10.0.1.1"), Inbox(b.registry, "10.0.2.1")
    ann.send({"type": "hello", "name": "Ann", "key": key(1)})
    bob.send({"type": "hello", "name": "Bob", "key": key(2)})
    public = create_frame(["remote", "remote"], {"hands": 1}, club=ClubTableOptions(public=True))
    code = ann.send(public)[0]["table"]
    ann.send(join_frame(code, "Ann"))
    (listed,) = bob.send(lobby_frame(UNFOLLOWED))[0]["tables"]  # b holds no table
    assert (listed["table"], listed["free"], listed["seats"][0]["name"]) == (code, 1, "Ann")
    bob.send(join_frame(code, "Bob"))
    settle(a, b)
    again = Inbox(b.registry, "10.0.1.1")  # Ann, on the other server
    again.send({"type": "hello", "name": "Ann", "key": key(1)})
    (mine,) = again.send({"type": "mine"})[0]["tables"]
    assert (mine["table"], mine["seat"], mine["token"]) == (
        code,
        0,
        ann.of_type("joined")[0]["token"],
    )
    assert mine["to_move"] == (table_of(a, code).state.current == 0)
    b.clock.now += 1.0  # the lobby is made again a second later
    assert bob.send(lobby_frame(UNFOLLOWED))[0]["tables"] == []  # every seat taken
    assert len(b.registry.tables) == 0


def test_either_servers_lobby_filters_and_pages_the_clubs_tables_from_the_summaries(
    redis_server: RedisServer,
) -> None:
    """The lobby's filters (seats free, seats, rated, pace) read the summaries of the
    tables another server owns, and its pages' total counts the club's tables."""
    a, b = Owner(redis_server.url), Owner(redis_server.url)
    on_a = [
        create(hello(a.registry, f"Host {n}", 10 + n), 2 + n % 3, public=True, rated=n % 2 == 0)
        for n in range(4)
    ]  # 2, 3, 4, 2 seats, the first and third rated
    waits = create(hello(b.registry, "Host 9", 19), 3, public=True, pace={"days": 2})
    assert len(a.registry.tables) == 4 and len(b.registry.tables) == 1
    dee = hello(b.registry, "Dee", 4)
    (rated,) = dee.send({"type": "lobby", "rated": True, "per_page": 1})
    (last,) = dee.send({"type": "lobby", "rated": True, "per_page": 1, "page": 2})
    assert (rated["total"], rated["more"], last["more"]) == (2, True, False)
    assert {e["table"] for e in rated["tables"] + last["tables"]} == {on_a[0], on_a[2]}
    (everything,) = dee.send({"type": "lobby", "per_page": 2})
    assert (everything["total"], len(everything["tables"])) == (5, 2)
    (live,) = dee.send({"type": "lobby", "pace": "live"})
    assert {e["table"] for e in live["tables"]} == set(on_a)
    (threes,) = dee.send({"type": "lobby", "players": 3, "free": 3})
    assert {e["table"] for e in threes["tables"]} == {on_a[1], waits}
    hello(a.registry, "Eve", 5).send(join_frame(on_a[1], "Eve"))  # 2 seats free on a's three
    b.clock.now += 1.0  # b lists its lobby again
    b.registry.club.lobby.tell()
    (entry,) = dee.of_type("lobby")[-1]["tables"]  # it follows its last page
    assert entry["table"] == waits


def test_mine_on_either_server_pages_the_players_tables_of_every_server(
    redis_server: RedisServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(club_module, "MINE_PAGE", 2)
    a, b = Owner(redis_server.url), Owner(redis_server.url)
    ann_a, ann_b = hello(a.registry, "Ann", 1), hello(b.registry, "Ann", 1, "10.0.1.2")
    codes = [create(ann_a), create(ann_b), create(ann_a)]
    for inbox, code in zip([ann_a, ann_b, ann_a], codes, strict=True):
        inbox.send(join_frame(code, "Ann"))
    settle(a, b)
    (first,) = ann_b.send({"type": "mine"})
    (last,) = ann_b.send({"type": "mine", "after": first["next"]})
    shown = [mine["table"] for mine in first["tables"] + last["tables"]]
    assert shown == sorted(codes) and last["next"] is None


def test_the_seat_of_a_player_whose_server_died_shows_away_at_the_owner(
    redis_server: RedisServer,
) -> None:
    a, b = Owner(redis_server.url), Owner(redis_server.url)
    code = Inbox(a.registry).send(create_frame(["remote", "remote"]))[0]["table"]
    ann, bob = Inbox(a.registry, "10.0.1.1"), Inbox(b.registry, "10.0.2.1")
    ann.send(join_frame(code, "Ann"))
    bob.send(join_frame(code, "Bob"))
    settle(a, b)
    assert ann.of_type("presence")[-1]["connected"] == [True, True]
    b.die()
    a.owned.chores()
    assert ann.of_type("presence")[-1]["connected"] == [True, False]
    assert a.owned.remote == {}


def test_a_table_let_go_by_a_server_whose_lease_lapsed_moves_the_other_servers_players_too(
    redis_server: RedisServer,
) -> None:
    a, b, c = (Owner(redis_server.url) for _ in range(3))
    code = Inbox(a.registry).send(create_frame(["remote", "remote"]))[0]["table"]
    ann, bob = Inbox(a.registry, "10.0.1.1"), Inbox(b.registry, "10.0.2.1")
    ann.send(join_frame(code, "Ann"))
    bob.send(join_frame(code, "Bob"))
    settle(a, b, c)
    a.owned.leases.release()  # a stalls past its lease...
    Inbox(c.registry, "10.0.3.1").send(watch_frame(code))  # ...c takes the table over...
    a.owned.lapsed = not a.owned.leases.renew()  # ...and a comes back, its lease lapsed
    b.owned.chores()  # a lives: b sees nothing to take over
    before = len(bob.messages)
    a.owned.chores()
    settle(a, b, c)
    assert [m["type"] for m in bob.messages[before:]][:3] == ["joined", "view", "presence"]
    assert len(a.registry.tables) == 0 and len(c.registry.tables) == 1
    play({0: ann, 1: bob}, c, code, 2, a, b, c)


def test_the_caps_on_one_networks_and_one_players_tables_count_every_servers_tables(
    redis_server: RedisServer,
) -> None:
    capped = dataclasses.replace(ROOMY, tables_per_network=2, tables_per_player=3)
    a, b = Owner(redis_server.url, capped), Owner(redis_server.url, capped)
    on_a, on_b = Inbox(a.registry, "10.0.9.1"), Inbox(b.registry, "10.0.9.2")
    two = create_frame(["remote", "remote"])
    assert on_a.send(two)[0]["type"] == "created"
    assert on_b.send(two)[0]["type"] == "created"
    assert on_a.send(two)[0]["code"] == "too-many-tables"  # a holds one: the network two
    ann = Inbox(b.registry, "10.0.7.1")
    ann.send({"type": "hello", "name": "Ann", "key": key(1)})
    for network in ("10.0.4.1", "10.0.5.1", "10.0.6.1"):
        opened = Inbox(a.registry, network).send(two)[0]["table"]
        ann.send(join_frame(opened, "Ann"))  # forwarded to a
        settle(a, b)
    assert Inbox(b.registry, "10.0.8.1").send(two)[0]["type"] == "created"
    assert ann.send(two)[-1]["code"] == "too-many-tables"  # Ann holds three seats, on a


def test_a_game_whose_owner_died_is_taken_over_closed_and_archived_in_postgresql(
    redis_server: RedisServer, postgres_server: PostgresServer
) -> None:
    archive = PostgresArchive(postgres_server.url)
    with archive.connection.transaction():
        archive.connection.execute("TRUNCATE contack_games")
    a, b = Owner(redis_server.url, archive=archive), Owner(redis_server.url, archive=archive)
    code = Inbox(a.registry).send(create_frame(["remote", "remote"]))[0]["table"]
    ann, bob = Inbox(a.registry, "10.0.1.1"), Inbox(a.registry, "10.0.2.1")
    ann.send(join_frame(code, "Ann"))
    bob.send(join_frame(code, "Bob"))
    play({0: ann, 1: bob}, a, code, 3, a, b)
    a.die()  # nobody follows the table through b: b's sweep for tables nobody owns takes it
    b.owned.chores()
    assert len(table_of(b, code).state.moves) == 3
    b.clock.now += ROOMY.idle_s + 1
    assert b.registry.sweep() == [code]
    game = archive.game(code)
    assert game is not None and len(json.loads(game.text)["hands"][0]["moves"]) == 3
    client = b.owned.store.client
    assert client.get(owner_key(code)) is None and client.get(SUMMARY + code) is None
    archive.close()


def test_a_waiting_tables_turn_is_mailed_by_its_owner_and_after_its_death_by_the_new_one(
    redis_server: RedisServer,
) -> None:
    """The turn notices' sweep looks through the tables a server holds: with each table on
    one server, only its owner mails (the other holds none), and whoever takes it over."""
    a, b = Owner(redis_server.url), Owner(redis_server.url)
    postbox = InlinePostbox()
    for server in (a, b):
        book = RedisNoticeBook(redis_server.url)
        club = server.registry.club
        server.registry.notices = TurnNotices(server.clock, book, postbox, club.need_player)
    ann = hello(a.registry, "Ann", 1)
    confirm(ann, postbox, "ann@example.org")
    code = waiting_for(a.registry, ann)
    sweep(b.registry)
    assert len(postbox.sent) == 1  # the code only: b holds no table
    sweep(a.registry)
    assert len(postbox.sent) == 2 and "your turn" in postbox.sent[-1].get_content()
    a.die()
    b.owned.chores()  # b takes over the table nobody owns
    b.clock.now += DAY_S + 1
    sweep(b.registry)
    assert len(postbox.sent) == 3 and code in b.owned.leases.mine([code])


def test_a_connection_whose_key_was_replaced_takes_no_seat_as_the_player_at_the_tables_owner(
    redis_server: RedisServer,
) -> None:
    """After a key is replaced, the player's other connections to that server are
    nobody's, at the owners of the tables they reach through it too."""
    a, b = Owner(redis_server.url), Owner(redis_server.url)
    host = hello(a.registry, "Host", 3)
    first, second = create(host, 2, public=True), create(host, 2, public=True)
    old = hello(b.registry, "Ann", 1, "10.0.1.1")
    old.send(join_frame(first, "Ann"))
    settle(a, b)
    replaced = hello(b.registry, "Ann", 1, "10.0.1.2").send({"type": "replace-key", "key": key(2)})
    assert replaced[0]["type"] == "new-key"
    old.send(join_frame(second, "Mallory"))
    settle(a, b)
    assert [joined["table"] for joined in old.of_type("joined")] == [first, second]
    ann = table_of(a, first).club.owners[0]
    assert ann is not None and table_of(a, second).club.owners[0] is None
    assert table_of(a, second).record.players[0].name == "Mallory"


def test_a_server_of_the_other_mode_on_one_redis_is_refused_in_one_line(
    redis_server: RedisServer, capsys: pytest.CaptureFixture[str]
) -> None:
    """A server holding every table writes any table, a table another server owns too: a
    server does not start where one of the other mode serves (or did seconds ago)."""
    store = RedisStore(redis_server.url)
    refuse_other_mode(store, owning=True)  # nobody serves it yet
    store.client.set(server_key("every-table"), 1, ex=15)  # as presence.py says it is alive
    with pytest.raises(OtherMode):
        refuse_other_mode(store, owning=True)
    refuse_other_mode(store, owning=False)
    assert main(["--store", redis_server.url, "--own-tables", "--port", "0"]) == 1
    (line,) = capsys.readouterr().err.splitlines()
    assert "a server without --own-tables serves it" in line
    store.client.delete(server_key("every-table"))
    Leases(RedisStore(redis_server.url)).renew()  # a server with --own-tables
    with pytest.raises(OtherMode):
        refuse_other_mode(store, owning=False)
    refuse_other_mode(store, owning=True)


def test_a_lease_found_lapsed_is_said_in_the_servers_log(
    redis_server: RedisServer, caplog: pytest.LogCaptureFixture
) -> None:
    """A server stalled past its lease says so in its log when it renews it: an operator
    sees why its players' moves were refused `not-saved` for a moment."""
    a = Owner(redis_server.url)
    a.owned.leases.release()  # as its lease does when the server stalls past it

    async def renewing_until_lapsed() -> None:
        renewing = asyncio.create_task(a.owned._renewing())
        while not a.owned.lapsed:
            await asyncio.sleep(0)
        renewing.cancel()

    asyncio.run(asyncio.wait_for(renewing_until_lapsed(), GUARD_S))
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING] == [LAPSED]
