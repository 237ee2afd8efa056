"""Invitations to a table (game/net/invitation.py): written and read back, refused with
one line when pasted wrong; this computer's local-network address."""

from __future__ import annotations

import ipaddress

import pytest

from game.net.invitation import Invitation, lan_address, read_invitation


@pytest.mark.parametrize(
    "address", ["ws://192.168.1.20:8765", "ws://[::1]:40000", "ws://tables.example.org:443"]
)
def test_an_invitation_reads_back_as_its_address_and_code(address: str) -> None:
    invitation = Invitation(address, "qU5bnaTw7h-p0oHU")
    assert str(invitation).startswith("contack://")
    assert read_invitation(f"  {invitation}\n") == invitation


@pytest.mark.parametrize(
    "text",
    [
        "",
        "qU5bnaTw7h-p0oHU",
        "contack://host/code",
        "contack://host:0/code",
        "contack://host:70000/code",
        "contack://ho st:80/code",
        "contack://host:80/co/de",
        "http://host:80/code",
    ],
)
def test_what_is_not_an_invitation_is_refused_in_one_line(text: str) -> None:
    with pytest.raises(ValueError, match="not an invitation"):
        read_invitation(text)


def test_the_local_network_address_is_an_address_of_this_computer() -> None:
    assert ipaddress.ip_address(lan_address()).version == 4
