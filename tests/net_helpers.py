"""Shared helpers for the table server's tests: a clock the test steps, connections that
keep what the server sent them, and a seat player that plays the first legal move."""

from __future__ import annotations

import copy
import itertools
import json
import random
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import Any

from game.ai.players import Player
from game.net.messages import create_frame, join_frame, move_frame
from game.net.mirror import TableMirror
from game.net.tables.limits import Limits
from game.net.tables.redis_book import RedisBook
from game.net.tables.redis_store import CHANGES, RedisStore
from game.net.tables.registry import Peer, Registry
from game.net.tables.replica import Replica
from game.net.tables.table import NetTable
from game.net.tables.thinking import Reply
from game.rules.modes import Mode
from game.rules.record.document import GameRecord
from game.rules.record.entries import MoveEntry, move_to_entry
from game.rules.record.recorded_game import RecordedGame
from game.rules.table import TableState

ROOMY = Limits(
    messages_per_s=1e6,
    message_burst=10**6,
    joins_per_s=1e6,
    join_burst=10**6,
    tables_per_network=10**6,
    tables_per_player=10**6,
    seats_per_player=10**6,
)
"""Limits no test of play reaches (the limits have tests of their own)."""


def dealer(first: int = 7) -> Callable[[], int]:
    """Deal seeds `first`, `first + 1`, ...: a test's tables are dealt alike each run."""
    return itertools.count(first).__next__


class ManualClock:
    """A clock the test moves on."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Inbox:
    """A connection's frames, as the server sent them."""

    def __init__(self, registry: Registry, address: str = "10.0.0.1") -> None:
        self.frames: list[str] = []
        self.registry = registry
        self.peer: Peer = registry.connect(self.frames.append, address)

    def send(self, frame: str | bytes | dict[str, Any]) -> list[dict[str, Any]]:
        """Send `frame`; the messages the server sent back to this connection for it."""
        start = len(self.frames)
        self.registry.receive(self.peer, json.dumps(frame) if isinstance(frame, dict) else frame)
        return [json.loads(text) for text in self.frames[start:]]

    @property
    def messages(self) -> list[dict[str, Any]]:
        return [json.loads(text) for text in self.frames]

    def of_type(self, kind: str) -> list[dict[str, Any]]:
        return [m for m in self.messages if m["type"] == kind]


def on_redis(url: str, timeout_s: float = 2.0, clock: ManualClock | None = None) -> Registry:
    """A registry on the Redis at `url` (a server of several), its open tables reopened."""
    store = RedisStore(url, timeout_s)
    registry = Registry(clock or ManualClock(), store=store, limits=ROOMY, deal=dealer())
    Replica(registry, store).open()
    return registry


def open_table(
    registry: Registry, seats: list[str], rules: dict[str, Any] | None = None
) -> tuple[NetTable, dict[int, Inbox], dict[int, str]]:
    """A table of `seats` whose remote seats are joined, one connection each: the table,
    each remote seat's connection and its token."""
    host = Inbox(registry)
    code = host.send(create_frame(seats, rules))[0]["table"]
    inboxes, tokens = {}, {}
    for number in range(seats.count("remote")):
        inbox = Inbox(registry, f"10.0.1.{number}")
        joined = inbox.send(join_frame(code, f"P{number}"))[0]
        inboxes[joined["seat"]] = inbox
        tokens[joined["seat"]] = joined["token"]
    return next(t for t in registry.tables.values() if t.code == code), inboxes, tokens


def first_legal_entry(table: NetTable) -> MoveEntry:
    """The first legal move of the seat to act, as a record entry."""
    state = table.state
    return move_to_entry(Mode.TABLE, state.legal_moves()[0], state.current)


def play_out(table: NetTable, holders: dict[int, Inbox], limit: int = 2000) -> None:
    """The remote seats play their first legal move until the game is over."""
    for _ in range(limit):
        if table.is_over():
            return
        seat = table.state.current
        replies = holders[seat].send(move_frame(table.code, first_legal_entry(table)))
        assert not [r for r in replies if r["type"] == "error"], replies
    raise AssertionError("the game did not end")


def bot_move(
    mirror: TableMirror | None, seats: Collection[int]
) -> tuple[tuple[int, int], MoveEntry] | None:
    """A bot's next move, if one of its `seats` is to act in `mirror`: the position it is
    for and its first legal move as a record entry."""
    if mirror is None or mirror.state.hand_over or mirror.state.current not in seats:
        return None
    position = (mirror.recorded.record.hand_count, len(mirror.state.moves))
    return position, move_to_entry(Mode.TABLE, mirror.legal_moves()[0], mirror.state.current)


def checked(record: Mapping[str, object]) -> RecordedGame:
    """The record replayed and checked as `check` does."""
    return RecordedGame.from_record(GameRecord.from_json(json.dumps(record)))


# --- hostile messages ------------------------------------------------------------------

ODD_VALUES: list[Any] = [
    None,
    True,
    False,
    -1,
    0,
    1,
    7,
    2**70,
    1.5,
    "",
    "x" * 300,
    [],
    {},
    [0, 0],
    [1, -1, 2],
    {"player": 0},
    "remote",
    "ai:greedy",
    "99-99-99",
    "01-02-03",
    "\u202e\u0000",
    "\ud800",
    "draw",
]


def mutated(rng: random.Random, message: dict[str, Any]) -> dict[str, Any]:
    """`message` with one field, at any depth, changed, removed or added."""
    message = copy.deepcopy(message)
    target = message
    while True:
        keys = list(target)
        key = rng.choice(keys) if keys else "extra"
        if isinstance(target.get(key), dict) and rng.random() < 0.5:
            target = target[key]
            continue
        break
    choice = rng.random()
    if choice < 0.15:
        target.pop(key, None)
    elif choice < 0.25:
        target[rng.choice(["extra", "tile", "draw", "pass", "score"])] = rng.choice(ODD_VALUES)
    else:
        target[key] = rng.choice(ODD_VALUES)
    return message


def broken_text(rng: random.Random, message: dict[str, Any]) -> str | bytes:
    text = json.dumps(message)
    choice = rng.random()
    if choice < 0.3:
        return text[: rng.randrange(len(text))]
    if choice < 0.5:
        at = rng.randrange(len(text))
        return text[:at] + rng.choice('{}[],:"\\\x00é') + text[at:]
    if choice < 0.6:
        return rng.randbytes(rng.randrange(1, 40))
    if choice < 0.7:
        return json.dumps({**message, "pad": "x" * 70_000})
    if choice < 0.8:
        return "[" * 5000 + "]" * 5000
    return json.dumps([message])


class Silent:
    """A thinker that never answers (its server died while its computer thought)."""

    def think(self, player: Player, state: TableState, answer: Reply, owner: str) -> None:
        pass


@dataclass
class Server:
    """One server of several on one Redis, in this process: its registry, what keeps it up
    to the store, its clock (`follow` takes in the store's changes: its reader's work)."""

    registry: Registry
    replica: Replica
    clock: ManualClock

    @classmethod
    def on(cls, url: str, silent: bool = False) -> Server:
        clock = ManualClock()
        store = RedisStore(url)
        thinker = Silent() if silent else None
        registry = Registry(clock, thinker, store, ROOMY, deal=dealer(), book=RedisBook(url))
        replica = Replica(registry, store)
        replica.open()
        return cls(registry, replica, clock)

    def follow(self) -> None:
        """Take in every change the store's stream holds now (the reader's work)."""
        self.replica.take_in(self.replica.store.client.xread({CHANGES: self.replica.after}))

    def table(self, code: str) -> NetTable:
        return next(t for t in self.registry.tables.values() if t.code == code)


def settle(*servers: Server) -> None:
    for server in servers:
        server.follow()
