"""Puzzles: the puzzle of the day (the same for everyone on a date) and the trainer's
next puzzle, of every theme or of one (T), each a table position where one placement
scores clearly most; the player's solving rating, streak and days in a row; the history
(H). No hints: the lit spots do not say what they would score.

The puzzle is found by the adviser (in the worker, "Finding a puzzle…" meanwhile) and
played on a `PuzzleTable`. An answer is counted the moment it is given, with the time it
took: the first answer to a puzzle moves the solving rating against the puzzle's rating
(game.persist.puzzles). A puzzle of the history asked again (`retry`) counts nothing,
and can be tried again (A) as often as the player likes.
"""

from __future__ import annotations

import datetime
import math
from typing import TYPE_CHECKING, Final

import pygame

from game.ai.puzzles import ANY, MIN_POINTS, Puzzle, daily_puzzle, find_puzzle, trainer_puzzle
from game.ai.worker import Job
from game.i18n import N_, _, format_date, format_signed, ngettext
from game.persist.puzzles import (
    PuzzleAnswer,
    PuzzleProgress,
    count_daily_answer,
    count_trainer_answer,
    load_progress,
)
from game.play.puzzle_match import PuzzleMatch, PuzzleVerdict
from game.scenes.base import Scene
from game.scenes.puzzles.table import PuzzleTable
from game.scenes.puzzles.words import (
    THEME_CHOICES,
    THEME_LABELS,
    next_theme,
    series_words,
    themes_words,
)
from game.scenes.requests import Screen
from game.scenes.table.panels import lay_out_buttons, status_words
from game.ui.painting import blit_text, draw_panel
from game.ui.text import Said
from game.ui.theme import PALETTE
from game.ui.widgets.controls import Button

if TYPE_CHECKING:
    from game.scenes.base import Services

PANEL_H: Final = 104
"""The puzzle's panel over the figure (design pixels)."""
NONE_FOUND: Final = N_("No puzzle could be found; try again.")


class PuzzlesScene(Scene):
    """The puzzle of the day first, until it is answered; then the trainer's puzzles.
    With `retry`, that answer's puzzle again, counting nothing. `today` is for tests
    (the real date otherwise)."""

    def __init__(
        self,
        services: Services,
        today: datetime.date | None = None,
        retry: PuzzleAnswer | None = None,
    ) -> None:
        super().__init__(services)
        self.today = today or datetime.date.today()
        self.retry = retry
        self.progress = PuzzleProgress()
        self.table: PuzzleTable | None = None
        self.number: int | None = None
        """The trainer's number of the puzzle shown (None: the puzzle of the day)."""
        self.theme = ANY
        """The theme the trainer trains."""
        self.puzzle_job: Job[Puzzle | None] | None = None
        """The puzzle of the day, or the puzzle asked again."""
        self.trainer_job: Job[tuple[int, Puzzle]] | None = None
        self.counted = False
        """Whether the answer shown moved the rating (a second answer is not counted)."""
        self.change = 0.0
        self.clock = 0.0
        self.shown_at = 0.0
        """The clock when the puzzle shown was set out (its answer's time runs from it)."""
        if retry is None:
            self.buttons = {
                "daily": Button(N_("Puzzle of the day"), self.ask_daily),
                "next": Button(N_("Next puzzle"), self.ask_trainer, primary=True),
                "theme": Button(THEME_CHOICES[ANY], self.next_theme, may_show=THEME_LABELS),
                "history": Button(N_("History"), self.open_history),
                "menu": Button(N_("Menu"), self.on_back),
            }
            self.onward, asking, unanswered = self.buttons["next"], ["daily", "next", "theme"], []
            self.keys = {pygame.K_n: "next", pygame.K_t: "theme", pygame.K_h: "history"}
        else:
            self.buttons = {
                "reveal": Button(N_("Show the answer"), self.reveal),
                "again": Button(N_("Try again"), self.ask_again, primary=True),
                "back": Button(N_("◀ History"), self.on_back),
            }
            self.onward, asking, unanswered = self.buttons["again"], ["again"], ["reveal"]
            self.keys = {pygame.K_s: "reveal", pygame.K_a: "again"}
        self.asking = [self.buttons[name] for name in asking]
        """The buttons that ask a puzzle: off while one is found or an answer shown."""
        self.unanswered = [self.buttons[name] for name in unanswered]
        """The buttons for a puzzle set out and not answered yet."""
        for button in self.buttons.values():
            self.form.add(button)
        self.panel = pygame.Rect(0, 0, 0, 0)
        """The puzzle's panel over the figure: what it is, what to do, the standing."""
        self._panel_words: tuple[str, str, str] | None = None
        """The words the panel was laid out for (it grows where they wrap)."""

    # --- asking ---------------------------------------------------------------------------

    def enter(self) -> None:
        self.reload()
        if self.retry is not None:
            self.ask_again()
        elif self.today.isoformat() in self.progress.daily.played:
            self.ask_trainer()
        else:
            self.ask_daily()
        super().enter()
        self.update(0.0)  # a puzzle found at once is set out at once

    def reload(self) -> None:
        self.progress = load_progress(self.services.storage)
        for text in self.services.storage.take_notices():
            self.services.notify(text)

    @property
    def finding(self) -> bool:
        return self.puzzle_job is not None or self.trainer_job is not None

    def ask_daily(self) -> None:
        """The puzzle of the day (again, once answered: then it is not counted)."""
        self._drop()
        self.puzzle_job = self.services.adviser.submit(daily_puzzle, self.today)

    def ask_again(self) -> None:
        """The puzzle of the answer retried, set out afresh."""
        assert self.retry is not None
        self._drop()
        self.puzzle_job = self.services.adviser.submit(find_puzzle, self.retry.key, self.retry.move)

    def ask_trainer(self) -> None:
        """The trainer's next puzzle of its theme, rated near the player's solving rating."""
        self._drop()
        progress, themed = self.progress, self.theme != ANY
        self.trainer_job = self.services.adviser.submit(
            trainer_puzzle,
            progress.theme_trainer if themed else progress.trainer,
            progress.rating,
            self.theme,
        )

    def next_theme(self) -> None:
        """Train the next theme (every puzzle after the last): its first puzzle at once."""
        self.theme = next_theme(self.theme)
        self.buttons["theme"].label = THEME_CHOICES[self.theme]
        self.ask_trainer()

    def reveal(self) -> None:
        """The answer, for a player who asks for it."""
        assert self.table is not None
        self.table.reveal()

    def open_history(self) -> None:
        self.services.open(Screen.PUZZLE_HISTORY)

    def _drop(self) -> None:
        for job in (self.puzzle_job, self.trainer_job):
            if job is not None:
                job.cancel()
        self.puzzle_job = self.trainer_job = None
        self.table = None
        self.resize(self.services.size)

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.puzzle_job is not None and self.puzzle_job.done():
            puzzle, self.puzzle_job = self.puzzle_job.result(), None
            self._show(puzzle, None)
        if self.trainer_job is not None and self.trainer_job.done():
            found, self.trainer_job = self.trainer_job.result(), None
            number, puzzle = found if found is not None else (None, None)
            self._show(puzzle, number)
        if self.table is not None:
            self.table.update(dt)
            if self.panel_lines() != self._panel_words:
                self.resize(self.services.size)
        busy = self.finding or (self.table is not None and self.table.answering)
        for button in self.asking:
            button.enabled = not busy
        for button in self.unanswered:
            button.enabled = self.table is not None and not self.table.match.answered
        self.onward.primary = self.table is None or self.table.match.answered

    def still_for(self) -> float:
        """The puzzle table's (`PuzzleTable.still_for`); a puzzle being found is news."""
        return math.inf if self.table is None else self.table.still_for()

    def _show(self, puzzle: Puzzle | None, number: int | None) -> None:
        """Set out the puzzle found (say so when none could be)."""
        if puzzle is None:
            self.services.notify(_(NONE_FOUND))
            return
        self.number = number
        self.counted = False
        self.shown_at = self.clock
        self.table = PuzzleTable(
            self.services, PuzzleMatch(puzzle, self.services.adviser), self.count
        )
        self.resize(self.services.size)

    def count(self, verdict: PuzzleVerdict) -> None:
        """Keep the answer at once (a game killed a moment later has it); a retry's is
        not kept."""
        assert self.table is not None
        puzzle, storage = self.table.match.puzzle, self.services.storage
        answer = PuzzleAnswer(
            puzzle.key,
            puzzle.move,
            puzzle.rating,
            verdict.solved,
            self.today.isoformat(),
            puzzle.themes,
            self.clock - self.shown_at,
        )
        if self.retry is not None:
            change = None
        elif self.number is None:
            change = count_daily_answer(storage, self.today, answer)
        else:
            themed = self.theme != ANY
            change = count_trainer_answer(storage, self.number, answer, themed)
        self.counted, self.change = change is not None, change or 0.0
        self.reload()

    # --- layout, input and drawing ----------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        ui = self.services.ui
        table = self.table
        buttons = list(self.buttons.values())
        if table is None:  # the buttons at the foot, to ask again
            row = pygame.Rect(0, size[1] - ui.px(70), size[0], ui.px(46))
            lay_out_buttons(buttons, row, ui, widest=210)
            return
        table.lay_out(size, 0)
        figure = table.stage.layout.figure
        right = table.stage.layout.stock.left - ui.px(6)  # the stock stays in view
        self._panel_words = self.panel_lines()
        width = right - figure.x - ui.px(8)
        needed = ui.px(12) + sum(
            len(lines) * ui.font(size, style).get_linesize() + ui.px(8)
            for lines, size, style in self._wrapped_panel(width)
        )
        self.panel = pygame.Rect(
            figure.x + ui.px(8), figure.y + ui.px(8), width, max(ui.px(PANEL_H), needed)
        )
        table.lay_out(size, self.panel.bottom)
        lay_out_buttons(buttons, table.stage.layout.buttons, ui, widest=210)

    def handle_event(self, event: pygame.Event) -> bool:
        if self.table is None:
            return super().handle_event(event)
        pointer = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
        dragging = self.table.controls.gesture.dragging
        if event.type in pointer and not dragging and self.form.handle_event(event):
            return True
        if event.type == pygame.KEYDOWN and event.key in self.keys:
            self.buttons[self.keys[event.key]].activate()
            return True
        return self.table.handle_event(event) or self.form.handle_event(event)

    def on_back(self) -> None:
        """Escape drops a held tile first, then goes back."""
        if self.table is not None and self.table.controls.selected is not None:
            self.table.controls.select(None)
            return
        self.services.pop()

    def keep_clear(self) -> list[pygame.Rect]:
        """Notices stay off the player's tiles, and off the puzzle's panel (what the
        answer did to the rating)."""
        tray = self.table.stage.layout.tray if self.table is not None else None
        return [tray.rect, self.panel] if tray is not None else []

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        ui = self.services.ui
        if self.table is None:
            surface.blit(self.services.felt(), (0, 0))
            top = self.draw_title(surface, _("Puzzles"))
            words = _("Finding a puzzle…") if self.finding else _(NONE_FOUND)
            blit_text(
                surface,
                ui.text(words, 22, PALETTE.text_dim),
                (surface.get_width() // 2, top + ui.px(60)),
            )
            self.form.draw(surface, ui)
            return
        self.table.draw(surface, alpha, self.status(), self.clock)
        self._draw_panel(surface)
        self.form.draw(surface, ui)

    def status(self) -> Said:
        """The status bar: what to do while the puzzle is asked, then its verdict."""
        assert self.table is not None
        match, controls = self.table.match, self.table.controls
        if match.verdict is None:
            return status_words(
                match.flow, self.clock, False, controls.selected is not None, bool(controls.spots())
            )
        return (self.verdict_words(match.verdict),)

    def verdict_words(self, verdict: PuzzleVerdict) -> str:
        if verdict.revealed:
            return _("The answer: {points} points; no other placement scores as much.").format(
                points=verdict.points
            )
        if verdict.solved:
            return _("Solved! {points} points: no other placement scores as much.").format(
                points=verdict.points
            )
        assert self.table is not None
        if not self.table.best_shown:
            return _("Your play scores {points}; one scores {best}. Watch it:").format(
                points=verdict.points, best=verdict.best_points
            )
        return _("Missed: the best play scores {best} (yours {points}).").format(
            points=verdict.points, best=verdict.best_points
        )

    def panel_lines(self) -> tuple[str, str, str]:
        """The panel's heading, its words and the player's standing."""
        assert self.table is not None
        puzzle = self.table.match.puzzle
        if self.retry is not None:
            heading = _("Again · {series}, {date} · rated {rating}").format(
                series=series_words(puzzle.key),
                date=format_date(datetime.date.fromisoformat(self.retry.date)),
                rating=puzzle.rating,
            )
        elif self.number is None:
            heading = _("Puzzle of the day · {date} · rated {rating}").format(
                date=format_date(self.today), rating=puzzle.rating
            )
        elif self.theme == ANY:
            heading = _("Puzzle trainer · puzzle {number} · rated {rating}").format(
                number=self.number + 1, rating=puzzle.rating
            )
        else:
            heading = _("Theme trainer · puzzle {number} · rated {rating}").format(
                number=self.number + 1, rating=puzzle.rating
            )
        verdict = self.table.match.verdict
        chosen_for_theme = self.number is not None and self.theme != ANY
        if verdict is not None or chosen_for_theme or self.retry is not None:  # no spoiler
            heading = _("{heading} · {themes}").format(
                heading=heading, themes=themes_words(puzzle.themes) or _("no theme")
            )
        if verdict is None and self.retry is not None:
            words = _(
                "One placement scores more than any other ({points} points or more): find it. "
                "A retry: your rating does not change."
            ).format(points=MIN_POINTS)
        elif verdict is None:
            words = _(
                "One placement scores more than any other ({points} points or more): find it."
            ).format(points=MIN_POINTS)
        elif self.retry is not None:
            words = _("A retry: this answer is not counted, your rating does not change.")
        elif not self.counted:
            words = _("Answered before: this answer is not counted.")
        else:
            words = _("Your solving rating moves {change}.").format(
                change=format_signed(round(self.change))
            )
        return heading, words, self.standing()

    def standing(self) -> str:
        progress = self.progress
        days = progress.daily.streak(self.today)
        return " · ".join(
            (
                _("Rating {rating}").format(rating=round(progress.rating)),
                _("streak {count} (best {best})").format(
                    count=progress.streak, best=progress.best_streak
                ),
                ngettext(
                    "puzzle of the day: {count} day in a row",
                    "puzzle of the day: {count} days in a row",
                    days,
                ).format(count=days),
            )
        )

    def _wrapped_panel(self, width: int) -> list[tuple[list[str], float, str]]:
        """The panel's heading, words and standing, each wrapped to the panel's inside."""
        ui = self.services.ui
        room = width - ui.px(28)
        heading, words, standing = self._panel_words or self.panel_lines()
        return [
            (ui.wrap(text, size, room, style), size, style)
            for text, size, style in (
                (heading, 19, "bold"),
                (words, 18, "regular"),
                (standing, 16, "regular"),
            )
        ]

    def _draw_panel(self, surface: pygame.Surface) -> None:
        ui, panel = self.services.ui, self.panel
        draw_panel(surface, panel, ui, alpha=235, border=PALETTE.gold_dark)
        colours = (PALETTE.gold, PALETTE.ivory, PALETTE.text_dim)
        y = panel.y + ui.px(10)
        for (lines, size, style), colour in zip(
            self._wrapped_panel(panel.width), colours, strict=True
        ):
            for text in lines:
                line = blit_text(
                    surface, ui.text(text, size, colour, style), (panel.x + ui.px(14), y), "topleft"
                )
                y = line.bottom
            y += ui.px(8)
