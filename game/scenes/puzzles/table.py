"""One puzzle on the table: its position drawn by the table's stage (the board, the
seats' hands, the player's tiles in the tray), answered through the table's controls
(drag, click, or Tab, arrows and Enter), and the answer shown as the table shows a move:
the tile flies to its cell and its contacts light up. A miss stays in view a moment with
what it scored; then the tile goes back to the tray and the best play flies in its place.
`PuzzleTable` animates what its `PuzzleMatch` returns; the match decides."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Final

import pygame

from game.i18n import _
from game.play.events import Event, MovePlayed, TookBack
from game.play.puzzle_match import PuzzleMatch, PuzzleVerdict
from game.play.table_flow import TableFlow
from game.rules.moves import Move
from game.scenes.table.controls import TableControls
from game.scenes.table.moves import TableMoves
from game.scenes.table.stage import TableStage
from game.ui.text import Said
from game.ui.theme import PALETTE
from game.ui.touch import LONG_PRESS, VIEW_GESTURES

if TYPE_CHECKING:
    from game.scenes.base import Services

MISS_HOLD_S: Final = 2.0
"""How long a missed answer stays in view once it has landed, its contacts and points
shown, before the best play is shown in its place (normal speed)."""


class PuzzleTable:
    """The stage, controls and moves of one puzzle; `answered` is told the verdict the
    moment the player places a tile (to count it before anything is shown)."""

    def __init__(
        self,
        services: Services,
        match: PuzzleMatch,
        answered: Callable[[PuzzleVerdict], None],
    ) -> None:
        self.services = services
        self.match = match
        self.answered = answered
        self.stage = TableStage(
            services.ui,
            services.art,
            match.flow,
            services.size,
            services.settings.animation_speed,
            lambda pos: self.controls.hand_tile_at(pos) is None,
        )
        self.moves = TableMoves(self.stage, match.flow, services.sound)
        self.controls = TableControls(
            self, self.stage, can_act=self.can_act, hinted=lambda: None, commands=None
        )
        self.hold_s = 0.0
        """Time left that a missed answer stays in view."""
        self.best_shown = False

    @property
    def session(self) -> TableFlow:
        """The flow the puzzle's position is played on (the controls' legal moves)."""
        return self.match.flow

    @property
    def seat(self) -> int:
        return self.match.puzzle.seat

    def can_act(self) -> bool:
        """Whether the player may place a tile: the puzzle is asked and nothing moves."""
        return not self.match.answered and not self.stage.tweens.busy

    @property
    def answering(self) -> bool:
        """The answer is being shown: its verdict is in, its animation is not over."""
        return self.match.answered and not self.done

    @property
    def done(self) -> bool:
        """The answer and, after a miss, the best play have been shown."""
        verdict = self.match.verdict
        shown = verdict is not None and (verdict.solved or self.best_shown)
        return shown and not self.stage.tweens.busy and not self.stage.animator.busy

    # --- the answer -----------------------------------------------------------------------

    def play(self, move: Move) -> None:
        """The player's placement (the controls play it here): the answer, judged and
        counted at once, then shown."""
        self.show(self.match.answer(move))
        verdict = self.match.verdict
        assert verdict is not None
        self.answered(verdict)
        if verdict.solved:
            self.services.sound.play("opportunity")
        else:
            self.hold_s = MISS_HOLD_S * self.stage.factor

    def reveal(self) -> None:
        """The answer asked for instead of given: played as the best play, not solved."""
        self.show(self.match.reveal())
        self.best_shown = True
        assert self.match.verdict is not None
        self.answered(self.match.verdict)

    def show(self, events: list[Event]) -> None:
        """Animate what the match did: a tile taken back goes home at once, a placement
        flies and lights its contacts."""
        for event in events:
            if isinstance(event, TookBack):
                self.stage.animator.clear()
                self.rebuild()
                self.stage.sync_scores()
            elif isinstance(event, MovePlayed):
                self.controls.drop()
                self.moves.show(event.result)
                self.stage.arrange_hands(None)
                self.controls.refresh_looks()
                verdict = self.match.verdict
                if verdict is not None and event.result.move == verdict.best:
                    self._cheer(verdict)

    def _cheer(self, verdict: PuzzleVerdict) -> None:
        """Words for the best play as it lands, over the figure: the player's right
        answer, or the best play after a miss."""
        words = _("Solved!") if verdict.solved else _("The best play")
        ui, area = self.services.ui, self.stage.board.area
        self.stage.animator.show_label(
            words,
            (area.centerx, area.y + ui.px(24)),
            30,
            PALETTE.good if verdict.solved else PALETTE.gold,
            delay=0.4,
            duration=2.4,
            rise=ui.px(16),
            within=area,
        )

    def update(self, dt: float) -> None:
        self.stage.update(dt)
        self.moves.update(dt)
        verdict = self.match.verdict
        if verdict is None or verdict.solved or self.best_shown:
            return
        if self.stage.tweens.busy:  # the hold starts as the tile lands
            return
        self.hold_s -= dt
        if self.hold_s <= 0:
            self.best_shown = True
            self.show(self.match.show_best())

    def still_for(self) -> float:
        """0 while anything moves, the rest of a missed answer's hold before the best play
        flies in, else `math.inf` (only the player changes it)."""
        if self.stage.moving():
            return 0.0
        verdict = self.match.verdict
        holding = verdict is not None and not verdict.solved and not self.best_shown
        return min(self.moves.still_for(), max(0.0, self.hold_s) if holding else math.inf)

    # --- layout and drawing ---------------------------------------------------------------

    def lay_out(self, size: tuple[int, int], board_top: int) -> None:
        """Lay the table out for a window of `size`, the figure below `board_top`."""
        stage = self.stage
        stage.lay_out(size)
        figure = stage.layout.figure
        stage.board.set_area(
            pygame.Rect(figure.x, board_top, figure.width, figure.bottom - board_top)
        )
        stage.fit_view()
        self.rebuild()

    def rebuild(self) -> None:
        """Every sprite again from the match (after a re-layout or a tile taken back)."""
        self.stage.rebuild(self.seat)
        self.controls.refresh_looks()

    def handle_event(self, event: pygame.Event) -> bool:
        if event.type in (
            pygame.MOUSEMOTION,
            pygame.MOUSEBUTTONDOWN,
            pygame.MOUSEBUTTONUP,
            pygame.MOUSEWHEEL,
            LONG_PRESS,
            *VIEW_GESTURES,
        ):
            return self.controls.handle_pointer(event)
        if event.type == pygame.KEYDOWN:
            return self.controls.handle_key(event)
        return False

    def draw(self, surface: pygame.Surface, alpha: float, status: Said, clock: float) -> None:
        """The table with the puzzle's position, `status` in its bar."""
        stage = self.stage
        stage.draw_ground(surface, self.services.felt, self.controls.written_cells())
        self.controls.draw_spots(surface)
        stage.draw_panels(surface, status, self.moves.saying, tray_label=True)
        stage.draw_tiles(surface, alpha, {}, self.seat)
        self.controls.draw_ghost(surface)
        stage.draw_effects(surface, alpha, None, 0, clock)
        self.controls.details.draw(surface, self.stage.ui)
