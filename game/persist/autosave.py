"""The autosave behind the Continue button (`saved-game.contack.json` in the data
directory): written after every move, cleared when the game ends, and checked by the rules
engine before it is offered (a save it cannot replay is set aside with a notice)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Final

from game.persist.files import GameFiles
from game.persist.records import check_record_dict
from game.rules.record import GameRecord, RecordError

SAVED_GAME_FILE: Final = "saved-game.contack.json"


def saved_game_path(files: GameFiles) -> Path:
    return files.data_dir / SAVED_GAME_FILE


def has_saved_game(files: GameFiles) -> bool:
    return saved_game_path(files).is_file()


def load_game(files: GameFiles) -> dict[str, Any] | None:
    """The saved game record, or None (a bad file is set aside with a notice)."""
    return files.read_object(saved_game_path(files))


def save_game(files: GameFiles, record: dict[str, Any]) -> bool:
    """Write the game in progress (compact, no wait for the disk; still atomic)."""
    return files.write_json(saved_game_path(files), record, every_move=True)


def clear_game(files: GameFiles) -> None:
    saved_game_path(files).unlink(missing_ok=True)


def check_saved_game(files: GameFiles) -> dict[str, Any] | None:
    """The saved game if the rules engine can replay it; a bad one is set aside (notice)."""
    data = load_game(files)
    if data is None:
        return None
    try:
        if data.get("hands") == []:  # set up but not dealt yet: the scene deals it
            GameRecord(data).validate_header()
        else:
            check_record_dict(data)
    except RecordError as error:
        files.set_aside(saved_game_path(files), str(error))
        return None
    return data
