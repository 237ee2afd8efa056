"""The players' book in Redis (game/net/tables/redis_book.py), timed on a redis-server of
its own (tools/redis_server.py, `appendonly yes`, its files in a temporary folder):

    nice -n 19 python3 tools/bench_book.py [--players 10000] [--rounds 500]

With `--players` players in the book (each entered by a hello and rated in one game), it
times a returning player's hello, a new player's, reading a card, keeping a rated game of
four players and the `ratings` board (the top 100): p50, p99 and the largest in ms, one
JSON line, with Redis's memory per player.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.net.tables.ratings import changes, rate
from game.net.tables.redis_book import RedisBook
from tools.bench_server import summary
from tools.club_servers import resident_mb
from tools.redis_server import start_redis


def key(number: int) -> str:
    return f"bench-key-{number:0>30}"


def timed(rounds: int, work: Callable[[int], object]) -> list[float]:
    """`work(round)` done `rounds` times: each time in ms, sorted."""
    spent = []
    for number in range(rounds):
        began = time.perf_counter()
        work(number)
        spent.append((time.perf_counter() - began) * 1000)
    return sorted(spent)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=500)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        redis = start_redis(Path(folder))
        try:
            book = RedisBook(redis.url)
            empty_mb = resident_mb(redis.process.pid)
            cards = [book.enter(key(number), f"P{number}") for number in range(args.players)]
            for first in range(0, args.players - 3, 4):
                four = cards[first : first + 4]
                after = rate(four, [4, 3, 2, 1])
                book.rated(f"fill-{first}", changes(four, after), after)
            per_player_kb = (resident_mb(redis.process.pid) - empty_mb) * 1024 / args.players
            pids = [card.pid for card in cards]
            rounds = args.rounds

            def rate_four(number: int) -> None:
                four = [book.card(pids[(number * 4 + seat) % len(pids)]) for seat in range(4)]
                known = [card for card in four if card is not None]
                after = rate(known, [1, 2, 3, 4])
                book.rated(f"bench-{number}", changes(known, after), after)

            figures = {
                "players": args.players,
                **summary("hello", timed(rounds, lambda n: book.enter(key(n), f"Q{n}"))),
                **summary("new_hello", timed(rounds, lambda n: book.enter(key(-1 - n), "New"))),
                **summary("card", timed(rounds, lambda n: book.card(pids[n % len(pids)]))),
                **summary("rated_game_of_4", timed(rounds, rate_four)),
                **summary("ratings_top_100", timed(rounds, lambda n: book.board(0, 100))),
                "redis_kb_per_player": round(per_player_kb, 2),
            }
        finally:
            redis.close()
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
