"""Stacked solitaire, Solitaire No. 2 (placeholder until the solitaire issue fills it in)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.scenes.dialog import MessageScene

if TYPE_CHECKING:
    from game.app import App


class StackedSolitaireScene(MessageScene):
    """Seven face-up piles; place their top tiles to build the figure."""

    def __init__(self, app: App, record: dict[str, Any] | None = None) -> None:
        self.record = record
        super().__init__(app, "Stacked solitaire", [
            "Seven piles lie face up; any pile's top tile may be placed. Place all 36 to win.",
            "This solitaire comes next: the piles, the opening cut, hints, undo and auto-play.",
        ])
