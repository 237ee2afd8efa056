"""What both solitaire scenes share: the board, the bars, auto-play, hints, undo and redo.

A `SolitaireScene` shows a `SolitaireSession` (game.play: the deal's moves, undo and
redo, assists, its end and the auto-player's advice): the figure in a pannable, zoomable
`LatticeView`, the sources of tiles (stock and discard pile, or the seven piles) in a
panel drawn by the subclass, a top bar (deal number, new deal, restart) and a bottom bar
(undo, redo, hint, auto-play). Every rule
question is asked of the engine: the lit spots are its legal moves, nothing else.

Slow thinking never blocks the window: the solvers and the fair draw-solitaire player
run through the app's adviser (a worker process, `game.ai.worker`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _
from game.play.events import Event, GameEnded, MovePlayed
from game.play.solitaire_session import SolitaireSession, WinnableDealSearch
from game.rules.lattice import Cell
from game.rules.moves import PLACE, Move
from game.rules.record import GameRecord
from game.rules.results import MoveResult
from game.rules.solitaire import DrawSolitaireState, StackedSolitaireState
from game.scenes.base import Scene
from game.scenes.requests import ReplayRequest, SaveRecordRequest
from game.scenes.solitaire_autoplay import SolitaireAutoPlay
from game.scenes.solitaire_bars import SolitaireBars, option
from game.scenes.solitaire_controls import SolitaireControls
from game.scenes.solitaire_deals import SolitaireDeals
from game.scenes.solitaire_panels import (
    PanelBackdrop,
    draw_figure_message,
    draw_hinted_spot,
    draw_title,
    follow_figure,
    title_note,
    verdict_words,
)
from game.scenes.solitaire_sources import MOVING_LAYER, SOURCE_LAYER, SourceKey, TileSources
from game.scenes.solitaire_win import Celebration
from game.ui.board import FIGURE_LAYER, Board
from game.ui.contact_animator import ContactAnimator
from game.ui.layout import LatticeView
from game.ui.painting import blit_text
from game.ui.sprites import TileLayer, TileSprite
from game.ui.theme import PALETTE
from game.ui.tween import Tweens
from game.ui.words import placed_words

if TYPE_CHECKING:
    from game.scenes.base import Services

SolitaireState = DrawSolitaireState | StackedSolitaireState


class SolitaireScene(Scene):
    """One solitaire on screen. Subclasses lay out and draw their own tile sources."""

    title = N_("Solitaire")
    mode: str
    """DRAW_SOLITAIRE or STACKED_SOLITAIRE (set by each solitaire)."""
    panel_width = 330
    """Width of the side panel (for a 1280x800 window)."""

    def __init__(
        self, services: Services, record: GameRecord | None = None, seed: int | None = None
    ) -> None:
        super().__init__(services)
        self.panel = self.sources_area = self.strip = pygame.Rect(0, 0, 1, 1)
        self.status_x = 0
        self.backdrop = PanelBackdrop()
        self.tiles = TileLayer()
        self.board = Board(services.ui, services.art, self.tiles, self._is_background)
        self.animator = ContactAnimator(services.ui, self.board, services.art.theme.edge_colours)
        self.animator.scored = False  # a solitaire keeps no score: no numbers pop up
        self.celebration = Celebration()
        self.tweens = Tweens(services.settings.animation_speed)
        self.sources = self.make_sources()
        self.controls = SolitaireControls(self)
        self.autoplay = SolitaireAutoPlay(self)
        self.bars = SolitaireBars(self.form, self, self.autoplay)
        self.add_options()
        self.deals = SolitaireDeals(self, record, seed)
        self.bars.deal_field.text = str(self.seed)

    # Options --------------------------------------------------------------------------

    def option(self, name: str) -> bool:
        """A solitaire option, kept with the settings."""
        return option(self.services, name)

    def add_options(self) -> None:
        """Add this solitaire's own option switches to the bars."""

    def make_sources(self) -> TileSources:
        """This solitaire's tile sources (the stock and discard pile, or the piles)."""
        raise NotImplementedError

    # Games ------------------------------------------------------------------------------

    @property
    def session(self) -> SolitaireSession:
        return self.deals.session

    @property
    def deal_search(self) -> WinnableDealSearch | None:
        return self.deals.search

    @property
    def state(self) -> SolitaireState:
        return self.session.state

    @property
    def finished(self) -> bool:
        return self.session.finished

    @property
    def verdict(self) -> str | None:
        return self.session.verdict

    @property
    def seed(self) -> int:
        return self.session.seed

    def exit(self) -> None:
        self.deals.close()

    def on_new_game(self) -> None:
        """A deal has just begun (subclasses animate their opening)."""

    def save_record(self) -> None:
        """Keep the game, as it stands, as a named record (a dialog asks the name)."""
        self.services.open(SaveRecordRequest(record=self.session.record))

    def restart(self) -> None:
        self.deals.restart()

    def new_deal(self) -> None:
        self.deals.new()

    def prepare_art(self) -> None:
        """Ask for the art the next moves may show (see `Board.prepare_next`)."""
        self.board.prepare_next(
            self.state.figure, [move for move in self.state.legal_moves() if move.action == PLACE]
        )

    def use_assist(self, name: str) -> None:
        """Note honestly that the player used hints, undo or auto-play in this game."""
        self.session.use_assist(name)

    # Review: where did I lose it? --------------------------------------------------------

    def review(self) -> None:
        """Where the game slipped, with the winning line from there, in the replay viewer
        (during play it counts as an assist)."""
        if self.deal_search is not None or self.session.reviewing or self.state.won:
            return
        self.stop_autoplay()
        self.cancel_pending()
        self.session.ask_review()
        self._open_asked_review()

    def show_winning_line(self) -> None:
        """After a loss: the review, with its winning line playing at once."""
        self.line_wanted = True
        self.review()

    def _open_asked_review(self) -> None:
        found = self.session.take_asked_review()
        if found is None:
            return
        record = self.session.record.copy()
        request = ReplayRequest(record, _(self.title), review=found, show_line=self.line_wanted)
        self.services.open(request)
        self.line_wanted = False

    line_wanted = False

    # Playing ----------------------------------------------------------------------------

    def play(self, move: Move, from_pos: tuple[float, float] | None = None) -> None:
        """Play `move` through the record, animate it from `from_pos`, autosave."""
        self.show_played(self.session.play(move), from_pos)

    def show_played(self, events: list[Event], from_pos: tuple[float, float] | None) -> None:
        """Animate the move these events played (from `from_pos`, else its source) and what
        it ended, then autosave."""
        result = next(e.result for e in events if isinstance(e, MovePlayed))
        move = result.move
        if from_pos is None:
            from_pos = self.sources.centre((move.source, move.pile))
        self.controls.selected = None
        self.autoplay.forget_hint()
        self.sync()
        landing = self.sources.landing(move, self.cell_sprites)
        if landing is not None:
            target = landing.centre
            landing.jump_to(from_pos)
            self.tiles.change_layer(landing, MOVING_LAYER)
            self.tweens.move(landing, target, 0.3, on_done=lambda: self._landed(landing, result))
        if move.action == PLACE:
            self.services.sound.play("place")
        else:
            self.services.sound.play("draw")
        for event in events:
            if isinstance(event, GameEnded):
                self.finish(event.won)  # a win goes into the history first...
        self.deals.save_if_due()  # ...then the save, at once: a kill loses nothing

    def _landed(self, sprite: TileSprite, result: MoveResult | None = None) -> None:
        """A tile has slid into place; a placement's contacts light up."""
        if sprite.alive():
            self.tiles.change_layer(
                sprite, FIGURE_LAYER if sprite in self.cell_sprites.values() else SOURCE_LAYER
            )
        if result is not None and result.move.action == PLACE:
            self.animator.placed(result)

    def undo(self) -> None:
        if not self.session.can_undo():
            return
        self.cancel_pending()
        if self.session.undo():
            self.after_takeback()

    def redo(self) -> None:
        if not self.session.can_redo():
            return
        self.cancel_pending()
        self.show_played(self.session.redo(), None)

    def after_takeback(self) -> None:
        self.controls.selected = None
        self.autoplay.hint_move = None
        self.sync()

    def cancel_pending(self) -> None:
        """Drop any half-made action (a turned stock tile, a selection)."""
        self.controls.selected = None
        self.controls.gesture.cancel()

    def finish(self, won: bool) -> None:
        """The game has just ended: sound, and a win in the statistics (a loss is counted
        once the player moves on, as undo may still take it back; the session asks the
        solver meanwhile whether the deal could have been won)."""
        self.autoplay.set(False)
        self.services.sound.play("win" if won else "pass")
        self.board.release()
        self.sync()
        if won:
            self.celebration.start([cell for cell, _t, _r in self.state.figure.tiles()])
            self.deals.count(self.session.report())

    # Advice: hints and auto-play ----------------------------------------------------------

    def suggest(self) -> Move | None:
        """The auto-player's next move here, or None while it is still thinking."""
        return self.session.suggest()

    def auto_play_changed(self, on: bool) -> None:
        if on:
            self.controls.selected = None
        self.bars.auto_button.label = N_("Pause") if on else N_("Auto-play")

    def perform(self, move: Move) -> None:
        """Carry out an advised move with its animation (subclasses may stage it)."""
        self.play(move)

    # Layout -----------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        strip_height = self.sources.strip_height(size, self.panel_width)
        layout = self.bars.lay_out(size, _(self.title), self.panel_width, strip_height)
        self.panel, self.sources_area, self.status_x = layout.panel, layout.sources, layout.status_x
        self.strip = layout.strip
        self.board.set_area(layout.figure)
        self.sources.lay_out(self.strip)
        self.lay_out_panel()
        self.board.cap = None
        self.sync()

    def lay_out_panel(self) -> None:
        """Place this solitaire's own widgets in the side panel (`self.sources_area`)."""

    def follow_figure(self) -> None:
        """Keep the figure and its open cells in view, below the game-over banner when
        there is one (see `Board.follow`)."""
        follow_figure(self.board, self.state.figure, self.finished, self.services.ui)

    def on_back(self) -> None:
        """Escape: put down the tile held and drop the hint, else back to the menu."""
        if (self.controls.selected is not None and not self.sources.forced()) or (
            self.autoplay.hint_move is not None
        ):
            if not self.sources.forced():
                self.controls.selected = None
                self.controls.hover_cell = None
            self.autoplay.forget_hint()
            self.refresh_source_states()
            return
        super().on_back()

    def zoom(self, direction: int, anchor: tuple[float, float]) -> None:
        """Zoom in (+1) or out (-1) one step of the ladder, keeping `anchor` still."""
        self.board.moved_by_player = True
        self.board.zoom(direction, anchor)

    def reset_board(self) -> None:
        self.controls.selected = None
        self.board.cap = None
        self.autoplay.forget_hint()
        self.tweens.clear()
        self.animator.clear()
        self.celebration.stop()
        self.sync()

    # Sprites ----------------------------------------------------------------------------

    @property
    def figure_side(self) -> int:
        return self.board.tile_side

    @property
    def view(self) -> LatticeView:
        return self.board.view

    @property
    def figure_area(self) -> pygame.Rect:
        return self.board.area

    @property
    def cell_sprites(self) -> dict[Cell, TileSprite]:
        return self.board.sprites

    def sync(self) -> None:
        """Rebuild every sprite from the state (after a move, an undo or a re-layout)."""
        self.follow_figure()
        self.tiles.empty()
        figure = self.state.figure
        self.board.show(figure.tiles(), figure.last_cell, mark_last=len(figure) > 1)
        self.sources.build()
        self.refresh_source_states()

    def refresh_source_states(self) -> None:
        """Held, hinted, pointed-at and plain looks of the source tiles."""
        self.controls.refresh_looks(self.autoplay.hint_move)

    # Events -----------------------------------------------------------------------------

    def _is_background(self, pos: tuple[float, float]) -> bool:
        return self.tiles.sprite_at(pos) is None and self.controls.lit_move_at(pos) is None

    @property
    def busy(self) -> bool:
        """Looking for a winnable deal: the board takes no moves meanwhile."""
        return self.deal_search is not None

    def stop_autoplay(self) -> None:
        self.autoplay.stop()

    def handle_event(self, event: pygame.Event) -> bool:
        if (
            self.form.focused is self.bars.deal_field
            and event.type == pygame.KEYDOWN
            and (event.key != pygame.K_TAB)
        ):
            return self.bars.deal_key(event, self.deals.typed, self.seed)
        if event.type == pygame.KEYDOWN and self.controls.handle_key(event):
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            if self.controls.gesture.press is not None and self.controls.handle_press(event):
                return True
            if self.form.handle_event(event):
                if event.type == pygame.MOUSEBUTTONDOWN and self.form.focused is not (
                    self.bars.deal_field
                ):
                    self.form.focus(None)
                return True
            return self.controls.handle_board_mouse(event)
        if event.type == pygame.MOUSEWHEEL and event.y:
            pos = pygame.mouse.get_pos()
            anchor = pos if self.figure_area.collidepoint(pos) else self.figure_area.center
            self.zoom(1 if event.y > 0 else -1, anchor)
            return True
        return self.form.handle_event(event)

    def refit(self) -> None:
        """Fit the figure to its area again (the F key), at the largest size that shows it."""
        self.board.release()
        self.sync()

    def extra_key(self, key: int) -> bool:
        """A key only this solitaire knows; True when used."""
        return False

    def source_pressed(self, key: SourceKey, pos: tuple[int, int]) -> None:
        """A press on a source tile: pick it up (click to select, or drag)."""
        self.controls.pick(key, pos)

    # Update -----------------------------------------------------------------------------

    def pause(self) -> None:
        self.deals.save_if_due()

    def update(self, dt: float) -> None:
        saved = self.deals.save_if_due()
        self._refresh_buttons()
        self.tiles.snapshot()
        self.tweens.update(dt)
        self.board.update(dt)
        self.animator.update(dt)
        self.celebration.update(dt)
        if self._last_work_frame != self.services.frames:  # once a frame, not once a step
            self._last_work_frame = self.services.frames
            self.deals.work()
            self._open_asked_review()
            if not saved:
                self.services.art.render_prepared(1)
        if self.tweens.busy or self.controls.gesture.press is not None:
            return
        self.autoplay.step(dt)

    _last_work_frame = -1

    def _refresh_buttons(self) -> None:
        searching = self.deal_search is not None
        self.bars.show_session(self.session, searching, self.sources.forced())

    # Drawing ----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        ui = self.services.ui
        surface.blit(self.backdrop.get(self.services.felt(), self.panel, ui), (0, 0))
        self.draw_title_block(surface)
        self.draw_panel(surface)
        self.sources.draw_under(surface)
        clip = surface.get_clip()
        surface.set_clip(self.figure_area)
        if not self.finished:
            self.board.draw_openings(surface, self.state.figure.opportunity_openings())
        self.controls.draw_spots(surface)
        surface.set_clip(clip)
        self.tiles.draw_interpolated(surface, alpha, FIGURE_LAYER, self.figure_area)
        surface.set_clip(self.figure_area)
        if not self.finished:
            self.board.draw_last_mark(surface)
        self.celebration.draw(surface, self.board, ui)
        surface.set_clip(clip)
        self.tiles.draw_interpolated(surface, alpha, SOURCE_LAYER)
        self.sources.draw_over(surface)
        self._draw_hint(surface)
        self.animator.draw_effects(surface)
        self.tiles.draw_interpolated(surface, alpha, MOVING_LAYER)
        self.animator.draw_labels(surface, alpha)
        self.form.draw(surface, ui)
        blit_text(
            surface,
            ui.text(self.status_text(), 17, PALETTE.text_dim),
            (self.status_x, self.bars.undo_button.rect.centery),
            "midleft",
        )
        thinking = self.autoplay.hint_wanted or (
            self.autoplay.waiting and not self.tweens.busy and self.thinking()
        )
        draw_figure_message(
            surface,
            ui,
            self.figure_area,
            self.state,
            verdict_words(self.verdict, self.session.review),
            self.deals.busy_text if self.deal_search else "",
            thinking,
            self.end_note(),
        )

    def thinking(self) -> bool:
        """True while the advice for this position is still being worked out."""
        return self.session.advice.thinking

    def end_note(self) -> str:
        """A last line for the game-over banner (draw solitaire: the fair odds)."""
        return ""

    def draw_title_block(self, surface: pygame.Surface) -> None:
        note = title_note(self.mode, self.seed, self.session.record)
        draw_title(
            surface,
            self.services.ui,
            _(self.title),
            self.bars.deal_field.rect,
            self.form.focused is self.bars.deal_field,
            note,
            self.bars.new_button.rect.x,
        )

    def draw_panel(self, surface: pygame.Surface) -> None:
        """This solitaire's words in the side panel (`self.sources_area`)."""

    def status_text(self) -> str:
        return placed_words(len(self.state.figure))

    def _draw_hint(self, surface: pygame.Surface) -> None:
        move = self.autoplay.hint_move
        if move is None or self.finished or self.sources.draw_hint(surface, move):
            return
        if move.action == PLACE:
            draw_hinted_spot(surface, self.board, move, self.services.time)
