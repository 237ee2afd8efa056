"""The table's autosave and the tile art drawn ahead: the record is written as soon as a
move is played (so that Continue resumes exactly), a finished game goes to the history
before its autosave is cleared, and the art the next moves will probably show is drawn
in frames that neither save nor play a move."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.rules.record import TABLE

if TYPE_CHECKING:
    from game.persist.storage import Storage
    from game.play.table_match import TableMatch
    from game.ui.tiles import TileArt


class TableAutosave:
    """Writes the match's autosave when it is due; `report_finished` puts a finished game
    in the history, `prepare_art` asks for the art the next moves may show."""

    def __init__(
        self,
        match: TableMatch,
        storage: Storage,
        art: TileArt,
        report_finished: Callable[[], None],
        prepare_art: Callable[[], None],
    ) -> None:
        self.match = match
        self.storage = storage
        self.art = art
        self.report_finished = report_finished
        self.prepare_art = prepare_art
        self._art_frame = -1
        """The last frame that drew one piece of art ahead."""

    def save(self) -> None:
        """Autosave the record now (cleared once the game is over)."""
        if not self.match.keeps_record:
            return
        _due, data = self.match.take_save()
        if data is None:
            self.report_finished()
        self.storage.keep_game(TABLE, data)

    def save_if_due(self) -> None:
        """Write the autosave a move asked for (compact and without waiting for the
        disk, so it costs the move's frame about a millisecond), and ask for the tile
        art the next moves may show."""
        if self.match.save_due:
            self.save()
            self.prepare_art()

    def draw_art_ahead(self, frame: int) -> None:
        """In a spare step (nothing saved or played in it): one piece of the art asked
        for, once a frame at most."""
        if frame != self._art_frame:
            self._art_frame = frame
            self.art.render_prepared(1)
