"""The table's autosave: the record is written in the frame after a move's own (so that
Continue resumes exactly, and the move's frame only starts its animation), a finished
game goes to the history before its autosave is cleared, and the tile art the next
moves will probably show is asked for (the window draws it in its spare time)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.rules.modes import Mode

if TYPE_CHECKING:
    from game.persist.storage import Storage
    from game.play.table_flow import TableFlow


class TableAutosave:
    """Writes the match's autosave when it is due; `report_finished` puts a finished game
    in the history, `prepare_art` asks for the art the next moves may show."""

    def __init__(
        self,
        match: TableFlow,
        storage: Storage,
        report_finished: Callable[[], None],
        prepare_art: Callable[[], None],
    ) -> None:
        self.match = match
        self.storage = storage
        self.report_finished = report_finished
        self.prepare_art = prepare_art

    def save(self) -> None:
        """Autosave the record now (cleared once the game is over)."""
        if not self.match.keeps_record:
            return
        _due, data = self.match.take_save()
        if data is None:
            self.report_finished()
        self.storage.keep_game(Mode.TABLE, data)

    def save_if_due(self) -> None:
        """Write the autosave a move asked for (compact and without waiting for the
        disk, so it costs the move's frame about a millisecond), and ask for the tile
        art the next moves may show."""
        if self.match.save_due:
            self.save()
            self.prepare_art()
