"""Load benchmark of the table server: N tables of four remote seats played by bots.

    nice -n 19 python tools/bench_server.py [--tables 50] [--seconds 20] [--think-ms 500]

Starts `python -m game.server --port 0` in a temporary folder, opens `--tables` tables,
and seats four bot connections at each (each table's bots connect from their own
loopback address, 127.1.x.y, as four friends would from their own computers, so the
server's limit on join attempts per address applies as it would). The seat to act waits
a random think time (0 to twice `--think-ms`), then sends its first legal move, known
from the server's messages alone (a `TableMirror` per table). Measured: the time from a
move sent to each of the other three connections receiving it, over `--seconds` of play.
The bots share this machine with the server, so the figures are the server's and the
bots' together. The last line is one JSON object: tables, moves, moves_per_s, latency
p50/p99/max in ms, the server's resident memory before the tables and at the end, and
per table.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from websockets.asyncio.client import ClientConnection, connect

from game.net.messages import create_frame, join_frame, move_frame
from game.net.mirror import TableMirror
from game.net.replies import MovePlayed, TableView, read_server_message
from game.rules.record_moves import TABLE, move_to_entry

ROOT = Path(__file__).resolve().parents[1]
SEATS = 4


def resident_mb(pid: int) -> float:
    """The resident memory of process `pid` in MB (Linux; 0 elsewhere)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0.0
    line = next((row for row in status.splitlines() if row.startswith("VmRSS:")), "VmRSS: 0 kB")
    return int(line.split()[1]) / 1024


@dataclass
class Table:
    """One table's four bot connections and their shared view of the position."""

    number: int
    code: str = ""
    connections: dict[int, ClientConnection] = field(default_factory=dict)
    mirror: TableMirror | None = None
    sent: dict[tuple[int, int], float] = field(default_factory=dict)
    changed: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def source(self) -> str:
        return f"127.1.{self.number // 250}.{self.number % 250 + 1}"


class Bench:
    def __init__(self, address: str, think_s: float, rng: random.Random) -> None:
        self.address = address
        self.think_s = think_s
        self.rng = rng
        self.latencies: list[float] = []
        self.moves = 0
        self.measuring = False

    async def connect(self, table: Table) -> ClientConnection:
        return await connect(self.address, max_size=2**24, local_addr=(table.source, 0))

    async def seat(self, table: Table) -> None:
        """Create the table and seat its four bots."""
        host = await self.connect(table)
        await host.send(create_frame(["remote"] * SEATS, {"hands": 1000}))
        table.code = json.loads(await host.recv())["table"]
        await host.close()
        for _ in range(SEATS):
            connection = await self.connect(table)
            await connection.send(join_frame(table.code, "bot"))
            joined = json.loads(await connection.recv())
            table.connections[joined["seat"]] = connection

    async def listen(self, table: Table, seat: int) -> None:
        async for text in table.connections[seat]:
            arrived = time.perf_counter()
            message = read_server_message(text)
            if isinstance(message, TableView):
                hands = message.record.hand_count
                if table.mirror is None or table.mirror.record.hand_count < hands:
                    table.mirror = TableMirror(message.record)
                    table.changed.set()
            elif isinstance(message, MovePlayed):
                sent = table.sent.get((message.hand, message.index))
                if sent is not None and message.move.player != seat and self.measuring:
                    self.latencies.append(arrived - sent)
                if table.mirror is not None and table.mirror.follows(message):
                    table.mirror.play(message)
                    self.moves += self.measuring
                    table.changed.set()

    async def play(self, table: Table) -> None:
        """Send the move of the seat to act after its think time, each time it changes."""
        while True:
            await table.changed.wait()
            table.changed.clear()
            mirror = table.mirror
            if mirror is None or mirror.state.hand_over:
                continue
            state = mirror.state
            position = (mirror.record.hand_count - 1, len(state.moves))
            entry = move_to_entry(TABLE, mirror.legal_moves()[0], state.current)
            await asyncio.sleep(self.rng.uniform(0, 2 * self.think_s))
            table.sent[position] = time.perf_counter()
            await table.connections[state.current].send(move_frame(table.code, entry))


async def run(address: str, tables: int, seconds: float, think_s: float) -> dict[str, Any]:
    bench = Bench(address, think_s, random.Random(28))
    all_tables = [Table(number) for number in range(tables)]
    for start in range(0, tables, 20):
        await asyncio.gather(*(bench.seat(table) for table in all_tables[start : start + 20]))
    tasks = [
        asyncio.create_task(bench.listen(table, seat))
        for table in all_tables
        for seat in range(SEATS)
    ]
    tasks += [asyncio.create_task(bench.play(table)) for table in all_tables]
    await asyncio.sleep(min(5.0, seconds / 4))  # warm up: every table under way
    bench.measuring = True
    started = time.perf_counter()
    await asyncio.sleep(seconds)
    bench.measuring = False
    elapsed = time.perf_counter() - started
    for task in tasks:
        task.cancel()
    for table in all_tables:
        for connection in table.connections.values():
            await connection.close()
    latencies = sorted(bench.latencies) or [0.0]

    def ms(share: float) -> float:
        return round(1000 * latencies[min(len(latencies) - 1, int(share * len(latencies)))], 2)

    return {
        "tables": tables,
        "moves": bench.moves,
        "moves_per_s": round(bench.moves / elapsed, 1),
        "deliveries": len(bench.latencies),
        "latency_ms_p50": ms(0.50),
        "latency_ms_p99": ms(0.99),
        "latency_ms_max": round(1000 * latencies[-1], 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--think-ms", type=float, default=500.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        server = subprocess.Popen(
            [sys.executable, "-m", "game.server", "--port", "0", "--home", home],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            text=True,
        )
        try:
            assert server.stdout is not None
            address = json.loads(server.stdout.readline())["listening"]
            before = resident_mb(server.pid)
            figures = asyncio.run(run(address, args.tables, args.seconds, args.think_ms / 1000))
            after = resident_mb(server.pid)
        finally:
            server.terminate()
            server.communicate(timeout=30)
    figures["server_rss_mb_start"] = round(before, 1)
    figures["server_rss_mb_end"] = round(after, 1)
    figures["server_kb_per_table"] = round(1024 * (after - before) / max(1, args.tables), 1)
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
