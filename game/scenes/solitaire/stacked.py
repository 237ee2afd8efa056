"""Stacked solitaire, Solitaire No. 2 (RULES.md section 7).

Seven face-up piles lie in the side panel, one a row, their tops next to the figure.
The opening cut of the six pile slides to the centre; any top tile may then be dragged
or clicked onto a lit spot. With "fanned piles" every tile of every pile shows, in a
strip beside its top. The auto-player plays a winning line whenever the solver finds
one (worked out a few milliseconds a frame) and its best try otherwise.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Final

import pygame

from game.i18n import N_, _
from game.rules.lattice import ORIGIN
from game.rules.modes import Mode
from game.rules.record.document import GameRecord
from game.rules.solitaire import StackedSolitaireState
from game.scenes.solitaire.bars import option
from game.scenes.solitaire.base import SolitaireScene
from game.scenes.solitaire.sources import SevenPiles
from game.ui.painting import blit_text
from game.ui.text import Said, blit_paragraph
from game.ui.theme import PALETTE
from game.ui.words import placed_words

if TYPE_CHECKING:
    from game.scenes.base import Services

PILE_HELP: Final = N_(
    "Place the top tile of any pile: click or drag it, or press its "
    "number (1-7), then a lit spot (arrows and Enter work too)."
)


class StackedSolitaireScene(SolitaireScene):
    """Seven face-up piles; place their top tiles to build the figure."""

    title = N_("Stacked solitaire")
    mode = Mode.STACKED_SOLITAIRE
    panel_width = 250

    def __init__(
        self, services: Services, record: GameRecord | None = None, seed: int | None = None
    ) -> None:
        super().__init__(services, record, seed)
        self.opening_pending = not self.state.moves and not self.finished

    def add_options(self) -> None:
        self.fanned_toggle = self.bars.add_option(
            N_("Fanned piles"), "fanned_piles", lambda: self.resize(self.services.size)
        )

    @property
    def stacked_state(self) -> StackedSolitaireState:
        state = self.state
        assert state.mode is Mode.STACKED_SOLITAIRE
        return state

    # The opening cut ------------------------------------------------------------------

    def enter(self) -> None:
        super().enter()
        if self.opening_pending:
            self.on_new_game()

    def on_new_game(self) -> None:
        """Slide the cut tile from the six pile to the centre of the table."""
        self.opening_pending = False
        sprite = self.board.sprites.get(ORIGIN)
        if sprite is None:
            return
        target = sprite.centre
        sprite.jump_to(self.piles.cut_pile_pos)
        self.tiles.change_layer(sprite, 2)
        self.tweens.move(sprite, target, 0.6, delay=0.15, on_done=lambda: self.stage.landed(sprite))
        self.animator.show_label(
            _("The cut"),
            (target[0], target[1] - self.board.view.side * 0.5),
            22,
            PALETTE.gold,
            delay=0.6,
            rise=self.services.ui.px(30),
        )

    def make_sources(self) -> SevenPiles:
        fanned = partial(option, self.services, "fanned_piles")
        self.piles = SevenPiles(self.context, self.tiles, fanned)
        return self.piles

    # Drawing ---------------------------------------------------------------------------

    def draw_panel(self, surface: pygame.Surface) -> None:
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

    def status_text(self) -> Said:
        words = placed_words(len(self.state.figure))
        if self.session.advice.no_winning_line and not self.finished:
            return words + _(" · no winning line from here"), words
        return (words,)
