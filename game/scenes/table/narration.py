"""The table's spoken board: each move with its points, how a hand ends, whose turn it is
with their tiles, the tile taken in hand with its lit spots and the spot pointed at; and
the keys that ask: L what is near the last tile, M my tiles, P the scores. The
narrator's words (game.ui.narrator), said by the app's voice (silence while it is off)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

import pygame

from game.play.events import MovePlayed
from game.rules.tiles import TileId
from game.ui.narrator import (
    held_said,
    move_said,
    near_last_said,
    scores_said,
    spot_said,
    tiles_said,
    turn_said,
)

if TYPE_CHECKING:
    from game.play.table_flow import TableFlow
    from game.scenes.session_screen import SessionContext
    from game.scenes.table.controls import TableControls
    from game.ui.speech import Voice

NEAR_LAST_KEY: Final = pygame.K_l
MY_TILES_KEY: Final = pygame.K_m
SCORES_KEY: Final = pygame.K_p


class TableNarration:
    """Tells the voice what the table does, and answers the asking keys.
    `tray_seat()` is the person whose tiles lie in the tray."""

    def __init__(
        self,
        context: SessionContext[TableFlow],
        controls: TableControls,
        tray_seat: Callable[[], int | None],
    ) -> None:
        self.match = context.session
        self.services = context.services
        self.controls = controls
        self.tray_seat = tray_seat
        self.turn_due = True
        """Whether the turn is still to be told (once per turn, when the person may play)."""
        self.held: tuple[TileId | None, int] = (None, -1)
        """The tile held and the number of the spot pointed at (-1: none), as last told."""

    def voice(self) -> Voice:
        """The app's voice as it is now (the setting may change while the table is open)."""
        return self.services.speech

    def moved(self, event: MovePlayed) -> None:
        self.turn_due = True
        self.voice().tell(move_said(self.match.names[event.seat], event.result))

    def turn_changed(self) -> None:
        """An undo or redo, or a new hand: the turn is told again."""
        self.turn_due = True

    def say(self, words: str) -> None:
        """Words the table says anyway (how a hand ended, an undo)."""
        self.voice().tell(words)

    def follow(self, can_act: bool) -> None:
        """Once a frame: a person's turn, once they may play, with their tiles; a tile
        they take in hand with its spots; each spot they point at with the arrows."""
        seat = self.match.state.current_player
        if can_act and self.turn_due:
            self.turn_due = False
            self.voice().tell(turn_said(self.match.names[seat]))
            self.voice().tell(self._tiles(seat))
        self._follow_hand()

    def _follow_hand(self) -> None:
        controls = self.controls
        held = (controls.selected, controls.key_spot)
        if held == self.held:
            return
        tile, pointed = self.held = held
        if tile is None:
            return
        cells = controls.spot_cells()
        if not 0 <= pointed < len(cells):
            self.voice().answer(held_said(tile, cells))
            return
        move = controls.spots()[cells[pointed]]
        self.voice().answer(spot_said(self.match.state.figure, move, pointed + 1, len(cells)))

    def _tiles(self, seat: int) -> str:
        state = self.match.state
        moves = self.match.legal_moves() if seat == state.current_player else None
        return tiles_said(state.hand_tiles(seat), moves)

    def handle_key(self, event: pygame.Event) -> bool:
        """L, M and P ask; other keys are not the narration's."""
        state = self.match.state
        if event.key == NEAR_LAST_KEY:
            words = near_last_said(state.figure)
        elif event.key == MY_TILES_KEY:
            seat = self.tray_seat()
            words = tiles_said([], None) if seat is None else self._tiles(seat)
        elif event.key == SCORES_KEY:
            words = scores_said(self.match.names, state.standings())
        else:
            return False
        self.voice().answer(words)
        return True
