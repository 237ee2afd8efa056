"""Who has a stake in the server's unfinished tables, and the caps on them
(docs/protocol.md "Limits"): a network (`limits.network_of`) may have opened or taken
seats at `tables_per_network` tables, a player `tables_per_player`, holding at most
`seats_per_player` seats. So one network, or one key from many networks, cannot fill the
server's tables, the lobby or its own `my-tables`. The stakes are read from the tables
themselves (`ClubTable`), which every server of a store holds and a restart reopens (or,
when each table is held by one server, from their summaries: `summaries.py`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

from game.net.messages import TOO_MANY_TABLES, Refused
from game.net.tables.limits import Limits
from game.net.tables.table import NetTable


@dataclass
class Held:
    """The unfinished tables a network has a stake in, and a player's tables and seats."""

    network_tables: int = 0
    player_tables: int = 0
    player_seats: int = 0


class Holdings(Protocol):
    """Where the stakes are counted."""

    def held(self, network: str, player: str | None) -> Held:
        """What `network` and `player` (None: nobody said hello) hold."""


class Stakes:
    """The caps of `limits` over `tables` (or over the `holdings` that count them)."""

    def __init__(self, tables: Mapping[bytes, NetTable], limits: Limits) -> None:
        self.limits = limits
        self.holdings: Holdings = TablesHeld(tables)

    def check_open(self, network: str, player: str | None) -> None:
        """Refuse a new table to `network` or `player` past their caps."""
        held = self.held(network, player)
        self._check_network(held)
        if held.player_tables >= self.limits.tables_per_player:
            raise Refused(TOO_MANY_TABLES, "this player has as many open tables as allowed")

    def check_seat(self, table: NetTable, network: str, player: str | None) -> None:
        """Refuse a seat of `table` to `network` or `player` past their caps."""
        held = self.held(network, player)
        if network not in table.club.networks:
            self._check_network(held)
        if player is None:
            return
        new = player != table.club.opener and player not in table.club.owners
        if new and held.player_tables >= self.limits.tables_per_player:
            raise Refused(TOO_MANY_TABLES, "this player has as many open tables as allowed")
        if held.player_seats >= self.limits.seats_per_player:
            raise Refused(TOO_MANY_TABLES, "this player holds as many seats as allowed")

    def held(self, network: str, player: str | None) -> Held:
        return self.holdings.held(network, player)

    def _check_network(self, held: Held) -> None:
        if held.network_tables >= self.limits.tables_per_network:
            raise Refused(TOO_MANY_TABLES, "this network has as many open tables as allowed")


def has_stake(table: NetTable, player: str) -> bool:
    """Whether `player` opened `table` or holds a seat there."""
    return player == table.club.opener or player in table.club.owners


class TablesHeld:
    """The stakes in the tables a server holds (all of the club's, unless each table is
    held by one server: `summaries.py`)."""

    def __init__(self, tables: Mapping[bytes, NetTable]) -> None:
        self.tables = tables

    def held(self, network: str, player: str | None) -> Held:
        """In one pass over the tables (whether a game is over, dearer to find, asked
        only of theirs)."""
        held = Held()
        for table in self.tables.values():
            club = table.club
            networks = network in club.networks
            players = player is not None and has_stake(table, player)
            if (networks or players) and not table.is_over():
                held.network_tables += networks
                held.player_tables += players
                held.player_seats += club.owners.count(player) if players else 0
        return held
