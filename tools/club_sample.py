"""A real club for the screenshots and tests of Play online's filters and pages: the
game's own server (a `Registry` in a `HostedServer`) on loopback, its lobby filled with
public tables of every size, pace and kind, opened from many networks, and its ratings
board with players of every rating, the window's player ("Ann", by the key the game
makes from `secret`) at the place asked for."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, replace
from typing import Final

from game.net.hosting import HostedServer
from game.net.messages import (
    ClubTableOptions,
    TablePace,
    create_frame,
    hello_frame,
    join_frame,
)
from game.net.tables.players import ESTABLISHED, MemoryBook
from game.net.tables.registry import Registry
from game.persist.settings import Settings, club_keys
from tools.club_peer import ROOMY
from tools.redis_server import free_port

NAMES: Final = [
    "Lucía", "Tom", "Ingrid", "Kofi", "Mei", "Pablo", "Sam", "Olga", "Ravi", "Noor",
    "Hugo", "Aiko", "Bruno", "Chloé", "Dmitri", "Elena", "Farid", "Greta", "Hana", "Iker",
]  # fmt: skip
"""The players' first names (untranslated: names)."""
ANN: Final = "Ann"  # untranslated: a name


def player_name(number: int) -> str:
    """The sample's player `number`: a first name and an initial ("Lucía B.")."""
    return f"{NAMES[number % len(NAMES)]} {chr(ord('A') + number // len(NAMES) % 26)}."


@dataclass
class SampleClub:
    """The club's server, at `address`."""

    hosted: HostedServer
    address: str

    def stop(self) -> None:
        self.hosted.stop()


def sample_club(secret: str, tables: int = 45, players: int = 120, place: int = 72) -> SampleClub:
    """A club with `tables` public tables and `players` players on its board, Ann (the
    player of a game whose secret is `secret`) at `place` (0 the best)."""
    port = free_port()
    address = f"ws://127.0.0.1:{port}"
    registry = Registry(time.time, limits=ROOMY, deal=lambda: 7, book=MemoryBook())
    for number in range(tables):
        _open_table(registry, number)
    book = registry.club.book
    ann = club_keys(Settings(club_secret=secret), address)[0]
    keys = [f"sample-player-key-{number:0>30}" for number in range(players)]
    keys.insert(place, ann)
    for at, key in enumerate(keys):
        card = book.enter(key, ANN if key == ann else player_name(at))
        mu = 45.0 - 25.0 * at / len(keys)
        book.rated(f"sample-{at}", [], [replace(card, mu=mu, sigma=2.5, games=ESTABLISHED + at)])
    hosted = HostedServer(registry, "127.0.0.1", port)
    hosted.start()
    return SampleClub(hosted, address)


def _open_table(registry: Registry, number: int) -> None:
    """Public table `number`, opened from a network of its own: of 2 to 7 seats, every
    third rated, live or 1 to 4 days a move, its opener seated and, at some, a friend
    or a computer."""
    players = 2 + number % 6
    rated = number % 3 == 0
    computer = not rated and number % 4 == 1
    seats = ["remote"] * (players - computer) + ["ai:expert"] * computer
    days = 0 if number % 2 else 1 + number % 4
    said: list[str] = []
    opener = registry.connect(said.append, f"10.9.{number}.1")
    registry.receive(opener, hello_frame(player_name(number), f"sample-opener-key-{number:0>30}"))
    options = ClubTableOptions(public=True, rated=rated, pace=TablePace(days))
    registry.receive(opener, create_frame(seats, {"hands": 1 + number % 3}, club=options))
    code = next(json.loads(f)["table"] for f in said if json.loads(f)["type"] == "created")
    registry.receive(opener, join_frame(code, player_name(number)))
    if players > 3 and number % 2 == 0:
        friend = registry.connect(lambda text: None, f"10.8.{number}.1")
        registry.receive(friend, hello_frame(player_name(number + 7), f"friend-key-{number:0>36}"))
        registry.receive(friend, join_frame(code, player_name(number + 7)))
