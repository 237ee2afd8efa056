"""A real `python -m game.server` on Redis as clubs run it (tools/redis_server.py starts
each redis-server or redis-sentinel): an ACL user or a password, a Unix socket, TLS with
the club's own authority, the master a real Sentinel names; and one line, its password
hidden, when the store cannot serve."""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
import trustme
from websockets.sync.client import connect

from game import server
from game.net.messages import create_frame
from game.net.tables.redis_address import shown
from game.net.tables.redis_store import OPEN, async_client_for, client_for
from tests.conftest import GUARD_S
from tests.forks import forked
from tests.net_process import SERVER_MODULES, end, start_server
from tools.redis_server import Access, NoRedis, RedisServer, TlsFiles, start_redis, start_sentinel


@pytest.fixture
def tls_files(tmp_path: Path, authority: trustme.CA) -> TlsFiles:
    """A certificate for 127.0.0.1 from the tests' authority, as PEM files."""
    issued = authority.issue_cert("127.0.0.1", "localhost")
    files = TlsFiles(tmp_path / "cert.pem", tmp_path / "key.pem", tmp_path / "ca.pem")
    issued.cert_chain_pems[0].write_to_path(str(files.cert))
    issued.private_key_pem.write_to_path(str(files.key))
    authority.cert_pem.write_to_path(str(files.ca))
    return files


def started(folder: Path, access: Access) -> RedisServer:
    """A redis-server asking what `access` says; the test skipped, saying why, when none
    can start (redis-server built without TLS among others)."""
    try:
        return start_redis(folder, kept=False, access=access)
    except NoRedis as reason:
        pytest.skip(str(reason))


@pytest.fixture
def redis_with() -> Iterator[dict[str, RedisServer]]:
    """The test's redis-servers and Sentinels by name, each stopped after the test."""
    running: dict[str, RedisServer] = {}
    yield running
    for redis in running.values():
        redis.close()


ACCESSES = {
    "acl-user": lambda files: Access(user="club", password="s3cret"),
    "password": lambda files: Access(password="s3cret"),
    "unix-socket": lambda files: Access(unix=True, password="s3cret"),
    "tls": lambda files: Access(tls=files, password="s3cret"),
}


def serves_a_table(tmp_path: Path, url: str) -> None:
    """A server on `url` opens a table, and the table is in that Redis; the asyncio
    client that follows the other servers' changes reaches it too."""
    server, address = start_server(tmp_path / "home", None, "--store", url)
    try:
        with connect(address, open_timeout=GUARD_S) as host:
            host.send(create_frame(["remote", "remote"]))
            code = json.loads(host.recv(timeout=GUARD_S))["table"]
    finally:
        said = end(server)
    assert "Traceback" not in said and "cannot read the store" not in said
    assert client_for(url, GUARD_S).sismember(OPEN, code)
    assert asyncio.run(opened_in(url)) == [code]


async def opened_in(url: str) -> list[str]:
    """The open tables, as the asyncio client of `url` reads them."""
    client = async_client_for(url, GUARD_S)
    try:
        return [str(code) for code in await client.smembers(OPEN)]
    finally:
        await client.aclose()


def refused(tmp_path: Path, url: str) -> list[str]:
    """What a server on `url` that cannot serve says on standard error (it exits 1); it is
    forked from a zygote that has imported the server (tests/forks.py)."""
    args = ["--port", "0", "--home", str(tmp_path / "home"), "--store", url]
    run = forked(SERVER_MODULES, module="game.server", args=args, env=os.environ)
    out, errors = run.communicate(timeout=GUARD_S)
    assert run.returncode == 1 and out == ""
    lines: list[str] = errors.strip().splitlines()
    return lines


@pytest.mark.parametrize("name", list(ACCESSES))
def test_a_server_serves_a_table_through_a_redis_that_asks_credentials(
    name: str, tmp_path: Path, tls_files: TlsFiles, redis_with: dict[str, RedisServer]
) -> None:
    redis = redis_with[name] = started(tmp_path / "redis", ACCESSES[name](tls_files))
    serves_a_table(tmp_path, redis.url)


def test_a_wrong_password_is_one_line_that_hides_the_password(
    tmp_path: Path, redis_with: dict[str, RedisServer]
) -> None:
    redis = redis_with["acl"] = started(tmp_path / "redis", Access(user="club", password="pw"))
    wrong = redis.url.replace(":pw@", ":guessed@")
    assert refused(tmp_path, wrong) == [
        f"table server: cannot use the store {shown(wrong)}: "
        "invalid username-password pair or user is disabled."
    ]
    assert "guessed" not in shown(wrong)


def test_a_redis_whose_certificate_is_not_the_clubs_authority_is_one_line(
    tmp_path: Path, tls_files: TlsFiles, redis_with: dict[str, RedisServer]
) -> None:
    redis = redis_with["tls"] = started(tmp_path / "redis", Access(tls=tls_files))
    stranger = tmp_path / "stranger.pem"
    trustme.CA().cert_pem.write_to_path(str(stranger))
    url = redis.url.replace(str(tls_files.ca), str(stranger))
    [line] = refused(tmp_path, url)
    assert line.startswith(f"table server: cannot use the store {url}: ")
    assert "certificate verify failed" in line


def test_a_server_serves_a_table_through_the_master_a_sentinel_names(
    tmp_path: Path, redis_with: dict[str, RedisServer]
) -> None:
    master = redis_with["master"] = started(tmp_path / "redis", Access())
    try:
        sentinel = redis_with["sentinel"] = start_sentinel(tmp_path / "sentinel", master)
    except NoRedis as reason:
        pytest.skip(str(reason))
    serves_a_table(tmp_path, sentinel.url)
    assert client_for(master.url, GUARD_S).scard(OPEN) == 1
    nameless = sentinel.url.replace("/club/", "/elsewhere/")
    assert refused(tmp_path, nameless) == [
        f"table server: cannot use the store {nameless}: No master found for 'elsewhere'"
    ]


@pytest.mark.parametrize(
    ("url", "seen"),
    [
        ("redis://club:pw@h:1/0", "redis://club:***@h:1/0"),
        ("redis://:pw@h:1/0", "redis://:***@h:1/0"),
        ("unix://:pw@/run/redis.sock?db=0", "unix://:***@/run/redis.sock?db=0"),
        ("redis+sentinel://u:pw@a:1,b:2/club/0", "redis+sentinel://u:***@a:1,b:2/club/0"),
        ("redis://h:1/0", "redis://h:1/0"),
        ("unix:///run/redis.sock", "unix:///run/redis.sock"),
    ],
)
def test_a_store_url_is_shown_without_its_password(url: str, seen: str) -> None:
    assert shown(url) == seen


def test_a_ca_file_that_cannot_be_read_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "ca.pem"
    url = f"rediss://:pw@127.0.0.1:1/0?ssl_ca_certs={missing}"
    with pytest.raises(SystemExit) as exited:
        server.main(["--port", "0", "--store", url])
    assert exited.value.code == 2
    said = capsys.readouterr().err.splitlines()[-1]
    assert said.endswith(f"argument --store: cannot read {missing}: No such file or directory")
