"""Events at a real `python -m game.server`
(docs/protocol.md "Arenas and Swiss events"): an arena of 8 players, 6 of them playing
their tables through the game's own client (the window's `TableOpening` and
`RemoteMatch`), 2 on the bare protocol, seated as tables free until the arena's end,
and a Swiss event of 5, a bye each round; the standings the server keeps are those the
games' records give.

The game's own players follow and join their event on the club session the events
screen holds (`entrant`) and play their tables as the window plays them. The bare
players (`Bare`) hold their event and their tables on one connection."""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager
from itertools import pairwise
from pathlib import Path
from typing import Any

from websockets.sync.client import ClientConnection, connect

from game.net.client import ClubIdentity
from game.net.club import ClubSession
from game.net.messages import hello_frame, join_frame
from game.net.table_opening import TableOpening
from game.net.tables.ratings import ranks
from game.play.table_flow import Turn
from game.play.tournament import Result, standings
from tests.conftest import GUARD_S
from tests.net_clients import sit_down
from tests.net_helpers import checked
from tests.net_process import Player, end, start_server
from tests.test_net_club import key
from tests.test_net_club_process import in_threads

PLAYERS = 8
OURS = 6
"""Players P0 to P5 play through the game's client, the others on the bare protocol."""
ROOMY = ["--limit", "joins_per_s=1000", "--limit", "join_burst=1000"]
"""Every player comes from this computer: its network may join this fast (they move as
fast as they can at any test's server: `start_server`)."""
ARENA_LEFT_S = 2.0
"""How long the arena seats players after it is made: it is made with a start in the
past, so that its one minute (an arena's least) ends this soon, by the protocol's own
`start` and no server option for tests. How many games fit depends on the machine; what
is checked does not."""
SWISS_ROUNDS = 3
SWISS_AFTER_S = 1.0
"""How long after every player said hello the Swiss event starts: they join meanwhile."""
Played = dict[str, dict[str, Any]]
"""The games a player played: each table's code and its record."""


@contextmanager
def said_hello(address: str, number: int) -> Iterator[ClientConnection]:
    """A connection that said hello as player `number`, `P{number}`. What comes is kept
    as it comes (no `max_queue`): websockets' own thread reads on, keepalive pongs
    among it, while this player's thread plays at another connection, as the game's
    client reads on while its window is busy. (With the default, 16 frames unread stop
    the reading, and the pong of the next keepalive ping is never read: the connection
    is dropped.)"""
    with connect(address, max_size=2**24, max_queue=None) as connection:
        connection.send(hello_frame(f"P{number}", key(number)))
        assert read(connection)["type"] == "welcome"
        yield connection


def read(connection: ClientConnection) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(connection.recv(timeout=GUARD_S))
    return message


def is_over(message: dict[str, Any]) -> bool:
    """Whether `message` is the event's standings once it is over."""
    return message["type"] == "event" and bool(message["over"])


def ask(connection: ClientConnection, frame: dict[str, Any]) -> dict[str, Any]:
    """Send `frame`; the answer (the next message)."""
    connection.send(json.dumps(frame))
    return read(connection)


def ours(address: str, number: int, table: str) -> dict[str, Any]:
    """Play `table` to its end as the window does (first legal moves); its record."""
    match = sit_down(
        TableOpening.club_join(address, ClubIdentity(f"P{number}", key(number)), table)
    )
    try:
        for _ in range(20_000):
            if match.over:
                return match.flow.record.to_json()
            match.deal()  # the next hand, once the server dealt it
            turn = match.flow.turn()
            if turn is Turn.HUMAN:
                match.flow.play(match.flow.legal_moves()[0])
            elif turn is Turn.FORCED:
                match.flow.play_forced()
            elif turn is Turn.HAND_OVER:
                match.flow.next_hand()
            elif not match.flow.poll() and not match.over:
                event = match.link.client.wait(GUARD_S)
                assert event is not None, "the table went quiet"
                match.receive(event)
        raise AssertionError("the game did not end")
    finally:
        match.close()


class Meeting:
    """Where an event's players wait for it: it is made once every one of them has said
    hello, so that they all join within its first moments."""

    def __init__(self, players: int) -> None:
        self.barrier = threading.Barrier(players + 1, timeout=GUARD_S)
        self.event = ""

    def made(self, event: str) -> None:
        """The creator made `event` (once `everyone_here`)."""
        self.event = event
        self.barrier.wait()

    def everyone_here(self) -> None:
        self.barrier.wait()

    def wait(self) -> str:
        """The event, once every player is here and it is made."""
        self.barrier.wait()
        self.barrier.wait()
        return self.event


def entrant(address: str, number: int, meeting: Meeting) -> Played:
    """P`number` joins the event and follows it on the game's club session (the events
    screen's), plays each table it is seated at through the game's client until the
    event is over: the games played."""
    played: Played = {}
    session = ClubSession(address, ClubIdentity(f"P{number}", key(number)), follow=False)
    try:
        while session.welcome is None:
            heard(session)
        event = meeting.wait()
        session.events.follow(event)
        session.events.join(event)
        while not (session.events.standings and session.events.standings.entry.over):
            heard(session)
            assert not session.events.refusal, session.events.refusal
            if table := session.events.take_seat(event):
                played[table] = ours(address, number, table)
    finally:
        session.close()
    return played


def heard(session: ClubSession) -> None:
    """Take in the club's next message on `session` (the screens poll; this waits)."""
    message = session.client.wait(GUARD_S)
    assert message is not None, "the club went quiet"
    session.receive(message)


class Bare(Player):
    """A player on the bare protocol, one connection for its event and its tables (those
    it is told of wait their turn)."""

    def __init__(self, connection: ClientConnection) -> None:
        super().__init__(connection, "")
        self.tables: deque[str] = deque()
        self.over = False
        self.seated = False
        """Whether every seat of the table is taken (it plays from then on)."""
        self.ratings: list[tuple[int, int]] = []
        """This player's rating before and after each rated game, in turn."""

    def read(self) -> dict[str, Any]:
        message = super().read()
        if message["type"] == "event-table":
            self.tables.append(message["table"])
        elif message["type"] == "event":
            self.over = message["over"]
        elif message["type"] == "presence" and message["table"] == self.table:
            self.seated = all(message["connected"])
        return message

    def play_table(self, table: str, name: str) -> dict[str, Any]:
        """Sit at `table`, play it to its end; its record."""
        self.table, self.seats, self.mirror, self.seated = table, {}, None, False
        self.ask(join_frame(table, name), "view")
        while not self.seated:
            self.read()
        over = self.play(None)
        assert over is not None and over["type"] == "over", over
        for seat in self.seats:
            rated = over.get("ratings", [])[seat : seat + 1]
            self.ratings += [(entry["before"], entry["after"]) for entry in rated]
        record: dict[str, Any] = over["record"]
        return record


def bare_entrant(address: str, number: int, meeting: Meeting) -> Played:
    """As `entrant`, on the bare protocol, in a rated event: each game's rating follows
    the last one's, and the last is the player's."""
    played: Played = {}
    with said_hello(address, number) as connection:
        player = Bare(connection)
        event = meeting.wait()
        connection.send(json.dumps({"type": "event", "event": event}))
        connection.send(json.dumps({"type": "event-join", "event": event}))
        while not player.over or player.tables:
            if player.tables:
                table = player.tables.popleft()
                played[table] = player.play_table(table, f"P{number}")
            else:
                assert player.read()["type"] != "error"
        welcome = player.ask(hello_frame(f"P{number}", key(number)), "welcome")
    rated = player.ratings  # the event is rated: each game counted, in turn
    assert len(rated) == len(played) and rated[-1][1] == welcome["rating"]
    assert all(after == before for (_, after), (before, _) in pairwise(rated))
    return played


def creator(address: str, meeting: Meeting, made: dict[str, Any]) -> dict[str, Any]:
    """Make the event of `made` (`start`: seconds from now) once every player is here,
    and follow it: its standings once it is over."""
    with said_hello(address, 99) as connection:
        meeting.everyone_here()
        create = {"type": "event-create", **made, "start": time.time() + made["start"]}
        event = ask(connection, create)["event"]
        assert ask(connection, {"type": "event", "event": event})["over"] is False
        meeting.made(event)
        while not is_over(message := read(connection)):
            pass
        return message


def play_event(
    address: str, made: dict[str, Any], players: int, ours: int
) -> tuple[list[Played], Any]:
    """Players P0 to P`players - 1` play the event of `made` to its end, the first
    `ours` through the game's client: the games each played and the final standings."""
    meeting = Meeting(players)
    work = [
        lambda n=n: (entrant if n < ours else bare_entrant)(address, n, meeting)
        for n in range(players)
    ]
    *played, final = in_threads(*work, lambda: creator(address, meeting, made))
    return played, final


def results_of(games: Played) -> list[Result]:
    """The results the records of `games` give (places at a table by final totals, as
    the ratings rank them)."""
    results = []
    for record in games.values():
        game = checked(record)
        assert game.is_over()
        names = tuple(seat["name"] for seat in record["players"])
        results.append(Result(names, tuple(ranks(game.table_state().tally().standings))))
    return results


def games_of(played: list[Played]) -> Played:
    """Every table the players played, once (both players' records of it alike)."""
    games: Played = {}
    for player in played:
        for table, record in player.items():
            assert games.setdefault(table, record) == record
    return games


def rows_of(final: dict[str, Any]) -> dict[str, tuple[int, int, int]]:
    """Each player's place, points and games in the standings the server told."""
    return {row["name"]: (row["place"], row["points"], row["games"]) for row in final["standings"]}


def rows_from(
    everyone: list[str], results: list[Result], byes: list[str]
) -> dict[str, tuple[int, int, int]]:
    """Each player's place, points and games as the event's rules rank `results`."""
    lines = standings(everyone, results, byes, 2)
    return {line.player: (line.place, line.points, line.games) for line in lines}


def test_an_arena_of_eight_plays_to_its_end_with_standings_as_the_records_say(
    tmp_path: Path,
) -> None:
    server, address = start_server(tmp_path, None, *ROOMY)
    try:
        arena = {"kind": "arena", "minutes": 1, "start": ARENA_LEFT_S - 60, "rated": True}
        played, final = play_event(address, arena, PLAYERS, OURS)
    finally:
        assert "Traceback" not in end(server)
    games = games_of(played)
    assert len(games) >= PLAYERS // 2
    names = [f"P{n}" for n in range(PLAYERS)]
    assert rows_of(final) == rows_from(names, results_of(games), [])
    assert [len(p) for p in played] == [rows_of(final)[name][2] for name in names]


def test_a_swiss_event_of_five_plays_its_rounds_with_a_bye_each_round(tmp_path: Path) -> None:
    server, address = start_server(tmp_path, None, *ROOMY)
    try:
        swiss = {"kind": "swiss", "rounds": SWISS_ROUNDS, "start": SWISS_AFTER_S, "rated": True}
        played, final = play_event(address, swiss, 5, 3)
    finally:
        assert "Traceback" not in end(server)
    games = games_of(played)
    assert len(games) == 2 * SWISS_ROUNDS
    results = results_of(games)
    pairs = [frozenset(result.players) for result in results]
    assert len(set(pairs)) == len(pairs)  # nobody met twice: a seating without it exists
    names = [f"P{n}" for n in range(5)]
    byes = [name for name, mine in zip(names, played, strict=True) if len(mine) < SWISS_ROUNDS]
    assert [len(mine) for mine in played].count(SWISS_ROUNDS - 1) == SWISS_ROUNDS  # one a round
    assert (final["round"], rows_of(final)) == (SWISS_ROUNDS, rows_from(names, results, byes))
    assert [len(p) for p in played] == [rows_of(final)[name][2] for name in names]
