"""The turn notices kept in Redis (`NoticeBook`), one for every server of a store
(`python -m game.server --store redis://...`); a server on its files keeps
`FileNoticeBook` (notices.py).

- `contack:notices`, a hash: each player's notices (JSON), by PID;
- `contack:notice-stops`, a hash: each stop link's token, to its player's PID;
- `contack:notice-sent:TABLE:PID`: when that table last mailed that player (it expires
  a day after).
"""

from __future__ import annotations

import json
from dataclasses import asdict
from typing import Final

from game.net.tables.notices import DAY_S, NOBODY, Subscription
from game.net.tables.redis_store import PREFIX, TIMEOUT_S, answering, client_for
from game.net.tables.turns import UNSHARED, Unshared

NOTICE_PLAYERS: Final = PREFIX + "notices"
"""A hash: each player's notices (JSON), by PID."""
NOTICE_STOPS: Final = PREFIX + "notice-stops"
"""A hash: each stop link's token, to its player's PID."""
NOTICE_SENT: Final = PREFIX + "notice-sent:"
"""`contack:notice-sent:TABLE:PID`: when that table last mailed that player (it
expires a day after)."""


class RedisNoticeBook:
    """The notices of every server on the Redis at `url`."""

    def __init__(self, url: str, turns: Unshared = UNSHARED) -> None:
        self.client = client_for(url, TIMEOUT_S)
        self.turns = turns

    def read(self, pid: str) -> Subscription:
        with answering(self.turns):
            kept = self.client.hget(NOTICE_PLAYERS, pid)
        return NOBODY if kept is None else Subscription(**json.loads(str(kept)))

    def write(self, pid: str, subscription: Subscription) -> None:
        old = self.read(pid)
        with answering(self.turns), self.client.pipeline(transaction=True) as writing:
            if old.stop and old.stop != subscription.stop:
                writing.hdel(NOTICE_STOPS, old.stop)
            if subscription.stop:
                writing.hset(NOTICE_STOPS, subscription.stop, pid)
            writing.hset(NOTICE_PLAYERS, pid, json.dumps(asdict(subscription)))
            writing.execute()

    def stopped_by(self, token: str) -> str | None:
        with answering(self.turns):
            pid = self.client.hget(NOTICE_STOPS, token)
        return None if pid is None else str(pid)

    def sent_at(self, table: str, pid: str) -> float | None:
        with answering(self.turns):
            at = self.client.get(f"{NOTICE_SENT}{table}:{pid}")
        return None if at is None else float(str(at))

    def sent(self, table: str, pid: str, when: float) -> None:
        with answering(self.turns):
            self.client.set(f"{NOTICE_SENT}{table}:{pid}", repr(when), ex=int(DAY_S) + 60)
