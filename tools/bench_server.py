"""Benchmarks of the table server, each against `python -m game.server --port 0` in a
temporary folder; the bots share this machine with the server, so the figures are the
server's and the bots' together. The last line is one JSON object.

    nice -n 19 python tools/bench_server.py [--tables 50] [--seconds 20] [--think-ms 500]
                                            [--store redis --servers 2 [--kill]]
                                            [--bot-processes 4] [--quiet-bots]

Load: opens `--tables` tables and seats four bot connections at each (each table's bots
connect from their own loopback network, 127.x.y.1, as friends would from their homes,
so the server's limits per network apply as they would). The seat to act waits a random
think time (0 to twice `--think-ms`), then sends its first legal move, known from the
server's messages alone (a `TableMirror` per table). Measured: the time from a move sent
to each of the other three connections receiving it, over `--seconds` of play: moves,
moves_per_s, latency p50/p99/max in ms, the server's resident memory before the tables,
at the end and per table. Where the latency's tail comes from, over the same seconds
(tools/loop_watch.py): each process's CPU time, how late its loop wakes (p50, p99,
largest) and its garbage collector's passes (how many, the full ones, the longest), for
the bots (`bots_...`) and each server (`servers_loop`, one that was killed left out),
and the servers' CPU time per move played.

With `--store redis --servers N`, N servers share a Redis of their own (its memory is
counted apart) and each table is created on one and its seats spread over all of them;
`--own-tables` runs them each owning the tables created on it (the others forward their
bots' messages to it). Each server's resident memory is given too (`server_rss_mb_each`).
`--bot-processes N` spreads the bots over N processes, each table's four in one (each
its own loop; the latencies are merged, and the bots' figures are the processes' summed
CPU and collector passes and the largest of the rest, each process's in `bots_each`);
`--quiet-bots` freezes the bots' objects and turns their collector off while measuring
(the bots are the harness: their pauses are not the servers').
`--kill` (one bots' process) kills the first server with SIGKILL halfway through: its
bots take their seats back on another with their tokens. Measured too: the time from the
kill until every one of them has its view again, and the moves announced to any bot that
the table in Redis does not hold at the end (lost).

With `--redis-sleep SECONDS` (and `--store redis`), Redis is sent `DEBUG SLEEP SECONDS`
halfway through: measured too, a lobby asked for on a new connection half a second into
the sleep (from connecting to its answer, `lobby_ms_in_sleep`) and the servers' loops' longest
lateness over the run, the sleep within it (`redis_sleep_loop_ms_max`).

    nice -n 19 python tools/bench_server.py --never-read 100 [--seconds 60]

A table of a seat a bot plays at once and six random computers (a stream of moves, and a
view at each deal that grows with the game), watched by `--never-read` clients that ask
for five views each and then never read (each from its own network, with a small
receive buffer and no pings of its own, which would end it when unanswered). Measured:
the server's resident memory every second (start, largest, end) and how many of those
clients it dropped.

    nice -n 19 python tools/bench_server.py --hostile 8 [--exchanges 40]

A friends' table (a seat and a greedy computer) measures its computer's reply time (from
the seat's move sent to the computer's move received) over `--exchanges` replies, first
on an idle server, then beside `--hostile` self-playing tables, each a seat played at
once and six masters, each from its own network, whose names sort before the friends'
(127.1.N.0/24 before 127.2.0.0/24: ties once went to the smaller name): p50/p99/max in ms
of both, and the ratio of the p50s.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import multiprocessing
import random
import socket
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from functools import partial
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from game.collector import Collector
from game.net.messages import create_frame, join_frame, move_frame, rejoin_frame, watch_frame
from game.net.mirror import TableMirror
from game.net.replies import MoveMessage, TableView, read_server_message
from game.net.tables.redis_store import RedisStore
from game.rules.modes import Mode
from game.rules.record.entries import move_to_entry
from game.server import COLLECTOR_GROWTH, settling
from tools.club_servers import Servers, resident_mb, start_servers
from tools.loop_watch import LoopWatch

SEATS = 4
OPEN_TIMEOUT_S = 120.0
"""How long a bot may wait to be connected (16,000 bots seated at once, 20 tables at a
time, took longer than websockets' 10 s on this shared machine)."""


def network(number: int, first: int) -> str:
    """A loopback address of network `number` of those from 127.`first`.0.0 on (each
    /24 is one network to the server's limits)."""
    return f"127.{first + number // 256}.{number % 256}.1"


@dataclass
class Table:
    """One table's four bot connections and their shared view of the position."""

    number: int
    code: str = ""
    connections: dict[int, ClientConnection] = field(default_factory=dict)
    tokens: dict[int, str] = field(default_factory=dict)
    servers: dict[int, int] = field(default_factory=dict)
    """The server each seat's bot is connected to."""
    announced: dict[tuple[int, int], Any] = field(default_factory=dict)
    mirror: TableMirror | None = None
    sent: dict[tuple[int, int], float] = field(default_factory=dict)
    changed: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def source(self) -> str:
        return network(self.number, 1)


class Bench:
    def __init__(self, addresses: list[str], think_s: float, rng: random.Random) -> None:
        self.addresses = addresses
        self.think_s = think_s
        self.rng = rng
        self.latencies: list[float] = []
        self.moves = 0
        self.measuring = False
        self.dead: set[int] = set()
        """The servers killed."""
        self.killed_at = 0.0
        self.back_s: list[float] = []
        """For each bot of a killed server: from the kill to its view on another."""

    async def connect(self, table: Table, server: int) -> ClientConnection:
        address = self.addresses[server]
        return await connect(  # seating thousands of bots on a loaded machine: waits long
            address, max_size=2**24, local_addr=(table.source, 0), open_timeout=OPEN_TIMEOUT_S
        )

    async def seat(self, table: Table) -> None:
        """Create the table and seat its four bots (spread over the servers)."""
        servers = len(self.addresses)
        host = await self.connect(table, table.number % servers)
        await host.send(create_frame(["remote"] * SEATS, {"hands": 1000}))
        table.code = json.loads(await host.recv())["table"]
        await host.close()
        for number in range(SEATS):
            server = (table.number + number) % servers
            connection = await self.connect(table, server)
            await connection.send(join_frame(table.code, "bot"))
            joined = json.loads(await connection.recv())
            if joined["type"] != "joined":
                raise RuntimeError(f"a bot was not seated: {joined}")
            seat = joined["seat"]
            table.connections[seat], table.servers[seat] = connection, server
            table.tokens[seat] = joined["token"]

    async def listen(self, table: Table, seat: int) -> None:
        """Follow the table on `seat`'s connection; when its server is gone, take the
        seat back on another."""
        while True:
            with contextlib.suppress(ConnectionClosed):
                await self._follow(table, seat)
            if table.servers[seat] not in self.dead:
                return
            await self._come_back(table, seat)

    async def _come_back(self, table: Table, seat: int) -> None:
        server = next(n for n in range(len(self.addresses)) if n not in self.dead)
        connection = await self.connect(table, server)
        await connection.send(rejoin_frame(table.code, table.tokens[seat]))
        while json.loads(await connection.recv())["type"] != "view":
            pass
        self.back_s.append(time.perf_counter() - self.killed_at)
        table.connections[seat], table.servers[seat] = connection, server
        table.changed.set()  # a move sent to the dead server is sent again

    async def _follow(self, table: Table, seat: int) -> None:
        """Note each move's arrival; the table's first bot to hear of a move plays it on
        the table's mirror (a bot's work per frame is a JSON parse, so that the bots'
        own backlog adds little to the latency measured)."""
        async for text in table.connections[seat]:
            arrived = time.perf_counter()
            data = json.loads(text)
            if data["type"] == "move":
                position = (data["hand"], data["index"])
                table.announced[position] = data["move"]
                sent = table.sent.get(position)
                if sent is not None and data["move"]["player"] != seat and self.measuring:
                    self.latencies.append(arrived - sent)
                mirror = table.mirror
                if mirror is not None and position == next_position(mirror):
                    message = read_server_message(text)
                    assert isinstance(message, MoveMessage)
                    mirror.play(message)
                    self.moves += self.measuring
                    table.changed.set()
            elif data["type"] == "view":
                message = read_server_message(text)
                assert isinstance(message, TableView)
                hands = message.record.hand_count
                if table.mirror is None or table.mirror.recorded.record.hand_count < hands:
                    table.mirror = TableMirror(message.record)
                table.changed.set()  # a move refused while a table was taken over: again

    async def play(self, table: Table) -> None:
        """Send the move of the seat to act after its think time, each time it changes."""
        while True:
            await table.changed.wait()
            table.changed.clear()
            mirror = table.mirror
            if mirror is None or mirror.state.hand_over:
                continue
            state = mirror.state
            position = next_position(mirror)
            entry = move_to_entry(Mode.TABLE, mirror.legal_moves()[0], state.current)
            await asyncio.sleep(self.rng.uniform(0, 2 * self.think_s))
            table.sent[position] = time.perf_counter()
            with contextlib.suppress(ConnectionClosed):  # its server was killed
                await table.connections[state.current].send(move_frame(table.code, entry))


def next_position(mirror: TableMirror) -> tuple[int, int]:
    """The hand and index of the table's next move."""
    return mirror.recorded.record.hand_count - 1, len(mirror.state.moves)


def lost(url: str, tables: list[Table]) -> int:
    """The moves announced to a bot that the tables in Redis do not hold as announced."""
    store = RedisStore(url)
    count = 0
    for table in tables:
        kept = store.fetch(table.code)
        hands = kept.record.hands if kept is not None else ()
        for (hand, index), move in table.announced.items():
            moves = hands[hand].moves if hand < len(hands) else ()
            count += index >= len(moves) or moves[index].entry(Mode.TABLE) != move
    return count


async def put_to_sleep(url: str, seconds: float) -> asyncio.StreamReader:
    """Send the Redis at `url` `DEBUG SLEEP seconds` (once it has taken the connection
    in); what reads its answer, once it wakes."""
    host, port = url.removeprefix("redis://").split("/")[0].rsplit(":", 1)
    reader, writer = await asyncio.open_connection(host, int(port))
    writer.write(b"PING\r\n")
    await reader.readline()
    writer.write(f"DEBUG SLEEP {seconds}\r\n".encode())
    await writer.drain()
    return reader


async def lobby_ms(address: str) -> float:
    """How long a lobby takes to come, in ms, from connecting to ask for it."""
    asked = time.perf_counter()
    async with connect(address) as looker:
        await looker.send(json.dumps({"type": "lobby", "follow": False}))
        await looker.recv()
        return round(1000 * (time.perf_counter() - asked), 2)


async def asleep(servers: Servers, seconds: float) -> dict[str, Any]:
    """Redis asleep `seconds`: a lobby asked for half a second into it, in ms."""
    assert servers.redis is not None, "--redis-sleep needs --store redis"
    waking = await put_to_sleep(servers.redis.url, seconds)
    await asyncio.sleep(0.5)
    lobby = await lobby_ms(servers.addresses[0])
    await waking.readline()
    return {"redis_sleep_s": seconds, "lobby_ms_in_sleep": lobby}


async def seated_bots(
    addresses: list[str], numbers: list[int], think_s: float, seed: int
) -> tuple[Bench, list[Table], list[asyncio.Task[None]]]:
    """Tables `numbers` created and their bots seated (20 tables at a time), each bot
    following its table and the seat to act playing it."""
    bench = Bench(addresses, think_s, random.Random(seed))
    tables = [Table(number) for number in numbers]
    for start in range(0, len(tables), 20):
        await asyncio.gather(*(bench.seat(table) for table in tables[start : start + 20]))
    tasks = [
        asyncio.create_task(bench.listen(table, seat)) for table in tables for seat in range(SEATS)
    ]
    tasks += [asyncio.create_task(bench.play(table)) for table in tables]
    return bench, tables, tasks


def collector_off() -> None:
    """The bots' objects frozen and their collector off (while measuring: the bots are the
    harness, their pauses are not the server's)."""
    gc.collect()
    gc.freeze()
    gc.disable()


async def close(tasks: list[asyncio.Task[None]], tables: list[Table]) -> None:
    for task in tasks:
        task.cancel()
    for table in tables:
        for connection in table.connections.values():
            await connection.close()


async def run(
    servers: Servers,
    tables: int,
    seconds: float,
    think_s: float,
    kill: bool,
    sleep_s: float = 0.0,
    quiet_bots: bool = False,
) -> dict[str, Any]:
    bench, all_tables, tasks = await seated_bots(
        servers.addresses, list(range(tables)), think_s, 28
    )
    # the bots' own collector as a server's, so that what is measured is not their pauses
    collecting = asyncio.create_task(settling(Collector(COLLECTOR_GROWTH)))
    tasks.append(collecting)
    await asyncio.sleep(min(5.0, seconds / 4))  # warm up: every table under way
    if quiet_bots:
        collecting.cancel()
        collector_off()
    watch = LoopWatch()
    watch.start()
    watch.begin()
    servers.measure()
    bench.measuring = True
    started = time.perf_counter()
    halfway = time.perf_counter() + seconds / 2
    slept = {}
    if kill or sleep_s:
        await asyncio.sleep(seconds / 2)
    if kill:
        servers.processes[0].kill()
        bench.dead.add(0)
        bench.killed_at = time.perf_counter()
    if sleep_s:
        slept = await asleep(servers, sleep_s)
    await asyncio.sleep(max(0.0, halfway + seconds / 2 - time.perf_counter()))
    bench.measuring = False
    servers.measure(False)
    watch.end()
    watch.stop()
    elapsed = time.perf_counter() - started
    await close(tasks, all_tables)
    killed = {}
    if kill and servers.redis is not None:
        back = sorted(bench.back_s) or [0.0]
        killed = {
            "bots_back": len(bench.back_s),
            "back_s_max": round(back[-1], 2),
            "moves_lost": lost(servers.redis.url, all_tables),
        }
    return {
        "tables": tables,
        **played(bench.moves, bench.latencies, elapsed),
        **killed,
        **slept,
        **watch.figures("bots_"),
    }


def played(moves: int, latencies: list[float], elapsed: float) -> dict[str, Any]:
    """The moves played and the latencies' p50, p99 and largest, in ms."""
    ordered = sorted(latencies) or [0.0]

    def ms(share: float) -> float:
        return round(1000 * ordered[min(len(ordered) - 1, int(share * len(ordered)))], 2)

    return {
        "moves": moves,
        "moves_per_s": round(moves / elapsed, 1),
        "deliveries": len(latencies),
        "latency_ms_p50": ms(0.50),
        "latency_ms_p99": ms(0.99),
        "latency_ms_max": ms(1.0),
    }


def bot_process(
    addresses: list[str],
    numbers: list[int],
    think_s: float,
    quiet: bool,
    pipe: Connection,
) -> None:
    """One bots' process of `run_spread`: seats tables `numbers`, says "seated", measures
    from "begin" to "end", then sends its moves, latencies and loop figures."""
    asyncio.run(_bot_share(addresses, numbers, think_s, quiet, pipe))


async def _bot_share(
    addresses: list[str], numbers: list[int], think_s: float, quiet: bool, pipe: Connection
) -> None:
    bench, tables, tasks = await seated_bots(addresses, numbers, think_s, 28 + numbers[0])
    collecting = asyncio.create_task(settling(Collector(COLLECTOR_GROWTH)))
    tasks.append(collecting)
    pipe.send("seated")
    await asyncio.to_thread(pipe.recv)  # begin
    if quiet:
        collecting.cancel()
        collector_off()
    watch = LoopWatch()
    watch.start()
    watch.begin()
    bench.measuring = True
    await asyncio.to_thread(pipe.recv)  # end
    bench.measuring = False
    watch.end()
    watch.stop()
    pipe.send((bench.moves, bench.latencies, watch.figures("bots_")))
    await close(tasks, tables)


SUMMED = ("bots_cpu_s", "bots_gc_passes", "bots_gc_full_passes", "bots_gc_cpu_ms_total")


def merged(each: list[dict[str, Any]]) -> dict[str, Any]:
    """The bots' processes' loop figures as one: CPU time and passes summed, the others
    the largest of any process; and each process's (`bots_each`)."""
    figures = {
        name: round(sum(one[name] for one in each), 2)
        if name in SUMMED
        else max(one[name] for one in each)
        for name in each[0]
    }
    return {**figures, "bots_each": each}


async def run_spread(
    servers: Servers,
    tables: int,
    seconds: float,
    think_s: float,
    processes: int,
    sleep_s: float = 0.0,
    quiet_bots: bool = False,
) -> dict[str, Any]:
    """`run` with the tables' bots spread over `processes` processes, each table's four
    bots in one (so that a latency is a send and a receive in one process)."""
    spawning = multiprocessing.get_context("spawn")
    pipes, workers = [], []
    for share in range(processes):
        ours, theirs = spawning.Pipe()
        numbers = list(range(share, tables, processes))
        worker = spawning.Process(
            target=bot_process,
            args=(servers.addresses, numbers, think_s, quiet_bots, theirs),
        )
        worker.start()
        pipes.append(ours)
        workers.append(worker)
    for pipe in pipes:
        await asyncio.to_thread(pipe.recv)  # seated
    await asyncio.sleep(min(5.0, seconds / 4))  # warm up: every table under way
    for pipe in pipes:
        pipe.send("begin")
    servers.measure()
    started = time.perf_counter()
    slept = {}
    if sleep_s:
        await asyncio.sleep(seconds / 2)
        slept = await asleep(servers, sleep_s)
    await asyncio.sleep(max(0.0, started + seconds - time.perf_counter()))
    for pipe in pipes:
        pipe.send("end")
    servers.measure(False)
    elapsed = time.perf_counter() - started
    results = [await asyncio.to_thread(pipe.recv) for pipe in pipes]
    for worker in workers:
        worker.join()
    latencies = [latency for _, share, _ in results for latency in share]
    return {
        "tables": tables,
        "bot_processes": processes,
        **played(sum(moves for moves, _, _ in results), latencies, elapsed),
        **slept,
        **merged([figures for _, _, figures in results]),
    }


class SeatBot:
    """One connection holding one seat of one table and playing it (its first legal move,
    after `PAUSE_S`: no faster than a connection may send), knowing the position from the
    server's messages alone; it notes how long the next seat took to answer each of its
    moves (from the move sent). A refused move is sent again a second later."""

    PAUSE_S = 0.06

    def __init__(self, connection: ClientConnection, code: str) -> None:
        self.connection = connection
        self.code = code
        self.seat = -1
        self.mirror: TableMirror | None = None
        self.sent: tuple[tuple[int, int], float] | None = None
        self.replies: list[float] = []

    @classmethod
    async def seated(cls, url: str, source: str, seats: list[str]) -> SeatBot:
        """A new table of `seats` (the first remote) opened and joined from `source`."""
        connection = await connect(url, max_size=2**24, local_addr=(source, 0))
        code = ""
        while not code:  # the network's attempts may run out: wait for the next
            await connection.send(create_frame(seats, {"hands": 1000}))
            code = json.loads(await connection.recv()).get("table", "")
            if not code:
                await asyncio.sleep(2.1)
        bot = cls(connection, code)
        await connection.send(join_frame(code, "bot"))
        return bot

    async def run(self) -> None:
        async for text in self.connection:
            arrived = time.perf_counter()
            message = read_server_message(text)
            data = json.loads(text)
            if data["type"] == "joined":
                self.seat = data["seat"]
            elif data["type"] == "error":
                await asyncio.sleep(1.0)
                self.sent = None
            elif isinstance(message, TableView):
                self.mirror = TableMirror(message.record)
            elif isinstance(message, MoveMessage) and self.mirror is not None:
                if self.sent is not None and message.move.player != self.seat:
                    self.replies.append(arrived - self.sent[1])
                    self.sent = None
                self.mirror.play(message)
            await self.move_if_mine()

    async def move_if_mine(self) -> None:
        mirror = self.mirror
        if mirror is None or mirror.state.hand_over or mirror.state.current != self.seat:
            return
        position = (mirror.recorded.record.hand_count, len(mirror.state.moves))
        if self.sent is None or self.sent[0] != position:
            await asyncio.sleep(self.PAUSE_S)
            self.sent = (position, time.perf_counter())
            entry = move_to_entry(Mode.TABLE, mirror.legal_moves()[0], self.seat)
            await self.connection.send(move_frame(self.code, entry))

    async def replies_ms(self, count: int) -> list[float]:
        """The next `count` reply times, in ms, sorted."""
        start = len(self.replies)
        while len(self.replies) < start + count:
            await asyncio.sleep(0.05)
        return sorted(1000 * reply for reply in self.replies[start : start + count])


def summary(name: str, values: list[float]) -> dict[str, float]:
    """p50, p99 and the largest of sorted `values`, in ms."""

    def at(share: float) -> float:
        return round(values[min(len(values) - 1, int(share * len(values)))], 2)

    return {f"{name}_p50": at(0.5), f"{name}_p99": at(0.99), f"{name}_max": round(values[-1], 2)}


async def beside_hostile_tables(url: str, hostile: int, exchanges: int) -> dict[str, Any]:
    """A friends' table's computer reply times, idle then beside `hostile` tables."""
    friend = await SeatBot.seated(url, network(0, 2), ["remote", "ai:greedy"])
    tasks = [asyncio.create_task(friend.run())]
    await friend.replies_ms(5)  # the worker process started
    idle = await friend.replies_ms(exchanges)
    for number in range(hostile):  # each a seat played at once and six masters
        bot = await SeatBot.seated(url, network(number, 1), ["remote"] + ["ai:master"] * 6)
        tasks.append(asyncio.create_task(bot.run()))
    await asyncio.sleep(2.0)  # every master thinking
    busy = await friend.replies_ms(exchanges)
    for task in tasks:
        task.cancel()
    return {
        "hostile_tables": hostile,
        "exchanges": exchanges,
        **summary("idle_reply_ms", idle),
        **summary("hostile_reply_ms", busy),
        "p50_ratio": round(busy[len(busy) // 2] / idle[len(idle) // 2], 2),
    }


def kept_from(url: str, first: int) -> int:
    """How many connections from the networks of 127.`first`.0.0 on the server at `url`
    still keeps open (its side's state in Linux's /proc/net/tcp; 0 elsewhere)."""
    port = int(url.rsplit(":", 1)[1])
    try:
        rows = Path("/proc/net/tcp").read_text().splitlines()[1:]
    except OSError:
        return 0
    count = 0
    for row in rows:
        local, remote, state = row.split()[1:4]
        peer = socket.inet_ntoa(bytes.fromhex(remote.split(":")[0])[::-1])
        if state == "01" and int(local.split(":")[1], 16) == port:
            count += int(peer.split(".")[1]) >= first
    return count


async def never_reading(
    url: str, clients: int, seconds: float, rss: Callable[[], float]
) -> dict[str, Any]:
    """The server's memory while `clients` follow a busy table and never read."""
    busy = await SeatBot.seated(url, network(0, 4), ["remote"] + ["ai:random"] * 6)
    playing = asyncio.create_task(busy.run())
    before = rss()
    lazy = []
    for number in range(clients):
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.bind((network(number, 5), 0))
        host, port = url.removeprefix("ws://").rsplit(":", 1)
        sock.connect((host, int(port)))
        connection = await connect(
            url, sock=sock, compression=None, max_queue=1, ping_interval=None
        )
        for _ in range(5):
            await connection.send(watch_frame(busy.code))
        lazy.append(connection)
    samples = []
    for _ in range(int(seconds)):
        await asyncio.sleep(1.0)
        samples.append(rss())
    playing.cancel()
    return {
        "never_reading_clients": clients,
        "seconds": seconds,
        "hands_played": busy.mirror.recorded.record.hand_count if busy.mirror else 0,
        "server_rss_mb_start": round(before, 1),
        "server_rss_mb_max": round(max(samples), 1),
        "server_rss_mb_end": round(samples[-1], 1),
        "clients_dropped": clients - kept_from(url, 5),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--think-ms", type=float, default=500.0)
    parser.add_argument("--never-read", type=int, default=0, metavar="CLIENTS")
    parser.add_argument("--hostile", type=int, default=0, metavar="TABLES")
    parser.add_argument("--exchanges", type=int, default=40)
    parser.add_argument("--store", choices=["files", "redis"], default="files")
    parser.add_argument("--servers", type=int, default=1)
    parser.add_argument("--kill", action="store_true", help="kill the first server halfway")
    parser.add_argument(
        "--own-tables", action="store_true", help="each table held by one server (--store redis)"
    )
    parser.add_argument(
        "--limit", action="append", default=[], metavar="NAME=VALUE", help="a server's limit"
    )
    parser.add_argument(
        "--bot-processes", type=int, default=1, metavar="N", help="the bots over N processes"
    )
    parser.add_argument(
        "--quiet-bots", action="store_true", help="the bots' collector off while measuring"
    )
    parser.add_argument(
        "--redis-sleep", type=float, default=0.0, metavar="SECONDS", help="Redis asleep halfway"
    )
    args = parser.parse_args()
    if args.kill and args.bot_processes > 1:
        parser.error("--kill takes its bots in one process (--bot-processes 1)")
    with tempfile.TemporaryDirectory() as folder:
        more = ["--own-tables"] if args.own_tables else []
        more += [option for limit in args.limit for option in ("--limit", limit)]
        servers = start_servers(Path(folder), args.store, args.servers, more)
        try:
            address, pid = servers.addresses[0], servers.processes[0].pid
            before, redis_before = servers.servers_mb(), servers.redis_mb()
            each_before = servers.each_mb()
            bench: Awaitable[dict[str, Any]]
            if args.never_read:
                rss = partial(resident_mb, pid)
                bench = never_reading(address, args.never_read, args.seconds, rss)
            elif args.hostile:
                bench = beside_hostile_tables(address, args.hostile, args.exchanges)
            else:
                think_s = args.think_ms / 1000
                if args.bot_processes > 1:
                    bench = run_spread(
                        servers,
                        args.tables,
                        args.seconds,
                        think_s,
                        args.bot_processes,
                        args.redis_sleep,
                        args.quiet_bots,
                    )
                else:
                    bench = run(
                        servers,
                        args.tables,
                        args.seconds,
                        think_s,
                        args.kill,
                        args.redis_sleep,
                        args.quiet_bots,
                    )
            figures = asyncio.run(bench)
            after, redis_after = servers.servers_mb(), servers.redis_mb()
            each_after = servers.each_mb()
        finally:
            loops = servers.stop()
    if not args.never_read and not args.hostile:
        tables = max(1, args.tables)
        figures["servers"] = args.servers
        figures["server_rss_mb_start"] = round(before, 1)
        figures["server_rss_mb_end"] = round(after, 1)
        figures["server_rss_mb_each"] = [round(mb, 1) for mb in each_after]
        figures["server_rss_mb_each_start"] = [round(mb, 1) for mb in each_before]
        figures["own_tables"] = args.own_tables
        figures["limits"] = args.limit
        if not args.kill:  # after a kill, one server fewer
            figures["server_kb_per_table"] = round(1024 * (after - before) / tables, 1)
        if servers.redis is not None:
            figures["redis_kb_per_table"] = round(1024 * (redis_after - redis_before) / tables, 1)
        figures["servers_loop"] = loops
        if args.redis_sleep:
            lateness = max((loop["lag_ms_max"] for loop in loops), default=0.0)
            figures["redis_sleep_loop_ms_max"] = lateness
        cpu_s = sum(loop["cpu_s"] for loop in loops)
        figures["servers_cpu_ms_per_move"] = round(1000 * cpu_s / max(1, figures["moves"]), 3)
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
