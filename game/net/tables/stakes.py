"""Who has a stake in the server's unfinished tables, and the caps on them
(docs/protocol.md "Limits"): a network (`limits.network_of`) may have opened or taken
seats at `tables_per_network` tables, a player `tables_per_player`, holding at most
`seats_per_player` seats. So one network, or one key from many networks, cannot fill the
server's tables, the lobby or its own `my-tables`. The stakes are read from the tables
themselves (`ClubTable`), which every server of a store holds and a restart reopens."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from game.net.messages import TOO_MANY_TABLES, Refused
from game.net.tables.limits import Limits
from game.net.tables.table import NetTable


class Stakes:
    """The caps of `limits` over `tables`."""

    def __init__(self, tables: Mapping[bytes, NetTable], limits: Limits) -> None:
        self.tables = tables
        self.limits = limits

    def check_open(self, network: str, player: str | None) -> None:
        """Refuse a new table to `network` or `player` past their caps."""
        self._check_network(network)
        if player is not None and self._tables_of(player) >= self.limits.tables_per_player:
            raise Refused(TOO_MANY_TABLES, "this player has as many open tables as allowed")

    def check_seat(self, table: NetTable, network: str, player: str | None) -> None:
        """Refuse a seat of `table` to `network` or `player` past their caps."""
        if network not in table.club.networks:
            self._check_network(network)
        if player is None:
            return
        new = player != table.club.opener and player not in table.club.owners
        if new and self._tables_of(player) >= self.limits.tables_per_player:
            raise Refused(TOO_MANY_TABLES, "this player has as many open tables as allowed")
        seats = sum(t.club.owners.count(player) for t in self._open())
        if seats >= self.limits.seats_per_player:
            raise Refused(TOO_MANY_TABLES, "this player holds as many seats as allowed")

    def _check_network(self, network: str) -> None:
        held = sum(network in table.club.networks for table in self._open())
        if held >= self.limits.tables_per_network:
            raise Refused(TOO_MANY_TABLES, "this network has as many open tables as allowed")

    def _tables_of(self, player: str) -> int:
        return sum(
            player == table.club.opener or player in table.club.owners for table in self._open()
        )

    def _open(self) -> Iterator[NetTable]:
        return (table for table in self.tables.values() if not table.is_over())
