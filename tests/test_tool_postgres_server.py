"""The tests' own PostgreSQL server (tools/postgres_server.py) starts even when the free
port it probed is taken before it listens (other test processes on the machine pick
free ports too); servers started from one template are clusters of their own, and only
the first makes it."""

from __future__ import annotations

import contextlib
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest

from tools import postgres_server
from tools.postgres_server import NoPostgres, start_postgres
from tools.redis_server import free_port


def test_a_port_taken_after_its_probe_is_given_up_for_another(
    monkeypatch: pytest.MonkeyPatch, postgres_template: Path
) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        ports: Iterator[int] = iter([taken.getsockname()[1], free_port()])
        monkeypatch.setattr(postgres_server, "free_port", lambda: next(ports))
        try:
            server = start_postgres(postgres_template)
        except NoPostgres as reason:
            if "did not start" in str(reason):
                raise
            pytest.skip(str(reason))
        try:
            assert f":{taken.getsockname()[1]}/" not in server.url
        finally:
            server.close()


def test_servers_started_from_one_template_are_clusters_of_their_own(
    monkeypatch: pytest.MonkeyPatch, postgres_template: Path
) -> None:
    """The run's template: made by the first server of the run, which this test may start
    or not."""
    made: list[Path] = []
    initdb = postgres_server._initdb

    def counted(bin_dir: Path, data: Path, owner: dict[str, Any]) -> str:
        made.append(data)
        return initdb(bin_dir, data, owner)

    monkeypatch.setattr(postgres_server, "_initdb", counted)
    with contextlib.ExitStack() as closing:
        try:
            first = start_postgres(postgres_template)
        except NoPostgres as reason:
            pytest.skip(str(reason))
        closing.callback(first.close)
        assert made in ([], [postgres_template])
        made.clear()
        second = start_postgres(postgres_template)
        closing.callback(second.close)
        assert made == []
        with psycopg.connect(first.url, autocommit=True) as connection:
            connection.execute("CREATE TABLE only_here (n int)")
        with psycopg.connect(second.url) as connection:
            found = connection.execute("SELECT to_regclass('only_here')").fetchone()
        assert found == (None,)
