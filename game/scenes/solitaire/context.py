"""What the parts of a solitaire screen work with: the session context (the services,
the deal's session, the autosave, `play`: game/scenes/session_screen.py) and the search
for a winnable deal under way, during which the board takes no moves."""

from __future__ import annotations

from game.play.solitaire_session import SolitaireSession, WinnableDealSearch
from game.scenes.session_screen import SessionContext


class SolitaireContext(SessionContext[SolitaireSession]):
    """A solitaire's session context; its deals replace `session` and set `search`."""

    search: WinnableDealSearch | None = None

    @property
    def searching(self) -> bool:
        """Looking for a winnable deal: the board takes no moves meanwhile."""
        return self.search is not None
