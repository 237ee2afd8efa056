"""Draw solitaire, Solitaire No. 1 (placeholder until the solitaire issue fills it in)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.scenes.dialog import MessageScene

if TYPE_CHECKING:
    from game.app import App


class DrawSolitaireScene(MessageScene):
    """Turn the stock one tile at a time and build the figure."""

    def __init__(self, app: App, record: dict[str, Any] | None = None) -> None:
        self.record = record
        super().__init__(app, "Draw solitaire", [
            "Turn tiles from the stock one at a time; place them, or they go to the "
            "discard pile. Place all 36 to win.",
            "This solitaire comes next: stock, discard pile, hints, undo and auto-play.",
        ])
