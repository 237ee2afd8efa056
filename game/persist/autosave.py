"""The autosaves behind the menu's Continue buttons: one per mode (the table game and
each solitaire: `saved-<mode>.contack.json` in the data directory), written after every
move, cleared when the game ends, and checked by the rules engine before they are
offered (a save it cannot replay is set aside with a notice). Games of different modes
never replace each other."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Final

from game.i18n import N_
from game.persist.files import GameFiles, Notice
from game.persist.records import check_record
from game.rules.errors import RecordError
from game.rules.modes import Mode
from game.rules.record.document import GameRecord

LEGACY_FILE: Final = "saved-game.contack.json"
"""The one autosave of earlier versions, moved to its mode's slot on start."""


def saved_game_path(files: GameFiles, mode: str) -> Path:
    if mode not in tuple(Mode):
        raise ValueError(f"unknown mode {mode!r}")
    return files.data_dir / f"saved-{mode}.contack.json"


def has_saved_game(files: GameFiles, mode: str | None = None) -> bool:
    """Whether there is a save of `mode` (of any mode when None)."""
    modes = tuple(Mode) if mode is None else (mode,)
    return any(saved_game_path(files, each).is_file() for each in modes)


def load_game(files: GameFiles, mode: str) -> dict[str, Any] | None:
    """The saved game of `mode`, or None (a bad file is set aside with a notice)."""
    return files.read_object(saved_game_path(files, mode))


def save_game(files: GameFiles, record: GameRecord) -> bool:
    """Write the game in progress to its mode's slot (compact, no wait for the disk;
    still atomic)."""
    path = saved_game_path(files, record.mode)
    return files.write_text(path, record.dumps(compact=True), every_move=True)


def is_earlier_save(saved: object, record: GameRecord) -> bool:
    """Whether `saved` (a save's document) is `record`'s game as it stood at one of its
    moves, or as it is: the same mode, deal and stocks, and no move `record` lacks."""
    try:
        earlier = GameRecord.parse(saved)
    except RecordError:
        return False
    if (earlier.mode, earlier.seed) != (record.mode, record.seed):
        return False
    return earlier.hand_count <= record.hand_count and all(
        hand.stock == later.stock and later.moves[: len(hand.moves)] == hand.moves
        for hand, later in zip(earlier.hands, record.hands, strict=False)
    )


def clear_game(files: GameFiles, mode: str) -> None:
    """Delete the save of `mode` (a folder that refuses gives a notice, not a crash)."""
    path = saved_game_path(files, mode)
    try:
        path.unlink(missing_ok=True)
    except OSError as error:
        files.notices.append(
            Notice(
                N_("Could not delete {name}: {reason}"),
                {"name": path.name, "reason": error.strerror or str(error)},
            )
        )


def check_saved_game(files: GameFiles, mode: str) -> GameRecord | None:
    """The saved game of `mode` if the rules engine can replay it; a bad one is set
    aside (notice)."""
    path = saved_game_path(files, mode)
    data = load_game(files, mode)
    if data is None:
        return None
    try:
        if data.get("mode") != mode:
            raise RecordError(f"record: a {data.get('mode')!r} game in the {mode} save")
        record = GameRecord.parse(data)
        if record.hand_count:  # none: set up but not dealt yet, the scene deals it
            check_record(record)
    except RecordError as error:
        files.set_aside(path, str(error))
        return None
    return record


def check_saved_games(files: GameFiles) -> dict[str, GameRecord]:
    """Every mode's save that can be resumed (an earlier version's one save moved to
    its slot first); bad ones are set aside with a notice."""
    move_legacy_save(files)
    saves = {mode: check_saved_game(files, mode) for mode in tuple(Mode)}
    return {mode: data for mode, data in saves.items() if data is not None}


def move_legacy_save(files: GameFiles) -> None:
    """Move the single autosave of earlier versions to its mode's slot, unless that
    slot is taken (then it is set aside, never deleted)."""
    legacy = files.data_dir / LEGACY_FILE
    if not legacy.is_file():
        return
    data = files.read_object(legacy)
    if data is None:
        return
    mode = data.get("mode")
    if mode not in tuple(Mode):
        files.set_aside(legacy, N_("not a game of any mode"))
        return
    target = saved_game_path(files, str(mode))
    if target.exists():
        files.set_aside(legacy, N_("a newer game of that mode is saved"))
        return
    try:
        os.replace(legacy, target)
    except OSError as error:
        files.notices.append(
            Notice(
                N_("Could not move the saved game: {reason}"),
                {"reason": error.strerror or str(error)},
            )
        )
