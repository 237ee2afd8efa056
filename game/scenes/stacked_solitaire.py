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

from game.rules.lattice import ORIGIN
from game.rules.moves import PILE
from game.rules.record import STACKED_SOLITAIRE
from game.rules.solitaire import CUT_PILE, PILE_COUNT, StackedSolitaireState
from game.scenes.solitaire_base import SolitaireScene
from game.scenes.solitaire_controls import SourceKey
from game.ui.sprites import TileSprite
from game.ui.theme import PALETTE
from game.ui.tiles import TileState
from game.ui.widgets import blit_text

if TYPE_CHECKING:
    from game.scenes.base import Services

FAN_SCALE: Final = 0.72
"""Size of the fanned (covered) tiles against a pile's top tile."""


class StackedSolitaireScene(SolitaireScene):
    """Seven face-up piles; place their top tiles to build the figure."""

    title = "Stacked solitaire"
    mode = STACKED_SOLITAIRE
    panel_width = 400

    def __init__(self, services: Services, record: dict[str, Any] | None = None,
                 seed: int | None = None) -> None:
        self.pile_pos: list[tuple[float, float]] = [(0.0, 0.0)] * PILE_COUNT
        self.pile_side = 80
        super().__init__(services, record, seed)
        self.opening_pending = not self.state.moves and not self.finished

    def add_options(self) -> None:
        self.fanned_toggle = self.bars.add_option("Fanned piles", "fanned_piles", self.sync)

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
        self.animator.show_label("The cut", (target[0], target[1] - self.view.side * 0.5), 22,
                                 PALETTE.gold, delay=0.6, rise=self.services.ui.px(30))

    # Layout and sprites ---------------------------------------------------------------

    def layout_sources(self) -> None:
        ui, area = self.services.ui, self.sources_area
        row_h = (area.height - ui.px(20)) / PILE_COUNT
        self.pile_side = max(ui.px(40), min(ui.px(84), round(row_h / 0.87 * 0.86)))
        x = area.right - ui.px(20) - self.pile_side / 2
        for pile in range(PILE_COUNT):
            self.pile_pos[pile] = (x, area.top + ui.px(12) + row_h * (pile + 0.5))

    def build_sources(self) -> None:
        state, art = self.stacked_state, self.services.art
        side, depth = self.pile_side, self.services.ui.px(3)
        fanned = self.option("fanned_piles")
        small = round(side * FAN_SCALE)
        for pile in range(PILE_COUNT):
            height = state.heights[pile]
            x, y = self.pile_pos[pile]
            if fanned:
                left = x - side / 2 - self.services.ui.px(10)
                for below in range(1, height):
                    tile = state.piles[pile][height - 1 - below]
                    up = below % 2 == 1
                    centre = (left - small / 2 * below, y + (side - small) * 0.2)
                    self.tiles.add(TileSprite(art, tile, small, centre, up), layer=1)
            else:
                for below in range(min(2, height - 1), 0, -1):
                    centre = (x - below * depth, y + below * depth)
                    self.tiles.add(TileSprite(art, 0, side, centre, True, 0,
                                              TileState.FACE_DOWN), layer=1)
            top = state.top(pile)
            if top is not None:
                self.add_source((PILE, pile), TileSprite(art, top, side, (x, y)))

    def source_centre(self, key: SourceKey) -> tuple[float, float]:
        sprite = self.source_sprites.get(key)
        return sprite.centre if sprite is not None else self.pile_pos[key[1]]

    def source_home(self, key: SourceKey) -> tuple[float, float]:
        return self.pile_pos[key[1]]

    def unplaceable_words(self, key: SourceKey) -> str:
        return f"The top of pile {key[1] + 1} fits nowhere now."

    def thinking(self) -> bool:
        return self.session.thinking

    def key_source(self, key: int) -> SourceKey | None:
        """Keys 1 to 7 pick the top of that pile."""
        pile = key - pygame.K_1
        return (PILE, pile) if 0 <= pile < PILE_COUNT else None

    # Drawing ---------------------------------------------------------------------------

    def draw_sources_under(self, surface: pygame.Surface) -> None:
        ui = self.services.ui
        blit_text(surface, ui.text("Piles", 19, PALETTE.text, "bold"),
                  (self.sources_area.x + ui.px(18), self.sources_area.top + ui.px(14)),
                  "topleft")
        for pile, (x, y) in enumerate(self.pile_pos):
            if self.stacked_state.heights[pile] == 0:
                rect = pygame.Rect(0, 0, self.pile_side, round(self.pile_side * 0.8))
                rect.center = (round(x), round(y))
                pygame.draw.rect(surface, PALETTE.panel_edge, rect, max(1, ui.px(2)),
                                 border_radius=ui.px(10))

    def draw_sources_over(self, surface: pygame.Surface) -> None:
        if self.option("fanned_piles"):
            return
        ui = self.services.ui
        for pile, (x, y) in enumerate(self.pile_pos):
            height = self.stacked_state.heights[pile]
            if height:
                badge_x = x - self.pile_side / 2 - ui.px(26)
                self.draw_count(surface, (badge_x, y + self.pile_side * 0.15), str(height))

    def status_text(self) -> str:
        words = f"Placed {len(self.state.figure)} of 36"
        if self.session.no_winning_line and not self.finished:
            words += " · no winning line from here"
        return words
