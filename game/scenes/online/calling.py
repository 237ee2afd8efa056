"""What the screens that sit down at a networked table share (joining, taking seats back,
hosting): the table being opened is polled each frame and handed to the table screen
once sat at; a call still under way is hung up when the screen closes."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from game.i18n import _
from game.net.hosting import HostedServer
from game.net.table_opening import TableOpening, start_hosting_as_set
from game.scenes.base import Scene
from game.scenes.requests import RemoteTableRequest

if TYPE_CHECKING:
    from game.scenes.base import Services


class TableCallingScene(Scene):
    """A screen that opens a networked table (`opening`) and waits for it."""

    def __init__(self, services: Services) -> None:
        super().__init__(services)
        self.opening: TableOpening | None = None

    def host_here(self) -> HostedServer:
        """This window's table server, listening where the settings say (`OSError` when
        it cannot: see `cannot_host`)."""
        services = self.services
        home = services.storage.data_dir / "server"
        return start_hosting_as_set(services.adviser, home, services.settings.extra)

    def still_for(self) -> float:
        """What comes for the table being opened is news (from the table's connection)."""
        return math.inf

    def poll_opening(self) -> TableOpening | None:
        """Take in what came for the table being opened; once it is sat at, the table
        screen takes it over. Returns the opening when it has just failed (its `failure`
        says why), else None."""
        opening = self.opening
        if opening is None:
            return None
        match = opening.poll(self.services.adviser)
        if opening.failure is not None:
            self.opening = None
            return opening
        if match is not None:
            self.opening = None  # the table screen holds the connection now
            self.sit_at(RemoteTableRequest(match))
        return None

    def sit_at(self, table: RemoteTableRequest) -> None:
        """The table screen, in place of this one."""
        self.services.switch_to(table)

    def exit(self) -> None:
        """A table still being called is hung up (and a server started for it stopped)."""
        super().exit()
        if self.opening is not None:
            self.opening.close()
            self.opening = None


def cannot_host(error: OSError) -> str:
    """Why this window cannot host a table, in one line."""
    return _("The table cannot be hosted here ({reason}).").format(reason=error)
