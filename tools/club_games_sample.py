"""A real club for the screenshots and tests of Your games: the game's own server (a
`Registry` in a `HostedServer`) on loopback, its tables on files in a folder of its own,
where the window's player ("Ann", by the key the game makes from `secret`) has finished
games with Tom and others, of 2 to 4 seats, some rated, some with a computer, one left
unfinished, each played some hours after the last: the older ones closed (the files'
`closed/`), the newer ones over at tables still open, so that her list mixes both."""

from __future__ import annotations

import itertools
import json
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Final

from game.net.hosting import HostedServer
from game.net.messages import ClubTableOptions, create_frame, hello_frame, join_frame, move_frame
from game.net.tables.archive import NO_ARCHIVE
from game.net.tables.players import MemoryBook
from game.net.tables.registry import Peer, Registry
from game.net.tables.store import TableStore
from game.net.tables.table import NetTable
from game.persist.settings import Settings, club_keys
from game.rules.modes import Mode
from game.rules.record.entries import move_to_entry
from tools.club_peer import ROOMY
from tools.redis_server import free_port

ANN: Final = "Ann"  # untranslated: a name
OTHERS: Final = ["Tom", "Lucía", "Kofi"]  # untranslated: names
HOURS_APART: Final = 7 * 3600.0
FIRST_PLAYED: Final = 1_795_000_000.0
"""When the first game was played (November 2026)."""
IDLE_S: Final = 2 * 86_400.0
"""How long a table stays open after its last move, here."""
UNFINISHED: Final = 10
"""Which game, from the newest (1), is left unfinished: its table closes idle."""


class SteppedClock:
    """The sample's time: set for each game, then now."""

    def __init__(self) -> None:
        self.now = FIRST_PLAYED

    def __call__(self) -> float:
        return self.now


@dataclass
class GamesClub:
    """The club's server, at `address`, its files in `home`."""

    hosted: HostedServer
    address: str
    home: tempfile.TemporaryDirectory[str]

    def stop(self) -> None:
        self.hosted.stop()
        self.home.cleanup()


def games_club(secret: str, games: int = 25) -> GamesClub:
    """A club where Ann has `games` games, the `UNFINISHED`th newest left unfinished."""
    port = free_port()
    address = f"ws://127.0.0.1:{port}"
    clock = SteppedClock()
    home = tempfile.TemporaryDirectory(prefix="contack-games-")
    store = TableStore(Path(home.name))
    limits = replace(ROOMY, idle_s=IDLE_S)
    deal = itertools.count(11).__next__
    registry = Registry(clock, store=store, limits=limits, deal=deal, book=MemoryBook())
    registry.shelf.finished = NO_ARCHIVE.finished(store)
    ann = club_keys(Settings(club_secret=secret), address)[0]
    for number in range(games):
        clock.now = FIRST_PLAYED + number * HOURS_APART
        _play(registry, number, ann, finish=number != games - UNFINISHED)
    clock.now = FIRST_PLAYED + games * HOURS_APART
    registry.sweep()
    hosted = HostedServer(registry, "127.0.0.1", port)
    hosted.start()
    return GamesClub(hosted, address, home)


def _play(registry: Registry, number: int, ann: str, finish: bool) -> None:
    """Game `number`: Ann and 1 to 3 others (a computer at every fifth), one hand, every
    third rated; played to its end by first legal moves (`finish`), else a few moves."""
    people = 2 + number % 3 if number % 5 else 2
    computer = number % 5 == 0
    seats = ["remote"] * people + ["ai:easy"] * computer
    rated = number % 3 == 0 and not computer
    said: list[str] = []
    opener = registry.connect(said.append, f"10.7.{number}.1")
    registry.receive(opener, hello_frame(ANN, ann))
    registry.receive(opener, create_frame(seats, {"hands": 1}, club=ClubTableOptions(rated=rated)))
    code = next(json.loads(f)["table"] for f in said if json.loads(f)["type"] == "created")
    registry.receive(opener, join_frame(code, ANN))
    holders = {0: opener}
    for seat in range(1, people):
        other = registry.connect(lambda text: None, f"10.6.{seat}.1")
        which = (number + seat) % len(OTHERS)
        name = OTHERS[which]
        registry.receive(other, hello_frame(name, f"sample-games-key-{which:0>30}"))
        registry.receive(other, join_frame(code, name))
        holders[seat] = other
    table = next(t for t in registry.tables.values() if t.code == code)
    for _ in range(3000 if finish else 6):
        if table.is_over():
            return
        _first_move(registry, table, holders)


def _first_move(registry: Registry, table: NetTable, holders: dict[int, Peer]) -> None:
    state = table.state
    seat = state.current
    entry = move_to_entry(Mode.TABLE, state.legal_moves()[0], seat)
    registry.receive(holders[seat], move_frame(table.code, entry))
