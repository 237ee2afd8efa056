"""What every server reads of the tables other servers own, when each table is held by
one server (`forwarding.py`): after each change its owner writes the table's summary
(`contack:summary:CODE`: its lobby entry and rank while the lobby may list it, the rank
naming what the lobby's order, filters and pages read, and each club player's seats
there as `my-tables` lists them), the set of the tables the lobby may
list (`contack:listed`) and each player's tables (`contack:places:PID`). The lobby and
`mine` of any server are read from them: the whole club's, without its tables. A
summary that could not be written (Redis away) is written again at the table's next
change."""

from __future__ import annotations

import contextlib
import functools
import json
import sys
from collections.abc import Iterator
from typing import Any, Final

from game.net.tables.club import Place, seats_held
from game.net.tables.lobby import Listed, Rank, listable, rank_of, ranked
from game.net.tables.lobby import entry as lobby_entry
from game.net.tables.redis_store import PREFIX, RedisStore, answering
from game.net.tables.stakes import Held
from game.net.tables.table import NetTable

SUMMARY: Final = PREFIX + "summary:"
LISTED: Final = PREFIX + "listed"
PLACES: Final = PREFIX + "places:"
NETWORK: Final = PREFIX + "network:"
STAKES: Final = PREFIX + "stakes:"


def summary_of(table: NetTable) -> dict[str, Any]:
    """What the other servers read of `table`."""
    shown = listable(table)
    players = {pid for pid in table.club.owners if pid}
    staked = players | {table.club.opener} - {None}
    return {
        "rank": vars(rank_of(table)) if shown else None,
        "entry": lobby_entry(table) if shown else None,
        "mine": {pid: seats_held(table, pid) for pid in players},
        "over": table.is_over(),
        "networks": list(table.club.networks),
        "stakes": {pid: table.club.owners.count(pid) for pid in staked if pid},
    }


class Summaries:
    """The tables' summaries in `store` (its `summaries`), and the lobby and the places
    read from them (the club's `lobby.listing` and `places`)."""

    def __init__(self, store: RedisStore) -> None:
        self.store = store
        store.summaries = self

    def changed(self, table: NetTable) -> None:
        summary = summary_of(table)
        with self._writing(table), self.store.client.pipeline(transaction=False) as writing:
            writing.set(SUMMARY + table.code, json.dumps(summary))
            if summary["entry"] is None:
                writing.srem(LISTED, table.code)
            else:
                writing.sadd(LISTED, table.code)
            for pid in summary["mine"]:
                writing.sadd(PLACES + pid, table.code)
            for network in summary["networks"]:
                writing.sadd(NETWORK + network, table.code)
            for pid in summary["stakes"]:
                writing.sadd(STAKES + pid, table.code)
            writing.execute()

    def closed(self, table: NetTable) -> None:
        with self._writing(table), self.store.client.pipeline(transaction=False) as writing:
            writing.delete(SUMMARY + table.code)
            writing.srem(LISTED, table.code)
            summary = summary_of(table)
            for pid in summary["mine"]:
                writing.srem(PLACES + pid, table.code)
            for network in summary["networks"]:
                writing.srem(NETWORK + network, table.code)
            for pid in summary["stakes"]:
                writing.srem(STAKES + pid, table.code)
            writing.execute()

    @contextlib.contextmanager
    def _writing(self, table: NetTable) -> Iterator[None]:
        """Around a write of a summary: the change it follows is written already, so a
        failure is only said."""
        try:
            with answering(self.store.turns):
                yield
        except OSError as error:
            print(f"table server: cannot summarize table {table.code}: {error}", file=sys.stderr)

    def _read(self, codes: list[str]) -> list[tuple[str, dict[str, Any]]]:
        if not codes:
            return []
        with answering(self.store.turns):
            found = self.store.client.mget([SUMMARY + code for code in codes])
        return [(c, json.loads(text)) for c, text in zip(codes, found, strict=True) if text]

    def listed(self) -> list[Listed]:
        """The lobby's tables, of every server."""
        with answering(self.store.turns):
            codes = sorted(str(code) for code in self.store.client.smembers(LISTED))
        summaries = [summary for _, summary in self._read(codes) if summary["entry"]]
        shown = ranked((Rank(**summary["rank"]), summary["entry"]) for summary in summaries)
        return [Listed(rank, functools.partial(dict, made)) for rank, made in shown]

    def held(self, network: str, player: str | None) -> Held:
        """What `network` and `player` hold at the unfinished tables of every server."""
        with answering(self.store.turns):
            networks = self.store.client.smembers(NETWORK + network)
            players = self.store.client.smembers(STAKES + player) if player else set()
        held = Held()
        for code, summary in self._read(sorted(str(code) for code in networks | players)):
            if not summary["over"]:
                held.network_tables += code in networks
                held.player_tables += code in players
                held.player_seats += summary["stakes"].get(player, 0)
        return held

    def of(self, pid: str) -> list[Place]:
        """Player `pid`'s unfinished tables, on every server."""
        with answering(self.store.turns):
            codes = sorted(str(code) for code in self.store.client.smembers(PLACES + pid))
        return [
            (code, summary["mine"].get(pid, []))
            for code, summary in self._read(codes)
            if not summary["over"]
        ]
