"""The table game scene (placeholder until the table issue fills it in)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.scenes.dialog import MessageScene

if TYPE_CHECKING:
    from game.app import App


class TableScene(MessageScene):
    """Couch play at the table. `config` is {"rules": {...}, "players": [...]}."""

    def __init__(self, app: App, config: dict[str, Any],
                 record: dict[str, Any] | None = None) -> None:
        self.config = config
        self.record = record
        names = ", ".join(p["name"] for p in config.get("players", []))
        super().__init__(app, "Table game", [
            f"Players: {names}." if names else "No players.",
            "The table itself comes next: hands round the table, the figure in the middle, "
            "animated scoring and a score screen.",
        ])
