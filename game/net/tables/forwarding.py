"""Each table held and played by one server only, its owner (`ownership.py`), when
several servers share one Redis (`--own-tables`): a server's memory and work grow with
its own tables, not the club's. (The socket side holds connections, the game side holds
games, Redis carries messages between them.)

- A message about a table another server owns is forwarded to it over Redis (`PUBLISH`
  on the owner's channel `contack:to:ID`, with the connection's number, address and
  player); the owner does it for a stand-in of that connection (`remote`), and the
  frames it sends that stand-in come back on this server's channel, batched, and go to
  the connection. Clients need no change: they reach any server.
- The lobby and `mine` are read from the summaries each owner writes of its tables
  (`summaries.py`): the whole club's on every server.
- A message about a table no live server owns takes it over here (`Leases.claim`), read
  from the store: its save and its journal, where every move was written before it was
  told, so nothing announced is lost; the connections here that followed it at its old
  owner are seated again at once.
- A server renews its lease (`ownership.py`); every `CHORES_S` it looks at whether the owners of the
  tables its connections follow elsewhere are alive, and when one is not (killed), it
  takes each such table over (or forwards to the server that did) and seats each
  connection again with its seat's token (learned from the `joined` frame it relayed):
  the connection hears `joined`, the view and the presence, as after a `rejoin`. Every
  `ORPHANS_S` it takes over a few tables that nobody owns (their owner died while no
  one followed them), so that their computers and their days a move go on.
- A write refused because the table is no longer this server's (its lease lapsed and
  another took the table over: `Disowned`), or a lease found lapsed, lets the table go:
  this server's connections at it are seated again at its new owner, and the servers of
  the others are told to do the same (`moved`).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import sys
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any, Final

from redis.exceptions import RedisError

from game.net.club_messages import Say
from game.net.messages import (
    NOT_SAVED,
    ClientMessage,
    Join,
    MoveRequest,
    Refused,
    Rejoin,
    StandIn,
    Watch,
    read_client_message,
    rejoin_frame,
    watch_frame,
)
from game.net.tables.keeping import not_saved
from game.net.tables.ownership import Leases
from game.net.tables.redis_store import (
    PREFIX,
    TIMEOUT_S,
    Disowned,
    RedisStore,
    alive_key,
    answering,
    async_client_for,
    read_on,
)
from game.net.tables.registry import Peer, Registry
from game.net.tables.summaries import Summaries
from game.net.tables.table import NetTable, code_key
from game.net.takeback_messages import TakebackAnswer, TakebackAsk
from game.rules.errors import RulesError

CHANNEL: Final = PREFIX + "to:"
"""The prefix of each server's channel: what is forwarded to it, and relayed back."""
CHORES_S: Final = 1.0
"""How often a server looks for dead servers' tables and connections."""
ORPHANS_S: Final = 10.0
"""How often a server looks for tables nobody owns."""
ORPHANS_AT_ONCE: Final = 100
"""How many tables nobody owns a server takes over at one look (the others are left to
the next look, or to another server)."""
RELAY_RETRY_S: Final = 0.1
"""How long frames for a live server that is not listening (Redis came back, it listens
again) wait before they are relayed again."""
LAPSED: Final = (
    "table server: this server's lease had lapsed (it or Redis stalled past lease_s): "
    "it lets go the tables another server took over meanwhile"
)
"""What the log says when the lease is found lapsed: moves sent meanwhile were refused
`not-saved`, and its players are seated again where their tables are."""
JOINED: Final = '{"type":"joined",'
"""How a `joined` frame begins (`replies.joined_frame`)."""

TABLE_MESSAGES: Final = (
    Join,
    Rejoin,
    Watch,
    MoveRequest,
    StandIn,
    Say,
    TakebackAsk,
    TakebackAnswer,
)
"""The messages about one table, done where the table is."""


@dataclass
class Followed:
    """A table a connection here follows at another server: its owner, and the seat's
    token ("": watching)."""

    owner: str
    token: str = ""


class Owned:
    """The registry's `elsewhere` when each table is owned by one server of `store`."""

    def __init__(self, registry: Registry, store: RedisStore) -> None:
        self.registry = registry
        self.store = store
        self.leases = Leases(store, registry.limits.lease_s)
        self.server = self.leases.server
        registry.elsewhere = self
        summaries = Summaries(store)
        registry.club.lobby.listing = summaries
        registry.club.places = summaries
        registry.stakes.holdings = summaries
        self._numbers = itertools.count(1)
        self.numbers: dict[Peer, int] = {}
        """The number of each connection here that has forwarded a message."""
        self.peers: dict[int, Peer] = {}
        self.followed: dict[int, dict[str, Followed]] = {}
        """For each such connection, the tables it follows at other servers."""
        self.remote: dict[tuple[str, int], Peer] = {}
        """The stand-ins of the connections of other servers at tables owned here."""
        self._waiting: dict[str, list[tuple[int, str]]] = {}
        """Frames to relay to each server's connections (the loop's)."""
        self._relayed = asyncio.Event()
        self._turns: dict[tuple[str, int], asyncio.Task[None]] = {}
        """The last work under way for each other server's connection."""
        self._next_orphans = 0.0
        self.lapsed = False
        """Whether the lease lapsed before it was last renewed (`chores` lets go the
        tables other servers took over meanwhile)."""

    def open(self) -> None:
        """Join the store's club and hold this server's lease."""
        self.store.join()
        self.leases.renew()

    # --- the registry's elsewhere ------------------------------------------------------

    def load(self, code: str) -> NetTable | None:
        """Take over open table `code` when no live server owns it (None: another does, or
        there is no such table)."""
        try:
            if self.leases.claim(code) != self.server:
                return None
            table = self.store.fetch(code)
        except OSError as error:
            raise not_saved(error) from None
        except RulesError as error:
            print(f"table server: cannot reopen table {code}: {error}", file=sys.stderr)
            return None
        if table is not None:
            table.deal_if_due()
            self.registry.adopt(table)
            self._seat_here(code)
        return table

    def again(self, work: Callable[[], None]) -> None:
        try:
            work()
        except Disowned as disowned:
            self._let_go(disowned.table)
            raise

    def forwards(self, peer: Peer, message: ClientMessage, text: str) -> bool:
        """Forward `message` to the owner of its table, when that is another server;
        whether it was (`Refused` when that owner does not listen: it died, and another
        takes the table over within seconds, or Redis came back and it listens again
        within a second)."""
        if not isinstance(message, TABLE_MESSAGES):
            return False
        code = message.table
        if code_key(code) in self.registry.tables:
            return False
        number = self._number(peer)
        follows = self.followed.setdefault(number, {})
        known = follows.get(code)
        try:
            owner = known.owner if known else self.leases.claim(code)
            if owner in ("", self.server):
                return False
            listened = self._forward(owner, number, peer, text)
        except OSError as error:
            raise not_saved(error) from None
        if isinstance(message, Rejoin):
            follows[code] = Followed(owner, message.token)
        elif isinstance(message, Watch) or (isinstance(message, Join) and listened):
            follows.setdefault(code, Followed(owner))
        if not listened and not isinstance(message, (Rejoin, Watch)):
            raise Refused(NOT_SAVED, "the table's server does not answer; try again in a moment")
        return True  # a rejoin or watch at a server gone is done where its table is taken over

    def gone(self, peer: Peer) -> None:
        """Connection `peer` closed: its stand-ins at other servers go too."""
        number = self.numbers.pop(peer, None)
        if number is None:
            return
        del self.peers[number]
        follows = self.followed.pop(number, {})
        for owner in {followed.owner for followed in follows.values()}:
            with contextlib.suppress(OSError):
                self._publish(owner, {"from": self.server, "peer": number, "gone": True})

    # --- forwarding --------------------------------------------------------------------

    def _number(self, peer: Peer) -> int:
        number = self.numbers.get(peer)
        if number is None:
            number = self.numbers[peer] = next(self._numbers)
            self.peers[number] = peer
        return number

    def _forward(self, owner: str, number: int, peer: Peer, text: str) -> bool:
        """Send frame `text` of connection `peer` to `owner`; whether it listened."""
        card = self.registry.club.players.get(peer)
        asked = {
            "from": self.server,
            "peer": number,
            "address": peer.address,
            "player": card.pid if card else "",
            "text": text,
        }
        return self._publish(owner, asked) > 0

    def _publish(self, server: str, body: dict[str, Any]) -> int:
        """Send `body` to `server`; how many listened (0: it is gone)."""
        with answering(self.store.turns):
            listened: int = self.store.client.publish(CHANNEL + server, json.dumps(body))
        return listened

    def _relay(self, server: str, number: int, frame: str) -> None:
        """Send `frame` to connection `number` of `server` (in the loop, in order)."""
        self._waiting.setdefault(server, []).append((number, frame))
        self._relayed.set()

    def heard(self, body: dict[str, Any]) -> list[Callable[[], None]]:
        """Take in what another server sent (in the loop): frames for connections here
        go to them; the work a forwarded message or a closed connection makes for the
        registry is returned, to be done in turn."""
        if "frames" in body:
            for number, frame in body["frames"]:
                peer = self.peers.get(number)
                if peer is not None:
                    if frame.startswith(JOINED):
                        self._seated(number, frame)
                    peer.send(frame)
            return []
        key = (str(body["from"]), int(body["peer"]))
        if "moved" in body:
            return [partial(self._moved, key[1], str(body["moved"]))]
        if body.get("gone"):
            remote = self.remote.pop(key, None)
            return [] if remote is None else [partial(self.registry.disconnect, remote)]
        remote = self.remote.get(key)
        if remote is None:
            send = self.registry.turns.in_loop(partial(self._relay, *key))
            remote = self.remote[key] = self.registry.connect(send, str(body["address"]))
        return [partial(self._serve, remote, str(body["player"]), str(body["text"]))]

    def take_waiting(self) -> dict[str, list[tuple[int, str]]]:
        """The frames waiting to be relayed, for each server (they wait no more)."""
        waiting, self._waiting = self._waiting, {}
        return waiting

    def _seated(self, number: int, frame: str) -> None:
        """Note the token of the seat a connection here took at another server."""
        joined = json.loads(frame)
        followed = self.followed.get(number, {}).get(joined["table"])
        if followed is not None:
            followed.token = joined["token"]

    def _serve(self, remote: Peer, player: str, text: str) -> None:
        """Do a message forwarded for `remote`, as the player its server knows (none: a
        connection nobody's since, as after its key was replaced there)."""
        club = self.registry.club
        card = club.players.get(remote)
        if not player:
            club.players.pop(remote, None)
        elif card is None or card.pid != player:
            with contextlib.suppress(OSError):
                found = club.book.card(player)
                if found is not None:
                    club.players[remote] = found
        self.registry.serve(remote, text)

    # --- taking over -------------------------------------------------------------------

    def _let_go(self, code: str) -> None:
        """Hold table `code` no more (another server owns it now): this server's
        connections at it are seated again there."""
        table = self.registry.tables.get(code_key(code))
        if table is None:
            return
        self.registry.forget(table)
        followers = table.followers()
        for (server, number), remote in list(self.remote.items()):
            if remote in followers:
                followers.discard(remote)
                remote.tables.discard(table.key)
                with contextlib.suppress(OSError):
                    self._publish(server, {"from": self.server, "peer": number, "moved": code})
        for peer in followers:
            assert isinstance(peer, Peer)  # a registry's followers are its connections
            peer.tables.discard(table.key)
            seat = next((s for s, holders in enumerate(table.holders) if peer in holders), None)
            token = table.tokens[seat] if seat is not None else None
            self._attach(peer, seat_again_frame(code, token))

    def _seat_here(self, code: str) -> None:
        """Seat again, at once, every connection here that followed table `code` at the
        server it was just taken over from: a move one sends before the chore would see
        that server dead would be refused (`not-your-seat`), and it would not hear the
        moves played meanwhile."""
        for number, follows in list(self.followed.items()):
            followed = follows.get(code)
            peer = self.peers.get(number)
            if followed is not None and followed.owner != self.server and peer is not None:
                self._attach(peer, seat_again_frame(code, followed.token))

    def _moved(self, number: int, code: str) -> None:
        """Table `code`, which connection `number` here followed elsewhere, is served by
        another server now: seat the connection again there."""
        followed = self.followed.get(number, {}).get(code)
        peer = self.peers.get(number)
        if followed is not None and peer is not None:
            self._attach(peer, seat_again_frame(code, followed.token))

    def _attach(self, peer: Peer, frame: str) -> None:
        """Do `frame` (a rejoin or a watch) for `peer`: at the table's owner, or here."""
        self.followed.get(self.numbers.get(peer, 0), {}).pop(read_code(frame), None)
        with self.registry.turns.apart():
            try:
                if not self.forwards(peer, read_client_message(frame), frame):
                    self.registry.serve(peer, frame)
            except Refused as refused:
                logging.getLogger(__name__).info("table server: %s", refused.message)

    def chores(self) -> None:
        """After a lapsed lease, let go the tables taken over meanwhile; let go the
        stand-ins of the connections of servers that died (their seats show away), take
        over the tables followed here whose owners died, and now and then the tables
        nobody owns."""
        if self.lapsed:
            self.lapsed = False
            held = [table.code for table in self.registry.tables.values()]
            for code in set(held) - self.leases.mine(held):
                self._let_go(code)
        owners = {f.owner for follows in self.followed.values() for f in follows.values()}
        others = {server for server, _ in list(self.remote)}  # the loop adds to it meanwhile
        dead = (owners | others) - self.leases.alive(owners | others)
        for key in [key for key in list(self.remote) if key[0] in dead]:
            self.registry.disconnect(self.remote.pop(key))
        for number, follows in list(self.followed.items()):
            for code, followed in list(follows.items()):
                peer = self.peers.get(number)  # gone meanwhile, while this waited on Redis
                seated = follows.get(code) is not followed  # here, as its table was taken over
                if followed.owner in dead and peer is not None and not seated:
                    self._attach(peer, seat_again_frame(code, followed.token))
        now = self.registry.clock()
        if now >= self._next_orphans:
            self._next_orphans = now + ORPHANS_S
            self._adopt_orphans()

    def _adopt_orphans(self) -> None:
        turns = self.registry.turns
        for code in self.leases.orphans(ORPHANS_AT_ONCE):
            with turns.apart(), contextlib.suppress(Refused):
                turns.take(code_key(code))
                if code_key(code) not in self.registry.tables:
                    table = self.load(code)
                    if table is not None:
                        self.registry.computers.let_play(table)

    # --- the tasks ---------------------------------------------------------------------

    async def run(self) -> None:
        """Listen to this server's channel, relay frames to the others, and do the chores,
        until cancelled (then give up the lease)."""
        tasks = [self._listen(), self._relaying(), self._renewing()]
        running = [asyncio.create_task(task) for task in tasks]
        try:
            while True:
                try:
                    await self.registry.turns.run(self.chores)
                except OSError:
                    pass  # Redis does not answer: the listener says so, and this tries again
                except Exception:
                    logging.getLogger(__name__).exception("table server: a chore failed")
                await asyncio.sleep(CHORES_S)
        finally:
            for task in running:
                task.cancel()
            with contextlib.suppress(OSError):
                self.leases.release()

    async def _renewing(self) -> None:
        """Renew the lease, in the loop itself: never late behind the
        registry's work, however much of it waits."""
        client = async_client_for(self.store.url, TIMEOUT_S)
        try:
            while True:
                try:
                    if not await self.leases.renewed(client):
                        self.lapsed = True
                        logging.getLogger(__name__).warning(LAPSED)
                except (RedisError, OSError):
                    pass  # Redis does not answer: the listener says so, and this tries again
                await asyncio.sleep(self.leases.renew_s)
        finally:
            await client.aclose()

    async def _listen(self) -> None:
        client = async_client_for(self.store.url, CHORES_S + TIMEOUT_S)
        listening = client.pubsub(ignore_subscribe_messages=True)
        try:
            await listening.subscribe(CHANNEL + self.server)
            listen = partial(listening.get_message, timeout=CHORES_S)
            async for heard in read_on(listen, "listen to the store"):
                if heard is None:
                    continue
                body = json.loads(heard["data"])
                for work in self.heard(body):
                    self._in_turn((str(body["from"]), int(body["peer"])), work)
        finally:
            await listening.aclose()  # type: ignore[no-untyped-call]
            await client.aclose()

    def _in_turn(self, key: tuple[str, int], work: Callable[[], None]) -> None:
        """Do `work` for another server's connection `key` once its work before is done:
        each connection's messages in order, as its server sent them, while the others'
        go on meanwhile (done one after another, every forwarded move waited for all
        those before it)."""
        before = self._turns.get(key)
        turn = asyncio.create_task(self._after(before, work))
        self._turns[key] = turn
        turn.add_done_callback(partial(self._done, key))

    def _done(self, key: tuple[str, int], turn: asyncio.Task[None]) -> None:
        if self._turns.get(key) is turn:  # nothing for that connection came since
            del self._turns[key]

    async def _after(self, before: asyncio.Task[None] | None, work: Callable[[], None]) -> None:
        if before is not None:
            await asyncio.wait([before])
        try:
            await self.registry.turns.run(work)
        except Exception:
            logging.getLogger(__name__).exception("table server: forwarded work")

    async def _relaying(self) -> None:
        """Publish the frames waiting for each server's connections, in order; those
        Redis did not take wait for it, ahead of those that come meanwhile (a frame lost
        would leave a client's copy of its table behind)."""
        client = async_client_for(self.store.url, TIMEOUT_S)
        try:
            while True:
                await self._relayed.wait()
                self._relayed.clear()
                for server, frames in self.take_waiting().items():
                    try:
                        body = json.dumps({"frames": frames})
                        if await client.publish(CHANNEL + server, body):
                            continue
                        if not await client.exists(alive_key(server)):
                            continue  # it died: its connections are gone
                    except (RedisError, OSError) as error:
                        print(f"table server: cannot relay frames: {error}", file=sys.stderr)
                    self._waiting[server] = frames + self._waiting.get(server, [])
                    self._relayed.set()
                    await asyncio.sleep(RELAY_RETRY_S)  # it listens again within a second
        finally:
            await client.aclose()


def seat_again_frame(code: str, token: str | None) -> str:
    """The frame that seats a connection again at table `code`: a rejoin with its seat's
    `token`, or a watch (none: it watched)."""
    return rejoin_frame(code, token) if token else watch_frame(code)


def read_code(frame: str) -> str:
    """The table a rejoin or watch frame names."""
    return str(json.loads(frame)["table"])
