"""The deals of a solitaire screen: opening the saved deal or a new one, starting over,
the next deal (found winnable first when the player asks for that), the deal number
typed, the review asked for opened, and finished deals put in the history (a won one
by the autosave, just before it writes; a loss only once the player moves on, as undo
may still take it back)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.i18n import _
from game.persist.history import count_finished
from game.play.solitaire_session import SolitaireSession, WinnableDealSearch
from game.rules.errors import RecordError
from game.rules.record.document import DAILY_KEY, GameRecord
from game.scenes.requests import ReplayRequest
from game.scenes.solitaire.bars import light_wanted, option

if TYPE_CHECKING:
    from game.scenes.base import Services
    from game.scenes.solitaire.context import SolitaireContext


def open_deal(
    services: Services, mode: str, record: GameRecord | None, seed: int | None
) -> SolitaireSession:
    """The saved deal `record` resumed (the player told if it cannot be), else deal
    number `seed` (a random one if None) from its start."""
    if record is not None:
        try:
            return SolitaireSession.resume(record, services.adviser)
        except (RecordError, KeyError, TypeError) as error:
            services.notify(
                _("The saved game could not be resumed ({reason}).").format(reason=error)
            )
    seed = seed if seed is not None else random.randrange(1, 1_000_000)
    return SolitaireSession.new(mode, seed, services.adviser)


class SolitaireDeals:
    """The deal on screen (the context's session) replaced by the next one, and the
    search for it. `began(seed)` follows each deal begun after the first (the screen
    clears its board)."""

    def __init__(
        self, context: SolitaireContext, mode: str, *, began: Callable[[int], None]
    ) -> None:
        self.context, self.services, self.mode = context, context.services, mode
        self.began = began
        self.busy_text = ""
        self.line_wanted = False
        self._work_frame = -1

    @property
    def session(self) -> SolitaireSession:
        return self.context.session

    @property
    def searching(self) -> bool:
        """Looking for a winnable deal: the board takes no moves meanwhile."""
        return self.context.searching

    def drop_search(self) -> None:
        """Forget the search for a winnable deal (the worker stops it)."""
        if self.context.search is not None:
            self.context.search.cancel()
        self.context.search = None
        self.busy_text = ""

    def start(self, seed: int, **extra: Any) -> None:
        """Begin deal number `seed` from its start (`extra` keys go into its record)."""
        self.context.autosave.count_pending()
        self.count_loss()
        self.drop_search()
        self.session.close()
        self.context.session = SolitaireSession.new(self.mode, seed, self.services.adviser, **extra)
        self.session.save_due = True
        self.began(seed)

    def restart(self) -> None:
        """The same deal from its start (a daily deal stays the day's, the light as its
        switch was set on it)."""
        day, chosen = self.session.record.daily, self.session.light.chosen
        self.start(self.session.seed, **({DAILY_KEY: day} if day is not None else {}))
        self.session.light.chosen = chosen

    def new(self) -> None:
        """A fresh deal; with "winnable deals only", search for one first (across frames)."""
        if not option(self.services, "winnable_only"):
            self.start(random.randrange(1, 1_000_000))
            return
        self.drop_search()
        self.context.search = WinnableDealSearch(self.mode, self.services.adviser)
        self.busy_text = _("Looking for a winnable deal…")

    def work(self, title: str) -> None:
        """Once a frame (not once a step): the background thinking and the review asked
        for (opened in the viewer under `title`)."""
        if self._work_frame == self.services.frames:
            return
        self._work_frame = self.services.frames
        self._think()
        self.open_asked_review(title)

    def _think(self) -> None:
        """The deal search, the verdict, the advice, the light (on where the settings
        want it)."""
        search = self.context.search
        if search is not None:
            seed = search.poll()
            if seed is not None:
                self.context.search = None
                self.busy_text = ""
                self.start(seed)
            return
        session = self.session
        session.light.switch(light_wanted(self.services, session), session.state)
        session.poll()

    def open_asked_review(self, title: str) -> None:
        """Open the review the player asked for in the replay viewer, once it is found
        (with its winning line playing when `line_wanted`)."""
        found = self.session.take_asked_review()
        if found is None:
            return
        record = self.session.record.copy()
        request = ReplayRequest(record, title, review=found, show_line=self.line_wanted)
        self.services.open(request)
        self.line_wanted = False

    def count_loss(self) -> None:
        """Put a lost game in the statistics (a new deal, a restart or leaving does)."""
        report = self.session.take_loss()
        if report is not None:
            count_finished(self.services.storage, report)
