"""The network's news in the players' words (game/net/network_words.py): an address
nobody answers, one that times out or cannot be reached, something that is not a table,
and a host who closed the table, said apart from a lost connection; never an error's
raw text, in either language."""

from __future__ import annotations

import errno
import socket

import pytest
from websockets.exceptions import InvalidURI

from game import i18n
from game.net import client as net_client
from game.net.client import Disconnected, TableClient, failed_to_connect
from game.net.hosting import HostedServer
from game.net.invitation import Invitation, read_invitation
from game.net.network_words import connection_words, error_words
from game.net.remote_match import RemoteMatch
from game.net.replies import ErrorReply
from game.net.table_opening import TableOpening
from game.net.tables.registry import Registry
from tests.conftest import GUARD_S
from tests.net_clients import sit_down
from tests.net_helpers import ROOMY, ManualClock


def failure_of(opening: TableOpening) -> str:
    """The one line an opening ends with (each event taken at once)."""
    for _ in range(20):
        if opening.failure is not None:
            return opening.failure
        event = opening.link.client.wait(GUARD_S)
        assert event is not None, "the opening never ended"
        opening.receive(event)
    raise AssertionError("the opening never failed")


@pytest.mark.parametrize("language", ["en", "es"])
def test_an_address_nobody_answers_is_said_in_the_players_words(language: str) -> None:
    i18n.set_language(language)
    said = failure_of(TableOpening.join(Invitation("ws://127.0.0.1:9", "CODE"), ["Ann"]))
    assert "Errno" not in said and "127.0.0.1" not in said and "Connect call" not in said
    assert said == connection_words(Disconnected("", True, net_client.REFUSED))
    start = {"en": "Nothing answers there", "es": "Nadie responde allí"}
    assert said.startswith(start[language]), said


@pytest.mark.parametrize(
    "error, cause",
    [
        (ConnectionRefusedError(errno.ECONNREFUSED, "Connect call failed"), net_client.REFUSED),
        (OSError("Multiple exceptions: [Errno 111] Connect call failed"), net_client.REFUSED),
        (TimeoutError(), net_client.TIMED_OUT),
        (OSError(errno.ETIMEDOUT, "Connection timed out"), net_client.TIMED_OUT),
        (socket.gaierror(socket.EAI_NONAME, "Name or service not known"), net_client.UNREACHABLE),
        (OSError(errno.EHOSTUNREACH, "No route to host"), net_client.UNREACHABLE),
        (OSError(errno.ENETUNREACH, "Network is unreachable"), net_client.UNREACHABLE),
        (InvalidURI("ws://x:99999", "bad port"), net_client.NOT_A_TABLE),
        (OSError(errno.ECONNRESET, "Connection reset by peer"), net_client.LOST),
    ],
)
def test_each_way_of_failing_to_connect_has_its_words(error: Exception, cause: str) -> None:
    lost = failed_to_connect(error)
    assert lost.cause == cause and lost.retrying
    for language in ("en", "es"):
        i18n.set_language(language)
        words = connection_words(lost)
        assert "Errno" not in words and (not str(error) or str(error) not in words), words


def test_the_host_closing_the_table_is_said_apart_from_a_lost_connection() -> None:
    server = HostedServer(Registry(ManualClock(), limits=ROOMY), "127.0.0.1", 0)
    server.start()
    host = sit_down(
        TableOpening.host(server, server.address or "", ["remote", "remote"], {}, ["Ann"])
    )
    friend = sit_down(TableOpening.join(read_invitation(host.link.invitation), ["Bob"]))
    try:
        friend.link.client.retry_s = (0.05,)  # so that a try again is seen at once
        host.link.client.close()
        server.stop()  # the host quits: its server closes every connection, going away
        lost = next_lost(friend)
        assert lost.cause == net_client.HOST_LEFT and lost.retrying
        said = friend.take_notices()
        assert len(said) == 1 and said[0].startswith("The host closed the table."), said
        assert "Join a table takes your seat back" in said[0]
        while next_lost(friend).cause == net_client.HOST_LEFT:
            pass  # its address refuses the tries again: still the host who left
        waiting = "The host closed the table: waiting for it to open again…"
        assert friend.waiting_words() == waiting and friend.take_notices() == []
    finally:
        friend.close()
        host.close()


def next_lost(match: RemoteMatch) -> Disconnected:
    """The next `Disconnected` of the match's connection, taken in."""
    client: TableClient = match.link.client
    while True:
        event = client.wait(GUARD_S)
        assert event is not None, "the connection was never lost"
        match.receive(event)
        if isinstance(event, Disconnected):
            return event


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("code", ["not-saved", "replaced", "not-your-turn", "illegal-move"])
def test_a_refusal_at_the_table_is_said_in_the_players_words(language: str, code: str) -> None:
    server = HostedServer(Registry(ManualClock(), limits=ROOMY), "127.0.0.1", 0)
    server.start()
    host = sit_down(
        TableOpening.host(server, server.address or "", ["remote", "remote"], {}, ["Ann"])
    )
    try:
        i18n.set_language(language)
        host.receive(ErrorReply(code, "the server's own English words"))
        said = host.take_notices()
        assert said == [error_words(ErrorReply(code, ""))]
        assert "English words" not in said[0] and "refused:" not in said[0]
    finally:
        host.close()
        server.stop()
