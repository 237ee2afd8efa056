"""The game window's side of a networked table (game/net/remote_match.py and
table_opening.py) against a server hosted in a thread on loopback: a host and a friend
sit down by invitation, play a whole game to its end with a computer seat, and see the
same moves as a local table would show them; a refused move changes nothing; a spectator
follows read-only. No sleeps: each step waits only for the event it needs."""

from __future__ import annotations

from game.ai.worker import InProcessAdviser
from game.net.hosting import HostedServer
from game.net.invitation import read_invitation
from game.net.remote_match import RemoteMatch
from game.net.table_opening import TableOpening
from game.play.events import Event, MovePlayed
from game.play.table_flow import Turn
from game.rules.moves import PLACE
from game.scenes.table.score import ScoreScene
from tests.conftest import GUARD_S, AppMaker
from tests.net_clients import FRAMES, sit_down, wait_until
from tests.net_helpers import checked

WAIT_S = 0.05
"""The most a stalled step waits on one connection before looking at the other."""


ENDED_STOCKS: list[list[str]] = []
"""Each ended hand's stock as the score screen's coach would read it."""


def step(match: RemoteMatch) -> list[Event]:
    """What the table screen does in one step, with no pauses: play a human's first
    legal move, or take what the network played."""
    match.flow.advance_clock(0.0)
    turn = match.flow.turn()
    if turn is Turn.HUMAN:
        return match.flow.play(match.flow.legal_moves()[0])
    if turn is Turn.FORCED:
        return match.flow.play_forced()
    if turn is Turn.HAND_OVER:
        ENDED_STOCKS.append(list(match.flow.record.to_json()["hands"][-1]["stock"]))
        match.flow.next_hand()
        return []
    return match.flow.poll()


def noticed(match: RemoteMatch, said: list[str]) -> bool:
    """Whether the match has told the players something (kept in `said`)."""
    said += match.take_notices()
    return bool(said)


def play_out(matches: list[RemoteMatch]) -> list[list[MovePlayed]]:
    """Step every match until each has the game's end; what each showed."""
    seen: list[list[MovePlayed]] = [[] for _ in matches]
    for _ in range(FRAMES):
        if all(match.over for match in matches):
            return seen
        moved = False
        for shown, match in zip(seen, matches, strict=True):
            to_play = match.flow.turn() in (Turn.HUMAN, Turn.FORCED, Turn.HAND_OVER)
            events = step(match)
            shown += [event for event in events if isinstance(event, MovePlayed)]
            moved = moved or to_play or bool(events)
        if not moved:  # each waits a moment for what the other sent (at once when it comes)
            for match in matches:
                event = match.link.client.wait(WAIT_S)
                if event is not None:
                    match.receive(event)
    raise AssertionError("the game did not end")


def host_and_join(server: HostedServer, seats: list[str]) -> tuple[RemoteMatch, RemoteMatch]:
    host = sit_down(TableOpening.host(server, server.address or "", seats, {"hands": 2}, ["Ann"]))
    invitation = read_invitation(host.link.invitation)
    friend = sit_down(TableOpening.join(invitation, ["Bob"]))
    return host, friend


def test_a_host_and_a_friend_play_a_game_with_a_computer_to_its_end(
    table_server: HostedServer, make_app: AppMaker
) -> None:
    ENDED_STOCKS.clear()
    host, friend = host_and_join(table_server, ["remote", "remote", "ai:greedy"])
    try:
        assert host.held == {0} and friend.held == {1}
        assert not host.watching and host.flow.is_human(0) and not host.flow.is_human(1)
        by_host, by_friend = play_out([host, friend])
        assert host.flow.turn() is Turn.GAME_OVER and friend.flow.turn() is Turn.GAME_OVER
        record = checked(host.flow.record.to_json())
        assert record.is_over() and host.flow.record == friend.flow.record
        assert host.flow.names == friend.flow.names == ["Ann", "Bob", host.flow.names[2]]
        assert [e.result.move for e in by_host] == [e.result.move for e in by_friend]
        assert len(by_host) == sum(
            len(hand["moves"]) for hand in host.flow.record.to_json()["hands"]
        )
        for event in by_host:
            assert event.by_computer == (event.seat != 0)
        assert any(e.result.move.action == PLACE for e in by_friend if e.seat == 2)
        first_stock = host.flow.record.to_json()["hands"][0]["stock"]
        assert ENDED_STOCKS and all(stock == first_stock for stock in ENDED_STOCKS)
        score = ScoreScene(make_app(), host.flow, "", lambda: None)  # the end, as at a local table
        assert not score.main.visible and "Coach" in [b.label for b in score.buttons]
    finally:
        host.close()
        friend.close()


def test_a_refused_move_is_a_notice_and_changes_nothing(table_server: HostedServer) -> None:
    host, friend = host_and_join(table_server, ["remote", "remote"])
    try:
        wait_until(friend, lambda: friend.started)
        mover = host if host.flow.state.current_player in host.held else friend
        other = friend if mover is host else host
        before = other.flow.position()
        other.link.client.move(other.link.table, {"player": mover.flow.state.current_player})
        said: list[str] = []
        wait_until(other, lambda: noticed(other, said))
        assert other.flow.position() == before
        assert other.flow.turn() is Turn.COMPUTER and other.waiting_words()
        wait_until(mover, lambda: mover.started)
        assert (
            mover.flow.turn() is Turn.HUMAN and not mover.flow.ask_hint()
        )  # no assists at a network table
        mover.flow.play(mover.flow.legal_moves()[0])
        assert not mover.flow.can_undo() and not mover.flow.can_redo() and mover.flow.redo() == []
        assert mover.flow.play(mover.flow.legal_moves()[0]) == []  # one move at a time
        wait_until(mover, lambda: bool(step(mover)))
        assert mover.flow.position() == (1, 1)
    finally:
        host.close()
        friend.close()


def test_a_spectator_follows_and_a_seat_left_shows_as_away_until_a_computer_stands_in(
    table_server: HostedServer,
) -> None:
    host, friend = host_and_join(table_server, ["remote", "remote"])
    watcher = sit_down(TableOpening.watch(read_invitation(host.link.invitation)))
    try:
        assert watcher.watching and watcher.flow.humans == 0
        assert watcher.flow.turn() is Turn.COMPUTER
        wait_until(host, lambda: host.started)
        assert host.seat_note(1) in (None, "to play")
        friend.close()
        wait_until(host, lambda: host.seat_note(1) == "away")
        assert host.seat_note(1) == "away" and host.seat_note(0) is None
        if host.flow.state.current_player == 1:
            assert "away" in (host.waiting_words() or "")
        assert host.away_seats() == [1] and not watcher.stand_in()
        assert host.stand_in("greedy")
        wait_until(host, lambda: not host.flow.poll() and host.away_seats() == [])
        assert host.flow.kinds[1] == "ai:greedy" and host.seat_note(1) is None
    finally:
        host.close()
        watcher.close()


def test_a_table_that_is_not_there_is_said_in_one_line(table_server: HostedServer) -> None:
    address = (table_server.address or "").removeprefix("ws://")
    opening = TableOpening.join(read_invitation(f"contack://{address}/nosuchtable"), ["Cy"])
    try:
        for _ in range(100):
            event = opening.link.client.wait(GUARD_S)
            assert event is not None
            opening.receive(event)
            if opening.failure is not None:
                break
        assert opening.failure is not None and "\n" not in opening.failure
        assert opening.ready(InProcessAdviser()) is None
    finally:
        opening.close()
