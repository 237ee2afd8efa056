"""What a host gives its friends to join a table: one invitation string holding the
server's address and the table's code (`contack://HOST:PORT/CODE`), so that a code always
names its server; and the address of this computer on its local network, where a host
listens by default."""

from __future__ import annotations

import re
import socket
from typing import Final, NamedTuple

SCHEME: Final = "contack://"
_INVITATION: Final = re.compile(
    r"contack://(?P<host>\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+):(?P<port>[0-9]{1,5})/(?P<code>[A-Za-z0-9_-]{1,64})"
)
_PROBE: Final = ("192.0.2.1", 9)
"""An address of TEST-NET-1 (RFC 5737): asking the route to it sends nothing."""


class Invitation(NamedTuple):
    """Where a table is: its server's WebSocket address and its code."""

    address: str
    code: str

    def __str__(self) -> str:
        return SCHEME + self.address.removeprefix("ws://") + "/" + self.code


def read_invitation(text: str) -> Invitation:
    """The invitation pasted as `text` (spaces around it ignored); `ValueError` with a
    one-line reason when it is not one."""
    match = _INVITATION.fullmatch(text.strip())
    if match is None or not 0 < int(match["port"]) < 65536:
        raise ValueError("not an invitation to a table (contack://ADDRESS:PORT/CODE)")
    return Invitation(f"ws://{match['host']}:{match['port']}", match["code"])


def lan_address() -> str:
    """This computer's address on its local network (the one its friends' computers
    reach), or 127.0.0.1 when it is on none."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(_PROBE)
            address = probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"
    return str(address)
