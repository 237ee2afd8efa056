"""The replay viewer: any game record, watched move by move.

`ReplayScene` shows the position of a `Replay` (game.play.replay): the figure with the
last tile marked and the last move's contacts lit on their shared sides, every hand (or
the stock, discard pile and piles of a solitaire, in its `ReplayPanel`), the scores as
they were, and a bar of controls: start, back,
play/pause, forward, end, previous/next hand and the speed. Keys: Left/Right step,
Space plays or pauses, Home/End, Page Up/Page Down change hand, Escape goes back.
Stepping forward onto a placement (a step or auto-play) slides the placed tile from its
place in the panel to its cell, a tween of the animation speed setting advanced in
`update`; every other change of position, and the "instant" speed, show it at once.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Final

import pygame

from game.ai.analysis import SolitaireReview
from game.ai.solver import SOLVER_POSITIONS
from game.ai.worker import Job, review
from game.i18n import N_, _
from game.play.replay import Replay
from game.rules.moves import PLACE
from game.rules.record.document import GameRecord
from game.scenes.base import Scene
from game.scenes.requests import CoachRequest
from game.scenes.review.captions import caption_height, draw_caption, draw_header, lay_out_bar
from game.scenes.review.panel import ReplayPanel
from game.scenes.review.stage import ReplayStage
from game.scenes.review.words import describe, draw_contacts, ending
from game.ui.board.board import around_last
from game.ui.painting import draw_panel
from game.ui.slip import (
    Focus,
    draw_move_marks,
    focus_cells,
    line_record,
    review_focus,
)
from game.ui.touch import VIEW_GESTURES
from game.ui.widgets.controls import Button, Choice
from game.ui.words import (
    MODE_TITLES,
)

if TYPE_CHECKING:
    from game.scenes.base import Services

SPEEDS: Final = (
    ("slow", N_("Slow")),
    ("normal", N_("Normal")),
    ("fast", N_("Fast")),
    ("faster", N_("Very fast")),
)
STEP_SECONDS: Final = {"slow": 1.6, "normal": 0.8, "fast": 0.35, "faster": 0.12}
FLIGHT_S: Final = 0.35
"""How long a placed tile slides to its cell (normal animation speed, at most)."""


class ReplayScene(Scene):
    """Watch a record: figure, hands, scores and contacts, with playback controls."""

    def __init__(
        self,
        services: Services,
        record: GameRecord,
        title: str = "",
        review: SolitaireReview | None = None,
        show_line: bool = False,
        focus: Focus | None = None,
    ) -> None:
        """`review`: open on a solitaire review (where the game slipped, and the winning
        line from there, which `show_line` starts playing at once). `focus`: open at a
        position with a move played there and a better one marked (the coach)."""
        super().__init__(services)
        self.replay = Replay(record)
        self.title = title or _(MODE_TITLES.get(record.mode, N_("Game")))
        self.names = record.names(_("Seat {number}"))
        self.playing = False
        self.speed = "normal"
        self.timer = 0.0
        self.bar = pygame.Rect(0, 0, 0, 0)
        self.figure_room = pygame.Rect(0, 0, 1, 1)
        """Where the figure and its caption go (`resize` lays it out)."""
        self.stage = ReplayStage(services.ui, services.art, services.settings.animation_speed)
        self.tiles, self.flying, self.board = self.stage.tiles, self.stage.flying, self.stage.board
        self.animator, self.tweens = self.stage.animator, self.stage.tweens
        self.panel = ReplayPanel(services.ui, services.art, self.replay, self.names)
        self.fitted: tuple[int, int] | None = None
        """What the view was last fitted to: (hand, -1) a whole hand's figure, (hand,
        index) the move a review discusses."""
        self.review: SolitaireReview | None = None
        self.review_job: Job[SolitaireReview] | None = None
        self.review_note = ""
        """Why a review asked for could not be shown."""
        self.focus = focus
        self.buttons = {
            "back_to": Button(N_("◀ Back"), self.on_back),
            "hand_back": Button(N_("◀◀ Hand"), lambda: self.go_hand(-1)),
            "step_back": Button("◀", self.step_back),
            "play": Button(
                N_("▶ Play"),
                self.toggle_play,
                primary=True,
                may_show=(N_("▶ Show me"), N_("❚❚ Pause")),
            ),
            "step": Button("▶", self.step_forward),
            "hand_on": Button(N_("Hand ▶▶"), lambda: self.go_hand(1)),
            "review": Button(N_("Review"), self.ask_review),
        }
        for button in self.buttons.values():
            self.form.add(button)
        if self.replay.hands == 1 and self.replay.mode.is_solitaire:
            self.buttons["hand_back"].visible = self.buttons["hand_on"].visible = False
        if self.replay.mode.is_table:
            self.buttons["review"].label = N_("Coach")
        self.speed_choice: Choice[str] = self.form.add(
            Choice("", SPEEDS, self.speed, self.set_speed)
        )
        if review is not None:
            self.show_review(review, show_line)
        elif focus is not None:
            self.replay.seek(focus.hand, focus.index)

    # the solitaire review ---------------------------------------------------------

    def ask_review(self) -> None:
        """Work out in the worker where this solitaire slipped (the window goes on); a
        table game goes to the coach."""
        if self.replay.mode.is_table:
            self.services.open(CoachRequest(record=self.replay.record, title=self.title))
            return
        if self.review_job is not None:
            return
        adviser = self.services.adviser
        self.review_job = adviser.submit(
            review, self.replay.record.dumps(), SOLVER_POSITIONS, adviser.generation()
        )
        self.buttons["review"].label = N_("Reviewing…")
        self.buttons["review"].enabled = False
        self._poll_review()

    def _poll_review(self) -> None:
        job = self.review_job
        if job is None or not job.done():
            return
        self.review_job = None
        answer = job.result()
        self.buttons["review"].label = N_("Review")
        self.buttons["review"].enabled = True
        if answer is None or not answer.decided:
            self.review_note = _("The solver could not decide this game in time.")
            return
        self.show_review(answer, False)
        self.resize(self.services.size)  # the review's caption wants more room

    def show_review(self, found: SolitaireReview, play: bool) -> None:
        """Watch the game up to where it slipped, then its winning line (at the slip)."""
        self.review = found
        self.focus = review_focus(found, self.replay.mode)
        self.review_note = ""
        self.buttons["review"].visible = False
        if found.last_winnable is not None:
            self.replay = Replay(line_record(self.replay.record, found))
            self.panel.replay = self.replay
            self.replay.seek(0, found.last_winnable)
            self.playing = play
            self.timer = 0.0

    def at_focus(self) -> bool:
        return self.focus is not None and self.focus.at(self.replay.hand, self.replay.index)

    @property
    def line_start(self) -> int | None:
        """The move the winning line starts after (None when not watching one)."""
        return self.review.last_winnable if self.review is not None else None

    def exit(self) -> None:
        if self.review_job is not None:
            self.services.adviser.cancel_solves()

    # controls ---------------------------------------------------------------------

    def step_forward(self) -> None:
        self.playing = False
        self._forward()

    def _forward(self) -> bool:
        """One move on; a placed tile slides in from the panel. False at the end."""
        step = self.replay.next_step
        move = step.move if step is not None else None
        start = self.panel.centre_of(move) if move is not None and move.action == PLACE else None
        moved = self.replay.forward()
        self._changed()  # finishes a slide still under way: every tile is on its cell
        played = self.replay.last_step
        if played is not None and start is not None:
            longest = FLIGHT_S
            if self.playing and self.tweens.factor > 0:  # lands before the next step
                longest = min(longest, 0.75 * STEP_SECONDS[self.speed] / self.tweens.factor)
            self.stage.slide_in(played.result, start, longest)
        return moved

    def step_back(self) -> None:
        self.playing = False
        self.replay.back()
        self._changed()

    def go_hand(self, direction: int) -> None:
        """Previous/next hand: to its start (Back from mid-hand goes to this hand's start)."""
        replay = self.replay
        target = replay.hand + direction
        if direction < 0 and replay.index > 0:
            target = replay.hand
        replay.seek(target, 0)
        self._changed()

    def jump(self, position: str) -> None:
        self.playing = False
        if position == "start":
            self.replay.seek(0, 0)
        else:
            self.replay.to_end()
        self._changed()

    def toggle_play(self) -> None:
        if not self.playing and self.replay.at_end:
            self.replay.seek(0, self.line_start or 0)
            self._changed()
        self.playing = not self.playing
        self.timer = 0.0
        self._label_play()

    def _label_play(self) -> None:
        at_slip = self.line_start is not None and self.replay.index == self.line_start
        idle = N_("▶ Show me") if at_slip and not self.replay.at_end else N_("▶ Play")
        self.buttons["play"].label = N_("❚❚ Pause") if self.playing else idle

    def set_speed(self, speed: str) -> None:
        self.speed = speed

    def settings_changed(self) -> None:
        self.stage.set_look(self.services.settings.animation_speed, self.services.art)

    def handle_event(self, event: pygame.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            keys: dict[int, Callable[[], None]] = {
                pygame.K_RIGHT: self.step_forward,
                pygame.K_LEFT: self.step_back,
                pygame.K_SPACE: self.toggle_play,
                pygame.K_HOME: lambda: self.jump("start"),
                pygame.K_END: lambda: self.jump("end"),
                pygame.K_PAGEUP: lambda: self.go_hand(-1),
                pygame.K_PAGEDOWN: lambda: self.go_hand(1),
                pygame.K_f: self.board.whole_figure,
            }
            if event.key in keys:
                keys[event.key]()
                return True
        if self.form.handle_event(event):
            return True
        if event.type in (
            pygame.MOUSEBUTTONDOWN,
            pygame.MOUSEBUTTONUP,
            pygame.MOUSEMOTION,
            pygame.MOUSEWHEEL,
            *VIEW_GESTURES,
        ):
            return self.board.handle_view_event(event)
        return False

    def still_for(self) -> float:
        """0 while the replay plays, anything moves or a marked move's outline pulses;
        else still until input or news (a review found by the worker)."""
        marked = self.at_focus() and self.focus is not None
        return 0.0 if self.playing or self.stage.moving() or marked else math.inf

    def update(self, dt: float) -> None:
        self.stage.update(dt)
        self._poll_review()
        if not self.playing:
            return
        self.timer += dt
        if self.timer >= STEP_SECONDS[self.speed]:
            self.timer = 0.0
            if not self._forward():
                self.playing = False
                self._label_play()

    # layout -----------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        ui = self.services.ui
        width, height = size
        margin = ui.px(20)
        self.bar = pygame.Rect(0, height - ui.px(84), width, ui.px(84))
        top = ui.px(78)
        share = 0.36 if self.replay.mode.is_table else 0.31  # the hands want room
        panel_w = max(ui.px(300), min(ui.px(480), round(width * share)))
        self.panel.rect = pygame.Rect(
            width - panel_w - margin, top, panel_w, self.bar.top - top - ui.px(12)
        )
        self.figure_room = pygame.Rect(
            margin, top, self.panel.rect.left - 2 * margin, self.bar.top - top - ui.px(8)
        )
        self.speed_choice.rect = pygame.Rect(0, 0, ui.px(200), ui.px(50))
        self.speed_choice.rect.midright = (width - margin, self.bar.centery)
        lay_out_bar(self.buttons, self.bar, ui, margin, self.speed_choice.rect.left - ui.px(10))
        self.fitted = None
        self._changed()

    def _changed(self) -> None:
        """Rebuild the sprites after the position (or the layout) changed."""
        replay = self.replay
        self._label_play()
        wanted = (replay.hand, replay.index if self.at_focus() else -1)
        figure = replay.state.figure
        self._leave_room_for_the_caption()
        self.stage.show(figure)
        if wanted[1] < 0:
            cells, focus = list(replay.final_cells[replay.hand]), around_last(figure)
        else:  # the move discussed and its neighbours readable
            assert self.focus is not None
            focus = focus_cells(self.focus)
            cells = [cell for cell, _tile, _rot in figure.tiles()] + focus
        if self.fitted != wanted:  # a new hand, layout or review: the camera's view at once
            self.board.release()
        self.stage.follow(cells, focus, glide=self.fitted == wanted)
        self.fitted = wanted
        self.panel.build()

    def _leave_room_for_the_caption(self) -> None:
        """The figure's area: the room above the bar but for the caption's own lines, so
        that a long caption (Spanish, two lines a part) stands clear of the bar."""
        ui, room = self.services.ui, self.figure_room
        area = room.copy()
        area.height = max(ui.px(120), room.height - caption_height(ui, room.width, self._caption()))
        if area != self.board.area:
            self.board.set_area(area)

    # drawing ----------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        ui = self.services.ui
        surface.blit(self.services.felt(), (0, 0))
        heading = _("Review") if self.review is not None else _("Replay")
        focus = self.focus if self.at_focus() else None
        draw_header(surface, ui, self.replay, heading, self.title, self.line_start, focus)
        marked = focus_cells(focus, around=False) if focus is not None else []
        self.stage.draw_figure(surface, alpha, self.replay.state.figure, marked)
        if focus is not None:
            draw_move_marks(surface, self.board, focus, self.board.pulse.clock)
        else:  # at a marked move, the move before it stays quiet
            self._draw_contacts(surface)
        self.animator.draw_effects(surface)
        draw_caption(surface, ui, self.board.area, self._caption())
        self.panel.draw(surface)
        self.stage.draw_flight(surface, alpha)
        draw_panel(surface, self.bar.inflate(ui.px(4), ui.px(4)).move(0, ui.px(2)), ui, alpha=200)
        self.form.draw(surface, ui)

    def _draw_contacts(self, surface: pygame.Surface) -> None:
        step = self.replay.last_step
        if step is not None and step.move.action == PLACE and not self.flying:
            draw_contacts(surface, self.services.ui, self.board, step)

    def _caption(self) -> tuple[str, str, str]:
        """What the move did, its detail, and the closing words (a focus's own)."""
        line, detail = describe(
            self.replay, self.replay.last_step, self.names, self.services.art.theme.edge_names
        )
        words = self.review_note or ending(self.replay, self.names)
        if self.focus is not None and (
            self.at_focus() or (self.review is not None and self.review.last_winnable is None)
        ):
            line, detail, words = self.focus.lines
        return line, detail, words
