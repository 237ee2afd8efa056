"""A key replaced on one server of a store, told to the others at once (docs/protocol.md
"Your key on any computer"): the server that replaced a player's keys publishes the
player on Redis's channel `contack:keys-replaced`; every server listens, and each of
its connections that said one of that player's replaced keys is nobody's from then on
(`no-player`), as the replacing server's own are. Pub/sub keeps nothing for a server
that does not listen: a server that subscribes again (Redis did not answer) looks at
every key its connections said, in one call, so that none replaced meanwhile is missed.
"""

from __future__ import annotations

import contextlib
import json
import sys
from functools import partial
from typing import Any, Final

from game.net.tables.redis_book import RedisBook
from game.net.tables.redis_store import PREFIX, TIMEOUT_S, answering, async_client_for, read_on
from game.net.tables.registry import Registry

CHANNEL: Final = PREFIX + "keys-replaced"
LISTEN_S: Final = 1.0
"""How long one read of the channel waits for a message."""


class KeyNews:
    """Tells the other servers on the Redis at `url` of the keys `registry`'s club
    replaces, and forgets the players of its connections whose keys they replaced."""

    def __init__(self, registry: Registry, url: str, book: RedisBook) -> None:
        self.registry = registry
        self.url = url
        self.book = book
        registry.club.keys.replaced = self.tell

    def tell(self, pid: str) -> None:
        """Player `pid`'s keys were replaced here (a failure only costs the other servers'
        connections their player at their next subscription)."""
        try:
            with answering(self.registry.turns):
                self.book.client.publish(CHANNEL, json.dumps({"player": pid}))
        except OSError as error:
            print(f"table server: cannot tell of a key replaced: {error}", file=sys.stderr)

    def look(self, pid: str | None) -> None:
        """Forget the player of each connection here that said a replaced key (`pid`: only
        that player's connections; None: every connection's)."""
        club = self.registry.club
        said = {
            follower: hashed
            for follower, hashed in club.said.items()
            if pid is None or club.player_of(follower) == pid
        }
        with contextlib.suppress(OSError):  # Redis does not answer: the next subscription looks
            replaced = self.book.replaced_among(said.values())
            club.forget(follower for follower, hashed in said.items() if hashed in replaced)

    def heard(self, message: dict[str, Any]) -> None:
        """Take in a message of the channel: a player's keys replaced, or this server's
        subscription, new or renewed (then every connection is looked at)."""
        if message["type"] == "subscribe":
            self.look(None)
        elif message["type"] == "message":
            player = json.loads(message["data"]).get("player")
            if isinstance(player, str):
                self.look(player)

    async def run(self) -> None:
        """Listen to the channel until cancelled."""
        client = async_client_for(self.url, LISTEN_S + TIMEOUT_S)
        listening = client.pubsub()
        try:
            await listening.subscribe(CHANNEL)
            read = partial(listening.get_message, timeout=LISTEN_S)
            async for heard in read_on(read, "listen for keys replaced"):
                if heard is not None:
                    await self.registry.turns.run(partial(self.heard, heard))
        finally:
            await listening.aclose()  # type: ignore[no-untyped-call]
            await client.aclose()
