"""What a client takes from its server, checked as strictly as a record file: each frame
read into a typed message (`replies.read_server_message`), each view replayed by the
rules (a `TableMirror`), each final record replayed to its end, and nothing that
contradicts a table as first seen (its number of seats and its rules). Anything else
raises `BadReply` with a one-line reason, and the client drops the connection."""

from __future__ import annotations

from dataclasses import dataclass

from game.net.club_answers import Said
from game.net.mirror import TableMirror
from game.net.replies import (
    GameOver,
    Joined,
    MoveMessage,
    Presence,
    ServerMessage,
    TableView,
    read_server_message,
)
from game.net.reply_fields import BadReply
from game.play.table_flow import table_state
from game.rules.errors import RulesError
from game.rules.modes import Mode
from game.rules.record.recorded_game import RecordedGame
from game.rules.table_rules import TableRules


@dataclass(frozen=True)
class TableShape:
    """What never changes at a table: its seats and its rules."""

    players: int
    rules: TableRules


class ServerReader:
    """Reads one server's frames for one client, keeping each table's shape."""

    def __init__(self) -> None:
        self.shapes: dict[str, TableShape] = {}

    def read(self, text: str | bytes) -> ServerMessage | None:
        """The message in one frame (None: a type this client does not know); `BadReply`
        for one that is not a message of the protocol or contradicts its table."""
        message = read_server_message(text)
        if isinstance(message, TableView):
            self._keep(message.table, _viewed(message))
        elif isinstance(message, GameOver):
            self._keep(message.table, _ended(message))
        elif isinstance(message, Joined | MoveMessage | Presence | Said):
            self._check_seats(message)
        return message

    def _keep(self, table: str, shape: TableShape) -> None:
        known = self.shapes.setdefault(table, shape)
        if known.players != shape.players:
            raise BadReply(f"table {table} has {known.players} seats, not {shape.players}")
        if known.rules != shape.rules:
            raise BadReply(f"the rules of table {table} changed")

    def _check_seats(self, message: Joined | MoveMessage | Presence | Said) -> None:
        shape = self.shapes.get(message.table)
        if shape is None:
            return
        if isinstance(message, Presence):
            if len(message.connected) != shape.players:
                raise BadReply(
                    f"presence of {len(message.connected)} seats at a table of {shape.players}"
                )
            return
        seat = message.move.player if isinstance(message, MoveMessage) else message.seat
        if seat is not None and seat >= shape.players:
            raise BadReply(f"seat {seat} at a table of {shape.players}")


def _viewed(view: TableView) -> TableShape:
    """The shape of the table a view shows, once its record is replayed."""
    try:
        state = TableMirror(view.record).state
    except RulesError as error:
        raise BadReply(f"a view that cannot be replayed: {error}") from None
    return TableShape(state.players, state.game.rules)


def _ended(over: GameOver) -> TableShape:
    """The shape of a finished table's record, once it is replayed to its end."""
    try:
        recorded = RecordedGame.from_record(over.record.copy())
    except RulesError as error:
        raise BadReply(f"a final record that cannot be replayed: {error}") from None
    if recorded.mode != Mode.TABLE or not recorded.is_over():
        raise BadReply("a final record of a table game that has not ended")
    state = table_state(recorded)
    return TableShape(state.players, state.game.rules)
