"""A table game played at a table server, as the table screen plays a local one.

A `RemoteMatch` is a `TableFlow` over a `TableMirror`: the seats this window holds are
its humans (the mouse passes among them as at a local table), every other seat waits for
the network, as a computer's thinking is waited for. `play` sends the move and shows
nothing; once the server's echo arrives, `poll` returns the same `MovePlayed` a local
match would, so the table animates a remote move exactly as a local one. What arrives is
taken in once a frame (`pass_time`, as a local table's clock runs).
Hints and tips (which would read the stand-in stock), the club clock and the local
autosave are off, and undo and redo are the server's take-backs by consent
(remote_takebacks.py); a refused move comes back as a notice and changes nothing.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field

from game.ai.worker import Adviser
from game.i18n import _
from game.net.client import BAD_SERVER, ClientEvent, Connected, Disconnected, TableClient
from game.net.club_answers import Said
from game.net.connection_state import ConnectionState
from game.net.hosting import HostedServer
from game.net.mirror import TableMirror
from game.net.network_words import error_words, rating_change_words
from game.net.remote_takebacks import RemoteTakebacks
from game.net.replies import ErrorReply, GameOver, MoveMessage, Presence, TableView
from game.net.table_chat import TableChat, say_problem
from game.net.takeback_answers import TakebackAsked, TakebackRefused, TookBackMessage
from game.play.events import Event, MovePlayed, Resynced, TookBack
from game.play.seats import Controller, Person
from game.play.table_flow import TableFlow
from game.rules.errors import RulesError
from game.rules.modes import Mode
from game.rules.moves import Move
from game.rules.record.entries import move_to_entry
from game.rules.record.recorded_game import RecordedGame


@dataclass
class TableLink:
    """Where a networked table is and what this window holds of it."""

    client: TableClient
    table: str
    tokens: dict[int, str] = field(default_factory=dict)
    """Each seat this window holds, with the token that takes it back."""
    invitation: str = ""
    """What friends paste to join (shown by the host until every seat is taken)."""
    host_token: str = ""
    server: HostedServer | None = None
    """The server this window runs for the table (its host's), stopped with the match."""
    at_club: bool = False
    """A club's table (Play online): its invitation is its code, and the club keeps the
    player's seats (Your tables)."""
    private: bool = False
    """A club table by invitation: its code is shown until every seat is taken."""
    player: str = ""
    """This player's public name at the club (its welcome's), to find their rating."""

    @property
    def sharing(self) -> bool:
        """Whether this window shows the invitation while seats are free."""
        return self.server is not None or self.private

    def close(self) -> None:
        """Close the connection, and the server this window hosts."""
        self.client.close()
        if self.server is not None:
            self.server.stop()


class RemoteMatch:
    """A table game whose moves the server decides, played through `flow`. `backlog`:
    what arrived after `view` while the table was being opened, taken in first."""

    networked = True

    def __init__(
        self,
        link: TableLink,
        view: TableView,
        adviser: Adviser,
        backlog: Collection[ClientEvent] = (),
    ) -> None:
        self.link = link
        self.mirror = TableMirror(view.record)
        self.held = set(link.tokens)
        seats: list[Controller] = [
            Person() if seat in self.held else Person(here=False)
            for seat in range(len(view.record.players))
        ]
        self.mirror.recorded.record.trim_names()  # the names as this window shows them
        self.flow = TableFlow(
            self.mirror.recorded,
            seats,
            adviser,
            keeps_record=False,
            assists=False,
            referee=lambda _flow: self,
        )
        self.connection = ConnectionState(self.flow.players)
        self.takebacks = RemoteTakebacks(link.client, link.table, self.held)
        self.chat = TableChat()
        self.chat.replace(view.chat)
        self.over = False
        self.rating_words: list[str] = []
        """What the rated game did to this player's rating, once it is over."""
        self._inbox: list[ClientEvent] = []
        self._awaiting: tuple[tuple[int, int], bool] | None = None
        """The position a move was sent for, and whether it was a forced one."""
        for event in backlog:
            self.receive(event)

    # --- who plays -----------------------------------------------------------------------

    @property
    def watching(self) -> bool:
        """Whether this window only follows the table (a spectator)."""
        return not self.held

    def seat_taken(self, seat: int) -> bool:
        """Whether a player took `seat` (or the server plays it)."""
        return self.flow.record.players[seat].seated

    @property
    def started(self) -> bool:
        """Whether every seat is taken (until then nobody plays)."""
        return all(self.seat_taken(seat) for seat in range(self.flow.players))

    def away_seats(self) -> list[int]:
        """The seats a player took and whose connection is lost."""
        seats = self.connection.seats
        return [s for s in range(self.flow.players) if self.seat_taken(s) and not seats[s]]

    def stand_in(self, level: str = "greedy") -> bool:
        """As the host: a computer of `level` plays every away seat until its player comes
        back; False when this window does not host the table."""
        link = self.link
        if not link.host_token:
            return False
        for seat in self.away_seats():
            link.client.stand_in(link.table, link.host_token, seat, level)
        return True

    def seat_note(self, seat: int) -> str | None:
        if not self.seat_taken(seat):
            return _("not joined yet")
        if not self.connection.seats[seat]:
            return _("away")
        state = self.flow.state
        to_play = not state.hand_over and seat == state.current_player
        person = seat not in self.held and not self.flow.kinds[seat].startswith("ai:")
        return _("to play") if to_play and person else None

    def waiting_words(self) -> str | None:
        """What the table waits for from the network, in words (None: nothing)."""
        state, names = self.flow.state, self.flow.names
        if not self.connection.online:
            return self.connection.offline_words()
        if not self.started:
            if self.link.at_club:
                return _("Waiting for players to join…")  # strangers may join a club's table
            return _("Waiting for friends to join…")
        if self.takebacks.pending:
            return self.takebacks.waiting_words(names)
        if self._awaiting is not None or state.hand_over:
            return None
        seat = state.current_player
        if seat in self.held:
            return None
        if not self.connection.seats[seat]:
            return _("{name} is away: the table waits").format(name=names[seat])
        if self.flow.kinds[seat].startswith("ai:"):
            return None  # "is thinking", as at a local table
        return _("Waiting for {name}…").format(name=names[seat])

    # --- the flow's referee --------------------------------------------------------------

    def waits(self) -> bool:
        """Whether nothing may be played here now: a move sent and not yet played, moves
        announced and not yet shown, seats not yet taken, a take-back asked, or the table
        left for good."""
        dropped = self.connection.dropped and not self.over
        return dropped or self.busy() or not self.started or self.takebacks.pending

    def busy(self) -> bool:
        """Whether moves are on their way (sent, or announced and not yet shown)."""
        return self._has_moves() or self._awaiting is not None

    def end_known(self) -> bool:
        """The hand's end shows once what follows it has come (the next hand's view or
        the whole record), so that the score screen can go on to it."""
        if self.connection.dropped and not self.over:
            return False  # nothing is played at a table left for good
        if self.flow.state.is_terminal():
            return self.over
        view = next((event for event in self._inbox if isinstance(event, TableView)), None)
        if view is None:
            return False
        self._reveal_stock(view)
        return True

    def _reveal_stock(self, view: TableView) -> None:
        """The ended hand's stock in its true order, from the next hand's view (the score
        screen's coach reads it)."""
        ended = self.flow.record.hand_count - 1
        if view.record.hand_count > ended:
            stock = view.record.hands[ended].stock
            if stock and None not in stock:
                self.flow.record.set_stock(ended, stock)

    def _has_moves(self) -> bool:
        news = MoveMessage | TableView | TookBackMessage
        return any(isinstance(event, news) for event in self._inbox)

    # --- playing -------------------------------------------------------------------------

    def send(self, move: Move, forced: bool) -> list[Event]:
        """Send a move of the seat to act; it is shown once the server has played it."""
        seat = self.flow.state.current_player
        if seat in self.held and self._awaiting is None:
            self._awaiting = (self.flow.position(), forced)
            self.link.client.move(self.link.table, move_to_entry(Mode.TABLE, move, seat))
        return []

    def take(self) -> list[Event]:
        """The next move the server announced, played here (at most one per call)."""
        while self._inbox:
            event = self._inbox[0]
            if isinstance(event, TableView) and self._is_next_hand(event):
                return []  # dealt by `next_hand`, from the score screen
            self._inbox.pop(0)
            shown = self._take(event)
            if shown:
                return shown
        return []

    def _is_next_hand(self, view: TableView) -> bool:
        state = self.flow.state
        later = view.record.hand_count > self.flow.record.hand_count
        return state.hand_over and not state.is_terminal() and later

    def _take(self, event: ClientEvent) -> list[Event]:
        if isinstance(event, MoveMessage) and event.table == self.link.table:
            return self._played(event)
        if isinstance(event, TableView) and event.table == self.link.table:
            return self._viewed(event)
        if isinstance(event, TookBackMessage) and event.table == self.link.table:
            return self._took_back(event)
        if isinstance(event, GameOver) and event.table == self.link.table:
            self._ended(event)
        return []

    def _took_back(self, message: TookBackMessage) -> list[Event]:
        """A take-back accepted: its moves taken back here too."""
        self.takebacks.took_back()
        try:
            count = self.mirror.take_back(message)
        except RulesError as error:
            self._refuse(f"a take-back of moves this table does not hold: {error}")
            return []
        self._awaiting = None
        self.flow.moved()
        return [TookBack(message.seat, count)]

    def _ended(self, over: GameOver) -> None:
        """The whole record (the stocks, for the coach), once the game has ended."""
        try:
            recorded = RecordedGame.from_record(over.record)
        except RulesError as error:
            self._refuse(f"a final record that cannot be replayed: {error}")
            return
        if len(recorded.record.players) != self.flow.players or not recorded.is_over():
            self._refuse("a final record of another table")
            return
        recorded.record.trim_names()
        self.flow.recorded = recorded  # the same position, its stocks shown
        self.over = True
        mine = [change for change in over.ratings if change.player == self.link.player]
        self.rating_words = [rating_change_words(change) for change in mine[:1]]

    def _played(self, message: MoveMessage) -> list[Event]:
        if not self.mirror.follows(message):
            return []  # one seen already (a view after a reconnection held it)
        mine = message.move.player in self.held
        forced = self._awaiting[1] if mine and self._awaiting is not None else False
        try:
            result = self.mirror.play(message)
        except RulesError as error:
            self._refuse(f"a move the rules refuse: {error}")
            return []
        self._awaiting = None
        return self.flow.after_move(MovePlayed(result, by_computer=not mine, forced=forced))

    def _viewed(self, view: TableView) -> list[Event]:
        """A view of the hand under way: the names are taken, and a position this copy
        does not have is taken whole (shown at once, no animation)."""
        try:
            mirror = TableMirror(view.record)
        except RulesError as error:
            self._refuse(f"a view that cannot be replayed: {error}")
            return []
        players = self.flow.players
        if mirror.state.players != players:
            self._refuse(f"a view of {mirror.state.players} seats at a table of {players}")
            return []
        same = (mirror.recorded.record.hand_count, len(mirror.state.moves)) == self.flow.position()
        self.mirror = mirror
        mirror.recorded.record.trim_names()
        self.flow.recorded = mirror.recorded
        if same:
            return []
        self.flow.moved()
        self._awaiting = None
        return [Resynced()]

    def _same_position(self, view: TableView) -> bool:
        if view.record.hand_count != self.flow.record.hand_count:
            return False
        return view.record.move_count(-1) == len(self.flow.state.moves)

    def deal(self) -> None:
        """Take the next hand the server dealt."""
        view = next((e for e in self._inbox if isinstance(e, TableView)), None)
        if view is None or not self._is_next_hand(view):
            return
        self._inbox.remove(view)
        self._viewed(view)

    # --- what arrives --------------------------------------------------------------------

    def pass_time(self, dt: float) -> None:
        """Take in what arrived (a network table's clock does not run here)."""
        for event in self.link.client.poll():
            self.receive(event)

    def receive(self, event: ClientEvent) -> None:
        """Take in one event of the connection (`pass_time` takes all that came)."""
        connection = self.connection
        if connection.dropped:
            return  # nothing more from that server
        if isinstance(event, Presence) and event.table == self.link.table:
            connection.presence(event)
        elif isinstance(event, Said) and event.table == self.link.table:
            self.chat.add(event)
        elif isinstance(event, ErrorReply):
            connection.notices.append(error_words(event))
            self._awaiting = None
        elif isinstance(event, Disconnected):
            connection.disconnected(event)
            self._awaiting = None
        elif isinstance(event, Connected):
            connection.connected()
        elif isinstance(event, TableView) and not self._inbox and self._same_position(event):
            self._viewed(event)  # a seat taken: its name, at once
        elif isinstance(event, TakebackAsked) and event.table == self.link.table:
            connection.notices += filter(None, [self.takebacks.heard_asked(event, self.flow.names)])
        elif isinstance(event, TakebackRefused) and event.table == self.link.table:
            connection.notices.append(self.takebacks.heard_refused(event, self.flow.names))
        elif isinstance(event, MoveMessage | TableView | GameOver | TookBackMessage):
            self._inbox.append(event)
        if isinstance(event, TableView) and event.table == self.link.table and event.chat:
            self.chat.replace(event.chat)

    def _refuse(self, reason: str) -> None:
        """The server sent what cannot be: drop the connection, take in nothing more."""
        self.link.client.drop(reason)
        self._inbox.clear()
        self._awaiting = None
        self.connection.disconnected(Disconnected(reason, False, BAD_SERVER))

    @property
    def chatting(self) -> bool:
        """Whether the table has a chat: a club's (whose server speaks version 2)."""
        return self.link.client.hello is not None

    def say(self, text: str) -> str | None:
        """Say `text` at the table; why it cannot be said (None: it was sent)."""
        problem = say_problem(text)
        if problem is None:
            self.link.client.say(self.link.table, text.strip())
        return problem

    def reading(self) -> bool:
        return False

    # --- take-backs ----------------------------------------------------------------------

    def takeback_seat(self) -> int | None:
        """This window's seat that may ask to take back its last move now, if any."""
        if self.busy() or self.over or not self.started:
            return None
        record, kinds = self.flow.record, self.flow.kinds
        target = self.takebacks.target(
            list(record.last_hand_moves()),
            record.hand_count - 1,
            lambda seat: not kinds[seat].startswith("ai:"),
        )
        return None if target is None or self.flow.state.hand_over else target[0]

    def ask_takeback(self) -> bool:
        """Ask the others to let this window's player take back their last move; False
        when there is none to take back now."""
        seat = self.takeback_seat()
        if seat is not None:
            self.takebacks.ask(seat)
        return seat is not None

    def take_notices(self) -> list[str]:
        return self.connection.take_notices()

    def final_words(self) -> list[str]:
        return self.rating_words

    def close(self) -> None:
        """Leave the table (the seat stays this player's, by its token)."""
        self.link.close()
