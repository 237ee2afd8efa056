"""What both solitaire scenes share: the board, the bars, auto-play, hints, undo and redo.

A `SolitaireScene` shows a `SolitaireSession` (game.play: the deal's moves, undo and
redo, assists, its end and the auto-player's advice): the figure in a pannable, zoomable
`LatticeView`, the sources of tiles (stock and discard pile, or the seven piles) in a
panel drawn by the subclass, a top bar (deal number, new deal, restart) and a bottom bar
(undo, redo, hint, auto-play). It is a session screen
(game/scenes/session_screen.py): its parts share a `SolitaireContext` and take each
move's events in turn. Every rule question is asked of the engine: the lit spots are its
legal moves, nothing else.

Slow thinking never blocks the window: the solvers and the fair draw-solitaire player
run through the app's adviser (a worker process, `game.ai.worker`).
"""

from __future__ import annotations

import math
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _
from game.play.events import Event, GameEnded, MovePlayed
from game.play.solitaire_session import SolitaireSession
from game.rules.moves import PLACE, Move
from game.rules.record.document import GameRecord
from game.rules.results import MoveResult
from game.rules.solitaire import SolitaireState
from game.scenes.base import Scene
from game.scenes.requests import SaveRecordRequest
from game.scenes.session_screen import Autosave
from game.scenes.solitaire.assists import SolitaireAssists
from game.scenes.solitaire.bars import SolitaireBars
from game.scenes.solitaire.context import SolitaireContext
from game.scenes.solitaire.controls import SolitaireControls
from game.scenes.solitaire.deals import SolitaireDeals, open_deal
from game.scenes.solitaire.narration import SolitaireNarration
from game.scenes.solitaire.panels import game_over_lines, title_note
from game.scenes.solitaire.sources import SourceKey, TileSources
from game.scenes.solitaire.stage import SolitaireStage
from game.ui.text import Said
from game.ui.words import placed_words

if TYPE_CHECKING:
    from game.scenes.base import Services


class SolitaireScene(Scene):
    """One solitaire on screen. Subclasses lay out and draw their own tile sources."""

    title = N_("Solitaire")
    mode: str
    """DRAW_SOLITAIRE or STACKED_SOLITAIRE (set by each solitaire)."""
    panel_width = 330
    """Width of the side panel (for a 1280x800 window)."""
    deals: SolitaireDeals

    def __init__(
        self, services: Services, record: GameRecord | None = None, seed: int | None = None
    ) -> None:
        super().__init__(services)
        self.panel = self.sources_area = self.strip = pygame.Rect(0, 0, 1, 1)
        speed = services.settings.animation_speed
        self.stage = SolitaireStage(services.ui, services.art, speed, self._is_background)
        self.tiles, self.board = self.stage.tiles, self.stage.board
        self.animator, self.tweens = self.stage.animator, self.stage.tweens
        session = open_deal(services, self.mode, record, seed)
        self.context = context = SolitaireContext(services, session, Autosave(services))
        self.sources = self.make_sources()
        self.autoplay = SolitaireAssists(
            context,
            self.stage,
            perform=self.perform,
            changed=self.auto_play_changed,
            hint_found=self.refresh_source_states,
        )
        self.bars = SolitaireBars(self.form, services, self.autoplay, self)
        self.controls = SolitaireControls(
            context,
            self.stage,
            self.sources,
            self.form,
            self.autoplay,
            self,
            press_source=self.source_pressed,
            extra_key=self.extra_key,
        )
        self.add_options()
        self.deals = SolitaireDeals(context, self.mode, began=self._began)
        self.bars.deal_field.text = str(self.seed)
        self.narration = SolitaireNarration(context, lambda: self.status_text()[0])
        context.parts = [self.controls, self.autoplay, self.narration, self]

    # Options --------------------------------------------------------------------------

    def add_options(self) -> None:
        """Add this solitaire's own option switches to the bars."""

    def make_sources(self) -> TileSources:
        """This solitaire's tile sources (the stock and discard pile, or the piles)."""
        raise NotImplementedError

    # Games ------------------------------------------------------------------------------

    @property
    def session(self) -> SolitaireSession:
        return self.context.session

    @property
    def state(self) -> SolitaireState:
        return self.session.state

    @property
    def finished(self) -> bool:
        return self.session.finished

    @property
    def seed(self) -> int:
        return self.session.seed

    def exit(self) -> None:
        """Count a loss, write what is due, stop the thinking."""
        self.deals.count_loss()
        self.save_if_due(at_once=True)
        self.deals.drop_search()
        self.session.close()

    def on_new_game(self) -> None:
        """A deal has just begun (subclasses animate their opening)."""

    def new_deal(self) -> None:
        self.autoplay.set(False)
        self.deals.new()

    def restart(self) -> None:
        self.deals.restart()

    def save(self) -> None:
        """Save the game as a record the player names."""
        self.services.open(SaveRecordRequest(record=self.session.record))

    def _began(self, seed: int) -> None:
        """A deal has just begun: a clear board, auto-play off, its number shown."""
        self.board.release()
        self.autoplay.set(False)
        self.bars.deal_field.text = str(seed)
        self.form.focus(None)
        self.controls.selected = None
        self.autoplay.forget_hint()
        self.stage.clear()
        self.sync()
        self.on_new_game()

    # Review: where did I lose it? --------------------------------------------------------

    def review(self, line: bool = False) -> None:
        """Where the game slipped, with the winning line from there (playing at once when
        `line`), in the replay viewer (during play it counts as an assist)."""
        if self.deals.searching or self.session.reviewing or self.state.won:
            return
        self.autoplay.stop()
        self.cancel_pending()
        self.deals.line_wanted = line
        self.session.ask_review()
        self.deals.open_asked_review(_(self.title))

    def show_line(self) -> None:
        """After a loss: the review, with its winning line playing at once."""
        self.review(line=True)

    # Playing ----------------------------------------------------------------------------

    def play(self, move: Move) -> None:
        """Play `move` through the record and show it (the next frame saves it)."""
        self.context.play(move)

    def show(self, events: list[Event]) -> None:
        """The screen's own part of showing a move: the tile slides in from its source,
        with its sound, and what the move ended."""
        for event in events:
            if isinstance(event, MovePlayed):
                self.land(event.result)
            elif isinstance(event, GameEnded):
                self.finish(event.won)

    def land(self, result: MoveResult) -> None:
        """Slide the played tile from where it was to its place."""
        move = result.move
        from_pos = self.sources.centre((move.source, move.pile))
        self.sync()
        landing = self.sources.landing(move, self.board.sprites)
        if landing is not None:
            self.stage.slide_in(landing, from_pos, result)
        self.services.sound.play("place" if move.action == PLACE else "draw")

    def undo(self) -> None:
        if not self.session.can_undo():
            return
        self.cancel_pending()
        if self.session.undo():
            self.controls.selected = None
            self.autoplay.hint_move = None
            self.sync()

    def redo(self) -> None:
        if not self.session.can_redo():
            return
        self.cancel_pending()
        self.context.show(self.session.redo())

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
        self.narration.say(game_over_lines(won, len(self.state.figure), "")[0][0])
        self.board.release()
        self.sync()
        if won:
            self.stage.celebrate(self.state.figure)
            self.context.autosave.count_when_saved(self.session.report())

    # Advice: hints and auto-play ----------------------------------------------------------

    def auto_play_changed(self, on: bool) -> None:
        if on:
            self.controls.selected = None
        self.bars.auto_button.label = N_("Pause") if on else N_("Auto-play")

    def perform(self, move: Move) -> None:
        """Carry out an advised move with its animation (subclasses may stage it)."""
        self.play(move)

    # Layout -----------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        strip_height = partial(self.sources.strip_height, size)
        layout = self.bars.lay_out(size, self.mode, _(self.title), self.panel_width, strip_height)
        self.panel, self.sources_area, self.strip = layout.panel, layout.sources, layout.strip
        self.board.set_area(layout.figure)
        self.sources.lay_out(self.strip)
        self.lay_out_panel()
        self.sync(glide=False)

    def lay_out_panel(self) -> None:
        """Place this solitaire's own widgets in the side panel (`self.sources_area`)."""

    def on_back(self) -> None:
        """Escape: put down the tile held and drop the hint, else back to the menu."""
        if not self.controls.put_down():
            super().on_back()

    def sync(self, glide: bool = True) -> None:
        """Rebuild every sprite from the state (after a move, an undo or a re-layout,
        when the view moves there at once unless `glide`), the figure clear of the
        game-over words."""
        self.board.keep_clear = self.stage.kept_clear(self.session, self.end_note())
        self.stage.show(self.state.figure, self.finished, self.sources, glide)
        self.refresh_source_states()

    def refresh_source_states(self) -> None:
        """Held, hinted, pointed-at and plain looks of the source tiles."""
        self.controls.refresh_looks()

    # Events -----------------------------------------------------------------------------

    def _is_background(self, pos: tuple[float, float]) -> bool:
        return self.tiles.sprite_at(pos) is None and self.controls.lit_move_at(pos) is None

    def handle_event(self, event: pygame.Event) -> bool:
        deal_field = self.bars.deal_field
        typing = self.form.focused is deal_field and event.type == pygame.KEYDOWN
        if typing and event.key != pygame.K_TAB:
            return self.bars.deal_key(event, self.deals.start, self.seed)
        if event.type == pygame.KEYDOWN and self.narration.handle_key(event):
            return True
        return self.controls.handle_event(event, deal_field)

    def refit(self) -> None:
        """F: the whole figure (or, asked again, back to following play)."""
        self.board.whole_figure()

    def switch_light(self, on: bool) -> None:
        """The light's switch shows it on this deal or hides it; Settings choose where it
        shows on every deal."""
        self.session.light.chosen = on

    def extra_key(self, key: int) -> bool:
        """A key only this solitaire knows; True when used."""
        return False

    def source_pressed(self, key: SourceKey, pos: tuple[int, int]) -> None:
        """A press on a source tile: pick it up (click to select, or drag)."""
        self.controls.pick(key, pos)

    # Update -----------------------------------------------------------------------------

    def pause(self) -> None:
        self.save_if_due(at_once=True)

    def save_if_due(self, at_once: bool = False) -> None:
        """The autosave a change asked for (see `Autosave.save_if_due`), then the art the
        next moves may show."""
        if self.context.save_if_due(at_once):
            self.stage.prepare_next(self.state, self.sources)

    def update(self, dt: float) -> None:
        self.save_if_due()
        self.bars.show_session(self.session, self.deals.searching, self.sources.forced())
        if self.stage.kept_clear(self.session, self.end_note()) != self.board.keep_clear:
            self.sync()  # the game-over words changed (the verdict came): fitted clear again
        self.stage.update(dt)
        self.deals.work(_(self.title))
        self.narration.follow()
        if self.tweens.busy or self.controls.gesture.press is not None:
            return
        self.autoplay.step(dt)

    def still_for(self) -> float:
        """0 while anything moves, auto-play plays on or a hint pulses; else still until
        input or news (advice, the verdict and the fair odds come from the worker)."""
        hinted = self.autoplay.hint_move is not None and not self.finished
        return 0.0 if self.stage.moving() or self.autoplay.playing or hinted else math.inf

    # Drawing ----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        stage, finished = self.stage, self.finished
        stage.draw_ground(surface, self.services.felt(), self.panel)
        note = title_note(self.mode, self.seed, self.session.record)
        self.bars.draw_title(surface, _(self.title), note)
        self.draw_panel(surface)
        self.sources.draw_under(surface)
        stage.draw_figure(surface, alpha, self.state.figure, finished, self.controls.draw_spots)
        hint = None if finished else self.autoplay.hint_move
        stage.draw_over(surface, alpha, self.sources, hint, self.services.time)
        self.form.draw(surface, self.services.ui)
        said = self.status_text()
        if self.thinking:  # in the status words: on the board it covered the figure's top
            said = (f"{said[0]} · {_('Thinking…')}", _("Thinking…"))
        self.bars.draw_status(surface, said, self.session.light, self.deals.searching)
        busy = self.deals.busy_text if self.deals.searching else ""
        stage.draw_message(surface, self.session, busy, self.end_note())

    @property
    def thinking(self) -> bool:
        """Whether advice the player waits for is coming (a hint, the computer's move)."""
        return self.autoplay.hint_wanted or (
            self.autoplay.waiting and not self.tweens.busy and self.session.advice.thinking
        )

    def end_note(self) -> str:
        """A last line for the game-over banner (draw solitaire: the fair odds)."""
        return ""

    def draw_panel(self, surface: pygame.Surface) -> None:
        """This solitaire's words in the side panel (`self.sources_area`)."""

    def status_text(self) -> Said:
        return (placed_words(len(self.state.figure)),)
