"""A real `python -m game.server` behind a proxy it trusts (`--trusted-proxy`): every
connection comes from 127.0.0.1, and the limits per host and per network count the
client each names in `X-Forwarded-For`, or in a PROXY protocol line, only when 127.0.0.1
is a trusted proxy's."""

from __future__ import annotations

import ipaddress
import json
import socket
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from websockets.sync.client import ClientConnection, connect

from game.net.messages import create_frame
from game.net.tables.limits import TrustedProxies, proxy_source
from tests.conftest import GUARD_S
from tests.net_process import end, start_server

LIMITS = ("--limit", "connections_per_host=1", "--limit", "join_burst=1",
          "--limit", "joins_per_s=0.001")  # fmt: skip
"""One connection per host, one table opened per network."""


@pytest.fixture
def server_trusting(tmp_path: Path) -> Iterator[Callable[[str], str]]:
    """Start a server trusting the proxies named (`start(CIDR)`); killed after the test."""
    servers = []

    def start(proxy: str) -> str:
        server, address = start_server(tmp_path, None, *LIMITS, "--trusted-proxy", proxy)
        servers.append(server)
        return address

    yield start
    for server in servers:
        assert "Traceback" not in end(server)


def through(stack: ExitStack, address: str, client: str) -> ClientConnection:
    """A connection to `address` saying it forwards `client`."""
    headers = {"X-Forwarded-For": f"203.0.113.9, {client}"}  # the nearest hop last
    return stack.enter_context(connect(address, additional_headers=headers, open_timeout=GUARD_S))


def opened(connection: ClientConnection) -> str:
    """What opening a table gets: `created`, or the error's code."""
    connection.send(create_frame(["remote", "remote"]))
    answer = json.loads(connection.recv(timeout=GUARD_S))
    return "created" if "table" in answer else str(answer["code"])


def test_a_trusted_proxys_clients_are_counted_by_the_address_it_forwards(
    server_trusting: Callable[[str], str],
) -> None:
    address = server_trusting("127.0.0.1/32")
    with ExitStack() as stack:
        ann = through(stack, address, "198.51.100.7")
        bob = through(stack, address, "192.0.2.44")  # another network, another host
        assert [opened(ann), opened(bob)] == ["created", "created"]
        assert opened(ann) == "too-fast"  # its network's one table
        forwarding = b"X-Forwarded-For: 198.51.100.7\r\n"
        assert answer(stack, address, headers=forwarding) == b"HTTP/1.1 503"  # its host's one


def test_the_header_from_an_untrusted_address_counts_its_real_address(
    server_trusting: Callable[[str], str],
) -> None:
    address = server_trusting("192.0.2.0/24")  # a proxy elsewhere: 127.0.0.1 is not it
    with ExitStack() as stack:
        ann = through(stack, address, "198.51.100.7")
        assert opened(ann) == "created"
        forwarding = b"X-Forwarded-For: 192.0.2.44\r\n"
        assert answer(stack, address, headers=forwarding) == b"HTTP/1.1 503"  # 127.0.0.1's one


UPGRADE = (
    b"GET / HTTP/1.1\r\nHost: club\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
    b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
)


def answer(stack: ExitStack, address: str, line: bytes = b"", headers: bytes = b"") -> bytes:
    """The start of the answer to a handshake with `headers` that `line` comes before,
    sent in two pieces (b"" when the server closes the connection unanswered). On a raw
    socket: a server full answers 503 before the request, which websockets' client
    cannot always read."""
    parts = urlsplit(address)
    assert parts.hostname is not None and parts.port is not None
    raw = stack.enter_context(socket.create_connection((parts.hostname, parts.port), GUARD_S))
    sent = line + UPGRADE + headers + b"\r\n"
    raw.sendall(sent[:9])
    raw.sendall(sent[9:])
    return raw.recv(12)


def test_a_trusted_proxys_proxy_protocol_line_names_the_client_counted(
    server_trusting: Callable[[str], str],
) -> None:
    address = server_trusting("127.0.0.0/8")
    with ExitStack() as stack:
        assert answer(stack, address, b"PROXY TCP4 198.51.100.7 127.0.0.1 4000 80\r\n") == (
            b"HTTP/1.1 101"
        )
        assert answer(stack, address, b"PROXY TCP6 2001:db8::7 ::1 4000 80\r\n") == (
            b"HTTP/1.1 101"
        )
        assert answer(stack, address, b"PROXY TCP4 198.51.100.7 127.0.0.1 4001 80\r\n") == (
            b"HTTP/1.1 503"  # that host's one connection
        )
        assert answer(stack, address, b"PROXY TCP4 nonsense\r\n") == b""
        assert answer(stack, address, b"") == b"HTTP/1.1 101"  # no line: the proxy itself


def test_a_proxy_protocol_line_from_an_untrusted_address_is_no_request(
    server_trusting: Callable[[str], str],
) -> None:
    address = server_trusting("192.0.2.0/24")
    with ExitStack() as stack:
        line = b"PROXY TCP4 198.51.100.7 127.0.0.1 4000 80\r\n"
        assert answer(stack, address, line) == b""  # closed unanswered: no HTTP request


@pytest.mark.parametrize(
    ("line", "source"),
    [
        (b"PROXY TCP4 198.51.100.7 10.0.0.1 4000 80", "198.51.100.7"),
        (b"PROXY TCP6 2001:db8::7 2001:db8::1 4000 80", "2001:db8::7"),
        (b"PROXY UNKNOWN", None),
        (b"PROXY UNKNOWN 1 2 3 4", None),
    ],
)
def test_a_proxy_protocol_line_names_its_source(line: bytes, source: str | None) -> None:
    assert proxy_source(line) == source


@pytest.mark.parametrize(
    "line",
    [
        b"PROXY TCP4 2001:db8::7 10.0.0.1 4000 80",
        b"PROXY TCP4 nonsense",
        b"PROXY UDP4 198.51.100.7 10.0.0.1 4000 80",
        b"PROXY TCP4 198.51.100.7 10.0.0.1 4000 80 " + b"9" * 80,
    ],
)
def test_a_line_that_is_no_proxy_protocol_line_is_refused(line: bytes) -> None:
    with pytest.raises(ValueError):
        proxy_source(line)


@pytest.mark.parametrize(
    ("peer", "forwarded", "counted"),
    [
        ("127.0.0.1", ["198.51.100.7"], "198.51.100.7"),
        ("127.0.0.1", ["203.0.113.9, 198.51.100.7"], "198.51.100.7"),
        ("127.0.0.1", ["203.0.113.9", "10.1.2.3, 10.9.0.1"], "203.0.113.9"),  # our hops
        ("127.0.0.1", ["198.51.100.7, not-an-address"], "127.0.0.1"),
        ("127.0.0.1", [], "127.0.0.1"),
        ("::ffff:127.0.0.1", ["2001:db8::1"], "2001:db8::1"),
        ("192.0.2.1", ["198.51.100.7"], "192.0.2.1"),  # no proxy of ours: ignored
    ],
)
def test_the_client_counted_is_the_nearest_hop_no_trusted_proxy_added(
    peer: str, forwarded: list[str], counted: str
) -> None:
    networks = [ipaddress.ip_network("127.0.0.1/32"), ipaddress.ip_network("10.0.0.0/8")]
    proxies = TrustedProxies(networks)
    assert proxies.client(peer, forwarded) == counted
