"""Finished games: the history list and the statistics (filled in by issue 7's work).

Scenes call `game_finished` once when a table game or a solitaire ends.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.app import App


def game_finished(
    app: App,
    record: dict[str, Any],
    *,
    hints: bool = False,
    undos: bool = False,
    autoplay: bool = False,
) -> None:
    """Add a finished game to the history and statistics.

    `record` is the finished game's `.contack.json` document; the flags say whether the
    player used hints, undo or auto-play (such wins are counted apart from clean wins).
    """
    del app, record, hints, undos, autoplay
