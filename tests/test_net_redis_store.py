"""The table server's tables on Redis (game/net/tables/redis_store.py), on a real
redis-server of the test's own (the behaviours every store has are checked on files and
Redis alike in tests/test_net_store.py): a damaged save is named and skipped, the journal
is folded at each deal, a stalled Redis is a `not-saved` refusal, never a hang, closed
tables are kept, and `python -m game.server --store` takes only a Redis it can reach."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest
import redis

from game import cli, server
from game.net.messages import create_frame, move_frame, watch_frame
from game.net.tables.redis_store import CLOSED, OPEN, RedisStore, journal_key, table_key
from tests.net_helpers import (
    ROOMY,
    Inbox,
    ManualClock,
    first_legal_entry,
    on_redis,
    open_table,
)
from tools.redis_server import RedisServer


def test_the_tests_redis_is_a_real_server_keeping_an_append_only_file(
    redis_server: RedisServer,
) -> None:
    client = redis.Redis.from_url(redis_server.url)
    assert client.ping() is True
    assert client.config_get("appendonly") == {"appendonly": "yes"}
    client.close()


def client_of(redis_server: RedisServer) -> redis.Redis:
    return redis.Redis.from_url(redis_server.url, decode_responses=True)


def saved_file(client: redis.Redis, key: str, field: str, path: Path) -> Path:
    """`field` of hash `key` (a table's save) written to `path`, for `check`."""
    text = client.hget(key, field)
    assert isinstance(text, str)
    path.write_text(text)
    return path


def test_a_damaged_save_in_redis_is_named_and_skipped(
    redis_server: RedisServer, capsys: pytest.CaptureFixture[str]
) -> None:
    first = on_redis(redis_server.url)
    open_table(first, ["remote", "remote"])
    client = client_of(redis_server)
    client.hset(table_key("broken"), mapping={"version": 1, "save": '{"format": "contack-rec'})
    client.sadd(OPEN, "broken")
    again = on_redis(redis_server.url)
    assert len(again.tables) == 1
    assert "cannot reopen table broken" in capsys.readouterr().err


def test_moves_go_to_the_journal_until_a_hand_is_dealt_which_writes_the_whole_save(
    redis_server: RedisServer,
) -> None:
    registry = on_redis(redis_server.url)
    table, holders, _ = open_table(registry, ["remote", "remote"], {"hands": 2})
    client = client_of(redis_server)
    written = client.hget(table_key(table.code), "save")
    for count in range(1, 4):
        holders[table.state.current].send(move_frame(table.code, first_legal_entry(table)))
        assert client.llen(journal_key(table.code)) == count
    assert client.hget(table_key(table.code), "save") == written
    while table.record.hand_count == 1:
        holders[table.state.current].send(move_frame(table.code, first_legal_entry(table)))
    assert client.llen(journal_key(table.code)) == 0
    assert on_redis(redis_server.url).tables[table.key].record == table.record


def test_a_stalled_redis_refuses_a_move_not_saved_and_once_back_every_move_is_told_once(
    redis_server: RedisServer,
) -> None:
    registry = on_redis(redis_server.url, timeout_s=0.2)
    table, holders, _ = open_table(registry, ["remote", "remote"])
    watcher = Inbox(registry)
    watcher.send(watch_frame(table.code))
    mover = holders[table.state.current]
    move = move_frame(table.code, first_legal_entry(table))
    before = table.record.dumps()
    os.kill(redis_server.process.pid, signal.SIGSTOP)
    try:
        refused = mover.send(move)
    finally:
        os.kill(redis_server.process.pid, signal.SIGCONT)
    assert [(r["type"], r["code"]) for r in refused] == [("error", "not-saved")]
    assert "the store does not answer" in refused[0]["message"]
    assert table.record.dumps() == before
    # the refused write may still reach Redis once it runs again: played or refused now,
    # the move is announced once, and Redis holds what the server holds
    mover.send(move)
    table = registry.tables[table.key]
    for inbox in [*holders.values(), watcher]:
        assert len(inbox.of_type("move")) == 1
    assert RedisStore(redis_server.url).load()[0].record == table.record


def test_a_table_idle_for_a_day_is_kept_closed_and_one_nobody_joined_forgotten(
    redis_server: RedisServer, tmp_path: Path
) -> None:
    clock = ManualClock()
    registry = on_redis(redis_server.url, clock=clock)
    played, holders, _ = open_table(registry, ["remote", "remote"])
    holders[played.state.current].send(move_frame(played.code, first_legal_entry(played)))
    unjoined = Inbox(registry).send(create_frame(["remote", "remote"]))[0]["table"]
    clock.now += ROOMY.idle_s + 1
    assert set(registry.sweep()) == {played.code, unjoined}
    client = client_of(redis_server)
    assert client.smembers(OPEN) == set() and client.keys("contack:table:*") == []
    assert client.hkeys(CLOSED) == [played.code]
    path = saved_file(client, CLOSED, played.code, tmp_path / "closed.json")
    assert cli.run(["check", str(path)])["ok"] is True


@pytest.mark.parametrize(
    "url",
    [
        "files",
        "redis://",
        "redis://host/0",
        "redis://host:port/0",
        "redis://h:1/0?ssl_ca_certs=x",
        "rediss://h:1/0?retry=1",
        "unix://redis.sock",
        "redis+sentinel://h:1/0",
        "redis+sentinel://h:1,h/club/0",
    ],
)
def test_a_store_that_is_not_redis_host_port_db_is_one_line_and_exit_2(
    url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        server.main(["--port", "0", "--store", url])
    assert exited.value.code == 2
    assert "is not redis://[USER:PASSWORD@]HOST:PORT/DB" in capsys.readouterr().err.splitlines()[-1]


def test_a_redis_that_cannot_be_reached_at_start_is_one_line_and_exit_1(
    capsys: pytest.CaptureFixture[str],
) -> None:
    url = "redis://127.0.0.1:1/0"
    assert server.main(["--port", "0", "--store", url]) == 1
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"table server: cannot use the store {url}")
