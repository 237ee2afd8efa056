"""`Storage`: one object for the app and the scenes to keep their files through.

It is `GameFiles` (the folders, safe JSON reading and writing, the notices) with the
settings and the autosave as methods, so that call sites stay short; the records, the
history and the statistics are functions of `game.persist.records` and
`game.persist.history` that take it.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

from game.persist import autosave, history, settings
from game.persist.files import GameFiles
from game.persist.settings import Settings
from game.rules.errors import RecordError
from game.rules.record.document import GameRecord


class Storage(GameFiles):
    """The game's files: settings, the autosave, and (through functions) everything else."""

    def tidy_at_start(self) -> None:
        """What the last run left: writes cut short swept away, the saves checked (bad
        ones set aside), finished games it could not count counted."""
        self.sweep_partial_writes()
        autosave.check_saved_games(self)
        history.count_lost_saves(self)

    # Settings -----------------------------------------------------------------

    @property
    def settings_path(self) -> Path:
        return settings.settings_path(self)

    def load_settings(self) -> Settings:
        """The saved settings, or defaults (with a notice when the file was bad)."""
        return settings.load_settings(self)

    def save_settings(self, chosen: Settings) -> bool:
        return settings.save_settings(self, chosen)

    # Saved games (one per mode) -----------------------------------------------

    def saved_game_path(self, mode: str) -> Path:
        return autosave.saved_game_path(self, mode)

    def has_saved_game(self, mode: str | None = None) -> bool:
        return autosave.has_saved_game(self, mode)

    def load_game(self, mode: str) -> GameRecord | None:
        """The saved game of `mode`, or None (a bad file is set aside with a notice); its
        moves are checked when it is resumed."""
        data = autosave.load_game(self, mode)
        if data is None:
            return None
        try:
            return GameRecord.parse(data)
        except RecordError as error:
            self.set_aside(self.saved_game_path(mode), str(error))
            return None

    def save_game(self, record: GameRecord) -> bool:
        return autosave.save_game(self, record)

    def keep_game(self, mode: str, record: GameRecord | None) -> None:
        """The autosave of `mode` as a session hands it over: `record` saved, or None
        (the game is over, and in the history: `add_finished_game`) cleared once the
        history holds it. What the disk refused before is tried first; a save it
        refuses now is kept to try again (`pay_owed`) until a later one replaces it."""
        key = f"save:{mode}"
        self.owed.pop(key, None)
        self.pay_owed()
        if record is None:
            history.clear_finished_game(self, mode)
        elif not self.save_game(record):
            self.owe(key, partial(self.save_game, record.copy()))

    def clear_game(self, mode: str) -> None:
        """Delete the save of `mode` (the player starts another game over it); a finished
        game the history could not take yet stays, for the next start to count; a save
        of it the disk refused is never written now."""
        self.owed.pop(f"save:{mode}", None)
        history.clear_counted_game(self, mode)
