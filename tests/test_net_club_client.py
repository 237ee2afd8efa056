"""The game's client of a club (docs/protocol.md "Version 2") against a scripted club on
loopback (tools/club_peer.py): it says hello first on every connection, the one frame its key is
ever in; it reads the club's answers as typed values, and refuses what is not of their
shape in one line."""

from __future__ import annotations

import json
import logging
from typing import TypeVar

import pytest

from game.ai.worker import InProcessAdviser
from game.net.client import REFUSED, ClubIdentity, Connected, Disconnected, TableClient
from game.net.club import ClubSession
from game.net.club_answers import (
    LobbyEntry,
    LobbySeat,
    LobbyTables,
    MyTable,
    MyTables,
    RatingOutcome,
    RatingRow,
    Ratings,
    Said,
    Welcome,
    whole,
)
from game.net.club_messages import ListPage, LobbyFilter, LobbyRequest
from game.net.messages import ClubTableOptions, TablePace, create_frame, read_client_message
from game.net.network_words import club_connection_words, error_words
from game.net.reader import ServerReader
from game.net.remote_match import RemoteMatch, TableLink
from game.net.replies import (
    Created,
    ErrorReply,
    GameOver,
    Joined,
    TableView,
    read_server_message,
)
from game.net.reply_fields import BadReply
from game.net.table_chat import TableChat, said_name, say_problem
from game.rules.modes import Mode
from game.rules.record.document import GameRecord
from game.rules.table_rules import TableRules
from tests.conftest import GUARD_S
from tools.club_peer import ClubPeer, public_name, running
from tools.samples import sample_record

E = TypeVar("E")
KEY = "a-secret-key-" + "k" * 30 + "-its-end"


def next_of(client: TableClient, kind: type[E]) -> E:
    while True:
        event = client.wait(GUARD_S)
        assert event is not None, f"no {kind.__name__} came"
        if isinstance(event, kind):
            return event


LOBBY_ENTRY = {
    "table": "T1",
    "players": 3,
    "free": 1,
    "seats": [
        {"kind": "remote", "name": "Ann"},
        {"kind": "ai:expert", "name": "Expert"},
        {"kind": "remote", "name": ""},
    ],
    "rules": {"target": 500},
    "pace": {"days": 3},
    "rated": False,
}
MINE = {
    "table": "T",
    "seat": 1,
    "token": "tok",
    "to_move": True,
    "pace": "live",
    "seats": [{"kind": "remote", "name": "Tom"}, {"kind": "remote", "name": "Ann"}],
}
"""One of Your tables as the game's server says it (with who sits there)."""


def test_a_club_client_says_hello_first_and_reads_the_answers_as_typed_values() -> None:
    with running() as club:
        club.lobby_tables = [LOBBY_ENTRY]
        club.board = [{"player": "p1", "name": "Ann", "rating": 1612.5, "games": 4}]
        client = TableClient(club.address, hello=ClubIdentity("Ann", KEY)).start()
        try:
            client.mine()
            client.lobby()
            client.ratings()
            assert next_of(client, Welcome).name == "Ann"
            assert next_of(client, MyTables) == MyTables(())
            lobby = next_of(client, LobbyTables)
            row = RatingRow("p1", "Ann", 1612.5, 4)
            assert next_of(client, Ratings) == Ratings((row,), whole(1), None)  # an older club's
            seats = (LobbySeat("remote", "Ann"), LobbySeat("ai:expert", "Expert"))
            rules = TableRules(target=500)
            entry = LobbyEntry(
                "T1", 3, 1, (*seats, LobbySeat("remote", None)), rules, TablePace(3), False
            )
            assert lobby == LobbyTables((entry,), whole(1))
            club.lobby_tables = []
            club.publish_lobby()
            assert next_of(client, LobbyTables) == LobbyTables((), whole(0))
        finally:
            client.close()
        first = [json.loads(frame)["type"] for frame in club.connections[0].frames]
        assert first == ["hello", "mine", "lobby", "ratings"]


def test_after_a_lost_connection_the_client_says_hello_before_taking_its_seat_back(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.DEBUG)
    with running() as club:
        client = TableClient(club.address, retry_s=(0.0,), hello=ClubIdentity("Ann", KEY)).start()
        try:
            options = ClubTableOptions(
                public=True, rated=False, pace=TablePace(2), stand_in="greedy"
            )
            client.create(["remote", "remote"], {}, club=options)
            client.join(next_of(client, Created).table, "Ann")
            joined = next_of(client, Joined)
            client.say(joined.table, "hello all")
            said = next_of(client, Said)
            assert said == Said(joined.table, joined.seat, "Ann", "hello all", public_name(KEY))
            club.drop_everyone()
            next_of(client, Connected)
            view = next_of(client, TableView)
            assert view.chat == (said,)
        finally:
            client.close()
        again = [json.loads(frame) for frame in club.connections[-1].frames]
        assert [frame["type"] for frame in again[:2]] == ["hello", "rejoin"]
        sent = club.received
        assert sum(KEY in frame for frame in sent) == 2
        assert all(json.loads(frame)["type"] == "hello" for frame in sent if KEY in frame)
        create = json.loads(club.connections[0].frames[1])
        assert create["public"] is True and create["pace"] == {"days": 2}
        assert create["stand_in"] == "ai:greedy" and create["rated"] is False
    logged = "\n".join(
        record.getMessage()
        for record in caplog.records
        if not record.name.startswith("websockets.server")  # the club's own log
    )
    assert logged and KEY[:12] not in logged and KEY[-12:] not in logged


ROW = '{"player": "p1", "name": "Ann", "rating": 1612, "games": 4}'
PAGE_OF_ONE = '"page": 1, "per_page": 1, "total": 2, "more": true'
PER_FIVE = '"per_page": 5, "total": 0, "more": false'
NONE = '"total": 0, "more": false'


def test_after_a_lost_connection_the_client_follows_the_lobbys_page_and_filter_again() -> None:
    asked = LobbyRequest(filter=LobbyFilter(free=2, pace="live"), page=ListPage(3, 20))
    with running() as club:
        client = TableClient(club.address, retry_s=(0.0,), hello=ClubIdentity("Ann", KEY)).start()
        try:
            client.lobby(asked)
            next_of(client, LobbyTables)
            club.drop_everyone()
            next_of(client, Connected)
            next_of(client, LobbyTables)
        finally:
            client.close()
    again = [json.loads(frame) for frame in club.connections[-1].frames]
    expected = {"type": "lobby", "free": 2, "pace": "live", "page": 3, "per_page": 20}
    assert again[1] == expected == json.loads(club.connections[0].frames[1])


def test_a_club_answer_of_the_wrong_shape_is_refused_in_one_line() -> None:
    bad = [
        ('{"type": "welcome", "player": "p", "name": "A", "rating": "high"}', "rating"),
        ('{"type": "my-tables", "tables": [{"table": "T", "seat": 0}]}', "token"),
        (json.dumps({"type": "my-tables", "tables": [{**MINE, "seat": 2}]}), "seat 2"),
        ('{"type": "lobby", "tables": [{"table": "T", "players": 2, "free": 1}]}', "seats"),
        ('{"type": "said", "table": "T", "seat": 9, "name": "A", "text": "x"}', "seat"),
        ('{"type": "said", "table": "T", "seat": null, "name": "A", "text": ""}', "text"),
        ('{"type": "ratings", "players": 5}', "players"),
        (f'{{"type": "ratings", "players": [], "page": 0, {PER_FIVE}}}', "page 0"),
        (f'{{"type": "lobby", "tables": [], "page": 1, "per_page": 301, {NONE}}}', "per_page"),
        ('{"type": "lobby", "tables": [], "page": 1, "per_page": 9, "total": -1}', "total"),
        ('{"type": "lobby", "tables": [], "page": 1, "per_page": 9, "total": 0}', "more"),
        (f'{{"type": "ratings", "players": [{ROW}, {ROW}], {PAGE_OF_ONE}}}', "lists 2"),
        (f'{{"type": "ratings", "players": [], {PAGE_OF_ONE}, "me": 0}}', "me"),
    ]
    for frame, field in bad:
        with pytest.raises(BadReply, match=field):
            read_server_message(frame)
    pace = json.dumps({**LOBBY_ENTRY, "pace": {"days": 15}})
    with pytest.raises(BadReply, match="pace"):
        read_server_message(f'{{"type": "lobby", "tables": [{pace}]}}')


def test_the_club_answers_that_ride_on_version_one_messages() -> None:
    mine = {"table": "T", "seat": 1, "token": "tok", "to_move": True, "pace": "live"}
    assert read_server_message(json.dumps({"type": "my-tables", "tables": [mine]})) == MyTables(
        (MyTable("T", 1, "tok", True, TablePace()),)
    )
    seats = (LobbySeat("remote", "Tom"), LobbySeat("remote", "Ann"))
    assert read_server_message(json.dumps({"type": "my-tables", "tables": [MINE]})) == MyTables(
        (MyTable("T", 1, "tok", True, TablePace(), seats),)
    )
    record = GameRecord.new(Mode.TABLE, [{"kind": "human"}, {"kind": "human"}]).to_json()
    changes = [{"player": "p", "before": 1500, "after": 1512.25}]
    over = read_server_message(
        json.dumps({"type": "over", "table": "T", "record": record, "ratings": changes})
    )
    assert isinstance(over, GameOver)
    assert over.ratings == (RatingOutcome("p", 1500.0, 1512.25),)
    words = error_words(ErrorReply("no-player", "hello first"))
    assert "hello" not in words and words


def test_a_club_create_is_read_by_a_version_one_server_as_before() -> None:
    frame = create_frame(
        ["remote", "remote"], {}, club=ClubTableOptions(public=True, pace=TablePace(14))
    )
    assert json.loads(frame)["pace"] == {"days": 14}
    assert read_client_message(frame).seats == ("remote", "remote")  # type: ignore[union-attr]


def test_a_chat_line_is_checked_before_it_is_said_and_a_muted_player_hidden() -> None:
    assert say_problem("   ") and say_problem("x" * 201) and say_problem("a\x07b")
    assert say_problem("gg \u202eyou lost") and say_problem("\u3164") and say_problem("a\u2028b")
    assert say_problem("¡Hola! 👋") is None
    chat = TableChat(muted={"p-tom": "Tom"})
    chat.replace([Said("T", 0, "Tom", "hi", "p-tom"), Said("T", None, "Tom", "me too", "p-eve")])
    chat.add(Said("T", 0, "Tom", "again", "p-tom"))
    assert [said.text for said in chat.shown()] == ["me too"] and chat.unread == 0
    assert said_name(chat.shown()[0]) == "Tom (watching)"  # never drawn as the seat's Tom
    chat.unmute_all()
    assert len(chat.shown()) == 3
    chat.mute(Said("T", 1, "Old", "hi"))  # a server that names no player: muted by name
    assert chat.muted == {"name:Old": "Old"}


def test_a_server_without_a_club_or_no_server_is_said_in_the_players_words(
    club: ClubPeer,
) -> None:
    club.version = 1  # as game.server before version 2
    older = ClubSession(club.address, ClubIdentity("Ann", KEY), follow=False)
    try:
        for _ in range(10):
            if older.problem:
                break
            event = older.client.wait(GUARD_S)
            assert event is not None
            older.receive(event)
        assert older.problem == "That server holds tables but no club (an older version)."
    finally:
        older.close()
    assert "Settings" in club_connection_words(Disconnected("refused", True, REFUSED))


def test_the_players_tables_are_read_page_after_page(club: ClubPeer) -> None:
    """A player's `my-tables` once came in one frame, over the 1 MiB a client reads at
    1,500 tables; the club pages it, and the game reads every page."""
    seat = {"seat": 0, "token": "tok", "to_move": False, "pace": "live"}
    club.my_tables = [{**seat, "table": f"T{number}"} for number in range(5)]
    club.mine_page = 2
    session = ClubSession(club.address, ClubIdentity("Ann", KEY), follow=False)
    try:
        while session.mine is None:
            event = session.client.wait(GUARD_S)
            assert event is not None, "the tables never came"
            session.receive(event)
        assert [table.table for table in session.mine] == [f"T{n}" for n in range(5)]
    finally:
        session.close()


def test_a_rated_game_says_what_it_did_to_the_players_rating() -> None:
    record = sample_record(players=2)
    link = TableLink(TableClient("ws://127.0.0.1:9", retry_s=(60.0,)).start(), "T", player="me")
    try:
        match = RemoteMatch(link, TableView("T", record), InProcessAdviser())
        changes = (RatingOutcome("other", 1500, 1490), RatingOutcome("me", 1500, 1512.4))
        match.receive(GameOver("T", record, changes))
        match.take()
        words = ["Your rating: 1,500 → 1,518 (+18)"]  # sent +12.4: 1.474 points each
        assert match.over and match.final_words() == words
        assert match.take_notices() == []  # said on the final score, not in a passing notice
    finally:
        link.close()


def test_a_chat_line_from_a_seat_the_table_has_not_is_refused() -> None:
    reader = ServerReader()
    record = sample_record(players=2)
    reader.read(json.dumps({"type": "view", "table": "T", "record": record.to_json()}))
    line = {"type": "said", "table": "T", "seat": 1, "name": "Bo", "text": "hi"}
    assert reader.read(json.dumps(line)) == Said("T", 1, "Bo", "hi")
    with pytest.raises(BadReply, match="seat 2"):
        reader.read(json.dumps({**line, "seat": 2}))
