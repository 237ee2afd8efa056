"""The server's TLS (`game.server.tls_context`), the handshake played in memory: once it
ends the server says nothing until its client speaks, so a client that reads in one
thread while it writes its request in another (websockets' sync client, as the tests'
players) has nothing to race on."""

from __future__ import annotations

import ssl
from pathlib import Path

import trustme

from game.server import tls_context


def handshake_done(side: ssl.SSLObject) -> bool:
    try:
        side.do_handshake()
    except ssl.SSLWantReadError:
        return False
    return True


def test_the_server_sends_nothing_after_its_tls_handshake_until_its_client_speaks(
    tmp_path: Path, authority: trustme.CA
) -> None:
    """No TLS 1.3 session tickets: OpenSSL sends two unasked once the handshake ends,
    and a websockets sync client that read them while it wrote its request now and then
    lost the request (the server closed it after 10 s of waiting: about 1 connection in
    500)."""
    certificate = authority.issue_cert("127.0.0.1")
    chain, key = tmp_path / "chain.pem", tmp_path / "key.pem"
    certificate.private_key_and_cert_chain_pem.write_to_path(str(chain))
    certificate.private_key_pem.write_to_path(str(key))
    trusting = ssl.create_default_context(ssl.Purpose.SERVER_AUTH)
    authority.configure_trust(trusting)
    to_client, from_client, to_server, from_server = (ssl.MemoryBIO() for _ in range(4))
    client = trusting.wrap_bio(to_client, from_client, server_hostname="127.0.0.1")
    served = tls_context(chain, key)
    assert served is not None
    server = served.wrap_bio(to_server, from_server, server_side=True)
    assert not handshake_done(client)  # its hello
    to_server.write(from_client.read())
    assert not handshake_done(server)  # its hello, certificate and finished
    to_client.write(from_server.read())
    assert handshake_done(client)  # its finished
    to_server.write(from_client.read())
    assert handshake_done(server)
    assert client.version() == server.version() == "TLSv1.3"
    assert from_server.pending == 0
    client.write(b"GET / HTTP/1.1\r\n\r\n")  # and what the client says still comes
    to_server.write(from_client.read())
    assert server.read() == b"GET / HTTP/1.1\r\n\r\n"
