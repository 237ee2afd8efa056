"""What a networked table knows of the connections: whether this window's is open (and
why it went), which seats have one, and the notices that tell the players so."""

from __future__ import annotations

from game.i18n import _
from game.net.client import BAD_SERVER, HOST_LEFT, Disconnected
from game.net.network_words import connection_words
from game.net.replies import Presence


class ConnectionState:
    """This window's connection and every seat's, for a table of `players` seats."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.seats = [True] * players
        """Whether each seat has a connection (the server's `presence`)."""
        self.lost: Disconnected | None = None
        """Why this window's connection went, while it is gone (the first reason: a host
        that left stays the reason while its address refuses the tries again)."""
        self.notices: list[str] = []

    @property
    def online(self) -> bool:
        return self.lost is None

    @property
    def dropped(self) -> bool:
        """Whether the connection was dropped for good (the server sent what cannot be)."""
        return self.lost is not None and self.lost.cause == BAD_SERVER

    def presence(self, event: Presence) -> None:
        self.seats = list(event.connected[: self.players])
        self.seats += [False] * (self.players - len(self.seats))

    def connected(self) -> None:
        if not self.online and not self.dropped:
            self.notices.append(_("Connected to the table again."))
            self.lost = None

    def disconnected(self, event: Disconnected) -> None:
        """Say why the connection went, once (and again when it is dropped for good)."""
        if self.dropped or (not self.online and event.cause != BAD_SERVER):
            return
        self.lost = event
        if event.cause == HOST_LEFT:
            self.notices.append(
                _(
                    "The host closed the table. Wait here for it to open again, or leave:"
                    " Join a table takes your seat back later."
                )
            )
        elif event.cause == BAD_SERVER:
            self.notices.append(connection_words(event))
        else:
            self.notices.append(_("Connection to the table lost: trying again…"))

    def offline_words(self) -> str | None:
        """What the table waits for while the connection is gone (None: it is open)."""
        if self.lost is None:
            return None
        if self.dropped:
            return _("The server sent something wrong: the connection is closed.")
        if self.lost.cause == HOST_LEFT:
            return _("The host closed the table: waiting for it to open again…")
        return _("Connection lost: trying again…")

    def take_notices(self) -> list[str]:
        notices, self.notices = self.notices, []
        return notices
