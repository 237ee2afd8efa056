"""`python -m game.server --tls-cert --tls-key`: a club's server on `wss://`, with a
certificate the test makes (trustme: a CA of its own, trusted by this client only). Each
server is forked from a zygote that has imported it (tests/forks.py), as
tests/net_process.py starts them: a new interpreter's imports cost a third of a second of
a core each."""

from __future__ import annotations

import asyncio
import gc
import json
import os
import ssl
import weakref
from pathlib import Path

import pytest
import trustme
from websockets.sync.client import connect

import game.server
from game.collector import Collector
from tests.conftest import GUARD_S
from tests.forks import forked
from tests.net_process import SERVER_MODULES, end, start_server

POSIX = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs and /dev/zero are POSIX")


def test_a_server_given_a_certificate_serves_wss_and_a_client_trusting_it_plays(
    tmp_path: Path, authority: trustme.CA
) -> None:
    certificate = authority.issue_cert("127.0.0.1")
    chain, key = tmp_path / "chain.pem", tmp_path / "key.pem"
    certificate.private_key_and_cert_chain_pem.write_to_path(str(chain))
    certificate.private_key_pem.write_to_path(str(key))
    server, address = start_server(
        tmp_path / "home", None, "--tls-cert", str(chain), "--tls-key", str(key)
    )
    try:
        assert address.startswith("wss://127.0.0.1:")
        trusting = ssl.create_default_context(ssl.Purpose.SERVER_AUTH)
        authority.configure_trust(trusting)
        with connect(address, ssl=trusting, open_timeout=GUARD_S) as client:
            client.send(json.dumps({"type": "create", "players": 2, "seats": ["remote", "remote"]}))
            answer = json.loads(client.recv(timeout=GUARD_S))
        assert answer["type"] == "created"
        with pytest.raises(ssl.SSLCertVerificationError):  # a stranger's certificate
            connect(address, ssl=ssl.create_default_context(), open_timeout=GUARD_S)
    finally:
        assert "Traceback" not in end(server)


@pytest.mark.parametrize(
    ("options", "words"),
    [
        (["--tls-cert", "chain.pem"], "--tls-cert and --tls-key go together"),
        (["--tls-cert", "missing.pem", "--tls-key", "missing.pem"], "cannot read missing.pem"),
        (["--tls-cert", "junk.pem", "--tls-key", "junk.pem"], "are not a certificate and its key"),
        (["--tls-cert", "big.pem", "--tls-key", "junk.pem"], "cannot read big.pem: larger than"),
        pytest.param(
            ["--tls-cert", "fifo.pem", "--tls-key", "junk.pem"],
            "cannot read fifo.pem: not a regular file",  # reading it waited for a writer
            marks=POSIX,
        ),
        pytest.param(
            ["--tls-cert", "/dev/zero", "--tls-key", "junk.pem"],
            "cannot read /dev/zero: not a regular file",  # reading it grew to 1.9 GB
            marks=POSIX,
        ),
    ],
)
def test_tls_files_that_cannot_serve_are_one_line_and_the_server_never_starts(
    tmp_path: Path, options: list[str], words: str
) -> None:
    (tmp_path / "junk.pem").write_text("not a certificate\n")
    with (tmp_path / "big.pem").open("wb") as big:
        big.truncate(64 << 20)  # sparse: 64 MB that take no disk
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "fifo.pem")
    server = forked(
        SERVER_MODULES,
        module="game.server",
        args=["--port", "0", "--home", str(tmp_path / "home"), *options],
        env=os.environ,
        cwd=tmp_path,
    )
    out, errors = server.communicate(timeout=GUARD_S)
    assert server.returncode == 2
    assert out == ""
    last = errors.strip().splitlines()[-1]
    assert words in last
    assert "Traceback" not in errors


def test_a_server_on_redis_without_redis_installed_says_what_to_install(tmp_path: Path) -> None:
    """Redis's client is the server's extra (`contack[server]`), not a player's: where it
    is not installed the server still imports, and `--store` is one line saying what to
    install, exit 1."""
    without_redis = (  # a zygote of the server alone: had the server imported redis, here it is
        "import sys, runpy; assert 'redis' not in sys.modules, 'the server imports redis'; "
        "sys.modules['redis'] = None; sys.modules.pop('game.server'); "
    )
    serve = "runpy.run_module('game.server', run_name='__main__')"
    options = ["--port", "0", "--home", str(tmp_path), "--store", "redis://127.0.0.1:1/0"]
    server = forked(("game.server",), code=without_redis + serve, args=options, env=os.environ)
    _, errors = server.communicate(timeout=GUARD_S)
    assert server.returncode == 1
    assert errors.splitlines() == [
        "table server: --store needs redis: pip install 'contack[server]'"
    ]


def test_a_server_leaves_the_collector_only_what_it_made_since_its_last_second(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A full pass of the cyclic collector over 1,000 tables and their connections took a
    server 230-240 ms of CPU every 15-30 s, and every move it was to tell waited: what it
    holds once its tables are open is frozen, and every `SETTLE_S` what it made since
    is collected and the rest frozen."""
    monkeypatch.setattr(game.server, "SETTLE_S", 0.0)
    gc.disable()  # only the server's own settling may collect
    collector = Collector(game.server.COLLECTOR_GROWTH)
    try:
        made = Cycle()
        gone = weakref.ref(made)
        del made
        kept = Cycle()

        async def settle_twice() -> None:
            settling = asyncio.create_task(game.server.settling(collector))
            for _ in range(3):
                await asyncio.sleep(0)
            settling.cancel()

        asyncio.run(settle_twice())
        assert gone() is None
        assert not any(found is kept for found in gc.get_objects())  # frozen
    finally:
        collector.close()
        gc.enable()


class Cycle:
    """Garbage, once let go, that only the cyclic collector can take."""

    def __init__(self) -> None:
        self.itself = self
