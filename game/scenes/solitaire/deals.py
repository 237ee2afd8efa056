"""The deals of a solitaire screen: opening the saved deal or a new one, starting over,
the next deal (found winnable first when the player asks for that), the deal number
typed, the autosave written as soon as a move is played, the review asked for opened,
and finished deals put in the history (a loss only once the player moves on, as undo
may still take it back)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.i18n import _
from game.persist.history import count_finished
from game.play.events import Report
from game.play.solitaire_session import SolitaireSession, WinnableDealSearch
from game.rules.errors import RecordError
from game.rules.record.document import DAILY_KEY, GameRecord
from game.scenes.requests import ReplayRequest
from game.scenes.solitaire.bars import light_wanted

if TYPE_CHECKING:
    from game.scenes.base import Services


class SolitaireDeals:
    """The session of the deal on screen, and the search for the next one."""

    def __init__(
        self,
        services: Services,
        mode: str,
        record: GameRecord | None,
        seed: int | None,
        *,
        winnable_only: Callable[[], bool],
        began: Callable[[int], None],
        prepare_art: Callable[[], None],
    ) -> None:
        """`winnable_only()`: whether a new deal must be one the solver wins; `began(seed)`
        follows each deal begun after the first (the screen clears its board);
        `prepare_art()` asks for the tile art the next moves may show."""
        self.services, self.mode = services, mode
        self.prepare_art = prepare_art
        self.winnable_only, self.began = winnable_only, began
        self.search: WinnableDealSearch | None = None
        self.busy_text = ""
        self.line_wanted = False
        self._work_frame = -1
        self._won: Report | None = None
        """A won game the history takes in the frame after the winning move's."""
        self._shown_at = -1
        """The frame that showed the last move (its save waits for the next)."""
        self.session = self._open(record, seed)

    def _open(self, record: GameRecord | None, seed: int | None) -> SolitaireSession:
        services = self.services
        if record is not None:
            try:
                return SolitaireSession.resume(record, services.adviser)
            except (RecordError, KeyError, TypeError) as error:
                services.notify(
                    _("The saved game could not be resumed ({reason}).").format(reason=error)
                )
        seed = seed if seed is not None else random.randrange(1, 1_000_000)
        return SolitaireSession.new(self.mode, seed, services.adviser)

    @property
    def searching(self) -> bool:
        """Looking for a winnable deal: the board takes no moves meanwhile."""
        return self.search is not None

    def close(self) -> None:
        """The screen is leaving: count a loss, write what is due, stop the thinking."""
        self.count_loss()
        self.save_if_due(at_once=True)
        self.drop_search()
        self.session.close()

    def drop_search(self) -> None:
        """Forget the search for a winnable deal (the worker stops it)."""
        if self.search is not None:
            self.search.cancel()
        self.search = None
        self.busy_text = ""

    def start(self, seed: int, **extra: Any) -> None:
        """Begin deal number `seed` from its start (`extra` keys go into its record)."""
        self._count_won()
        self.count_loss()
        self.drop_search()
        self.session.close()
        self.session = SolitaireSession.new(self.mode, seed, self.services.adviser, **extra)
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
        if not self.winnable_only():
            self.start(random.randrange(1, 1_000_000))
            return
        self.drop_search()
        self.search = WinnableDealSearch(self.mode, self.services.adviser)
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
        if self.search is not None:
            seed = self.search.poll()
            if seed is not None:
                self.search = None
                self.busy_text = ""
                self.start(seed)
            return
        session = self.session
        session.light.switch(light_wanted(self.services, session), session.state)
        session.poll()

    def save_if_due(self, at_once: bool = False) -> bool:
        """Write the autosave a change asked for, in a later frame than the move's (with
        a winning move's, after its history) and ask for the art the next moves may
        show; True when there was one. `at_once`: the screen leaves or pauses, nothing
        waits for the next frame."""
        if not at_once and self._shown_at == self.services.frames:
            return False
        self._count_won()
        due, data = self.session.take_save()
        if not due:
            return False
        self.services.storage.keep_game(self.mode, data)
        self.prepare_art()
        return True

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

    def count(self, report: Report) -> None:
        count_finished(self.services.storage, report)

    def shown(self) -> None:
        """A move's frame shows it: its save (and a win's history) wait for the next
        frame. With them in the move's frame, moves were an auto-play's slowest frames
        (a win's history made one of 23 ms)."""
        self._shown_at = self.services.frames

    def count_won(self, report: Report) -> None:
        """Put a won game in the history in the next frame, before its save goes."""
        self._won = report

    def _count_won(self) -> None:
        if self._won is not None:
            won, self._won = self._won, None
            self.count(won)

    def count_loss(self) -> None:
        """Put a lost game in the statistics (a new deal, a restart or leaving does)."""
        report = self.session.take_loss()
        if report is not None:
            self.count(report)
