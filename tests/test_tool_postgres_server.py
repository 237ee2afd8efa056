"""The tests' own PostgreSQL server (tools/postgres_server.py) starts even when the free
port it probed is taken before it listens (other test processes on the machine pick
free ports too)."""

from __future__ import annotations

import socket
from collections.abc import Iterator

import pytest

from tools import postgres_server
from tools.postgres_server import NoPostgres, start_postgres
from tools.redis_server import free_port


def test_a_port_taken_after_its_probe_is_given_up_for_another(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        ports: Iterator[int] = iter([taken.getsockname()[1], free_port()])
        monkeypatch.setattr(postgres_server, "free_port", lambda: next(ports))
        try:
            server = start_postgres()
        except NoPostgres as reason:
            if "did not start" in str(reason):
                raise
            pytest.skip(str(reason))
        try:
            assert f":{taken.getsockname()[1]}/" not in server.url
        finally:
            server.close()
