"""Draw solitaire, Solitaire No. 1 (RULES.md section 6).

Click the face-down stock to turn its top tile (an animated flip). If the engine has
placements for it, its spots light up and it must be placed; otherwise it slides onto
the discard pile. The discard pile's top may be dragged or clicked and placed whenever
it fits. The auto-player is fair: it decides without looking at the stock's order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

import pygame

from game.i18n import N_, _, format_percent, ngettext
from game.play.events import StockTurned
from game.rules.moves import DISCARD, DISCARD_PILE, STOCK, Move
from game.rules.record import DRAW_SOLITAIRE
from game.rules.solitaire import DrawSolitaireState
from game.scenes.solitaire_base import SolitaireScene
from game.scenes.solitaire_controls import SourceKey
from game.scenes.solitaire_panels import draw_count
from game.ui.layout import ROW_HEIGHT
from game.ui.painting import blit_text
from game.ui.sprites import TileSprite, flip_image
from game.ui.text import blit_paragraph
from game.ui.theme import PALETTE
from game.ui.tiles import TileState
from game.ui.tween import Tween, linear
from game.ui.widgets import Button
from game.ui.words import placed_words

if TYPE_CHECKING:
    from game.scenes.base import Services

STOCK_KEY: Final[SourceKey] = (STOCK, -1)
DISCARD_KEY: Final[SourceKey] = (DISCARD_PILE, -1)


AUTO_PLAY_WORDS: Final = N_(
    "Auto-play plays fair: it never peeks at the stock, so it wins only about 1 deal in 15."
)


class DrawSolitaireScene(SolitaireScene):
    """Turn the stock one tile at a time and build the figure."""

    title = N_("Draw solitaire")
    mode = DRAW_SOLITAIRE
    panel_width = 250

    def __init__(
        self, services: Services, record: dict[str, Any] | None = None, seed: int | None = None
    ) -> None:
        self.pending_auto: Move | None = None
        self.stock_pos = (0.0, 0.0)
        self.discard_pos = (0.0, 0.0)
        self.source_side = 100
        self.discard_row = pygame.Rect(0, 0, 1, 1)
        super().__init__(services, record, seed)

    def add_options(self) -> None:
        self.at_once_toggle = self.bars.add_option(_("Place at once"), "place_at_once")
        self.odds_button: Button = self.form.add(Button(N_("Fair odds (O)"), self.ask_odds))

    def ask_odds(self) -> None:
        """Estimate how often the fair auto-player wins from here (from the deal's start
        once the game is over), in the worker, a few games at a time."""
        if self.deal_search is None and not self.session.fair_odds.pending:
            self.session.ask_odds()

    def odds_words(self) -> str:
        """The fair odds as far as they are known, with their sample size."""
        odds = self.session.fair_odds.wins_games
        if odds is None:
            return ""
        wins, games = odds
        start = self.session.fair_odds.from_move == 0
        if games == 0:
            return (
                _("Playing fair games from the deal's start…")
                if start
                else _("Playing fair games from here…")
            )
        more = "…" if self.session.fair_odds.pending else ""
        words = (
            ngettext(
                "A fair player wins about {share} from the deal's start ({wins} of "
                "{games} game{more}).",
                "A fair player wins about {share} from the "
                "deal's start ({wins} of {games} games{more}).",
                games,
            )
            if start
            else ngettext(
                "A fair player wins about {share} from here ({wins} of {games} game{more}).",
                "A fair player wins about {share} from here ({wins} of {games} games{more}).",
                games,
            )
        )
        return words.format(share=format_percent(wins / games), wins=wins, games=games, more=more)

    def end_note(self) -> str:
        return self.odds_words() or _("Fair odds (O): how often a fair player wins this deal.")

    @property
    def draw_state(self) -> DrawSolitaireState:
        state = self.state
        assert isinstance(state, DrawSolitaireState)
        return state

    # Layout and sprites -------------------------------------------------------------------

    def strip_height(self, size: tuple[int, int]) -> int:
        ui = self.services.ui
        self.source_side = int(min(ui.px(112), size[1] * 0.17 / ROW_HEIGHT))
        return round(self.source_side * ROW_HEIGHT + ui.px(40))

    def layout_sources(self) -> None:
        ui, strip = self.services.ui, self.strip
        y = strip.bottom - ui.px(8) - self.source_side * ROW_HEIGHT / 2
        self.stock_pos = (strip.x + self.source_side * 0.62, y)
        self.discard_row = pygame.Rect(
            round(strip.x + self.source_side * 1.45),
            strip.y,
            round(strip.width - self.source_side * 1.45),
            strip.height,
        )
        self.discard_pos = self._discard_centres(max(1, len(self.draw_state.discard)))[-1]
        area = self.sources_area
        self.odds_button.rect = pygame.Rect(
            area.x + ui.px(12), area.bottom - ui.px(50), area.width - ui.px(24), ui.px(42)
        )

    def _discard_centres(self, count: int) -> list[tuple[float, float]]:
        """Where the discard pile's tiles lie: a row that nests up and down tiles, oldest
        on the left, squeezed to fit (the newest, on top, always whole)."""
        side, row = self.source_side, self.discard_row
        step = min(side * 0.55, (row.width - side) / max(1, count - 1))
        y = self.stock_pos[1]
        return [(row.x + side / 2 + index * step, y) for index in range(count)]

    def build_sources(self) -> None:
        state, art, side = self.draw_state, self.services.art, self.source_side
        left = state.stock_left - (1 if self.session.turned else 0)
        depth = self.services.ui.px(3)
        for layer in range(min(2, max(0, left - 1)), -1, -1):
            if left <= 0:
                break
            centre = (self.stock_pos[0] + layer * depth, self.stock_pos[1] + layer * depth)
            back = TileSprite(art, 0, side, centre, True, 0, TileState.FACE_DOWN)
            if layer == 0 and not self.session.turned:
                self.add_source(STOCK_KEY, back)
            else:
                self.tiles.add(back, layer=1)
        if self.session.turned and state.stock_top is not None:
            centre = (self.stock_pos[0], self.stock_pos[1] - self.services.ui.px(6))
            self.add_source(STOCK_KEY, TileSprite(art, state.stock_top, side, centre))
        pile = state.discard
        centres = self._discard_centres(len(pile))
        if centres:
            self.discard_pos = centres[-1]
        for index, (tile, centre) in enumerate(zip(pile, centres, strict=True)):
            sprite = TileSprite(art, tile, side, centre, index % 2 == (len(pile) - 1) % 2)
            if index == len(pile) - 1:
                self.add_source(DISCARD_KEY, sprite)
            else:
                self.tiles.add(sprite, layer=1)

    def source_home(self, key: SourceKey) -> tuple[float, float]:
        if key == DISCARD_KEY:
            return self.discard_pos
        return (self.stock_pos[0], self.stock_pos[1] - self.services.ui.px(6))

    def source_centre(self, key: SourceKey) -> tuple[float, float]:
        sprite = self.source_sprites.get(key)
        if sprite is not None:
            return sprite.centre
        return self.discard_pos if key == DISCARD_KEY else self.stock_pos

    def landing_sprite(self, move: Move) -> TileSprite | None:
        if move.action == DISCARD:
            return self.source_sprites.get(DISCARD_KEY)
        return super().landing_sprite(move)

    # Rules questions ----------------------------------------------------------------------

    def moves_from(self, key: SourceKey) -> list[Move]:
        if key == STOCK_KEY and not self.session.turned:
            return []
        return super().moves_from(key)

    def pickable(self, key: SourceKey) -> bool:
        if key == STOCK_KEY and not self.session.turned:
            return self.draw_state.stock_left > 0 and not self.finished
        return super().pickable(key)

    def selection_is_forced(self) -> bool:
        return self.session.turned

    def unplaceable_words(self, key: SourceKey) -> str:
        return (
            _("The discard top fits nowhere now.")
            if key == DISCARD_KEY
            else (_("That tile cannot be placed now."))
        )

    # Turning the stock ----------------------------------------------------------------------

    def source_pressed(self, key: SourceKey, pos: tuple[int, int]) -> None:
        if key == STOCK_KEY and not self.session.turned:
            if self.draw_state.stock_left > 0 and not self.tweens.busy:
                self.turn_stock()
            return
        super().source_pressed(key, pos)

    def key_source(self, key: int) -> SourceKey | None:
        """X picks the discard pile's top (D or T turns the stock)."""
        return DISCARD_KEY if key == pygame.K_x else None

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
        events = self.session.turn_stock(bool(self.option("place_at_once")))
        turned = next((e for e in events if isinstance(e, StockTurned)), None)
        if turned is None:
            return
        self.controls.selected = None
        self.autoplay.hint_move = None
        self.sync()
        sprite = self.source_sprites[STOCK_KEY]
        front = sprite.image
        assert front is not None
        back = self.services.art.image(0, sprite.side, True, 0, TileState.FACE_DOWN)

        def turn(t: float) -> None:
            sprite.image = flip_image(front, back, t)

        self.services.sound.play("draw")
        self.tweens.add(Tween(0.32, turn, linear, on_done=lambda: self._turned(turned.then)))

    def _turned(self, then: Move | None) -> None:
        """The flip is over: the tile makes the move it makes by itself (or the one the
        auto-player chose), else its spots light up."""
        if not self.session.turned:  # taken back during the flip
            return
        sprite = self.source_sprites.get(STOCK_KEY)
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

    def play(self, move: Move, from_pos: tuple[float, float] | None = None) -> None:
        if from_pos is None:
            from_pos = self.source_centre((move.source, move.pile))
        super().play(move, from_pos)

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

    def _draw_hint(self, surface: pygame.Surface) -> None:
        move = self.autoplay.hint_move
        if move is not None and move.source == STOCK and not self.session.turned:
            self.draw_hint_source(surface, move)
            return
        super()._draw_hint(surface)

    def draw_hint_source(self, surface: pygame.Surface, move: Move) -> None:
        if move.source != STOCK or self.session.turned or self.finished:
            return
        ui = self.services.ui
        sprite = self.source_sprites.get(STOCK_KEY)
        if sprite is None:
            return
        rect = pygame.Rect(0, 0, sprite.side + ui.px(18), sprite.side + ui.px(4))
        rect.center = (round(sprite.centre[0]), round(sprite.centre[1]))
        pygame.draw.rect(surface, PALETTE.ivory, rect, max(2, ui.px(3)), border_radius=ui.px(12))

    # Drawing ------------------------------------------------------------------------------

    def draw_sources_under(self, surface: pygame.Surface) -> None:
        ui = self.services.ui
        top = self.strip.top + ui.px(2)
        blit_text(
            surface,
            ui.text(_("Stock"), 17, PALETTE.text, "bold"),
            (round(self.stock_pos[0]), top),
            "midtop",
        )
        blit_text(
            surface,
            ui.text(_("Discard pile (newest on the right)"), 17, PALETTE.text, "bold"),
            (self.discard_row.x, top),
            "topleft",
        )
        side = self.source_side
        for pos, empty in (
            (self.stock_pos, self.draw_state.stock_left == 0),
            (self._discard_centres(1)[0], not self.draw_state.discard),
        ):
            if empty:
                rect = pygame.Rect(0, 0, side, round(side * ROW_HEIGHT))
                rect.center = (round(pos[0]), round(pos[1]))
                pygame.draw.rect(
                    surface, PALETTE.panel_edge, rect, max(1, ui.px(2)), border_radius=ui.px(10)
                )
                blit_text(surface, ui.text(_("empty"), 16, PALETTE.text_dim), rect.center)
        area = self.sources_area
        width = area.width - ui.px(32)
        blit_paragraph(
            surface,
            ui,
            self.guidance(),
            17,
            PALETTE.text_dim,
            (area.x + ui.px(16), area.top + ui.px(16)),
            width,
        )
        fair = f"{_(AUTO_PLAY_WORDS)} {self.odds_words()}".strip()
        lines = len(ui.wrap(fair, 15, width))
        top = self.odds_button.rect.top - ui.px(10) - lines * (ui.font(15).get_height() + ui.px(3))
        blit_paragraph(
            surface, ui, fair, 15, PALETTE.text_dim, (area.x + ui.px(16), top), width, gap=3
        )

    def draw_sources_over(self, surface: pygame.Surface) -> None:
        state = self.draw_state
        left = state.stock_left - (1 if self.session.turned else 0)
        corner = self.source_side * 0.42, self.source_side * 0.3
        x, y = self.stock_pos
        if left > 0:
            draw_count(surface, self.services.ui, (x + corner[0], y + corner[1]), str(left))
        if state.discard:
            x, y = self.discard_pos
            draw_count(
                surface, self.services.ui, (x + corner[0], y + corner[1]), str(len(state.discard))
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
        if self.moves_from(DISCARD_KEY):
            return _(
                "Turn the stock (click it, D or Enter), or place the discard top (drag it, "
                "or X then arrows and Enter)."
            )
        return _("Click the stock (or press D or Enter) to turn its top tile.")

    def status_text(self) -> str:
        return placed_words(len(self.state.figure))
