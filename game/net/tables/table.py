"""One table of the server: its game's `TableFlow` (every seat a remote player's or a
computer's), who holds each seat, who watches, and the seats' secret tokens.

The table never trusts a client: `play` checks the seat's turn and lets the rules check
the move; `view` is what any seat may see (the stock's order hidden, the seed left out,
as it would give the order away); a token is compared in constant time.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Callable, Mapping
from typing import Final

from game.ai.players import Player
from game.ai.worker import DoneJob, InProcessAdviser, Job, choose_move
from game.net.messages import (
    AI_PREFIX,
    ILLEGAL_MOVE,
    NOT_YOUR_SEAT,
    NOT_YOUR_TURN,
    REMOTE,
    Create,
    Refused,
)
from game.net.tables.club_table import ClubTable
from game.net.tables.takeback_asked import NOTHING_ASKED, Asked, read_asked, read_refused
from game.play.seats import Computer, Controller, Person, ThinkMove
from game.play.table_flow import KeptHere, TableFlow, Turn
from game.play.table_undo import undo_target
from game.rules.errors import IllegalMoveError, RecordError
from game.rules.modes import Mode
from game.rules.moves import Move
from game.rules.record.document import GameRecord
from game.rules.record.entries import MoveEntry, PlayerEntry
from game.rules.record.recorded_game import RecordedGame
from game.rules.record.values import RecordMove
from game.rules.seeds_names import SEED_DIGITS
from game.rules.table import TableGame, TableState

SERVER_KEY: Final = "server"
"""The key a saved table adds to its record (docs/record.md keeps unknown keys): the code,
each seat's token, when the table was last played, its club's state and its take-backs.
Never sent to a client."""


def code_key(code: str) -> bytes:
    """What the registry files a table under: a digest of its code, so that looking a
    code up compares digests and tells a guesser nothing about a code's first letters."""
    return hashlib.sha256(code.encode("utf-8", "replace")).digest()


def new_code() -> str:
    return secrets.token_urlsafe(12)


def new_token() -> str:
    return secrets.token_urlsafe(24)


def new_seed() -> int:
    """A deal seed nobody can find from the tiles dealt (a six-digit deal number could be
    found by trying each, and with it the stock's order)."""
    return secrets.randbelow(10**SEED_DIGITS)


class Follower:
    """A connection as a table sees it: a way to send it a frame, and where it comes
    from ("" when nowhere)."""

    def __init__(self, send: Callable[[str], None], address: str = "") -> None:
        self.send = send
        self.address = address


def think_here(player: Player, state: TableState) -> Job[tuple[Move, Player]]:
    """A computer's move chosen at once in this process (until a registry gives the
    table its thinker)."""
    return DoneJob(choose_move(player, state))


class AtServer(KeptHere):
    """The referee of a table's flow on the server: its moves are decided here, as at the
    couch, but none while the table is `on_hold` (`NetTable.on_hold`)."""

    def __init__(self, flow: TableFlow, on_hold: Callable[[], bool]) -> None:
        super().__init__(flow)
        self.on_hold = on_hold

    def waits(self) -> bool:
        return self.on_hold()


class NetTable:
    """A table game played over the network. Build it with `new` or `from_saved`."""

    def __init__(
        self,
        code: str,
        host: str,
        recorded: RecordedGame,
        tokens: list[str | None],
        last_active: float,
        club: ClubTable | None = None,
    ) -> None:
        self.code = code
        self.host = host
        """The host's token: it may give an away seat to a computer."""
        self.key = code_key(code)
        self.tokens = tokens
        """Each seat's token; None for a computer's seat and a remote seat nobody took."""
        self.holders: list[set[Follower]] = [set() for _ in tokens]
        self.held_elsewhere = [False] * len(tokens)
        """Which seats a connection to another server of the store holds."""
        self.watchers: set[Follower] = set()
        self.last_active = last_active
        self.club = club or ClubTable()
        """What version 2 keeps with the table (lobby, owners, chat, pace, ratings)."""
        self.asked: Asked = NOTHING_ASKED
        """The take-back its players are asked to answer (version 3), until they have."""
        self.refused: set[tuple[int, int, int]] = set()
        """The take-backs refused at the table, (seat, hand, move): none is asked again."""
        self.looked_at = self.club.turn_since
        """When the flow was last told the time that passed (`pass_time`); for a table
        read from its save, when its seat to act began waiting, as its clock stands at
        its last move's."""
        self.think_move: ThinkMove = think_here
        """How its computers think: the registry's `Thinker`, once it holds the table."""
        seed = recorded.record.seed or 0
        seats: list[Controller] = [
            Person(here=False) if p.level is None else Computer(p.level, self._think, seed, seat)
            for seat, p in enumerate(recorded.record.players)
        ]
        self.flow = TableFlow(
            recorded,
            seats,
            InProcessAdviser(),
            keeps_record=False,
            assists=False,
            referee=lambda flow: AtServer(flow, self.on_hold),
        )
        """The game's turn flow (no hints or undo here: the adviser is never asked)."""

    @classmethod
    def new(cls, create: Create, now: float, seed: int) -> NetTable:
        """The table `create` asks for, dealt from `seed` (the server's, never a peer's)."""
        players: list[PlayerEntry] = [
            {"kind": "human"} if kind == REMOTE else {"kind": kind} for kind in create.seats
        ]
        for player, name in zip(players, create.names, strict=False):
            if name is not None and player["kind"] != "human":
                player["name"] = name
        game = TableGame(len(players), create.rules)
        recorded = RecordedGame.new_table(game, players, seed)
        club = ClubTable(create.club, turn_since=now)
        return cls(new_code(), new_token(), recorded, [None] * len(players), now, club)

    def _think(self, player: Player, state: TableState) -> Job[tuple[Move, Player]]:
        return self.think_move(player, state)

    # --- reading -----------------------------------------------------------------------

    @property
    def state(self) -> TableState:
        return self.flow.state

    @property
    def record(self) -> GameRecord:
        return self.flow.record

    @property
    def position(self) -> tuple[int, int]:
        """The hand under way and the moves played in it."""
        return self.flow.position()

    def is_computer(self, seat: int) -> bool:
        """Whether a computer plays `seat` (its own, or standing in for an away player)."""
        return self.flow.seats[seat].computer

    @property
    def started(self) -> bool:
        """Whether every remote seat has been taken (the computers wait until then)."""
        return all(
            token is not None or self.is_computer(seat) for seat, token in enumerate(self.tokens)
        )

    def is_over(self) -> bool:
        return self.state.is_terminal()

    @property
    def joined(self) -> bool:
        """Whether anyone ever took one of its seats."""
        return any(token is not None for token in self.tokens)

    @property
    def met(self) -> bool:
        """Whether anyone but its opener took a seat, or every seat is taken: a table
        that is more than one network's or player's wish (the others expire in minutes,
        whatever their pace)."""
        return self.started or (self.joined and self.club.met)

    def on_hold(self) -> bool:
        """Whether nothing is played at the table now: a seat is still free, or nobody is
        at it. With no person at the table (every seat a computer's or away), the
        computers end the hand under way and wait before the next: a table never plays
        itself for nobody. At a table that waits its players are away for days: its
        computers play on; but where every seat is a computer's (the players' given to
        computers by the host), only while someone watches: nobody at all plays or
        watches it."""
        seats = range(len(self.tokens))
        if not self.started or self.asked.pending:  # a take-back holds it until answered
            return True
        if all(map(self.is_computer, seats)) and not self.followers():
            return True
        new_hand = not self.state.moves
        return new_hand and self.club.options.days is None and not any(map(self.held, seats))

    def followers(self) -> set[Follower]:
        """Every connection that holds a seat or watches."""
        return self.watchers.union(*self.holders)

    def connected(self) -> list[bool]:
        """Whether each seat has a connection (a computer's always has)."""
        return [self.is_computer(seat) or self.held(seat) for seat in range(len(self.tokens))]

    def held(self, seat: int) -> bool:
        """Whether a connection, to this server or another of its store, holds `seat`."""
        return bool(self.holders[seat]) or self.held_elsewhere[seat]

    def view(self) -> Mapping[str, object]:
        """The record as any seat may see it (docs/protocol.md): no seed, and in the hand under
        way the tiles still in the stock as None."""
        shown = None if self.state.hand_over else self.state.stock_pos  # dealt, then drawn
        return self.record.hidden_view(shown).to_json()

    def full_record(self) -> Mapping[str, object]:
        """The whole record, stocks and seed included (once the game is over)."""
        return self.record.to_json()

    # --- seats -------------------------------------------------------------------------

    def take_free_seat(
        self, follower: Follower, name: str, owner: str | None = None
    ) -> tuple[int, str] | None:
        """Give `follower` the first remote seat nobody took, named `name` and owned by
        player `owner` (version 2): (seat, token), or None when every seat is taken."""
        seat = next(
            (s for s, t in enumerate(self.tokens) if t is None and not self.is_computer(s)),
            None,
        )
        if seat is None:
            return None
        token = new_token()
        self.tokens[seat] = token
        self.record.set_player(seat, name=name)
        self.record.trim_names()
        self.holders[seat] = {follower}
        self.club.own(seat, owner, len(self.tokens))
        return seat, token

    def seat_of_token(self, token: str) -> int | None:
        """The seat whose token is `token` (every seat compared, in constant time)."""
        given = token.encode("utf-8", "replace")
        found = None
        for seat, held in enumerate(self.tokens):
            if held is not None and hmac.compare_digest(held.encode(), given):
                found = seat
        return found

    def is_host(self, token: str) -> bool:
        return hmac.compare_digest(self.host.encode(), token.encode("utf-8", "replace"))

    def free_seat(self, seat: int) -> None:
        """Undo `take_free_seat` (its save failed): nobody has taken `seat`."""
        self.tokens[seat] = None
        self.holders[seat] = set()
        self.record.set_player(seat, name="")
        self.club.own(seat, None, len(self.tokens))

    def hold(self, follower: Follower, seat: int) -> None:
        """`follower` takes `seat` back; a connection that held it before loses it, and a
        computer standing in for its player gives it back."""
        self.holders[seat] = {follower}
        self.end_stand_in(seat)

    def end_stand_in(self, seat: int) -> None:
        """A computer standing in for `seat`'s player, if any, gives the seat back."""
        if self.is_computer(seat):
            self.flow.seats.seat_to(seat, Person(here=False))
            self.record.set_player(seat, kind="human")

    def stand_in(self, seat: int, level: str) -> None:
        """A computer of `level` plays away seat `seat` until its player takes it back
        (only a seat a player took, and left: a rated game counts it as left for good)."""
        if not 0 <= seat < len(self.tokens) or self.tokens[seat] is None or self.held(seat):
            raise Refused(NOT_YOUR_SEAT, f"seat {seat} is not a player's away seat")
        self.record.set_player(seat, kind=AI_PREFIX + level)
        self.club.left.add(seat)
        self.flow.seats.seat_to(seat, Computer(level, self._think, self.record.seed or 0, seat))

    def release(self, follower: Follower) -> bool:
        """Forget `follower`; True when a seat lost its connection."""
        self.watchers.discard(follower)
        lost = False
        for holders in self.holders:
            if follower in holders:
                holders.discard(follower)
                lost = True
        return lost

    # --- playing -----------------------------------------------------------------------

    def check_turn(self, follower: Follower | None, seat: int) -> None:
        """Refuse unless `seat` is held by `follower` (None: the server's own move, a
        computer's or a stand-in's) and is the seat the flow waits for."""
        if not 0 <= seat < len(self.tokens) or (
            follower is not None and follower not in self.holders[seat]
        ):
            raise Refused(NOT_YOUR_SEAT, f"seat {seat} is not held by this connection")
        if self.flow.turn() is Turn.GAME_OVER:
            raise Refused(ILLEGAL_MOVE, "the game is over")
        if self.asked.pending:
            raise Refused(NOT_YOUR_TURN, "the table waits for the answers to a take-back")
        to_act = self.flow.to_act()
        if to_act is None:
            raise Refused(NOT_YOUR_TURN, "the table waits for every seat to be taken")
        if to_act != seat:
            raise Refused(NOT_YOUR_TURN, f"it is seat {to_act}'s turn")

    def pass_time(self, now: float) -> None:
        """The table is looked at, at `now` (the server's clock): its flow is told the time
        that passed since the last look, as a window's frames tell theirs. A timed game's
        clock counts it while the game waits for a seat's move (not while the table is on
        hold), and the game ends at the end of the hand in play once it has run out
        (RULES.md): the flow decides both, as in the window."""
        self.flow.advance_clock(max(0.0, now - self.looked_at))
        self.looked_at = max(self.looked_at, now)

    def play(self, follower: Follower | None, seat: int, move: Move, now: float) -> tuple[int, int]:
        """Play `move` for `seat` at time `now` (`Refused` when it may not be played:
        nothing changes but the time told, see `pass_time`); the hand and index of the
        move as recorded."""
        self.pass_time(now)
        self.check_turn(follower, seat)
        try:
            self.flow.play_from(move, by_computer=follower is None)
        except IllegalMoveError as error:
            raise Refused(ILLEGAL_MOVE, str(error)) from None
        self.last_active = self.club.turn_since = now
        return self.record.hand_count - 1, len(self.state.moves) - 1

    def take_back(self) -> None:
        """Undo the last move (it could not be saved, so nobody heard of it)."""
        self.flow.take_back()

    def takeback_target(self, seat: int) -> int | None:
        """Index in this hand's moves of `seat`'s last placement, which a take-back by
        `seat` takes back with every move after it: none when a person's move (another
        seat's) came after it, or the game is over."""
        if self.is_over() or self.state.hand_over:
            return None
        moves = self.record.last_hand_moves()
        return undo_target(moves, self.is_person, self.state.current, seat)

    def is_person(self, seat: int) -> bool:
        """Whether a person plays `seat` (no computer, its own or standing in)."""
        return not self.is_computer(seat)

    def take_back_to(self, index: int, now: float) -> list[RecordMove]:
        """Take back move `index` of this hand and every move after it, at time `now`;
        the moves taken back (`play_again` plays them again)."""
        taken = list(self.record.last_hand_moves()[index:])
        while len(self.state.moves) > index:
            self.flow.recorded.undo()
        self.flow.moved()
        self.last_active = self.club.turn_since = now
        return taken

    def play_again(self, index: int, taken: list[RecordMove]) -> None:
        """Play again the moves `take_back_to` took back from `index` (they could not be
        saved taken back, so nobody heard of it)."""
        hand = self.record.hand_count - 1
        for offset, written in enumerate(taken):
            self.play_written(hand, index + offset, written)

    def catch_up(self, hand: int, index: int, entry: object, active: object) -> None:
        """Play move `index` of hand `hand` as a journal wrote it down (`entry`), if it is
        the next (`is_next`; an entry passed over is not read); `RecordError` when it is not
        a move, cannot be played or gives another result than written."""
        if self.is_next(hand, index):
            self.play_written(hand, index, RecordMove.read(Mode.TABLE, entry, hand, index))
            if isinstance(active, (int, float)):
                self.last_active = self.club.turn_since = self.looked_at = float(active)

    def deal_if_due(self) -> bool:
        """Deal the next hand once the last one has ended and the game goes on: the server
        deals it at once (a window, when its players go on from the score); whether it
        dealt."""
        if self.flow.turn() is not Turn.HAND_OVER:
            return False
        self.flow.next_hand()
        return True

    def is_next(self, hand: int, index: int) -> bool:
        """Whether move `index` of hand `hand` is the next to play here (one the save holds
        already is not; the first of a hand the save has not dealt yet is, once that hand
        is dealt here from the seed as it was)."""
        if (hand, index) == (self.record.hand_count, 0):
            self.deal_if_due()
        return (hand, index) == (self.record.hand_count - 1, len(self.state.moves))

    def play_written(self, hand: int, index: int, written: RecordMove) -> None:
        """Play `written`, the next move (move `index` of hand `hand`), as another server
        recorded it; `RecordError` when it cannot be played or gives another result."""
        if written.clock_s is not None:  # a timed game: the clock as the move was played
            self.state.restore_clock(written.clock_s)
        try:
            self.flow.play_from(written.move, by_computer=self.is_computer(self.state.current))
        except IllegalMoveError as error:
            raise RecordError(f"journal: hand {hand} move {index}: {error}") from None
        if self.record.last_move() != written:
            raise RecordError(f"journal: hand {hand} move {index} is not as written")

    def last_entry(self) -> MoveEntry:
        """The last move as recorded."""
        return self.record.last_move().entry(Mode.TABLE)

    # --- saving ------------------------------------------------------------------------

    def saved_text(self) -> str:
        """The record with the server's own key: what a restarted server reopens."""
        server: dict[str, object] = {"code": self.code, "host": self.host, "tokens": self.tokens}
        server |= {"active": self.last_active, "club": self.club.to_json()}
        if self.asked.pending:
            server["takeback"] = self.asked.to_json()
        if self.refused:
            server["refused"] = sorted(self.refused)
        return self.record.dumps({SERVER_KEY: server})

    @classmethod
    def from_saved(cls, text: str | bytes) -> NetTable:
        """The table saved as `text` (`RecordError` when it cannot be reopened)."""
        record = GameRecord.from_json(text)
        server = record.take_key(SERVER_KEY)
        if not isinstance(server, dict):
            raise RecordError("record: not a table server's save")
        code, tokens, active = server.get("code"), server.get("tokens"), server.get("active")
        host = server.get("host")
        if (
            not isinstance(code, str)
            or not isinstance(host, str)
            or not isinstance(tokens, list)
            or len(tokens) != len(record.players)
            or not all(token is None or isinstance(token, str) for token in tokens)
            or not isinstance(active, (int, float))
        ):
            raise RecordError("record: the server's code, tokens or time are damaged")
        club = ClubTable.from_json(server.get("club"), len(tokens))
        table = cls(code, host, RecordedGame.from_record(record), tokens, float(active), club)
        try:
            if "takeback" in server:
                table.asked = read_asked(server["takeback"], len(tokens))
            table.refused = read_refused(server.get("refused", []), len(tokens))
        except (ValueError, KeyError, TypeError) as error:
            raise RecordError(f"record: the server's take-backs are damaged ({error})") from None
        return table
