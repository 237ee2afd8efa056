"""The table server without a window (docs/protocol.md "Running a server"):

    python -m game.server [--host ADDRESS] [--port PORT] [--home DIR] [--limit NAME=VALUE]
                          [--tls-cert FILE --tls-key FILE] [--store URL]
                          [--trusted-proxy CIDR] [--archive postgresql://USER@HOST:PORT/DB]

Its first line on standard output is `{"listening": "ws://ADDRESS:PORT"}` (`wss://` with
`--tls-cert` and `--tls-key`: the certificate chain and its private key, PEM); it serves
until SIGTERM or SIGINT, then closes every connection, saves every table and exits 0
(1 when a table could not be saved: standard error names it).
`--port 0` takes a free port. It listens on this computer only (127.0.0.1) unless
`--host` says otherwise (`--host 0.0.0.0` for every network it is on). Its tables are
kept in `--home` (the game's data folder's `server` folder by default) and reopened,
codes and seats intact, when it starts again; so are its players (`players.json`: the
hash of each player's key, public id, name and rating; `players.journal`: the changes
since it was last written whole), and the club's events (`events/`). `--limit`, as
often as needed, sets one of the limits of `game.net.tables.limits.Limits`
(`--limit connections_per_host=200`).
`--trusted-proxy CIDR`, as often as needed, names the proxies in front of the server: a
connection from one counts, for those limits, as the client its `X-Forwarded-For` (or
its PROXY protocol v1 line) names.
`--store redis://HOST:PORT/DB` keeps the tables, the players and the events in Redis
instead (or any Redis URL of `game.net.tables.redis_address`: a password or an ACL
user, TLS, a Unix socket, Sentinel), where several servers serve the same tables to the same players
(`game.net.tables.redis_store`, `game.net.tables.replica`, `game.net.tables.redis_book`,
`game.net.tables.redis_events`);
a Redis that cannot serve when it starts is one line on standard error (its password
hidden), exit 1; one that keeps nothing on its disk, or only snapshots, is one line too
(it serves on).
Redis's client is the server's own dependency, not a player's: without it `--store` is
one line on standard error saying what to install (`contack[server]`), exit 1.
`--archive postgresql://USER@HOST:PORT/DB` moves each finished game out of the store
into PostgreSQL once it is closed, and at the start every closed game left there
(`game.net.tables.postgres_archive`); without it they stay in the store. A PostgreSQL
that cannot be reached is one line on standard error, exit 1.
Python's cyclic garbage collector looks only at what was made in the last `SETTLE_S`
(game/collector.py), once the tables are open.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import ipaddress
import json
import logging
import ssl
import stat
import sys
import time
from functools import partial
from pathlib import Path
from typing import Final
from urllib.parse import parse_qs, urlsplit

from game.ai.worker import WorkerPool
from game.collector import Collector
from game.net.server import Task, run_server
from game.net.tables.archive import NO_ARCHIVE, Archive
from game.net.tables.event_book import FileEventBook
from game.net.tables.limits import IpNetwork, Limits, TrustedProxies
from game.net.tables.mailer import Mailer, add_mail_options, mail_settings
from game.net.tables.notices import FileNoticeBook, NoticeBook, NoticeDesk, TurnNotices
from game.net.tables.players import FileBook
from game.net.tables.redis_address import checked, shown
from game.net.tables.registry import Registry
from game.net.tables.store import TableStore
from game.net.tables.thinking import AdvisedThinker
from game.persist.files import GameFiles
from game.rules.errors import RulesError

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8765
COMPUTER_WORKERS = 3
"""Worker processes for the computer seats: one network's tables think on one at a time
(`AdvisedThinker`), so another's find another free, and the last thinks quick moves only
(a greedy table is answered at once beside any number of masters)."""
SETTLE_S: Final = 1.0
"""How often the collector takes what the server made since, and freezes the rest (a few
ms of CPU at 1,000 tables and 400 moves a second, where a pass over everything took 230 to
240 ms every 15 to 30 s)."""
COLLECTOR_GROWTH: Final = 2.0
"""How much the objects frozen since the collector last took them all may grow before it
takes them all again: a server's objects grow with its tables' records, and those of
the tables it closes are garbage among them until then (at most as much again as it
held then)."""

TLS_FILE_BYTES: Final = 1 << 20
"""The most a certificate chain or key file may hold (a chain is a few kilobytes)."""


def announce(address: str) -> None:
    print(json.dumps({"listening": address}), flush=True)


def limit_setting(text: str) -> tuple[str, int | float]:
    """`NAME=VALUE` for one of `Limits`' fields, VALUE a positive number of its kind."""
    name, _, value = text.partition("=")
    defaults = Limits()
    if name not in {field.name for field in dataclasses.fields(Limits)}:
        names = ", ".join(field.name for field in dataclasses.fields(Limits))
        raise argparse.ArgumentTypeError(f"no limit named {name!r} (there are {names})")
    kind = type(getattr(defaults, name))
    try:
        number = kind(value)
    except ValueError:
        number = 0
    if not number > 0:
        raise argparse.ArgumentTypeError(f"{name} must be a positive {kind.__name__}")
    return name, number


def store_url(text: str) -> str:
    """A Redis URL of `redis_address.FORMS`, the only store a server names; the CA file
    a `rediss://` one names, readable."""
    try:
        url = checked(text)
        for path in parse_qs(urlsplit(url).query).get("ssl_ca_certs", []):
            _check_tls_file(Path(path))
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return url


def proxy_network(text: str) -> IpNetwork:
    """A CIDR (`10.0.0.0/8`, `2001:db8::/32`) or one address (its own network)."""
    try:
        return ipaddress.ip_network(text, strict=False)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not an address or a CIDR") from None


def tls_context(cert: Path | None, key: Path | None) -> ssl.SSLContext | None:
    """The server's TLS from its certificate chain and key (PEM files), or None for plain
    `ws://`. `ValueError` with one line when only one is given or they cannot be used."""
    if cert is None and key is None:
        return None
    if cert is None or key is None:
        raise ValueError("--tls-cert and --tls-key go together")
    for path in (cert, key):
        _check_tls_file(path)
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    # No TLS 1.3 session tickets: OpenSSL sends them unasked as soon as the handshake
    # ends (openssl/openssl#25538, #10880), and a client that reads them in one thread
    # while it writes its request in another (websockets' sync client) may lose the
    # request in OpenSSL, which forbids one connection used from two threads at once
    # (openssl/openssl#20446; python/cpython#137583): the server then waits for it until
    # its handshake timeout. No client of ours resumes a session with them.
    context.num_tickets = 0
    try:
        context.load_cert_chain(cert, key)
    except ssl.SSLError as error:
        raise ValueError(
            f"{cert} and {key} are not a certificate and its key ({error.reason})"
        ) from None
    return context


def _check_tls_file(path: Path) -> None:
    """`ValueError` with one line unless `path` is a readable regular file of at most
    `TLS_FILE_BYTES`: what is not (a FIFO, a device such as /dev/zero) would hang the
    start or fill the memory when read."""
    try:
        found = path.stat()
        if not stat.S_ISREG(found.st_mode):
            raise ValueError(f"cannot read {path}: not a regular file")
        if found.st_size > TLS_FILE_BYTES:
            raise ValueError(f"cannot read {path}: larger than {TLS_FILE_BYTES:,} bytes")
        path.open("rb").close()  # readable by this user
    except OSError as error:
        raise ValueError(f"cannot read {path}: {error.strerror}") from None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m game.server", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--host", default=DEFAULT_HOST, help="address to listen on")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help="0 takes a free port")
    parser.add_argument("--home", type=Path, help="folder of the server's tables")
    parser.add_argument(
        "--limit",
        type=limit_setting,
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="set one of the server's limits (game/net/tables/limits.py)",
    )
    parser.add_argument(
        "--tls-cert", type=Path, metavar="FILE", help="serve wss://: certificate chain (PEM)"
    )
    parser.add_argument(
        "--tls-key", type=Path, metavar="FILE", help="the certificate's private key (PEM)"
    )
    parser.add_argument(
        "--store",
        type=store_url,
        metavar="URL",
        help=(
            "keep the tables in Redis, shared by every server on it (default: --home's "
            "files): redis://[USER:PASSWORD@]HOST:PORT/DB, "
            "rediss://[USER:PASSWORD@]HOST:PORT/DB[?ssl_ca_certs=CA.pem] (TLS), "
            "unix:///PATH/redis.sock[?db=DB], or "
            "redis+sentinel://[USER:PASSWORD@]HOST:PORT[,HOST:PORT...]/MASTER/DB"
        ),
    )
    parser.add_argument(
        "--trusted-proxy",
        type=proxy_network,
        action="append",
        default=[],
        metavar="CIDR",
        help=(
            "a proxy in front of the server (repeatable): a connection from it counts, for "
            "the limits per host and per network, as the client its X-Forwarded-For or "
            "PROXY protocol v1 line names (both are ignored from anyone else)"
        ),
    )
    parser.add_argument(
        "--own-tables",
        action="store_true",
        help=(
            "with --store: each table is held and played by one server only, and the others "
            "forward its messages to it (default: every server holds every table)"
        ),
    )
    parser.add_argument(
        "--archive",
        metavar="postgresql://USER@HOST:PORT/DB",
        help="move finished games to PostgreSQL (default: they stay in the store)",
    )
    add_mail_options(parser)
    args = parser.parse_args(argv)
    try:
        tls = tls_context(args.tls_cert, args.tls_key)
        mail = mail_settings(args)
    except ValueError as error:
        parser.error(str(error))
    home = args.home or GameFiles().data_dir / "server"
    try:
        book = None if args.store else FileBook(home)
    except (OSError, RulesError) as error:
        print(f"table server: cannot read the players' book: {error}", file=sys.stderr)
        return 1
    try:
        notice_file = FileNoticeBook(home) if mail is not None and not args.store else None
    except (OSError, RulesError) as error:
        print(f"table server: cannot read the turn notices: {error}", file=sys.stderr)
        return 1
    limits = Limits(**dict(args.limit))
    workers = [WorkerPool() for _ in range(COMPUTER_WORKERS)]
    try:
        registry, tasks = _opened(args, home, limits, AdvisedThinker(*workers), book)
    except (OSError, ModuleNotFoundError) as error:
        print(f"table server: {unopened(args, error)}", file=sys.stderr)
        for pool in workers:
            pool.shutdown()
        return 1
    tasks.append(partial(settling, Collector(COLLECTOR_GROWTH)))
    if mail is not None:
        kept = notice_file or _redis_notices(args.store, registry)
        player_of = registry.club.need_player
        registry.notices = TurnNotices(registry.clock, kept, Mailer(mail), player_of)
        tasks.append(partial(noticing, registry, registry.notices))
    try:
        proxies = TrustedProxies(args.trusted_proxy)
        serving = run_server(registry, args.host, args.port, announce, tls, tasks, proxies)
        saved = asyncio.run(serving)
    except KeyboardInterrupt:  # where no signal handler can be set (Windows): Ctrl+C
        saved = registry.save_all()
    except OSError as error:
        print(f"table server: cannot listen on {args.host}:{args.port}: {error}", file=sys.stderr)
        return 1
    finally:
        registry.turns.close()
        for pool in workers:
            pool.shutdown()
    return 0 if saved else 1


def unopened(args: argparse.Namespace, error: OSError | ModuleNotFoundError) -> str:
    """Why the store or the archive could not be opened, in one line: it cannot serve
    (not reached, a password refused, TLS refused, no master), or its client, the
    server's own dependency, is not installed. The store's password is never shown."""
    if isinstance(error, ModuleNotFoundError):
        package = (error.name or "").partition(".")[0]  # redis, for redis.exceptions
        option = "--archive" if package == "psycopg" else "--store"
        return f"{option} needs {package}: pip install 'contack[server]'"
    if isinstance(error, ArchiveUnreachable):
        return f"cannot reach the archive {args.archive}: {error}"
    why = error.filename or error.strerror or str(error)
    return f"cannot use the store {shown(args.store)}: {why}"


NOTICE_S: Final = 1.0
"""How often the tables are looked through for players to mail their turn."""


def _redis_notices(store: str, registry: Registry) -> NoticeBook:
    """The turn notices kept on the store's Redis."""
    from game.net.tables.redis_notices import RedisNoticeBook

    return RedisNoticeBook(store, registry.turns)


async def noticing(registry: Registry, notices: NoticeDesk) -> None:
    """Mail the club's turn notices (`notices`): the registry's tables are looked through
    every `NOTICE_S`."""
    while True:
        await asyncio.sleep(NOTICE_S)
        try:  # the tables are read in the registry's turn, never while it changes them
            await registry.turns.run(partial(notices.sweep, registry.tables.values()))
        except OSError as error:
            print(f"table server: cannot keep the turn notices: {error}", file=sys.stderr)
        except Exception:
            logging.getLogger(__name__).exception("table server: the turn notices failed")


class ArchiveUnreachable(OSError):
    """The archive the command line names cannot be reached."""


def archive_of(args: argparse.Namespace) -> Archive:
    """The archive the command line names (none: closed games stay in the store), its
    client imported only then (`ModuleNotFoundError` without it)."""
    if not args.archive:
        return NO_ARCHIVE
    from game.net.tables.postgres_archive import PostgresArchive

    try:
        return PostgresArchive(args.archive)
    except OSError as error:
        raise ArchiveUnreachable(str(error)) from None


async def settling(collector: Collector) -> None:
    """Let `collector` settle every `SETTLE_S`, until cancelled."""
    while True:
        await asyncio.sleep(SETTLE_S)
        collector.settle()


def _opened(
    args: argparse.Namespace,
    home: Path,
    limits: Limits,
    thinker: AdvisedThinker,
    book: FileBook | None,
) -> tuple[Registry, list[Task]]:
    """The registry of the store the command line names, its tables open, and the tasks
    that keep it up to the store's (`OSError` when the store cannot be reached). The
    players' book is the file `book` on files, and Redis's on Redis (whose client, the
    extra `contack[server]`, is imported only then: `ModuleNotFoundError` without it)."""
    archive = archive_of(args)
    if book is not None:
        files = TableStore(home, archive)
        archive.take_all(files)
        registry = Registry(time.time, thinker, files, limits, book=book)
        registry.shelf.finished = archive.finished(files)
        registry.events.open(FileEventBook(home))
        registry.open(files.load())
        return registry, []
    from game.net.tables.forwarding import Owned
    from game.net.tables.key_news import KeyNews
    from game.net.tables.ownership import refuse_other_mode
    from game.net.tables.redis_book import RedisBook
    from game.net.tables.redis_events import keep_events_in_redis
    from game.net.tables.redis_store import RedisStore
    from game.net.tables.replica import Replica
    from game.net.tables.turns import Shared

    turns = Shared()
    store = RedisStore(args.store, turns=turns, archive=archive)
    store.check()
    refuse_other_mode(store, args.own_tables)
    archive.take_all(store)
    durability = store.durability()
    if durability:
        print(f"table server: {durability}", file=sys.stderr)
    players = RedisBook(args.store, turns=turns)
    registry = Registry(time.time, thinker, store, limits, book=players, turns=turns)
    registry.shelf.finished = archive.finished(store)
    others = Owned(registry, store) if args.own_tables else Replica(registry, store)
    news = keep_events_in_redis(store, registry.events, turns)  # read before tables close
    others.open()
    return registry, [others.run, KeyNews(registry, args.store, players).run, news.run]


if __name__ == "__main__":
    sys.exit(main())
