"""Draw solitaire, Solitaire No. 1 (RULES.md section 6).

Click the face-down stock to turn its top tile (an animated flip, `turn_stock`, which
auto-play goes through too: tests/test_scenes_solitaire_base.py). If the engine has
placements for it, its spots light up and it must be placed; otherwise it slides onto
the discard pile. The discard pile's top may be dragged or clicked and placed whenever
it fits. The auto-player is fair: it decides without looking at the stock's order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

import pygame

from game.i18n import N_, _, format_percent, ngettext
from game.play.events import StockTurned
from game.rules.modes import Mode
from game.rules.moves import STOCK, Move
from game.rules.record.document import GameRecord
from game.rules.solitaire import DrawSolitaireState
from game.scenes.solitaire.bars import option
from game.scenes.solitaire.base import SolitaireScene
from game.scenes.solitaire.sources import DISCARD_KEY, STOCK_KEY, SourceKey, StockAndDiscard
from game.ui.text import Said, blit_paragraph, blit_paragraphs
from game.ui.theme import PALETTE
from game.ui.tiles.image import TileState
from game.ui.tiles.sprites import flip_image
from game.ui.tween import Tween, linear
from game.ui.widgets.controls import Button
from game.ui.words import placed_words

if TYPE_CHECKING:
    from game.scenes.base import Services


AUTO_PLAY_WORDS: Final = N_(
    "Auto-play plays fair: it never peeks at the stock, so it wins only about 1 deal in 14."
)


class DrawSolitaireScene(SolitaireScene):
    """Turn the stock one tile at a time and build the figure."""

    title = N_("Draw solitaire")
    mode = Mode.DRAW_SOLITAIRE
    panel_width = 250

    def __init__(
        self, services: Services, record: GameRecord | None = None, seed: int | None = None
    ) -> None:
        self.pending_auto: Move | None = None
        super().__init__(services, record, seed)

    def add_options(self) -> None:
        self.at_once_toggle = self.bars.add_option(N_("Place at once"), "place_at_once")
        self.odds_button: Button = self.form.add(Button(N_("Fair odds (O)"), self.ask_odds))

    def ask_odds(self) -> None:
        """Estimate how often the fair auto-player wins from here (from the deal's start
        once the game is over), in the worker, a few games at a time."""
        if not self.deals.searching and not self.session.fair_odds.pending:
            self.session.ask_odds()

    def odds_words(self) -> str:
        """The fair odds as far as they are known: of this deal as dealt (after the game)
        or of any deal like it from here (during play), with the games played so far."""
        odds = self.session.fair_odds
        if odds.wins_games is None:
            return ""
        wins, games = odds.wins_games
        if odds.pending:
            what = (
                _("Fair odds of this deal, as dealt")
                if odds.as_dealt
                else _("Fair odds from here, of any deal like this one")
            )
            total = odds.games_wanted
            played = ngettext(
                "{what}: {played} of {total} game played, {wins} won…",
                "{what}: {played} of {total} games played, {wins} won…",
                total,
            )
            return played.format(what=what, played=games, total=total, wins=wins)
        words = (
            ngettext(
                "A fair player wins this deal, as dealt, about {share} of the time "
                "({wins} of {games} game).",
                "A fair player wins this deal, as dealt, about {share} of the time "
                "({wins} of {games} games).",
                games,
            )
            if odds.as_dealt
            else ngettext(
                "From here, a fair player wins about {share} of deals like this one "
                "({wins} of {games} game).",
                "From here, a fair player wins about {share} of deals like this one "
                "({wins} of {games} games).",
                games,
            )
        )
        return words.format(share=format_percent(wins / max(1, games)), wins=wins, games=games)

    def end_note(self) -> str:
        return self.odds_words() or _("Fair odds (O): how often a fair player wins this deal.")

    @property
    def draw_state(self) -> DrawSolitaireState:
        state = self.state
        assert state.mode is Mode.DRAW_SOLITAIRE
        return state

    def make_sources(self) -> StockAndDiscard:
        self.stock_and_discard = StockAndDiscard(self.context, self.tiles)
        return self.stock_and_discard

    def lay_out_panel(self) -> None:
        area, ui = self.sources_area, self.services.ui
        self.odds_button.rect = pygame.Rect(
            area.x + ui.px(12), area.bottom - ui.px(50), area.width - ui.px(24), ui.px(42)
        )

    # Turning the stock ----------------------------------------------------------------------

    def source_pressed(self, key: SourceKey, pos: tuple[int, int]) -> None:
        if key == STOCK_KEY and not self.session.turned:
            if self.draw_state.stock_left > 0 and not self.tweens.busy:
                self.turn_stock()
            return
        super().source_pressed(key, pos)

    def extra_key(self, key: int) -> bool:
        turn_keys = (pygame.K_d, pygame.K_t, pygame.K_RETURN, pygame.K_KP_ENTER)
        if key in turn_keys and not self.session.turned and not self.finished:
            self.turn_stock()
            return True
        if key == pygame.K_o:
            self.ask_odds()
            return True
        return False

    def turn_stock(self) -> None:
        """Turn the stock's top tile face up with a flip; what follows is decided after."""
        events = self.session.turn_stock(option(self.services, "place_at_once"))
        turned = next((e for e in events if isinstance(e, StockTurned)), None)
        if turned is None:
            return
        self.controls.selected = None
        self.autoplay.hint_move = None
        self.sync()
        sprite = self.sources.sprites[STOCK_KEY]
        front = sprite.image
        assert front is not None
        back = self.services.art.image(0, sprite.side, True, 0, TileState.FACE_DOWN)

        def turn(t: float) -> None:
            sprite.image = flip_image(front, back, t)

        turn(0.0)  # face down in this frame, though the flip's first step comes after it
        self.services.sound.play("draw")
        self.tweens.add(Tween(0.32, turn, linear, on_done=lambda: self._turned(turned.then)))

    def _turned(self, then: Move | None) -> None:
        """The flip is over: the tile makes the move it makes by itself (or the one the
        auto-player chose), else its spots light up."""
        if not self.session.turned:  # taken back during the flip
            return
        sprite = self.sources.sprites.get(STOCK_KEY)
        if sprite is not None:
            sprite.refresh()
        pending, self.pending_auto = self.pending_auto, None
        if pending is not None and pending in self.state.legal_moves():
            then = pending
        if then is not None:
            self.play(then)
        else:
            self.controls.selected = STOCK_KEY
            self.refresh_source_states()

    def cancel_pending(self) -> None:
        super().cancel_pending()
        self.pending_auto = None

    # Advice --------------------------------------------------------------------------------

    def perform(self, move: Move) -> None:
        if move.source == STOCK and not self.session.turned:
            self.pending_auto = move
            self.turn_stock()
        else:
            self.play(move)

    # Drawing ------------------------------------------------------------------------------

    def draw_panel(self, surface: pygame.Surface) -> None:
        ui = self.services.ui
        area = self.sources_area
        width = area.width - ui.px(32)
        fair = f"{_(AUTO_PLAY_WORDS)} {self.odds_words()}".strip()
        lines = len(ui.wrap(fair, 15, width))
        top = self.odds_button.rect.top - ui.px(10) - lines * (ui.font(15).get_height() + ui.px(3))
        guidance_top = area.top + ui.px(16)
        blit_paragraphs(  # shrunk to stay above the odds (large text sizes)
            surface,
            ui,
            [self.guidance()],
            17,
            PALETTE.text_dim,
            (area.x + ui.px(16), guidance_top),
            width,
            top - guidance_top - ui.px(8),
            gap=4,
            spacing=0,
        )
        blit_paragraph(
            surface, ui, fair, 15, PALETTE.text_dim, (area.x + ui.px(16), top), width, gap=3
        )

    def guidance(self) -> str:
        """A line telling the player what they may do now."""
        if self.session.loss_to_count:
            return _("Undo (U) to try another way, start a new deal, or play this one again.")
        if self.finished:
            return _("Start a new deal, or play this one again.")
        hint = self.autoplay.hint_move
        if hint is not None and hint.source == STOCK and not self.session.turned:
            return _("Hint: turn the stock (click it, D, or Enter).")
        if self.session.turned:
            return _(
                "The turned tile must be placed: drag it or click a lit spot "
                "(arrows and Enter work too)."
            )
        if self.controls.selected == DISCARD_KEY:
            return _("Click a lit spot to place the discard top.")
        if self.sources.moves_from(DISCARD_KEY):
            return _(
                "Turn the stock (click it, D or Enter), or place the discard top (drag it, "
                "or X then arrows and Enter)."
            )
        return _("Click the stock (or press D or Enter) to turn its top tile.")

    def status_text(self) -> Said:
        return (placed_words(len(self.state.figure)),)
