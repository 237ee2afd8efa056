"""One `Session` protocol for a game in play: a table flow and a solitaire session are
played to their ends by one driver that knows only the protocol; each ends with one
`GameEnded` whose report is the game's record with the help taken, and the history
counts a game from that report (no screen works the flags out)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from game.ai.worker import InProcessAdviser
from game.persist.files import GameFiles
from game.persist.history import count_finished, load_history
from game.play.couch import new_couch_table
from game.play.events import GameEnded, MovePlayed, Redone, TookBack
from game.play.session import Session
from game.play.solitaire_session import SolitaireSession
from game.play.table_flow import TableFlow, Turn
from game.play.table_setup import TableConfig
from game.rules.modes import Mode
from game.rules.moves import Move
from game.rules.record.entries import PlayerEntry

PEOPLE: list[PlayerEntry] = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}]


def play_to_end(session: Session, next_move: Callable[[], Move]) -> GameEnded:
    """Play `next_move` until the session says the game ended."""
    for _ in range(1000):
        events = session.play(next_move()) + session.poll()
        ended = [event for event in events if isinstance(event, GameEnded)]
        if ended:
            (last,) = ended
            return last
    raise AssertionError("the game did not end")


def couch_for_two() -> TableFlow:
    config: TableConfig = {"players": PEOPLE, "rules": {"hands": 1}}
    return new_couch_table(config, InProcessAdviser(), 11)


def test_a_table_and_a_solitaire_end_alike_through_one_protocol() -> None:
    table = couch_for_two()
    solitaire = SolitaireSession.new(Mode.STACKED_SOLITAIRE, 5, InProcessAdviser())
    sessions: list[tuple[Session, Callable[[], Move], str]] = [
        (table, lambda: table.legal_moves()[0], Mode.TABLE),
        (solitaire, lambda: solitaire.state.legal_moves()[0], Mode.STACKED_SOLITAIRE),
    ]
    for session, next_move, mode in sessions:
        assert session.mode == mode  # asked of the game, never of the class
        ended = play_to_end(session, next_move)
        assert ended.report.record is session.record and session.record.to_json()["hands"]
        assert not (ended.report.hints or ended.report.undos)
        session.close()
    assert table.turn() is Turn.GAME_OVER


def test_undo_and_redo_through_the_protocol_and_the_report_says_so() -> None:
    players: list[PlayerEntry] = [PEOPLE[0], {"name": "Bot", "kind": "ai:greedy"}]
    table = new_couch_table({"players": players, "rules": {"hands": 1}}, InProcessAdviser(), 3)
    while table.turn() is Turn.COMPUTER:  # the computer may hold the smallest tile
        table.think()
        table.poll()
    session: Session = table
    (played,) = session.play(table.legal_moves()[0])
    assert isinstance(played, MovePlayed) and session.can_undo()
    took = session.undo()
    assert took == [TookBack(0, 1)] and session.can_redo()
    assert session.redo() == [Redone(0, 1)]
    assert session.report().undos and not session.report().hints


def test_a_finished_table_game_is_counted_from_its_report(tmp_path: Path) -> None:
    files = GameFiles(tmp_path)
    table = couch_for_two()
    ended = play_to_end(table, lambda: table.legal_moves()[0])
    assert count_finished(files, ended.report) is not None
    (entry,) = load_history(files).games
    assert entry.mode == Mode.TABLE and not entry.undos and not entry.hints
