"""Finished games archived in PostgreSQL (game/net/tables/postgres_archive.py), on a real
PostgreSQL server of the test session's own and a real redis-server of each test's: a
game closed on Redis ends in PostgreSQL and leaves Redis, a kill -9 between the archive's
commit and Redis's delete loses nothing and duplicates nothing, the server moves what is
left when it starts, the files' store moves its `closed/` too, a player's history is
read back, and `tools/export_archive.py` writes records `check` accepts."""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
import redis

from game import cli, server
from game.net.messages import create_frame, move_frame
from game.net.tables.postgres_archive import PostgresArchive
from game.net.tables.redis_store import CLOSED, RedisStore
from game.net.tables.registry import Registry
from game.net.tables.replica import Replica
from game.net.tables.store import TableStore
from tests.conftest import GUARD_S
from tests.forks import forked
from tests.net_helpers import ROOMY, Inbox, ManualClock, dealer, first_legal_entry, open_table
from tests.net_process import SERVER_MODULES, end, start_server
from tools.postgres_server import PostgresServer
from tools.redis_server import RedisServer


@pytest.fixture
def archive(postgres_server: PostgresServer) -> Iterator[PostgresArchive]:
    """The session's PostgreSQL archive, emptied for the test."""
    kept = PostgresArchive(postgres_server.url)
    with kept.connection.transaction():
        kept.connection.execute("TRUNCATE contack_games")
    yield kept
    kept.close()


def rows(url: str) -> list[tuple[str, int]]:
    """Each archived game's code and how many rows it has."""
    with psycopg.connect(url) as connection:
        return connection.execute(
            "SELECT code, count(*)::int FROM contack_games GROUP BY code ORDER BY code"
        ).fetchall()


def closed_game(registry: Registry, clock: ManualClock, owners: list[str | None]) -> str:
    """A game played by `owners` (their players' ids), left idle until the server closes
    it; its code."""
    table, holders, _ = open_table(registry, ["remote", "remote"])
    table.club.owners = owners
    holders[table.state.current].send(move_frame(table.code, first_legal_entry(table)))
    Inbox(registry).send(create_frame(["remote", "remote"]))  # one nobody joins
    clock.now += ROOMY.idle_s + 1
    registry.sweep()
    return table.code


def on_redis(url: str, clock: ManualClock, archive: PostgresArchive | None = None) -> Registry:
    store = RedisStore(url, archive=archive) if archive else RedisStore(url)
    registry = Registry(clock, store=store, limits=ROOMY, deal=dealer())
    Replica(registry, store).open()
    return registry


def test_a_game_closed_on_redis_with_an_archive_ends_in_postgresql_and_leaves_redis(
    redis_server: RedisServer, postgres_server: PostgresServer, archive: PostgresArchive
) -> None:
    clock = ManualClock()
    registry = on_redis(redis_server.url, clock, archive)
    played_at = clock.now
    code = closed_game(registry, clock, ["PID-ana", "PID-bo"])
    assert redis.Redis.from_url(redis_server.url).hlen(CLOSED) == 0
    assert rows(postgres_server.url) == [(code, 1)]
    [game] = archive.history("PID-bo")
    assert (game.code, game.players, game.finished) == (code, ["PID-ana", "PID-bo"], played_at)
    assert archive.history("PID-nobody") == []


def test_a_kill_between_the_archives_commit_and_redis_delete_loses_and_duplicates_nothing(
    redis_server: RedisServer, postgres_server: PostgresServer, archive: PostgresArchive
) -> None:
    clock = ManualClock()
    code = closed_game(on_redis(redis_server.url, clock), clock, ["PID-ana", None])
    client = redis.Redis.from_url(redis_server.url, decode_responses=True)
    assert client.hkeys(CLOSED) == [code]
    # a mover killed (SIGKILL, as kill -9) right after its commit, before Redis's delete
    mover = (
        "import os, signal, sys\n"
        "from game.net.tables.postgres_archive import PostgresArchive\n"
        "from game.net.tables.redis_store import RedisStore\n"
        "store = RedisStore(sys.argv[1])\n"
        "store.forget_closed = lambda code: os.kill(os.getpid(), signal.SIGKILL)\n"
        "PostgresArchive(sys.argv[2]).take_all(store)\n"
    )
    killed = forked(  # (from a zygote that has imported the server: tests/forks.py)
        SERVER_MODULES, code=mover, args=[redis_server.url, postgres_server.url], env=os.environ
    )
    killed.communicate(timeout=GUARD_S)
    assert killed.returncode == -signal.SIGKILL
    assert client.hkeys(CLOSED) == [code] and rows(postgres_server.url) == [(code, 1)]
    assert archive.take_all(RedisStore(redis_server.url)) == 1
    assert client.hkeys(CLOSED) == [] and rows(postgres_server.url) == [(code, 1)]


def test_the_server_moves_the_closed_games_left_in_redis_when_it_starts(
    redis_server: RedisServer, postgres_server: PostgresServer, tmp_path: Path
) -> None:
    clock = ManualClock()
    code = closed_game(on_redis(redis_server.url, clock), clock, [None, None])
    options = ["--store", redis_server.url, "--archive", postgres_server.url]
    process, _ = start_server(tmp_path, None, *options)
    try:
        assert redis.Redis.from_url(redis_server.url).hlen(CLOSED) == 0
        assert (code, 1) in rows(postgres_server.url)
    finally:
        end(process)


def test_the_files_store_moves_its_closed_games_to_the_archive(
    tmp_path: Path, postgres_server: PostgresServer, archive: PostgresArchive
) -> None:
    clock = ManualClock()
    store = TableStore(tmp_path, archive)
    registry = Registry(clock, store=store, limits=ROOMY, deal=dealer())
    code = closed_game(registry, clock, ["PID-ana", "PID-bo"])
    assert store.closed_codes() == [] and rows(postgres_server.url) == [(code, 1)]


def test_the_export_tool_writes_records_that_check_accepts(
    redis_server: RedisServer, archive: PostgresArchive, postgres_server: PostgresServer,
    tmp_path: Path,
) -> None:  # fmt: skip
    clock = ManualClock()
    code = closed_game(on_redis(redis_server.url, clock, archive), clock, ["PID-ana", None])
    out = tmp_path / "export"
    exported = forked(  # python tools/export_archive.py, forked as the mover above
        SERVER_MODULES,
        module="tools.export_archive",
        args=["--archive", postgres_server.url, "--out", str(out)],
        env=os.environ,
    )
    _, errors = exported.communicate(timeout=GUARD_S)
    assert exported.returncode == 0, errors
    [record] = out.iterdir()
    assert record.name == f"{code}.contack.json"
    assert "tokens" not in record.read_text()
    assert cli.run(["check", str(record)])["ok"] is True


def test_an_archive_that_cannot_be_reached_at_start_is_one_line_and_exit_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = "postgresql://contack@127.0.0.1:1/postgres"
    assert server.main(["--port", "0", "--home", str(tmp_path), "--archive", url]) == 1
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"table server: cannot reach the archive {url}")


def test_an_archive_whose_connection_was_lost_connects_again_for_the_next_game(
    redis_server: RedisServer, postgres_server: PostgresServer, archive: PostgresArchive
) -> None:
    archive.connection.close()  # as PostgreSQL restarted meanwhile leaves it
    clock = ManualClock()
    code = closed_game(on_redis(redis_server.url, clock, archive), clock, [None, None])
    assert rows(postgres_server.url) == [(code, 1)]
    assert redis.Redis.from_url(redis_server.url).hlen(CLOSED) == 0
