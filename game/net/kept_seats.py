"""The seats this window holds at a networked table, kept in the game's settings so that
a game closed (or a computer restarted) takes them back by their tokens: the invitation,
the tokens, and whether this window hosts the table (its server is started again, its
tables reopened from their saves)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, TypedDict

from game.net.invitation import read_invitation

SETTING: Final = "network_table"
"""The settings file's key for the kept seats."""


class KeptSeatsEntry(TypedDict):
    """The kept seats as the settings file holds them."""

    invitation: str
    tokens: list[str]
    hosted: bool
    host_token: str


@dataclass(frozen=True)
class KeptSeats:
    invitation: str
    tokens: tuple[str, ...]
    hosted: bool = False
    host_token: str = ""
    """The host's token (it lets the host give an away seat to a computer)."""

    def to_dict(self) -> KeptSeatsEntry:
        return {
            "invitation": self.invitation,
            "tokens": list(self.tokens),
            "hosted": self.hosted,
            "host_token": self.host_token,
        }

    @classmethod
    def read(cls, data: object) -> KeptSeats | None:
        """The kept seats in `data` (from the settings file), or None when it holds none
        that can be used."""
        if not isinstance(data, dict):
            return None
        invitation, tokens = data.get("invitation"), data.get("tokens")
        if not isinstance(invitation, str) or not isinstance(tokens, list) or not tokens:
            return None
        if not all(isinstance(token, str) and 0 < len(token) <= 256 for token in tokens):
            return None
        try:
            read_invitation(invitation)
        except ValueError:
            return None
        host = data.get("host_token")
        hosted = data.get("hosted") is True
        return cls(invitation, tuple(tokens), hosted, host if isinstance(host, str) else "")
