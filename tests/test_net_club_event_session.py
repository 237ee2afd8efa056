"""The game's client of a club's events (docs/protocol.md "Arenas and Swiss events")
against a real table server in a thread: a `ClubSession` creates an event, lists it,
follows its standings live, joins, and keeps the table the pairing seated the player at;
a refusal is kept as the club's code; a new connection follows the event again; the
answers are read strictly."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from game.net.client import ClubIdentity, Connected
from game.net.club import ClubSession
from game.net.club_events import ClubEvents
from game.net.event_answers import EventStandings, EventTable, StandingRow
from game.net.event_messages import EventCreate, EventFollow, EventMessage
from game.net.hosting import HostedServer
from game.net.replies import read_server_message
from game.net.reply_fields import BadReply
from tests.conftest import GUARD_S

ARENA = EventCreate("arena", 0, 30, 0, 2, True)


def until(session: ClubSession, done: Callable[[], bool]) -> None:
    """Take in the club's answers, one at a time, until `done()`."""
    while not done():
        event = session.client.wait(GUARD_S)
        assert event is not None, "the club did not answer"
        session.receive(event)


@pytest.fixture
def ann_and_bob(table_server: HostedServer) -> Iterator[tuple[ClubSession, ClubSession]]:
    address = table_server.address or ""
    sessions = [
        ClubSession(address, ClubIdentity(name, name[0] * 40), follow=False)
        for name in ("Ann", "Bob")
    ]
    for session in sessions:
        until(session, lambda s=session: s.welcome is not None)  # type: ignore[misc]
    yield sessions[0], sessions[1]
    for session in sessions:
        session.close()


def test_an_arena_is_created_listed_followed_joined_and_seats_its_players(
    ann_and_bob: tuple[ClubSession, ClubSession],
) -> None:
    ann, bob = ann_and_bob
    ann.events.create(ARENA)
    until(ann, lambda: ann.events.listed is not None and bool(ann.events.created))
    code = ann.events.created
    (listed,) = [entry for entry in ann.events.listed or () if entry.event == code]
    assert (listed.kind, listed.minutes, listed.seats, listed.rated) == ("arena", 30, 2, True)
    assert (listed.players, listed.over, listed.by) == (0, False, "Ann")
    bob.events.follow(code)
    until(bob, lambda: bob.events.standings is not None)
    bob.events.join(code)
    until(bob, lambda: bob.events.standings is not None and bob.events.standings.entry.players > 0)
    ann.events.join(code)
    until(ann, lambda: ann.events.seated is not None)
    until(bob, lambda: bob.events.seated is not None)
    assert ann.events.seated == bob.events.seated
    assert isinstance(ann.events.seated, EventTable) and ann.events.seated.event == code
    table = ann.events.seated.table
    assert ann.events.take_seat("another") == ""
    assert ann.events.take_seat(code) == table and ann.events.take_seat(code) == ""
    until(bob, lambda: bob.events.standings is not None and bob.events.standings.entry.players == 2)
    assert isinstance(bob.events.standings, EventStandings)
    assert {row.name for row in bob.events.standings.rows} == {"Ann", "Bob"}
    assert ann.events.joined == {code} and ann.events.refusal == ""


def test_a_refused_join_is_kept_as_the_clubs_code_and_not_joined(
    ann_and_bob: tuple[ClubSession, ClubSession],
) -> None:
    ann, _bob = ann_and_bob
    ann.events.join("no-such-event")
    until(ann, lambda: bool(ann.events.refusal))
    assert ann.events.refusal == "no-event"
    assert ann.events.joined == set()
    assert ann.problem == ""  # the screen of events says it, not the club's line


ENTRY = (
    '"event":"E1","kind":"arena","start":1.5,"minutes":30,"rounds":0,"round":0,'
    '"seats":2,"rated":false,"players":1,"over":false,"by":"Ann"'
)


def test_standings_are_read_into_rows() -> None:
    row = '{"place":1,"player":"p-1","name":"","points":2,"games":1}'
    read = read_server_message(f'{{"type":"event",{ENTRY},"standings":[{row}]}}')
    assert isinstance(read, EventStandings)
    assert read.entry.end == 1.5 + 1800
    assert read.rows == (StandingRow(1, "p-1", "", 2, 1),)


@pytest.mark.parametrize(
    "frame",
    [
        '{"type":"events","events":{}}',
        '{"type":"events","events":[{' + ENTRY.replace('"arena"', '"knockout"') + "}]}",
        '{"type":"events","events":[{' + ENTRY.replace('"minutes":30', '"minutes":0') + "}]}",
        '{"type":"events","events":[{' + ENTRY.replace('"seats":2', '"seats":9') + "}]}",
        '{"type":"event",' + ENTRY + ',"standings":[{"place":0,"player":"p","name":"A",'
        '"points":0,"games":0}]}',
        '{"type":"event",' + ENTRY + ',"standings":[{"place":1,"player":"p","name":"A",'
        '"points":-2,"games":0}]}',
        '{"type":"event-table","event":"E1"}',
        '{"type":"event-created","event":"a b"}',
    ],
)
def test_an_event_answer_not_of_its_shape_is_refused_in_one_line(frame: str) -> None:
    with pytest.raises(BadReply) as refused:
        read_server_message(frame)
    assert "\n" not in str(refused.value)


class Sent:
    """What a session's events would send to the club."""

    def __init__(self) -> None:
        self.messages: list[EventMessage] = []

    def event(self, message: EventMessage) -> None:
        self.messages.append(message)


def test_a_new_connection_follows_the_event_followed_again() -> None:
    sent = Sent()
    events = ClubEvents(sent)
    assert not events.receive(Connected("ws://club"))
    assert sent.messages == []  # nothing followed: nothing to follow again
    events.follow("E1")
    assert not events.receive(Connected("ws://club"))
    assert sent.messages == [EventFollow("E1"), EventFollow("E1")]
    events.unfollow()
    events.receive(Connected("ws://club"))
    assert sent.messages[-1] == EventFollow("E1", follow=False)
