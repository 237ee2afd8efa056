"""What version 2 keeps with a table (docs/protocol.md "Version 2"): its lobby, rating and
pace options, the player who owns each seat, the last lines of its chat (each line said
since is in the table's journal: store.py), when the seat to act began waiting, the
ratings a rated game ended with, and who has a stake in it (the networks that opened it
or took its seats, the player who opened it, and whether anyone else took a seat: the
server's caps per network and player count them). It is written in the
table's save, under the server's key (`ClubTable.to_json`), so a restart keeps it."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Final, TypedDict

from game.net.club_messages import CHAT_LIMIT, MAX_DAYS, ClubOptions, harmless, pace_json
from game.net.club_replies import said
from game.net.tables.players import RatingChange, well_formed_changes
from game.rules.errors import RecordError
from game.rules.table_rules import MAX_PLAYERS

CHAT_KEPT: Final = 50
"""The lines of chat a table keeps (and every `view` carries)."""
DAY_S: Final = 86_400.0


class ChatLine(TypedDict):
    """A line said at a table: the seat (None: a watcher), the name, the player's public
    id (None: a seat whose connection said no `hello`), the text."""

    seat: int | None
    name: str
    player: str | None
    text: str


def _chat() -> deque[ChatLine]:
    return deque(maxlen=CHAT_KEPT)


@dataclass
class ClubTable:
    """A table's version 2 state (a version 1 table's is all defaults)."""

    options: ClubOptions = field(default_factory=ClubOptions)
    owners: list[str | None] = field(default_factory=list)
    """Each seat's player (PID), for a seat taken after `hello`."""
    chat: deque[ChatLine] = field(default_factory=_chat)
    turn_since: float = 0.0
    """When the seat to act began waiting for its move (a table that waits counts its
    days from it; a timed game's clock is its flow's, see `NetTable.pass_time`)."""
    ratings: list[RatingChange] | None = None
    """A rated game's ratings, once it is over."""
    left: set[int] = field(default_factory=set)
    """The seats a computer has stood in for: their players left the game (ratings.py)."""
    networks: list[str] = field(default_factory=list)
    """The networks (`limits.network_of`) that opened the table (the first) or took a seat
    of it, each once (empty for a table saved before they were kept)."""
    opener: str | None = None
    """The player (PID) who opened it, if they had said hello."""
    met: bool = False
    """Whether anyone but its opener (another network, or another player) took a seat."""

    def open_by(self, network: str, player: str | None) -> None:
        """The table was opened from `network` by `player` (None: nobody said hello)."""
        self.networks, self.opener = [network], player

    def seat_taken_by(self, network: str, player: str | None) -> None:
        """A seat was taken from `network` by `player`: the opener, or someone else."""
        opened_from = self.networks[0] if self.networks else None
        if network not in self.networks:
            self.networks.append(network)
        if network != opened_from and (player is None or player != self.opener):
            self.met = True

    def owner(self, seat: int) -> str | None:
        return self.owners[seat] if seat < len(self.owners) else None

    def own(self, seat: int, pid: str | None, seats: int) -> None:
        """Seat `seat` (of `seats`) is player `pid`'s (None: nobody's)."""
        self.owners += [None] * (seats - len(self.owners))
        self.owners[seat] = pid

    def said(self, table: str) -> list[dict[str, object]]:
        """The chat kept, as `said` messages of `table` (what a `view` carries)."""
        return [said(table, line) for line in self.chat]

    @property
    def pace(self) -> object:
        """The table's pace as docs/protocol.md writes it."""
        return pace_json(self.options.days)

    def to_json(self) -> dict[str, object]:
        options = self.options
        return {
            "public": options.public,
            "rated": options.rated,
            "days": options.days,
            "stand_in": options.stand_in,
            "takebacks": options.takebacks,
            "owners": self.owners,
            "chat": list(self.chat),
            "turn_since": self.turn_since,
            "ratings": self.ratings,
            "left": sorted(self.left),
            "networks": self.networks,
            "opener": self.opener,
            "met": self.met,
        }

    @classmethod
    def from_json(cls, data: object, seats: int) -> ClubTable:
        """The state `to_json` wrote (`RecordError` when it is damaged)."""
        if data is None:
            return cls()
        try:
            if not isinstance(data, dict):
                raise TypeError
            public, rated, days = data["public"], data["rated"], data["days"]
            stand_in, owners, since = data["stand_in"], data["owners"], data["turn_since"]
            ratings, lines, left = data["ratings"], data["chat"], data.get("left", [])
            _need(type(public) is bool and type(rated) is bool and isinstance(stand_in, str))
            _need(days is None or (type(days) is int and 1 <= days <= MAX_DAYS))
            _need(isinstance(owners, list) and len(owners) <= min(seats, MAX_PLAYERS))
            _need(all(owner is None or isinstance(owner, str) for owner in owners))
            _need(isinstance(since, (int, float)) and isinstance(lines, list))
            _need(ratings is None or well_formed_changes(ratings))
            _need(isinstance(left, list) and all(type(s) is int and 0 <= s < seats for s in left))
            chat = _chat()
            chat.extend(chat_line(line, seats) for line in lines)
            networks, opener = data.get("networks", []), data.get("opener")
            met = data.get("met", True)  # saved before: as a table anyone joined was
            _need(isinstance(networks, list) and len(networks) <= MAX_PLAYERS + 1)
            _need(all(isinstance(network, str) for network in networks))
            _need((opener is None or isinstance(opener, str)) and type(met) is bool)
            takebacks = data.get("takebacks")
            _need(takebacks is None or type(takebacks) is bool)
        except (KeyError, TypeError, ValueError):
            raise RecordError("record: the server's club state is damaged") from None
        options = ClubOptions(public, rated, days, stand_in, takebacks)
        return cls(options, owners, chat, since, ratings, set(left), networks, opener, met)


def _need(condition: bool) -> None:
    """A check of a saved state's shape (`ValueError` when it fails)."""
    if not condition:
        raise ValueError("damaged")


def chat_line(data: object, seats: int) -> ChatLine:
    """A line of chat of a table of `seats` as a save or a journal wrote it (`ValueError`,
    `KeyError` or `TypeError` when it is damaged)."""
    if not isinstance(data, dict):
        raise TypeError
    seat, name, text, player = data["seat"], data["name"], data["text"], data.get("player")
    _need(seat is None or (type(seat) is int and 0 <= seat < seats))
    _need(isinstance(name, str) and isinstance(text, str) and len(text) <= CHAT_LIMIT)
    _need(player is None or isinstance(player, str))
    return {"seat": seat, "name": name, "player": player, "text": harmless(text)}
