"""The client's reading of what events add for their life at a club (docs/protocol.md
"Arenas and Swiss events"): an event's pace, and whether each line's player is still in
(an older server's frames, without them, read as live and in); the session knows from
the standings whether this player is in, after a reconnect too."""

from __future__ import annotations

import pytest

from game.net.club_answers import Welcome
from game.net.club_events import ClubEvents
from game.net.event_answers import EventList, EventStandings
from game.net.event_messages import EventCreate, event_request_frame
from game.net.messages import TablePace
from game.net.replies import read_server_message
from game.net.reply_fields import BadReply
from tests.test_net_club_event_session import ENTRY, Sent


def standings(*rows: str, entry: str = ENTRY) -> EventStandings:
    read = read_server_message(f'{{"type":"event",{entry},"standings":[{",".join(rows)}]}}')
    assert isinstance(read, EventStandings)
    return read


def row(player: str, joined: str = "") -> str:
    said = f',"joined":{joined}' if joined else ""
    return f'{{"place":1,"player":"{player}","name":"A","points":2,"games":1{said}}}'


def test_an_events_pace_is_read_and_an_older_servers_entry_is_live() -> None:
    listed = read_server_message(f'{{"type":"events","events":[{{{ENTRY}}}]}}')
    assert isinstance(listed, EventList) and listed.events[0].pace == TablePace()
    days = standings(entry=ENTRY + ',"pace":{"days":3}')
    assert days.entry.pace == TablePace(3)
    frame = event_request_frame(EventCreate("swiss", 0.0, 0, 5, 2, False, days=4))
    assert '"pace":{"days":4}' in frame


def test_each_line_says_whether_its_player_is_in_and_an_older_servers_line_is_in() -> None:
    read = standings(row("p-1"), row("p-2", "false"), row("p-3", "true"))
    assert [line.joined for line in read.rows] == [True, False, True]


@pytest.mark.parametrize(
    "frame",
    [
        '{"type":"event",' + ENTRY + ',"pace":{"days":0},"standings":[]}',
        '{"type":"event",' + ENTRY + ',"pace":"slow","standings":[]}',
        '{"type":"event",' + ENTRY + ',"standings":[' + row("p", '"yes"') + "]}",
    ],
)
def test_a_hostile_pace_or_joined_is_refused_in_one_line(frame: str) -> None:
    with pytest.raises(BadReply) as refused:
        read_server_message(frame)
    assert "\n" not in str(refused.value)


def test_the_session_knows_from_the_standings_whether_this_player_is_in() -> None:
    events = ClubEvents(Sent())
    assert not events.receive(Welcome("p-1", "Ann", 1500.0))
    events.receive(standings(row("p-1", "true")))  # after a reconnect: nothing asked here
    assert events.joined == {"E1"}
    events.receive(standings(row("p-1", "false"), row("p-2", "true")))
    assert events.joined == set()
    events.join("E1")
    assert events.joined == {"E1"}  # as asked, until the club says
    events.receive(standings(row("p-2", "true")))
    assert events.joined == set()
