"""Stacked solitaire, Solitaire No. 2 (RULES.md section 7).

Seven face-up piles lie in the side panel, one a row, their tops next to the figure.
The opening cut of the six pile slides to the centre; any top tile may then be dragged
or clicked onto a lit spot. With "fanned piles" every tile of every pile shows, in a
strip beside its top. The auto-player plays a winning line whenever the solver finds
one (worked out a few milliseconds a frame) and its best try otherwise.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

import pygame

from game.i18n import N_, _
from game.rules.lattice import ORIGIN
from game.rules.moves import PILE
from game.rules.record import STACKED_SOLITAIRE
from game.rules.solitaire import CUT_PILE, PILE_COUNT, StackedSolitaireState
from game.scenes.solitaire_base import SolitaireScene
from game.scenes.solitaire_controls import SourceKey
from game.scenes.solitaire_panels import draw_count
from game.ui.layout import ROW_HEIGHT
from game.ui.painting import blit_text
from game.ui.sprites import TileSprite
from game.ui.text import blit_paragraph
from game.ui.theme import PALETTE
from game.ui.tiles import TileState
from game.ui.words import placed_words

if TYPE_CHECKING:
    from game.scenes.base import Services

FAN_SCALE: Final = 0.8
"""Size of the fanned (covered) tiles against a pile's top tile."""
FAN_STEP: Final = 0.62
"""How far up each covered tile lies, as a share of its height: its lower point is
covered, its three values show."""
PILE_HEIGHT: Final = 5
"""The most tiles a pile holds (35 tiles in seven piles)."""


PILE_HELP: Final = N_(
    "Place the top tile of any pile: click or drag it, or press its "
    "number (1-7), then a lit spot (arrows and Enter work too)."
)


class StackedSolitaireScene(SolitaireScene):
    """Seven face-up piles; place their top tiles to build the figure."""

    title = N_("Stacked solitaire")
    mode = STACKED_SOLITAIRE
    panel_width = 250

    def __init__(
        self, services: Services, record: dict[str, Any] | None = None, seed: int | None = None
    ) -> None:
        self.pile_pos: list[tuple[float, float]] = [(0.0, 0.0)] * PILE_COUNT
        self.pile_side = 80
        super().__init__(services, record, seed)
        self.opening_pending = not self.state.moves and not self.finished

    def add_options(self) -> None:
        self.fanned_toggle = self.bars.add_option(
            _("Fanned piles"), "fanned_piles", lambda: self.resize(self.services.size)
        )

    @property
    def stacked_state(self) -> StackedSolitaireState:
        state = self.state
        assert isinstance(state, StackedSolitaireState)
        return state

    # The opening cut ------------------------------------------------------------------

    def enter(self) -> None:
        super().enter()
        if self.opening_pending:
            self.on_new_game()

    def on_new_game(self) -> None:
        """Slide the cut tile from the six pile to the centre of the table."""
        self.opening_pending = False
        sprite = self.cell_sprites.get(ORIGIN)
        if sprite is None:
            return
        target = sprite.centre
        sprite.jump_to(self.pile_pos[CUT_PILE])
        self.tiles.change_layer(sprite, 2)
        self.tweens.move(sprite, target, 0.6, delay=0.15, on_done=lambda: self._landed(sprite))
        self.animator.show_label(
            _("The cut"),
            (target[0], target[1] - self.view.side * 0.5),
            22,
            PALETTE.gold,
            delay=0.6,
            rise=self.services.ui.px(30),
        )

    # Layout and sprites ---------------------------------------------------------------

    def _pile_sides(self, size: tuple[int, int]) -> tuple[int, int]:
        """The side of the pile tops and the height of the band of piles: as large as
        seven columns across the figure's width allow, within a share of the height."""
        ui = self.services.ui
        column_w = (size[0] - ui.px(self.panel_width) - ui.px(48)) / PILE_COUNT
        fanned = self.option("fanned_piles")
        rows = 1 + (PILE_HEIGHT - 1) * FAN_SCALE * FAN_STEP if fanned else 1.25
        room = size[1] * (0.46 if fanned else 0.3)
        side = int(min(column_w * 0.9, ui.px(120), room / (rows * ROW_HEIGHT) - ui.px(4)))
        return side, round(side * ROW_HEIGHT * rows + ui.px(16))

    def strip_height(self, size: tuple[int, int]) -> int:
        return self._pile_sides(size)[1]

    def layout_sources(self) -> None:
        ui, strip = self.services.ui, self.strip
        self.pile_side = self._pile_sides(self.services.size)[0]
        column_w = strip.width / PILE_COUNT
        y = strip.bottom - ui.px(8) - self.pile_side * ROW_HEIGHT / 2
        for pile in range(PILE_COUNT):
            self.pile_pos[pile] = (strip.x + column_w * (pile + 0.5), y)

    def build_sources(self) -> None:
        state, art = self.stacked_state, self.services.art
        side, depth = self.pile_side, self.services.ui.px(3)
        fanned = self.option("fanned_piles")
        small = round(side * FAN_SCALE)
        step = small * ROW_HEIGHT * FAN_STEP
        for pile in range(PILE_COUNT):
            height = state.heights[pile]
            x, y = self.pile_pos[pile]
            if fanned:  # buried tiles point down above the top: each shows all its values
                apex = y - side * ROW_HEIGHT / 2
                for below in range(height - 1, 0, -1):
                    tile = state.piles[pile][height - 1 - below]
                    centre = (x, apex - below * step + small * ROW_HEIGHT / 2)
                    self.tiles.add(TileSprite(art, tile, small, centre, False), layer=1)
            else:
                for below in range(min(2, height - 1), 0, -1):
                    centre = (x - below * depth, y - below * depth)
                    self.tiles.add(
                        TileSprite(art, 0, side, centre, True, 0, TileState.FACE_DOWN), layer=1
                    )
            top = state.top(pile)
            if top is not None:
                self.add_source((PILE, pile), TileSprite(art, top, side, (x, y)))

    def source_centre(self, key: SourceKey) -> tuple[float, float]:
        sprite = self.source_sprites.get(key)
        return sprite.centre if sprite is not None else self.pile_pos[key[1]]

    def source_home(self, key: SourceKey) -> tuple[float, float]:
        return self.pile_pos[key[1]]

    def unplaceable_words(self, key: SourceKey) -> str:
        return _("The top of pile {number} fits nowhere now.").format(number=key[1] + 1)

    def key_source(self, key: int) -> SourceKey | None:
        """Keys 1 to 7 pick the top of that pile."""
        pile = key - pygame.K_1
        return (PILE, pile) if 0 <= pile < PILE_COUNT else None

    # Drawing ---------------------------------------------------------------------------

    def draw_sources_under(self, surface: pygame.Surface) -> None:
        ui = self.services.ui
        area = self.sources_area
        y = area.top + ui.px(14)
        blit_text(
            surface,
            ui.text(_("Piles"), 19, PALETTE.text, "bold"),
            (area.x + ui.px(16), y),
            "topleft",
        )
        blit_paragraph(
            surface,
            ui,
            _(PILE_HELP),
            16,
            PALETTE.text_dim,
            (area.x + ui.px(16), y + ui.px(34)),
            area.width - ui.px(32),
            gap=3,
        )
        for pile, (x, y_top) in enumerate(self.pile_pos):
            if self.stacked_state.heights[pile] == 0:
                rect = pygame.Rect(0, 0, self.pile_side, round(self.pile_side * ROW_HEIGHT))
                rect.center = (round(x), round(y_top))
                pygame.draw.rect(
                    surface, PALETTE.panel_edge, rect, max(1, ui.px(2)), border_radius=ui.px(10)
                )

    def draw_sources_over(self, surface: pygame.Surface) -> None:
        """Each pile's number (its key) by its top, and how many tiles it holds."""
        ui = self.services.ui
        fanned = self.option("fanned_piles")
        for pile, (x, y) in enumerate(self.pile_pos):
            corner = (round(x - self.pile_side * 0.47), round(y + self.pile_side * 0.3))
            blit_text(
                surface, ui.text(str(pile + 1), 17, PALETTE.ivory, "bold"), corner, "midright"
            )
            height = self.stacked_state.heights[pile]
            if height and not fanned:
                draw_count(
                    surface,
                    self.services.ui,
                    (x + self.pile_side * 0.42, y + self.pile_side * 0.3),
                    str(height),
                )

    def status_text(self) -> str:
        words = placed_words(len(self.state.figure))
        if self.session.advice.no_winning_line and not self.finished:
            words += _(" · no winning line from here")
        return words
