"""The server's tables and what each message does to them, without any network: the
WebSocket server hands every frame to `Registry.receive` with the connection's `Peer`,
and the registry answers through `Peer.send` (a test passes a list's `append`).

Version 2's messages (players, the lobby, chat, ratings) go to its `Club` (club.py),
and its `sweep` plays the moves of seats out of their days (pace.py).

Every refusal is an `error` frame to the sender and changes nothing. A change is
written to the store before anyone hears of it, so a server killed at any instant loses
no move it announced; a change the store cannot write is refused `not-saved` and the
table is told (`Keeper`). Computer seats think through a `Thinker`: a worker process on
a live server, at once in this process in tests.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable
from functools import partial
from typing import Protocol

from game.net.club_messages import Hello, LobbyRequest, Mine, RatingsRequest, Say
from game.net.event_messages import EventFollow, EventMessage, EventsRequest
from game.net.games_messages import GameRequest, GamesRequest
from game.net.key_messages import Link, LinkCodeRequest, ReplaceKey
from game.net.messages import (
    BAD_TOKEN,
    NO_TABLE,
    SERVER_FULL,
    TABLE_FULL,
    TOO_FAST,
    ClientMessage,
    Create,
    Join,
    MoveRequest,
    Refused,
    Rejoin,
    StandIn,
    Watch,
    read_client_message,
)
from game.net.notice_messages import NoticeRequest
from game.net.replies import (
    created_frame,
    error_frame,
    joined_frame,
    move_frame,
    over_frame,
    presence_frame,
    replaced_frame,
    view_frame,
)
from game.net.tables.club import Club, final_totals
from game.net.tables.club_table import ChatLine
from game.net.tables.computers import Computers
from game.net.tables.events import Events
from game.net.tables.finished import Shelf
from game.net.tables.keeping import Keeper, Stale, Store
from game.net.tables.limits import Attempts, Clock, Limits, TokenBucket, expired, network_of
from game.net.tables.notices import NO_NOTICES_DESK, NoticeDesk
from game.net.tables.pace import Deadlines, waits
from game.net.tables.players import PlayerBook
from game.net.tables.stakes import Stakes
from game.net.tables.table import Follower, NetTable, code_key, new_seed
from game.net.tables.takeback_journal import asked_of
from game.net.tables.takebacks import Takebacks
from game.net.tables.thinking import InlineThinker, Thinker
from game.net.tables.turns import UNSHARED, Unshared
from game.net.takeback_messages import TakebackAnswer, TakebackAsk
from game.rules.moves import Move

CLUB_READS = (Mine, LobbyRequest, Say, RatingsRequest, NoticeRequest, EventsRequest, EventFollow)
"""Version 2's messages that only read or talk: not counted as attempts at tables."""
GAMES_PAGE_READ = GamesRequest
"""Version 3's page of a player's finished games: not counted either (a game's whole
record, replayed to be read, is counted)."""
KEY_MESSAGES = (LinkCodeRequest, Link, ReplaceKey)
"""Version 3's messages of a player's keys (the club's `Keys`): counted as attempts."""


def view_of(table: NetTable) -> str:
    """The `view` frame of `table`, with the last lines of its chat."""
    return view_frame(table.code, table.view(), table.club.said(table.code))


def over_of(table: NetTable) -> str:
    """The `over` frame of `table`, with a rated game's ratings."""
    return over_frame(table.code, table.full_record(), table.club.ratings)


Rate = Callable[[NetTable], object]
"""Rate a game that has ended, if it is rated (the club's `rate`)."""


def after_move(table: NetTable, rate: Rate) -> list[str]:
    """What a server tells after a move: the view of the hand it deals, or the end (a
    rated game's with its ratings: `rate` rates it, or takes them from the players' book
    when another server has rated it)."""
    if table.deal_if_due():
        return [view_of(table)]
    if table.is_over():
        rate(table)
        return [over_of(table)]
    return []


def _send_view(peer: Follower, table: NetTable, now: float) -> None:
    """The view of `table`, and the end of its game or the take-back it is asked (with
    the time left at `now` to answer it)."""
    peer.send(view_of(table))
    if table.is_over():
        peer.send(over_of(table))
    if table.asked.pending:
        peer.send(asked_of(table, now))


class Peer(Follower):
    """One connection: how to send it a frame, where it comes from, how fast it may ask,
    and the tables it follows."""

    def __init__(
        self,
        send: Callable[[str], None],
        address: str,
        bucket: TokenBucket,
        close: Callable[[], object],
    ) -> None:
        super().__init__(send, address)
        self.bucket = bucket
        self.close = close
        self.tables: set[bytes] = set()
        self.refused_in_a_row = 0


class Elsewhere(Protocol):
    """The other servers of the registry's store (`replica.Replica`)."""

    def load(self, code: str) -> NetTable | None:
        """Table `code` as the store holds it, now held here too (None: no such table)."""

    def again(self, work: Callable[[], None]) -> None:
        """Do `work`, a message; when another server changed its table first (`Stale`),
        catch the table up and do it again against what the table is now."""

    def forwards(self, peer: Peer, message: ClientMessage, text: str) -> bool:
        """Whether `message` (whose frame is `text`) was sent on to the server that serves
        its table (`forwarding.Owned`), rather than done here."""

    def gone(self, peer: Peer) -> None:
        """Connection `peer` closed."""


class Alone:
    """No other server: no table is anywhere else, and no change is stale."""

    def load(self, code: str) -> NetTable | None:
        return None

    def again(self, work: Callable[[], None]) -> None:
        work()

    def forwards(self, peer: Peer, message: ClientMessage, text: str) -> bool:
        return False

    def gone(self, peer: Peer) -> None:
        pass


class Registry:
    """Every open table, by the digest of its code."""

    def __init__(
        self,
        clock: Clock,
        thinker: Thinker | None = None,
        store: Store | None = None,
        limits: Limits | None = None,
        deal: Callable[[], int] = new_seed,
        book: PlayerBook | None = None,
        turns: Unshared = UNSHARED,
    ) -> None:
        self.clock = clock
        self.turns = turns
        """Who works on the tables when (`turns.py`): in the loop, or in threads on Redis."""
        self.deal = deal
        """Each new table's seed (a seed in `create` is not read)."""
        self.thinker = thinker or InlineThinker()
        self.keeper = Keeper(store)
        self.limits = limits or Limits()
        self.tables: dict[bytes, NetTable] = {}
        self.attempts = Attempts(self.limits.joins_per_s, self.limits.join_burst, clock)
        self._unsaved: set[bytes] = set()
        """The tables whose last change the store could not write (they were told)."""
        self.computers = Computers(self.thinker, self.tables, self._play)
        self.stakes = Stakes(self.tables, self.limits)
        self.club = Club(clock, self.tables, self._table, self._tell, self._keep_line, book)
        self.deadlines = Deadlines(clock, self.thinker, self.tables, self._play)
        self.elsewhere: Elsewhere = Alone()
        self.shelf = Shelf(self.tables.values)
        """The club's finished games (version 3; the server gives it its store's)."""
        self.notices: NoticeDesk = NO_NOTICES_DESK
        """The club's turn notices by e-mail (version 3; none without an SMTP server)."""
        kept = (self.keeper, self._kept)
        self.takebacks = Takebacks(
            clock, turns, self.tables, self._table, self._tell, kept, self.computers.let_play
        )
        self.events = Events(
            clock,
            self.club.need_player,
            self.club.connections_of,
            self.club.name_of,
            self._open_for_event,
            final_totals,
            self.limits.events_per_player,
            lambda code: self.tables.get(code_key(code)),
        )

    def open(self, tables: list[NetTable]) -> None:
        """Take tables reopened from their saves (those that have had their time are
        closed at once); their computers start thinking."""
        for table in tables:
            self.adopt(table)
            if table.deal_if_due() or self.club.rate(table):
                self.keeper.save_if_can(table)
        self.sweep()
        for table in self.tables.values():
            self.computers.let_play(table)

    # --- connections --------------------------------------------------------------------

    def connect(
        self, send: Callable[[str], None], address: str, close: Callable[[], object] = lambda: None
    ) -> Peer:
        """A new connection from `address`: `send` writes it a frame, `close` ends it."""
        bucket = TokenBucket(self.limits.messages_per_s, self.limits.message_burst, self.clock)
        return Peer(send, address, bucket, close)

    def disconnect(self, peer: Peer) -> None:
        """The connection is gone: its seats show as away (each table told the time that
        passed while they were held)."""
        for key in list(peer.tables):
            with self.turns.apart():
                self.turns.take(key)
                table = self.tables.get(key)
                if table is None:
                    continue
                table.pass_time(self.clock())
                if table.release(peer):
                    self._tell(table, presence_frame(table.code, table.connected()))
        peer.tables.clear()
        self.club.leave(peer)
        self.elsewhere.gone(peer)
        self.events.leave(peer)

    def receive(self, peer: Peer, text: str | bytes) -> None:
        """Do what the frame `text` from `peer` asks, or refuse it with an `error`."""
        try:
            if not peer.bucket.take():
                raise Refused(TOO_FAST, "too many messages; wait a moment")
            message = read_client_message(text)
            if self._counted(message):
                self._attempt_allowed(peer)
            if not self.elsewhere.forwards(peer, message, str(text)):  # bytes are refused
                self.elsewhere.again(partial(self._do, peer, message))
        except Refused as refused:
            peer.send(error_frame(refused.code, refused.message))
            peer.refused_in_a_row += 1
            if peer.refused_in_a_row == self.limits.refusals_in_a_row:
                peer.close()  # docs/protocol.md "Errors": one that keeps sending refused messages
        else:
            peer.refused_in_a_row = 0

    def serve(self, peer: Peer, text: str) -> None:
        """Do frame `text` that another server forwarded from its connection, whose limits
        that server counted (`peer` stands in for it here), or a rejoin or watch of a
        connection whose table's server died; or refuse it with an `error`."""
        try:
            self.elsewhere.again(partial(self._do, peer, read_client_message(text)))
        except Refused as refused:
            peer.send(error_frame(refused.code, refused.message))

    def _do(self, peer: Peer, message: ClientMessage) -> None:
        if isinstance(message, MoveRequest):
            self._move(peer, message)
        elif isinstance(message, (GamesRequest, GameRequest)):
            peer.send(self.shelf.answer(self.club.need_player(peer).pid, message))
        elif isinstance(message, NoticeRequest):
            self.notices.receive(peer, message)
        elif isinstance(message, EventMessage):
            self.events.receive(peer, message)
        elif isinstance(message, (Hello, *CLUB_READS, *KEY_MESSAGES)):
            self.club.receive(peer, message)
        elif isinstance(message, Create):
            self._create(peer, message)
        elif isinstance(message, Join):
            self._join(peer, message)
        elif isinstance(message, Rejoin):
            self._rejoin(peer, message)
        elif isinstance(message, StandIn):
            self._stand_in(peer, message)
        elif isinstance(message, (TakebackAsk, TakebackAnswer)):
            self.takebacks.receive(peer, message)
        else:
            self._watch(peer, message)

    def _counted(self, message: ClientMessage) -> bool:
        """Whether `message` counts as an attempt at tables: not a move, nor a message
        that only reads or talks, nor a hello that changes nothing in the players' book
        (the game says hello on every connection it opens: the menu's question, Play
        online, each table; a new player or a new name is counted, so that one network
        cannot have the book written as fast as it asks)."""
        if isinstance(message, (MoveRequest, GAMES_PAGE_READ, *CLUB_READS)):
            return False
        if isinstance(message, Hello):
            try:
                return self.club.book.changes(message.key, message.name)
            except OSError:
                return True
        return True

    def _attempt_allowed(self, peer: Peer) -> None:
        """Create, join, rejoin and watch attempts, and moves to tables that are not
        there, are counted per network (`Attempts`): codes and tokens are too long to
        guess, and stay so at this rate, and one network cannot fill the server."""
        if not self.attempts.take(peer.address):
            raise Refused(TOO_FAST, "too many tables opened, joined or looked for; wait a moment")

    def _table(self, code: str) -> NetTable:
        """Table `code`, this message's from now on (`Refused` when there is none), told
        the time that passed before the message changes it (`NetTable.pass_time`)."""
        key = code_key(code)
        self.turns.take(key)
        table = self.tables.get(key) or self.elsewhere.load(code)
        given = code.encode("utf-8", "replace")
        if table is None or not secrets.compare_digest(table.code.encode(), given):
            raise Refused(NO_TABLE, "there is no such table")
        table.pass_time(self.clock())
        return table

    # --- messages -----------------------------------------------------------------------

    def _create(self, peer: Peer, message: Create) -> None:
        if len(self.tables) >= self.limits.max_tables:
            raise Refused(SERVER_FULL, "this server holds as many tables as it may")
        self.club.check_create(peer, message)
        network, player = network_of(peer.address), self.club.player_of(peer)
        self.stakes.check_open(network, player)
        table = NetTable.new(message, self.clock(), self.deal())
        self.turns.take(table.key)  # its change on the stream waits for it to be held
        table.club.open_by(network, player)
        self.keeper.save(table)
        self.adopt(table)
        peer.send(created_frame(table.code, table.host))

    def _open_for_event(self, create: Create) -> NetTable:
        """A table an event's pairing opens (its players are told its code)."""
        table = NetTable.new(create, self.clock(), self.deal())
        self.turns.take(table.key)
        self.keeper.save(table)
        self.adopt(table)
        return table

    def _seated(self, peer: Peer, table: NetTable, seat: int, token: str, renamed: bool) -> None:
        """`peer` holds `seat`: presence to all, a view to the others if `renamed`, computers."""
        peer.tables.add(table.key)
        peer.send(joined_frame(table.code, seat, token))
        _send_view(peer, table, self.clock())
        self._tell(table, presence_frame(table.code, table.connected()))
        if renamed:
            view = view_of(table)
            for follower in table.followers() - {peer}:
                follower.send(view)
        self.computers.let_play(table)

    def _join(self, peer: Peer, message: Join) -> None:
        table = self._table(message.table)
        name, player = self.club.seat_for(peer, message.name)
        self.events.check_seat(table, player)
        network = network_of(peer.address)
        self.stakes.check_seat(table, network, player)
        taken = table.take_free_seat(peer, name, player)
        if taken is None:
            raise Refused(TABLE_FULL, "every seat of this table is taken")
        club, stakes = table.club, (list(table.club.networks), table.club.met)
        club.seat_taken_by(network, player)
        table.last_active = club.turn_since = self.clock()
        try:
            self._save(table, peer)
        except Refused:
            table.free_seat(taken[0])
            club.networks, club.met = stakes
            raise
        self._seated(peer, table, *taken, renamed=True)

    def _rejoin(self, peer: Peer, message: Rejoin) -> None:
        table = self._table(message.table)
        seat = table.seat_of_token(message.token)
        if seat is None:
            raise Refused(BAD_TOKEN, "that token holds no seat of this table")
        stood_in = table.is_computer(seat)
        replaced = table.holders[seat] - {peer}
        table.hold(peer, seat)
        table.last_active = self.clock()
        self.keeper.save_if_can(table)  # the seat was this player's: taken back whatever
        for old in replaced:
            old.send(replaced_frame(table.code, seat))
        self._seated(peer, table, seat, message.token, renamed=stood_in)

    def _stand_in(self, peer: Peer, message: StandIn) -> None:
        table = self._table(message.table)
        if not table.is_host(message.host):
            raise Refused(BAD_TOKEN, "that is not the host's token")
        left = set(table.club.left)
        table.stand_in(message.seat, message.level)
        table.last_active = self.clock()
        try:
            self._save(table, peer)
        except Refused:
            table.end_stand_in(message.seat)
            table.club.left = left
            raise
        self._tell(table, view_of(table))
        self._tell(table, presence_frame(table.code, table.connected()))
        self.computers.let_play(table)

    def _watch(self, peer: Peer, message: Watch) -> None:
        table = self._table(message.table)
        table.watchers.add(peer)
        peer.tables.add(table.key)
        _send_view(peer, table, self.clock())
        self.computers.let_play(table)  # a table of computers plays while watched

    def _move(self, peer: Peer, message: MoveRequest) -> None:
        try:
            table = self._table(message.table)
        except Refused:
            self._attempt_allowed(peer)  # a guess at a code: too-fast once it is one too many
            raise
        self._play(table, peer, message.player, message.move)

    def _play(self, table: NetTable, peer: Follower | None, seat: int, move: Move) -> None:
        """Play and announce a move (`Refused`, and nothing changed, when it may not be:
        also when the table was closed or read again while this waited for it)."""
        with self.turns.apart():
            self.turns.take(table.key)
            if self.tables.get(table.key) is not table:
                raise Refused(NO_TABLE, "there is no such table")
            self._play_held(table, peer, seat, move)

    def _play_held(self, table: NetTable, peer: Follower | None, seat: int, move: Move) -> None:
        hand, index = table.play(peer, seat, move, self.clock())
        entry = table.last_entry()
        try:
            self._kept(table, partial(self.keeper.append, table, hand, index, entry), peer)
        except Refused:
            table.take_back()
            raise
        self._tell(table, move_frame(table.code, hand, index, entry))
        told = after_move(table, self.club.rate)
        if told:  # a hand dealt or the game's end: its whole save folds the journal
            self.keeper.save_if_can(table)
        for frame in told:
            self._tell(table, frame)
        if table.is_over():  # its players hear the end before their event's next table
            self.events.ended(table)
        self.computers.let_play(table)

    def _tell(self, table: NetTable, frame: str) -> None:
        for follower in table.followers():
            follower.send(frame)

    def _save(self, table: NetTable, mover: Follower | None) -> None:
        self._kept(table, partial(self.keeper.save, table), mover)

    def _keep_line(self, table: NetTable, line: ChatLine, speaker: Follower) -> None:
        self._kept(table, partial(self.keeper.say, table, line), speaker)

    def _kept(self, table: NetTable, write: Callable[[], None], mover: Follower | None) -> None:
        """Do `write`, a `Keeper` write of a change to `table`. When it is refused, the
        table's followers are told (once, until a write succeeds again; `mover` hears the
        refusal of its own message) and the `Refused` goes on up."""
        try:
            write()
        except Refused as refused:
            if not isinstance(refused, Stale) and table.key not in self._unsaved:
                self._unsaved.add(table.key)
                told = error_frame(refused.code, refused.message, table.code)
                for follower in table.followers() - {mover}:
                    follower.send(told)
            raise
        self._unsaved.discard(table.key)

    # --- closing ------------------------------------------------------------------------

    def sweep(self) -> list[str]:
        """Close every table that has had its time (`expired`: their codes), and let
        computers whose move could not be saved try again."""
        closed = []
        for table in self._idle(self.tables.values()):
            with self.turns.apart():
                self.turns.take(table.key)  # idle still once no other work has it
                if self.tables.get(table.key) is table and self._idle([table]):
                    self.forget(table)
                    if self.club.rate_left(table):
                        self.keeper.save_if_can(table)
                    self.events.closed(table)
                    self.keeper.close(table, played=table.joined)
                    closed.append(table.code)
        for key in list(self._unsaved):
            if key in self.tables:
                self.computers.let_play(self.tables[key])
        self.deadlines.sweep()
        self.takebacks.sweep()
        return closed

    def _idle(self, tables: Iterable[NetTable]) -> list[NetTable]:
        """Those of `tables` that have had their time."""
        idle = expired(tables, self.clock(), self.limits)
        return [table for table in idle if not waits(table, self.clock())]

    def adopt(self, table: NetTable) -> None:
        """Hold `table`: its computers think through the thinker, answers played in turn."""
        self.tables[table.key] = table
        self.computers.hold(table)

    def forget(self, table: NetTable) -> None:
        """Hold `table` no longer."""
        self.tables.pop(table.key, None)

    def take_over(self, table: NetTable) -> None:
        """Think here for the computer `table` waits for (its server may be gone)."""
        self.computers.let_play(table)

    def save_all(self) -> bool:
        """Make every table's writes durable (the server is stopping); whether all are."""
        return self.keeper.flush(self.tables.values())
