"""The table game scene: couch play for 2 to 7 seats passing the mouse, computers included.

The scene shows, paces and animates; its `TableMatch` (game.play) runs the turns,
computers, undo, clock and autosave point, and the rules engine decides. Each move comes
back as a `MoveResult`, which drives the scoring animation; the record is saved as soon
as each move is played, so Continue resumes exactly. Computers think through the app's
adviser (a worker process) while the window keeps drawing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import N_
from game.play.events import Event, MovePlayed
from game.play.table_match import TableMatch
from game.rules.moves import DRAW_MOVE, PLACE, Move
from game.rules.table import TableState
from game.scenes.base import Scene
from game.scenes.requests import SaveRecordRequest, ScoreRequest
from game.scenes.table_autosave import TableAutosave
from game.scenes.table_controls import TableCommands, TableControls
from game.scenes.table_handoff import HandoffPanel
from game.scenes.table_help import TableHelp, TurnChange
from game.scenes.table_moves import TableMoves
from game.scenes.table_panels import end_words, lay_out_buttons, move_words, status_words
from game.scenes.table_stage import TableStage
from game.scenes.table_turns import TableTurns
from game.ui.table_layout import TableLayout
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.scenes.base import Services


class TableScene(Scene):
    """Couch play at the table. `config` is {"rules": {...}, "players": [...]} (+"seed");
    `match`, when given, is a match made elsewhere (the guided game's)."""

    def __init__(
        self,
        services: Services,
        config: dict[str, Any],
        record: dict[str, Any] | None = None,
        match: TableMatch | None = None,
    ) -> None:
        super().__init__(services)
        if match is None:
            self.match, self.failure = TableMatch.open(config, record, services.adviser)
        else:
            self.match, self.failure = match, None
        self.stage = TableStage(
            services.ui,
            services.art,
            self.match,
            services.size,
            services.settings.animation_speed,
            lambda pos: self.controls.hand_tile_at(pos) is None,
        )
        stage = self.stage
        self.board, self.hands, self.tweens = stage.board, stage.hands, stage.tweens
        self.animator, self.tiles = stage.animator, stage.tiles
        self.clock = 0.0
        self.help = TableHelp(self.match)
        self.last_words = ""
        """What the last move did, said in the status bar while it stays in view."""
        self.moved = False  # a move played in this step: no spare art drawn in it
        self.controls = TableControls(
            self.match,
            stage,
            notify=services.notify,
            can_act=self.human_can_act,
            play=self.play,
            hinted=self.help.hinted_tile,
            commands=TableCommands(
                self.show_hint, self.save_record, self.undo, self.redo, self.draw_tile
            ),
        )
        self.moves = TableMoves(stage, self.match, services.sound)
        self.turns = TableTurns(
            self.match,
            settings=services.settings,
            storage=services.storage,
            sound=services.sound,
            stage=stage,
            moves=self.moves,
            show_score=self.show_score,
        )
        self.autosave = TableAutosave(
            self.match,
            services.storage,
            services.art,
            self.turns.report_finished,
            self.moves.prepare_art,
        )
        self.handoff = HandoffPanel(self.turns.hand_over_mouse, self.undo)
        self.buttons = self.make_buttons()
        for button in self.buttons.values():
            self.form.add(button)
        self._apply_speed()

    def make_buttons(self) -> dict[str, Button]:
        """The buttons under the table, by name."""
        return {
            "hint": Button(N_("Hint (H)"), self.show_hint),
            "undo": Button(N_("Undo (U)"), self.undo),
            "redo": Button(N_("Redo (Y)"), self.redo),
            "draw": Button(N_("Draw (D)"), self.draw_tile),
            "save": Button(N_("Save (S)"), self.save_record),
            "menu": Button(N_("Menu"), self.on_back),
        }

    # --- the game -----------------------------------------------------------------------

    @property
    def state(self) -> TableState:
        return self.match.state

    @property
    def names(self) -> list[str]:
        return self.match.names

    @property
    def layout(self) -> TableLayout:
        return self.stage.layout

    @property
    def shown_scores(self) -> list[float]:
        """Each seat's score as it shows now (counting up to the standings)."""
        return self.stage.scores.shown

    def legal_moves(self) -> list[Move]:
        return self.match.legal_moves()

    def sync_scores(self) -> None:
        """Show every score as it stands, with no counting."""
        self.stage.sync_scores()

    def human_can_act(self) -> bool:
        """True when the seat to play is a human who may place now (their tiles in the
        tray, when it has moved to them)."""
        return self.turns.human_can_act() and self.hands.tray_seat == self.turns.tray_seat()

    # --- scene life ---------------------------------------------------------------------

    def enter(self) -> None:
        super().enter()
        if self.failure:
            self.services.notify(self.failure)
            self.services.pop()
            return
        self.help.set_tips(self.services.settings.coach_tips)
        self.autosave.save()

    def exit(self) -> None:
        self.autosave.save_if_due()
        self.match.close()

    def pause(self) -> None:
        super().pause()
        self.autosave.save_if_due()

    def resize(self, size: tuple[int, int]) -> None:
        self.stage.lay_out(size)
        self.buttons["draw"].visible = self.draw_button_shown()
        lay_out_buttons(
            [b for b in self.buttons.values() if b.visible], self.layout.buttons, self.services.ui
        )
        self.stage.fit_view()
        self._rebuild_sprites()

    def draw_button_shown(self) -> bool:
        """Whether the table has a Draw button (the free-draw option gives one)."""
        return self.match.rules.free_draw

    def settings_changed(self) -> None:
        self.help.set_tips(self.services.settings.coach_tips)
        self._apply_speed()
        self.stage.set_look()

    def _apply_speed(self) -> None:
        self.stage.set_speed(self.services.settings.animation_speed)

    def on_back(self) -> None:
        """Escape: drop a held tile and the hint, else go back to the menu (the game is
        saved)."""
        if self.controls.selected is not None or self.help.hint is not None:
            self.controls.select(None)
            self.help.show(None)
            self.controls.refresh_looks()
            return
        self.services.clear_to_root()

    # --- sprites ------------------------------------------------------------------------

    def _rebuild_sprites(self) -> None:
        """Make every sprite again from the state (after a re-layout, resume or undo)."""
        self.stage.rebuild(self.turns.tray_seat())
        self.controls.refresh_looks()

    def _arrange_hands(self) -> None:
        """Slide every hand tile to its slot (hands close up after a tile leaves)."""
        self.stage.arrange_hands(self.controls.selected if self.controls.gesture.dragging else None)
        self.controls.refresh_looks()

    # --- playing moves ------------------------------------------------------------------

    def play(self, move: Move) -> None:
        """Play a human's `move` for the seat to act (it is legal: it came from a lit spot,
        the forced move or the free draw)."""
        self.show_events(self.match.play(move))

    def show_events(self, events: list[Event]) -> None:
        """Animate what the match says happened, and save it at once (a game killed in
        the next instant resumes after this move)."""
        for event in events:
            if isinstance(event, MovePlayed):
                self._show_move(event)
        self.autosave.save_if_due()

    def _show_move(self, event: MovePlayed) -> None:
        self.moved = True
        result = event.result
        seat = event.seat
        self.help.show(None)
        self.controls.drop()
        self.last_words = move_words(self.names[seat], result)
        cell = result.move.cell if result.move.action == PLACE else None
        self.turns.moved(
            seat, self.last_words, by_hand=not (event.by_computer or event.forced), cell=cell
        )
        self.moves.show(result, forced=event.forced)
        self._arrange_hands()
        if result.hand_ended:
            self.services.notify(end_words(self.match))

    # --- turns --------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        busy = self.match.save_due  # a step that saves or plays a move draws no spare art
        self.autosave.save_if_due()
        self.moved = False
        self._advance(dt)
        if not (busy or self.moved):
            self.autosave.draw_art_ahead(self.services.frames)

    def _advance(self, dt: float) -> None:
        self.clock += dt
        self.stage.update(dt)
        self.moves.update(dt)
        self.match.advance_clock(dt)
        if self.match.hint_pending and (hint := self.help.found()) is not None:
            self.controls.take_hint(hint)
        for tip in self.help.tips():
            self.services.notify(tip)
        played = self.turns.step(dt)
        if played:
            self.show_events(played)
        if self.turns.banner_seat is not None:
            area = self.layout.tray.rect if self.layout.tray is not None else self.layout.status
            self.handoff.show(
                area, self.services.ui, self.turns.news.get(self.turns.banner_seat, [])
            )
        if self.hands.tray_seat != self.turns.tray_seat():  # the mouse changed hands
            self.hands.tray_seat = self.turns.tray_seat()
            self._arrange_hands()
        self.controls.refresh_looks()

    def show_score(self) -> None:
        """The hand is over: the score screen, where the next hand is dealt."""
        words = end_words(self.match)
        self.services.open(ScoreRequest(self.match, words, on_next_hand=self.next_hand))

    def next_hand(self) -> None:
        """Deal the next hand (from the score screen)."""
        self.match.next_hand()
        self.turns.new_hand()
        self.animator.clear()
        self.stage.fit_view()
        self._rebuild_sprites()
        self.sync_scores()
        self.autosave.save()

    # --- hint and undo ------------------------------------------------------------------

    def show_hint(self) -> None:
        """Ask the engine's best player for the active human's move; shown on the board."""
        if self.human_can_act():
            self.match.ask_hint()

    def undo(self) -> None:
        """Take back the acting human's last placement (and the computer moves after it)."""
        if not self.tweens.busy:
            self._turn_changed(self.help.undo(self.turns.tray_seat()))

    def redo(self) -> None:
        """Play again what the last undo took back."""
        if not self.tweens.busy:
            self._turn_changed(self.help.redo())

    def _turn_changed(self, change: TurnChange | None) -> None:
        """After an undo or redo: the position is shown as it now stands, no animation."""
        if change is None:
            return
        seat, words = change
        self.controls.drop()
        self.turns.took_back(seat)
        self._rebuild_sprites()
        self.sync_scores()
        self.services.notify(words)
        self.autosave.save()

    def save_record(self) -> None:
        """Keep the game, as it stands, as a named record (a dialog asks the name)."""
        self.services.open(SaveRecordRequest(record=self.match.record))

    def draw_tile(self) -> None:
        """Free draw: draw instead of placing (when the rules allow it)."""
        if self.human_can_act() and self.match.can_free_draw():
            self.play(DRAW_MOVE)

    # --- events -------------------------------------------------------------------------

    def handle_event(self, event: pygame.Event) -> bool:
        if self.turns.banner_seat is not None:
            return self.handoff.handle_event(event)
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            if not self.controls.gesture.dragging and self.form.handle_event(event):
                return True
            return self.controls.handle_pointer(event)
        if event.type == pygame.MOUSEWHEEL:
            return self.controls.handle_pointer(event)
        if event.type == pygame.KEYDOWN:
            return self.controls.handle_key(event)
        return False

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        stage, turns, ui = self.stage, self.turns, self.services.ui
        banner = turns.banner_seat
        stage.draw_ground(surface, self.services.felt)
        self.controls.draw_spots(surface)
        # the hand-off covers the tray, and names whose it will be
        stage.draw_panels(surface, self.status_text(), self.moves.saying, tray_label=banner is None)
        stage.draw_tiles(
            surface, alpha, turns.placed_since, banner if banner is not None else turns.tray_seat()
        )
        self.controls.draw_ghost(surface)
        stage.draw_effects(surface, alpha, self.help.hint, self.help.hint_points, self.clock)
        self.update_buttons()
        self.form.draw(surface, ui)
        if banner is not None:
            undoer = turns.tray_seat()
            self.handoff.draw(
                surface,
                ui,
                self.names[banner],
                self.names[undoer] if undoer is not None and self.match.can_undo(undoer) else None,
            )

    def keep_clear(self) -> list[pygame.Rect]:
        """Notices stay off the tray: the player's own tiles."""
        return [self.layout.tray.rect] if self.layout.tray is not None else []

    def status_text(self) -> str:
        """The status bar's words: the move just made while it shows, else what now."""
        if self.turns.showing_move:
            return self.last_words
        controls = self.controls
        return status_words(
            self.match,
            self.clock,
            self.turns.forced_shown,
            controls.selected is not None,
            bool(controls.spots()),
        )

    def update_buttons(self) -> None:
        """Each button enabled when what it does can be done now."""
        human = self.human_can_act()
        self.buttons["hint"].enabled = human and not self.match.hint_pending
        idle = not self.tweens.busy
        self.buttons["undo"].enabled = idle and self.match.can_undo(self.turns.tray_seat())
        self.buttons["redo"].enabled = idle and self.match.can_redo()
        self.buttons["draw"].enabled = human and self.match.can_free_draw()
